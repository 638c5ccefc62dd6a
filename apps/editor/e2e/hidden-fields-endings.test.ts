import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { expectSaved } from './support/editor-page.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * Issue 23 in the editor, against the real server: a builder declares the hidden field
 * `utm_source`, adds a qualified ending whose rule reads an answer, recalls the name in it and
 * publishes; responses seeded through the public API (hidden on create, the ending on complete)
 * show their source and ending in the responses table and the summary. axe-core on the new
 * panels in the light and the dark scheme.
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
        { id: 'a', code: 'q_name', type: 'SHORT_TEXT', prompt: 'Your name?' },
        { id: 'b', code: 'q_size', type: 'NUMBER', prompt: 'How many people work with you?' },
      ],
    },
  ],
};

beforeAll(async () => {
  context = await run.browser.newContext({ viewport: { width: 1400, height: 1000 } });
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

const rowsOf = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)));

const outline = () => page.getByRole('navigation', { name: 'Outline' });

describe('hidden fields, endings and recall in the editor', () => {
  let id: string;
  let publicId: string;

  it('declares a hidden field, adds a qualified ending with a rule and a recalled name, and publishes', async () => {
    const q = await api.questionnaire('Screening', definition, { publish: false });
    id = q.id;
    publicId = q.publicId;
    await page.goto(`${run.server.url}/questionnaires/${id}`);

    await outline().getByRole('button', { name: 'Hidden fields: none yet' }).click();
    await page.getByRole('button', { name: 'Add hidden field' }).click();
    await page.getByLabel('Key').fill('utm_source');
    await page.getByLabel('Label (optional)').fill('Source');
    await expectNoViolations('hidden fields panel');

    await page.getByRole('button', { name: 'Add ending' }).click();
    await page.getByLabel('Ending title').fill('You qualify, ');
    // The first "Insert answer" list of an ending is its title's (described by the title's label).
    const insert = page.getByRole('combobox', { name: 'Insert answer' }).first();
    expect(await insert.getAttribute('aria-describedby')).toBe('ending-title-label');
    await insert.selectOption({ label: 'Answer to “Your name?”' });
    await expect.poll(() => page.getByLabel('Ending title').inputValue()).toBe('You qualify, {{q_name}}');
    expect(await page.getByText('Recalls: “Your name?” (q_name)').count()).toBe(1);
    await page.getByLabel('Redirect address (optional)').fill('https://example.org/book?source={{hidden.utm_source}}');
    await page.getByLabel('Visibility mode').selectOption('CONDITIONAL');
    await page.getByLabel('Reads').selectOption({ label: 'Answer to “How many people work with you?”' });
    await page.getByLabel('Operator').selectOption({ label: 'is more than' });
    await page.getByLabel('Value').fill('10');
    expect(await page.getByText('In words: Shown when “How many people work with you?” is more than 10.').count()).toBe(
      1,
    );
    await page.getByRole('button', { name: 'Add ending' }).click();
    await page.getByLabel('Ending title').fill('Thank you');
    await expectSaved(page);
    await expectNoViolations('ending properties');

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText(/Version 1 is published/).count()).toBeGreaterThan(0);
    const version = await api.ok<{ definition: { hiddenFields: unknown; endings: { id: string; title: string }[] } }>(
      'GET',
      `/api/v1/questionnaires/${id}/versions/1`,
    );
    expect(version.definition.hiddenFields).toEqual([{ key: 'utm_source', label: 'Source' }]);
    expect(version.definition.endings.map((ending) => ending.title)).toEqual(['You qualify, {{q_name}}', 'Thank you']);
  });

  it('Settings shows how a page passes the hidden field: the attribute, mount and a link to share', async () => {
    await page.goto(`${run.server.url}/questionnaires/${id}/settings`);
    await page.getByRole('heading', { name: 'Hidden fields' }).waitFor();
    await page.getByLabel('Value of utm_source (Source)').fill('newsletter');
    expect(await page.locator('#hidden-attribute-snippet').textContent()).toContain(
      'hidden-fields="utm_source=newsletter"',
    );
    expect(await page.locator('#hidden-mount-snippet').textContent()).toContain(
      "hidden: { utm_source: 'newsletter' },",
    );
    expect(await page.locator('#hidden-url-snippet').textContent()).toContain('hidden-from-url');
    await page.getByLabel('Address of your page that embeds it').fill('https://shop.example/survey');
    expect(await page.locator('#hidden-share-link').textContent()).toBe(
      'https://shop.example/survey?utm_source=newsletter',
    );
    // The shared copy button: its name says what it copies, its status says it did.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.server.url });
    const copyLink = page.getByRole('button', { name: 'Copy the link', exact: true });
    await copyLink.click();
    await copyLink.locator('..').getByRole('status').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'https://shop.example/survey?utm_source=newsletter',
    );
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/settings-hidden-fields.png`, fullPage: true });
    }
    await expectNoViolations('settings with hidden fields');
  });

  it('shows the source and the ending of responses in the table and in the summary (needs the server of issue 23)', async () => {
    const version = await api.ok<{ definition: { endings: { id: string }[] } }>(
      'GET',
      `/api/v1/questionnaires/${id}/versions/1`,
    );
    const [qualified, plain] = version.definition.endings.map((ending) => ending.id) as [string, string];
    const respond = async (hidden: Record<string, string>, answers: Record<string, unknown>, endingId: string) => {
      const { responseId } = await api.ok<{ responseId: string }>(
        'POST',
        `/public/v1/questionnaires/${publicId}/responses`,
        { versionNumber: 1, hidden },
      );
      await api.ok('PATCH', `/public/v1/responses/${responseId}`, { answers });
      await api.ok('POST', `/public/v1/responses/${responseId}/complete`, { endingId });
      return responseId;
    };
    await respond({ utm_source: 'newsletter' }, { q_name: 'Ana', q_size: 40 }, qualified);
    await respond({ utm_source: 'newsletter' }, { q_name: 'Bo', q_size: 3 }, plain);
    await respond({ utm_source: 'ad' }, { q_name: 'Cy', q_size: 12 }, qualified);

    await page.goto(`${run.server.url}/questionnaires/${id}/responses`);
    const table = page.getByRole('table', { name: 'Responses' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Source', 'Ending']));
    const rows = await rowsOf(table);
    expect(rows.map((row) => row.filter((cell) => ['newsletter', 'ad'].includes(cell ?? '')))).toEqual(
      expect.arrayContaining([['newsletter'], ['ad']]),
    );
    expect(rows.flat()).toEqual(expect.arrayContaining(['You qualify, {{q_name}}', 'Thank you']));
    await expectNoViolations('responses with hidden fields and endings');

    await page.goto(`${run.server.url}/questionnaires/${id}/summary`);
    const endings = page.getByRole('table', { name: 'Endings' });
    await expect.poll(() => endings.count()).toBe(1);
    expect(await rowsOf(endings)).toEqual([
      ['You qualify, {{q_name}}', '2', '67%'],
      ['Thank you', '1', '33%'],
      ['No ending recorded', '0', '0%'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'Source' }))).toEqual([
      ['newsletter', '2', '67%'],
      ['ad', '1', '33%'],
    ]);
    await expectNoViolations('summary with endings and hidden fields');
  });
});
