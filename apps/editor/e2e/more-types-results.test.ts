import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * What a builder reads about answers of the newer types (issue 25), against the real server: a
 * questionnaire with a grid, a ranking, an NPS, a date-time, a time and a choice with Other,
 * answered over the public API with known answers; then the Summary's numbers, the responses table
 * and one response's page; axe-core in the light and the dark scheme.
 * `E2E_SCREENSHOTS=/tmp/x` keeps a picture of each screen for a person to look at.
 */

const run = withServerAndBrowser();
let context: BrowserContext;
let page: Page;
let api: Api;

const definition = {
  schemaVersion: 1,
  steps: [],
  tabs: [],
  questions: [
    {
      id: 'q1',
      code: 'service',
      type: 'MATRIX',
      prompt: 'How is our service?',
      typeConfig: {
        rows: [
          { value: 'speed', label: 'Speed' },
          { value: 'price', label: 'Price' },
        ],
        columns: [
          { value: 'good', label: 'Good' },
          { value: 'fair', label: 'Fair' },
          { value: 'bad', label: 'Bad' },
        ],
      },
    },
    {
      id: 'q2',
      code: 'features',
      type: 'RANKING',
      prompt: 'Rank these features',
      typeConfig: {
        choices: [
          { value: 'a', label: 'Alerts' },
          { value: 'b', label: 'Backups' },
          { value: 'c', label: 'Charts' },
          { value: 'd', label: 'Dashboards' },
        ],
        rankCount: 3,
      },
    },
    { id: 'q3', code: 'recommend', type: 'NPS', prompt: 'Would you recommend us?' },
    { id: 'q4', code: 'visit', type: 'DATE_TIME', prompt: 'When can we visit?' },
    { id: 'q5', code: 'call', type: 'TIME', prompt: 'What time suits a call?' },
    {
      id: 'q6',
      code: 'contact',
      type: 'SINGLE_CHOICE',
      prompt: 'How should we reach you?',
      typeConfig: {
        choices: [
          { value: 'email', label: 'Email' },
          { value: 'phone', label: 'Phone' },
        ],
        allowOther: true,
        otherLabel: 'Somewhere else',
      },
    },
  ],
};

/**
 * Five responses, in the order they are sent. The date-times are in several zones: the earliest
 * moment (05:00 UTC, answered as 10:00 at +05:00) is not the earliest wall clock.
 */
const ANSWERS: [string, Record<string, unknown>][] = [
  [
    'resp-1',
    {
      service: { speed: 'good', price: 'bad' },
      features: ['a', 'b', 'c'],
      recommend: 10,
      visit: '2026-12-01T09:30+01:00',
      call: '14:05',
      contact: 'email',
    },
  ],
  [
    'resp-2',
    {
      service: { speed: 'good', price: 'fair' },
      features: ['b', 'a', 'c'],
      recommend: 9,
      visit: '2026-12-01T07:00-05:00',
      call: '08:15',
      contact: { other: 'Fax' },
    },
  ],
  [
    'resp-3',
    {
      service: { speed: 'fair' },
      features: ['a', 'c', 'b'],
      recommend: 7,
      visit: '2027-01-15T18:00+00:00',
      call: '17:45',
      contact: { other: 'Carrier pigeon' },
    },
  ],
  [
    'resp-4',
    {
      service: { speed: 'good', price: 'bad' },
      features: ['a', 'b', 'c'],
      recommend: 3,
      visit: '2026-12-01T10:00+05:00',
      call: '12:00',
      contact: 'phone',
    },
  ],
  ['resp-5', { recommend: 10, contact: 'email' }],
];

beforeAll(async () => {
  context = await run.browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'en-GB' });
  page = await context.newPage();
  api = apiOf(run.server.url);
});
afterAll(() => context?.close());

