import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { expectSaved } from './support/editor-page.ts';
import { focusedName } from './support/keyboard.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * Issue 24 in the editor, against the real server (it needs the server's schedule, limit and
 * quotas: `opensAt`, `closesAt`, `closeGraceMinutes`, `maxCompletedResponses`, `quotas` on PATCH and
 * `availability` on the detail and the list, as the contract says). The editor's status
 * line follows settings made through the REST API; a builder sets the schedule, the limit and a
 * quota in Settings (a quota by keyboard) and the summary draws their bars. The browser runs in
 * Berlin, so the time zone it names and the times it shows are known. axe-core in both schemes.
 */

const run = withServerAndBrowser();
let context: BrowserContext;
let page: Page;
let api: Api;

const ZONE = 'Europe/Berlin';
const definition = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        {
          id: 'a',
          code: 'q_country',
          type: 'SINGLE_CHOICE',
          prompt: 'Where do you live?',
          typeConfig: {
            choices: [
              { value: 'DE', label: 'Germany' },
              { value: 'FR', label: 'France' },
            ],
          },
        },
      ],
    },
  ],
  endings: [{ id: 'e_full', title: 'We have enough people from your country', body: '' }],
};

beforeAll(async () => {
  context = await run.browser.newContext({
    viewport: { width: 1400, height: 1000 },
    timezoneId: ZONE,
    locale: 'en-GB',
  });
  page = await context.newPage();
  api = apiOf(run.server.url);
});
afterAll(() => context?.close());

async function expectNoViolations(screen: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const name = `${screen}, ${scheme}`;
    expect({ name, violations: await accessibilityViolations(page) }).toEqual({ name, violations: [] });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** An instant as the status line says it in Berlin within a week: "Thu 08:00". */
const briefInBerlin = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ZONE,
  }).format(Date.parse(iso));

/** Tomorrow at `hour`:00 in Berlin, as the API writes instants (UTC, no milliseconds). */
function tomorrowInBerlin(hour: number): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(tomorrow); // 2026-11-28
  // Berlin is UTC+1 in winter and UTC+2 in summer: the offset that gives `hour` there is the one.
  for (const offset of [1, 2]) {
    const iso = new Date(`${day}T${String(hour - offset).padStart(2, '0')}:00:00Z`).toISOString();
    const shown = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: ZONE }).format(
      Date.parse(iso),
    );
    if (Number(shown) === hour) return iso.replace('.000Z', 'Z');
  }
  throw new Error('Berlin is neither UTC+1 nor UTC+2');
}

const statusLine = () => page.locator('.availability-line');
const listRow = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name }) });

describe("the editor's status line", () => {
  it('follows the settings: Full · 0 of 0 at a limit of 0, Scheduled · opens … before the opening, Open without either; in the header and the list alike', async () => {
    const q = await api.questionnaire('Seats', definition);
    await api.ok('PATCH', `/api/v1/questionnaires/${q.id}`, { maxCompletedResponses: 0 });
    await page.goto(`${run.server.url}/questionnaires/${q.id}`);
    await expect.poll(() => statusLine().textContent()).toBe('Full · 0 of 0');
    await page.goto(`${run.server.url}/`);
    await expect.poll(() => listRow('Seats').locator('td').nth(2).textContent()).toBe('Full · 0 of 0');
    await expectNoViolations('the list with a full questionnaire');

    const opensAt = tomorrowInBerlin(8);
    await api.ok('PATCH', `/api/v1/questionnaires/${q.id}`, { maxCompletedResponses: null, opensAt });
    await page.goto(`${run.server.url}/questionnaires/${q.id}`);
    await expect.poll(() => statusLine().textContent()).toBe(`Scheduled · opens ${briefInBerlin(opensAt)}`);
    expect(briefInBerlin(opensAt)).toMatch(/^[A-Z][a-z]{2} 08:00$/);
    await expectNoViolations('the draft of a scheduled questionnaire');
    await page.goto(`${run.server.url}/`);
    await expect
      .poll(() => listRow('Seats').locator('td').nth(2).textContent())
      .toBe(`Scheduled · opens ${briefInBerlin(opensAt)}`);

    await api.ok('PATCH', `/api/v1/questionnaires/${q.id}`, { opensAt: null });
    await page.goto(`${run.server.url}/questionnaires/${q.id}/versions`);
    await expect.poll(() => statusLine().textContent()).toBe('Open');
  });
});

