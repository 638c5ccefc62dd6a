import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { startHostSite } from './support/host-page.ts';
import { chooseWithArrows, tabTo } from './support/keyboard.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * The Summary screen against the real server: publish, answer through the embed on another site
 * (and a few more through the public API), then read the counts, the funnel and the charts with
 * their numbers; the filters with the keyboard alone; axe-core in the light and the dark scheme.
 */

const run = withServerAndBrowser();
let context: BrowserContext;
let page: Page;
let api: Api;

const definition = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        {
          id: 'a',
          code: 'plan',
          type: 'SINGLE_CHOICE',
          prompt: 'Which **plan** do you use?',
          typeConfig: {
            choices: [
              { value: 'pro', label: 'Pro' },
              { value: 'free', label: 'Free' },
            ],
          },
        },
        { id: 'b', code: 'score', type: 'RATING', prompt: 'How happy are you?' },
      ],
    },
    {
      id: 's2',
      title: 'Your thoughts',
      questions: [{ id: 'c', code: 'why', type: 'LONG_TEXT', prompt: 'Why did you choose it?' }],
    },
  ],
};

beforeAll(async () => {
  // A fixed locale, so the date fields take their digits in a known order (month, day, year).
  context = await run.browser.newContext({
    viewport: { width: 1400, height: 1000 },
    locale: 'en-US',
    acceptDownloads: true,
  });
  page = await context.newPage();
  api = apiOf(run.server.url);
});
afterAll(() => context?.close());

/** The rows of a table as the text of their cells. */
const rowsOf = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)));

const figure = (name: string) =>
  page
    .getByLabel('Headline figures')
    .locator('.figure', { has: page.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) }) })
    .getByRole('definition')
    .textContent();