/** The rows of a table (header row included) as the text of their cells. */
const rowsOf = (table: Locator) =>
  table
    .locator('tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)));

/** A question's term/definition pairs ("Earliest: …"). */
const statsOf = (region: Locator) =>
  region
    .locator('dl.stats dt')
    .evaluateAll((terms) => terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`));

async function expectNoViolations(screen: string) {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

async function keepPicture(name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

describe('the results of the newer question types', () => {
  let questionnaireId: string;

  it('publishes one question of each type and takes five completed responses over the public API', async () => {
    const q = await api.questionnaire('More ways to ask', definition);
    questionnaireId = q.id;
    for (const [ref, answers] of ANSWERS) await api.respond(q.publicId, 1, answers, ref);
  });

  it('reads the summary: the grid’s cells, the average ranks, the NPS, the moments and Other’s texts', async () => {
    await page.goto(`${run.server.url}/questionnaires/${questionnaireId}/summary`);
    const grid = page.getByRole('table', { name: 'How is our service?' });
    await expect.poll(() => grid.count(), { timeout: 15_000 }).toBe(1);
    expect(await rowsOf(grid)).toEqual([
      ['Row', 'Good', 'Fair', 'Bad', 'Answered'],
      ['Speed', '3 (75%)', '1 (25%)', '0 (0%)', '4'],
      ['Price', '0 (0%)', '1 (33%)', '2 (67%)', '3'],
    ]);

    // Alerts: ranks 1, 2, 1, 1; Backups: 2, 1, 3, 2; Charts: 3, 3, 2, 3; Dashboards never.
    const ranking = page.getByRole('list', { name: 'Rank these features' });
    expect(await ranking.getByRole('listitem').allTextContents()).toEqual([
      'Alertsaverage rank 1.3 · ranked by 4 · first 3 times',
      'Backupsaverage rank 2 · ranked by 4 · first once',
      'Chartsaverage rank 2.8 · ranked by 4 · never first',
      'Dashboardsnot ranked yet',
    ]);

    // 10, 9, 7, 3, 10: three promoters (60%), one passive, one detractor (20%): +40.
    const nps = page.getByRole('region', { name: 'Would you recommend us?' });
    expect(await nps.locator('.nps-score dd').textContent()).toBe('+40');
    expect(await rowsOf(page.getByRole('table', { name: 'Would you recommend us? Groups' }))).toEqual([
      ['Group', 'Responses', 'Share'],
      ['Promoters (9–10)', '3', '60%'],
      ['Passives (7–8)', '1', '20%'],
      ['Detractors (0–6)', '1', '20%'],
    ]);
    const scores = await rowsOf(page.getByRole('table', { name: 'Would you recommend us? Every score' }));
    expect(scores.slice(1).map((row) => `${row[0]}: ${row[1]}`)).toEqual([
      '0: 0',
      '1: 0',
      '2: 0',
      '3: 1',
      '4: 0',
      '5: 0',
      '6: 0',
      '7: 1',
      '8: 0',
      '9: 1',
      '10: 2',
    ]);

    expect(await statsOf(page.getByRole('region', { name: 'When can we visit?' }))).toEqual([
      'Earliest: 1 Dec 2026, 10:00 (UTC+05:00)',
      'Latest: 15 Jan 2027, 18:00 (UTC+00:00)',
    ]);
    expect(await statsOf(page.getByRole('region', { name: 'What time suits a call?' }))).toEqual([
      'Earliest: 08:15',
      'Latest: 17:45',
    ]);

    const contact = page.getByRole('region', { name: 'How should we reach you?' });
    expect(await rowsOf(page.getByRole('table', { name: 'How should we reach you?' }))).toEqual([
      ['Answer', 'Responses', 'Share'],
      ['Email', '2', '40%'],
      ['Phone', '1', '20%'],
      ['Somewhere else', '2', '40%'],
    ]);
    expect(await contact.locator('.samples li').allTextContents()).toEqual(['Carrier pigeon', 'Fax']);
    await keepPicture('more-types-summary');
  });

  it('has no accessibility violations on the summary in the light and the dark colour scheme', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await expectNoViolations('summary, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoViolations('summary, dark');
    await keepPicture('more-types-summary-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('fits a 375 px phone: nothing on the summary scrolls sideways', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await keepPicture('more-types-summary-phone');
    await page.setViewportSize({ width: 1400, height: 1000 });
  });

  it('writes the answers in words in the responses table and on a response’s page', async () => {
    await page.getByRole('link', { name: 'Responses', exact: true }).click();
    const table = page.getByRole('table', { name: 'Responses' });
    await expect.poll(() => table.getByRole('columnheader', { name: 'Would you recommend us?' }).count()).toBe(1);
    const second = table.getByRole('row').filter({ hasText: 'resp-2' });
    await expect.poll(() => second.count()).toBe(1);
    expect(await second.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Speed: Good; Price: Fair', '1. Backups, 2. Alerts, 3. Charts', '9']),
    );
    await keepPicture('more-types-responses');

    await second.getByRole('link', { name: /^Response / }).click();
    await page.waitForURL(/\/responses\/[0-9a-f-]+$/);
    const pairs = () =>
      page
        .locator('dl.answers dt')
        .evaluateAll((terms) => terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`));
    await expect
      .poll(pairs)
      .toEqual(
        expect.arrayContaining([
          'How is our service?: Speed: Good; Price: Fair',
          'Rank these features: 1. Backups, 2. Alerts, 3. Charts',
          'Would you recommend us?: 9',
          'When can we visit?: 1 Dec 2026, 07:00 (UTC-05:00)',
          'What time suits a call?: 08:15',
          'How should we reach you?: Somewhere else: Fax',
        ]),
      );
    await keepPicture('more-types-response');
    await expectNoViolations('a response with answers of the newer types');
  });
});