describe('schedule, limit and quotas in Settings', () => {
  it('sets them saved as you go (the quota by keyboard), names the time zone, and the summary draws the bars', async () => {
    const q = await api.questionnaire('Panel study', definition);
    const detail = () =>
      api.ok<{
        opensAt: string | null;
        closesAt: string | null;
        maxCompletedResponses: number | null;
        quotas: unknown[];
      }>('GET', `/api/v1/questionnaires/${q.id}`);
    await page.goto(`${run.server.url}/questionnaires/${q.id}/settings`);
    const opens = page.getByLabel('Opens (optional)');
    await opens.waitFor();
    // The zone by name beside the box, with its offset today.
    const offset = new Intl.DateTimeFormat('en', { timeZone: ZONE, timeZoneName: 'longOffset' })
      .formatToParts(Date.now())
      .find((part) => part.type === 'timeZoneName')
      ?.value.replace('GMT', 'UTC');
    expect(await page.locator('#settings-opens-zone').textContent()).toBe(`${ZONE} (${offset})`);

    // Closing tomorrow at 18:00 in Berlin, typed as the builder reads it.
    const closesAt = tomorrowInBerlin(18);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(Date.parse(closesAt))
      .replace(' ', 'T');
    await page.getByLabel('Closes (optional)').fill(local);
    await page.getByLabel('Most completed responses (optional)').fill('200');
    await expectSaved(page);
    await expect.poll(async () => (await detail()).closesAt).toBe(closesAt);
    expect((await detail()).maxCompletedResponses).toBe(200);
    expect(await page.getByText('0 of 200 completed so far').count()).toBe(1);

    // A quota, by keyboard: Add quota moves the focus to its name.
    await page.getByRole('button', { name: 'Add quota' }).focus();
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('Quota 1 name');
    await page.keyboard.type('Germany');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Quota 1 limit (completed responses)');
    await page.keyboard.type('50');
    await page.getByLabel('Operator').selectOption({ label: 'is' });
    await page.getByLabel('Value').selectOption({ label: 'Germany' });
    await page
      .getByLabel('Quota 1: shown to someone it turns away')
      .selectOption({ label: 'The ending “We have enough people from your country”' });
    await page
      .getByText(
        'In words: counts the completed responses where “Where do you live?” is “Germany”, up to 50; once full, someone else it matches is shown the ending “We have enough people from your country”.',
      )
      .waitFor();
    await expectSaved(page);
    await expect
      .poll(async () => (await detail()).quotas)
      .toEqual([
        {
          id: expect.any(String),
          name: 'Germany',
          limit: 50,
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'ANSWER', questionCode: 'q_country', operator: 'EQUALS', value: 'DE' }],
          },
          endingId: 'e_full',
        },
      ]);
    await expectNoViolations('settings with a schedule, a limit and a quota');

    // Closing before it opens is said beside the field, in words, and not sent.
    await page.getByLabel('Opens (optional)').fill(local.replace(/T\d\d:\d\d$/, 'T20:00'));
    await page.getByText('It closes before it opens: choose a closing time after the opening time.').waitFor();
    expect(await page.getByText(/closesAt|VALIDATION_FAILED/).count()).toBe(0);
    await page.getByLabel('Opens (optional)').fill('');
    await expectSaved(page);
    expect((await detail()).opensAt).toBeNull();

    await page.goto(`${run.server.url}/questionnaires/${q.id}/summary`);
    const bars = page.getByRole('region', { name: 'Limit and quotas' }).getByRole('progressbar');
    await bars.first().waitFor();
    expect(await bars.count()).toBe(2);
    expect(await page.getByRole('progressbar', { name: 'Quota “Germany”' }).getAttribute('max')).toBe('50');
    expect(await page.getByText('0 of 200', { exact: true }).count()).toBe(1);
    expect(await page.getByText('0 of 50', { exact: true }).count()).toBe(1);
    expect(await statusLine().textContent()).toBe(`Open · closes ${briefInBerlin(closesAt)}`);
    await expectNoViolations('the summary with a limit and a quota');
  });
});
