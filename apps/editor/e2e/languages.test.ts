import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { threeSteps } from './support/drafts.ts';
import { expectSaved } from './support/editor-page.ts';
import { startHostSite } from './support/host-page.ts';
import { focusedName, tabTo } from './support/keyboard.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * One questionnaire, many languages (issue 22), as a builder meets it in Chromium against the
 * real server: German is added by its own name with the keyboard, two questions are translated
 * on the Translate screen, publishing warns about the rest and publishes, and the published
 * version carries the translations; a respondent on a German page answers in German through the
 * embed, and the builder sees `de` in the responses table, the CSV and the summary.
 */

const run = withServerAndBrowser();
let page: Page;
let questionnaireId: string;
let publicId: string;

type Version = { definition: { translations?: Record<string, Record<string, unknown>> } };

beforeAll(async () => {
  const api = apiOf(run.server.url);
  const q = await api.questionnaire('Multilingual survey', threeSteps(), { publish: false });
  questionnaireId = q.id;
  publicId = q.publicId;
  const context = await run.browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
});
afterAll(() => page?.context().close());

const group = (name: string) => page.getByRole('group', { name, exact: true });

describe('languages', () => {
  it('adds German, translates two questions, publishes warned about the rest, and the version carries them', async () => {
    const base = `${run.server.url}/questionnaires/${questionnaireId}`;
    await page.goto(base);
    await page.getByRole('navigation', { name: 'Outline' }).waitFor();
    await page.getByRole('link', { name: 'Translate', exact: true }).click();
    await page.getByRole('heading', { name: 'Languages' }).waitFor();

    // Found by its own name, picked with Enter.
    await page.getByLabel('Add a language').focus();
    await page.keyboard.type('Deutsch');
    await page.getByRole('button', { name: 'Add German (Deutsch)' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('German was added.', { exact: false }).waitFor();
    expect(await page.getByLabel('Language', { exact: true }).inputValue()).toBe('de');
    const count = page.locator('.translate-count');
    expect(await count.textContent()).toBe(
      '11 of 11 texts not translated into German; respondents read them in English.',
    );

    // The default text beside each field, the field in German.
    const name = group('“Your name”').getByLabel('Prompt');
    expect(await name.getAttribute('lang')).toBe('de');
    await name.fill('Ihr Name');
    await group('“Your email”').getByLabel('Prompt').fill('Ihre E-Mail-Adresse');
    expect(await count.textContent()).toBe(
      '9 of 11 texts not translated into German; respondents read them in English.',
    );
    await expectSaved(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Publishing warns about the rest and goes ahead.
    const warning = page.locator('#publish-warning');
    await warning.waitFor();
    expect(await warning.locator('li').allTextContents()).toEqual([
      'German: 9 texts not translated; respondents will read them in English.',
    ]);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Version 1 is published (just now).', { exact: false }).waitFor();
    expect(await warning.textContent()).toContain('Published with texts not translated:');

    // The published version carries them: on its page in German, and through the API.
    await page.getByRole('link', { name: 'Versions', exact: true }).click();
    await page.goto(`${base}/versions/1?language=de`);
    await page.getByText('Ihr Name', { exact: true }).waitFor();
    expect(await page.getByText('Pet name', { exact: true }).count()).toBe(1);
    const api = apiOf(run.server.url);
    const version = await api.ok<Version>('GET', `/api/v1/questionnaires/${questionnaireId}/versions/1`);
    expect(version.definition.translations).toEqual({
      de: { a: { prompt: 'Ihr Name' }, b: { prompt: 'Ihre E-Mail-Adresse' } },
    });
    const live = await api.ok<Version>('GET', `/public/v1/questionnaires/${publicId}/live`);
    expect(live.definition.translations?.de).toEqual({
      a: { prompt: 'Ihr Name' },
      b: { prompt: 'Ihre E-Mail-Adresse' },
    });
  });

  it('a respondent on a German page answers in German; the builder sees it in the table, the CSV and the summary', async () => {
    const host = await startHostSite(run.server.url, publicId, 'de-AT');
    const respondent = await page.context().newPage();
    try {
      await respondent.goto(host.origin);
      // The translated prompts, the rest in English, and the embed's own words in German.
      await respondent.getByLabel('Ihr Name').waitFor({ timeout: 15_000 });
      await respondent.getByLabel('Ihr Name').fill('Ada');
      await respondent.getByLabel('Ihre E-Mail-Adresse').fill('ada@example.org');
      await respondent.getByRole('radio', { name: 'Nein' }).check();
      await respondent.getByRole('button', { name: 'Weiter' }).click();
      await respondent.getByRole('radio', { name: 'Blue' }).check();
      await respondent.getByRole('button', { name: 'Weiter' }).click();
      await respondent.getByRole('button', { name: 'Absenden' }).click();
      await respondent.getByRole('heading', { name: 'Vielen Dank' }).waitFor();
    } finally {
      await respondent.close();
      await host.close();
    }

    const base = `${run.server.url}/questionnaires/${questionnaireId}`;
    await page.goto(`${base}/responses`);
    const table = page.getByRole('table', { name: 'Responses' });
    await table.getByRole('cell', { name: 'German (de)' }).waitFor();
    await page.getByLabel('Language', { exact: true }).selectOption('de');
    await page.waitForURL(/language=de/);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    let text = '';
    for await (const chunk of await (await download).createReadStream()) text += chunk;
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.language, row.name])).toEqual([['de', 'Ada']]);

    await page.goto(`${base}/summary`);
    const languages = page.getByRole('table', { name: 'Languages' });
    await languages.waitFor();
    expect(await languages.getByRole('row', { name: /German \(de\)/ }).textContent()).toContain('1');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('works with the keyboard alone: a language added with Enter, its texts reached with Tab, a slip undone', async () => {
    await page.goto(`${run.server.url}/questionnaires/${questionnaireId}/translate`);
    await page.getByRole('heading', { name: 'Languages' }).waitFor();
    await tabTo(page, 'Add a language');
    await page.keyboard.type('françai');
    await page.getByRole('button', { name: 'Add French (français)' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('French was added.', { exact: false }).waitFor();
    await tabTo(page, 'Only texts not translated');
    await page.keyboard.press('Space');
    await tabTo(page, 'Title');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('lang'))).toBe('fr');
    await page.keyboard.type('À propos de vous');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Prompt');
    await page.keyboard.type('Votre nom');
    await page.keyboard.press('Control+z');
    expect(await page.getByLabel('Prompt').first().inputValue()).toBe('');
    await expectSaved(page);
    expect(await page.locator('.translate-count').textContent()).toBe(
      '10 of 11 texts not translated into French; respondents read them in English.',
    );
  });

  it('previews the draft in Arabic, right to left, and the Translate screen writes Arabic right to left', async () => {
    const base = `${run.server.url}/questionnaires/${questionnaireId}`;
    await page.goto(`${base}/translate`);
    await page.getByLabel('Add a language').fill('arab');
    await page.getByRole('button', { name: 'Add Arabic (العربية)' }).click();
    const field = group('Step “About you”').getByLabel('Title');
    expect(await field.getAttribute('dir')).toBe('rtl');
    await field.fill('عنك');
    await expectSaved(page);
    await page.goto(base);
    await page.getByLabel('Language', { exact: true }).selectOption('ar');
    await page.getByText('Written right to left', { exact: false }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