async function expectNoViolations(screen: string) {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

/** A date as the en-US date field takes it from the keyboard: month, day, year. */
const typedDate = (date: Date) =>
  `${String(date.getMonth() + 1).padStart(2, '0')}${String(date.getDate()).padStart(2, '0')}${date.getFullYear()}`;
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('the Summary screen', () => {
  let summaryUrl: string;

  it('publishes, takes a response through the embed on another site and more through the API', async () => {
    const q = await api.questionnaire('Plans survey', definition, { publish: false });
    summaryUrl = `${run.server.url}/questionnaires/${q.id}/summary`;
    await page.goto(`${run.server.url}/questionnaires/${q.id}/settings`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText('Version 1 is published (just now).').count()).toBeGreaterThan(0);

    const host = await startHostSite(run.server.url, q.publicId);
    try {
      const respondent = await context.newPage();
      await respondent.goto(host.origin);
      await expect.poll(() => respondent.getByRole('radio', { name: 'Pro' }).count(), { timeout: 15_000 }).toBe(1);
      await respondent.getByRole('radio', { name: 'Pro' }).check();
      await respondent.getByRole('button', { name: 'Next' }).click();
      await respondent.getByLabel('Why did you choose it?').fill('Fast setup');
      await respondent.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => respondent.getByRole('heading', { name: 'Thank you' }).count()).toBe(1);
      await respondent.close();
    } finally {
      await host.close();
    }
    await api.respond(q.publicId, 1, { plan: 'pro', score: 4, why: 'Good price' });
    await api.respond(q.publicId, 1, { plan: 'free', score: 2 });
    // One that has started and stopped: in progress, on the first step.
    await api.ok('POST', `/public/v1/questionnaires/${q.publicId}/responses`, { versionNumber: 1 });
  });

  it('opens from the questionnaire tabs and shows the counts, the funnel and the charts with their numbers', async () => {
    await page.getByRole('link', { name: 'Summary' }).click();
    await page.waitForURL(summaryUrl);
    await expect.poll(() => figure('Responses')).toBe('4');
    expect(await figure('In progress')).toBe('1');
    expect(await figure('Completed')).toBe('3');
    expect(await figure('Completion rate')).toBe('75%');
    expect(await figure('Median time to complete')).toMatch(/^(less than 1 s|\d+ s|\d+ min( \d+ s)?)$/);

    expect(await rowsOf(page.getByRole('table', { name: 'Steps: reached and dropped' }))).toEqual([
      ['About you', '4 (100%)', '1 (25% of those who reached it)'],
      ['Your thoughts', '3 (75%)', '0 (0% of those who reached it)'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'Which plan do you use?' }))).toEqual([
      ['Pro', '2', '67%'],
      ['Free', '1', '33%'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'How happy are you?' }))).toEqual([
      ['1', '0', '0%'],
      ['2', '1', '50%'],
      ['3', '0', '0%'],
      ['4', '1', '50%'],
      ['5', '0', '0%'],
    ]);
    const why = page.getByRole('region', { name: 'Why did you choose it?' });
    expect(await why.getByRole('listitem').allTextContents()).toEqual(['Good price', 'Fast setup']);
    expect(await why.getByRole('link', { name: 'All answers in Responses' }).getAttribute('href')).toMatch(
      /\/questionnaires\/[0-9a-f-]+\/responses$/,
    );
  });

  it('has no accessibility violations in the light and the dark colour scheme', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await expectNoViolations('summary, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoViolations('summary, dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('filters with the keyboard alone, the filters kept in the URL', async () => {
    await page.goto(summaryUrl);
    await expect.poll(() => figure('Responses')).toBe('4');
    await page.locator('body').focus();

    await tabTo(page, 'Status');
    await chooseWithArrows(page, 'Completed');
    await expect.poll(() => new URL(page.url()).search).toBe('?status=COMPLETED');
    await expect.poll(() => figure('Responses')).toBe('3');
    expect(await figure('In progress')).toBe('0');

    await tabTo(page, 'Version');
    await chooseWithArrows(page, 'Version 1');
    await expect.poll(() => new URL(page.url()).search).toBe('?status=COMPLETED&version=1');

    // Started between yesterday and tomorrow (the builder's days): every response.
    const day = 24 * 3600 * 1000;
    const yesterday = new Date(Date.now() - day);
    const tomorrow = new Date(Date.now() + day);
    await tabTo(page, 'Started from');
    await page.keyboard.type(typedDate(yesterday));
    await tabTo(page, 'Started until');
    await page.keyboard.type(typedDate(tomorrow));
    await tabTo(page, 'Apply filters');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe(`?status=COMPLETED&version=1&from=${isoDay(yesterday)}&to=${isoDay(tomorrow)}`);
    await expect.poll(() => figure('Responses')).toBe('3');
    await expectNoViolations('summary, filtered');

    // A shared link opens the same summary.
    const shared = page.url();
    const other = await context.newPage();
    await other.goto(shared);
    await expect.poll(() => other.getByLabel('Status').inputValue()).toBe('COMPLETED');
    expect(await other.getByLabel('Started from').inputValue()).toBe(isoDay(yesterday));
    await other.close();

    await tabTo(page, 'Clear filters');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => figure('Responses')).toBe('4');
  });

  it('the responses table shows the first answers under their prompts, and the CSV can be headed by them', async () => {
    await page.getByRole('link', { name: 'Responses', exact: true }).click();
    const table = page.getByRole('table', { name: 'Responses' });
    await expect.poll(() => table.getByRole('columnheader', { name: 'Which plan do you use?' }).count()).toBe(1);
    await expect.poll(() => table.getByRole('cell', { name: 'Free', exact: true }).count()).toBe(1);
    expect(await table.getByRole('cell', { name: 'Pro', exact: true }).count()).toBe(2);
    await expectNoViolations('responses with answers');

    // The CSV headed by the prompts a builder reads, on request.
    await page.getByLabel('Head the answer columns by question prompt (not code)').check();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    let text = '';
    for await (const chunk of await (await download).createReadStream()) text += chunk;
    expect(text.split('\r\n')[0]).toMatch(/,Which plan do you use\?,How happy are you\?,Why did you choose it\?$/);
  });
});
