import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/browser.ts';
import { expectSaved } from './support/editor-page.ts';
import { startHostSite } from './support/host-page.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * The editor as a person uses it, in real Chromium against the real server: build a
 * questionnaire, watch the preview follow a rule, publish, answer it through the embed on
 * another site, find the response, export it, restore version 1 and erase the response.
 */

const run = withServerAndBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await run.browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
});

async function expectAccessible(screen: string) {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

/** Selects a question in the outline and sets its prompt and code. */
async function describeQuestion(name: string, prompt: string, code: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('navigation', { name: 'Outline' })
    .getByRole('button', { name: new RegExp(`^${escaped} \\(`) })
    .click();
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByLabel('Code', { exact: true }).fill(code);
}

/** Adds a question to `step`: it is selected with its prompt focused; then its code is set. */
async function addQuestion(step: string, type: string, prompt: string, code: string) {
  await page.getByLabel(`New question type (${step})`).selectOption(type);
  await page.getByRole('button', { name: `Add question to ${step}` }).click();
  await page.keyboard.type(prompt);
  await page.getByLabel('Code', { exact: true }).fill(code);
}

describe('the editor, end to end', () => {
  let questionnaireUrl: string;
  let responseId: string;

  it('creates a questionnaire from the list', async () => {
    await page.goto(run.server.url);
    await expect.poll(() => page.getByRole('heading', { name: 'Questionnaires', exact: true }).count()).toBe(1);
    await expectAccessible('list, empty');
    await page.getByLabel('New questionnaire').fill('Customer survey');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/questionnaires\/[0-9a-f-]+$/);
    questionnaireUrl = page.url();
    await expect.poll(() => page.getByRole('heading', { name: 'Customer survey' }).count()).toBe(1);
  });

  it('builds two steps with several question types and a visibility rule, and the preview follows the rule', async () => {
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('button', { name: 'Add step' }).click();
    await addQuestion('Step 1', 'SHORT_TEXT', 'Your name', 'name');
    await addQuestion('Step 1', 'YES_NO', 'Do you have a pet?', 'has_pet');
    await addQuestion('Step 1', 'SHORT_TEXT', "Your pet's name", 'pet_name');
    await page.getByLabel('Visibility mode').selectOption('CONDITIONAL');
    await page.getByLabel('Reads').selectOption('has_pet');
    await page.getByLabel('Operator').first().selectOption('EQUALS');
    await page.getByLabel('Value').selectOption('true');
    await addQuestion('Step 2', 'NUMBER', 'How old are you?', 'age');
    await page.getByLabel('Lowest number').fill('0');
    await expectSaved(page);
    await expectAccessible('draft');

    // The preview opens at the selected question's step; the rules of the others are obeyed.
    await page
      .getByRole('navigation', { name: 'Outline' })
      .getByRole('button', { name: /^Your name \(/ })
      .click();
    const preview = page.getByTestId('preview');
    await expect.poll(() => preview.getByLabel('Your name').count()).toBe(1);
    expect(await preview.getByLabel("Your pet's name").count()).toBe(0);
    await preview.getByRole('radio', { name: 'Yes' }).check();
    await expect.poll(() => preview.getByLabel("Your pet's name").count()).toBe(1);
    await preview.getByRole('radio', { name: 'No' }).check();
    await expect.poll(() => preview.getByLabel("Your pet's name").count()).toBe(0);
  });

  it('undoes and redoes edits', async () => {
    await describeQuestion('How old are you?', 'Age in years', 'age');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByLabel('Prompt').inputValue()).toBe('How old are you?');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => page.getByLabel('Prompt').inputValue()).toBe('Age in years');
    await expectSaved(page);
  });

  it('shows a draft’s problems on the field they name, in words', async () => {
    await describeQuestion('Age in years', 'Age in years', 'has_pet');
    await expect
      .poll(() =>
        page.getByText('Another question already uses the code “has_pet”. Give this question its own code.').count(),
      )
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByLabel('Code', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Code', { exact: true }).fill('age');
    await expectSaved(page);
  });

  it('publishes, and the embed on another site takes a response', async () => {
    await page.getByLabel('Publish note (optional)').fill('First version');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText('Version 1 is published (just now).').count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Settings' }).click();
    await expectAccessible('settings');
    const publicId = (await page.locator('p', { hasText: 'Public id:' }).locator('code').textContent())!;
    const host = await startHostSite(run.server.url, publicId);
    try {
      const respondent = await context.newPage();
      await respondent.goto(host.origin);
      await expect.poll(() => respondent.getByLabel('Your name').count(), { timeout: 15_000 }).toBe(1);
      await respondent.getByLabel('Your name').fill('Ada');
      await respondent.getByRole('radio', { name: 'Yes' }).check();
      await respondent.getByLabel("Your pet's name").fill('Rex');
      await respondent.getByRole('button', { name: 'Next' }).click();
      await respondent.getByLabel('Age in years').fill('36');
      await respondent.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => respondent.getByRole('heading', { name: 'Thank you' }).count()).toBe(1);
      await respondent.close();
    } finally {
      await host.close();
    }
  });

  it('finds the response in the table, opens it, and downloads the CSV', async () => {
    await page.getByRole('link', { name: 'Responses' }).click();
    await page.getByLabel('Status').selectOption('COMPLETED');
    await expect.poll(() => page.getByRole('link', { name: /^Response / }).count()).toBe(1);
    await expectAccessible('responses');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const csv = await (await download).createReadStream();
    let text = '';
    for await (const chunk of csv) text += chunk;
    const [header, row] = text.trim().split('\r\n');
    expect(header).toContain('name,has_pet,pet_name,age');
    expect(row).toContain(',COMPLETED,1,');
    expect(row).toMatch(/,Ada,true,Rex,36$/);

    await page.getByRole('link', { name: /^Response / }).click();
    // The table shows "Ada" too (an answer column): wait for the response's own page.
    await page.waitForURL(/\/responses\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { name: /^Response / }).count()).toBe(1);
    await expect.poll(() => page.getByText('Ada').count()).toBeGreaterThan(0);
    responseId = page.url().split('/').at(-1)!;
    await expectAccessible('response detail');
  });

  it('restores version 1 into the draft after a change, and compares versions', async () => {
    await page.goto(questionnaireUrl);
    await describeQuestion('Your name', 'Your full name', 'name');
    await expectSaved(page);
    await page.getByRole('link', { name: 'Versions' }).click();
    await page.getByLabel('From', { exact: true }).selectOption('1');
    await page.getByLabel('To', { exact: true }).selectOption('draft');
    const change = page.getByRole('table', { name: 'Your full name' }).getByRole('row', { name: /^Prompt / });
    await expect.poll(() => change.textContent()).toBe('Prompt“Your name”“Your full name”');
    await expectAccessible('versions and diff');
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await page.waitForURL(questionnaireUrl);
    await page
      .getByRole('navigation', { name: 'Outline' })
      .getByRole('button', { name: /^Your name \(/ })
      .click();
    await expect.poll(() => page.getByLabel('Prompt').inputValue()).toBe('Your name');
  });

  it('erases the response', async () => {
    await page.goto(`${questionnaireUrl}/responses/${responseId}`);
    await page.getByRole('button', { name: 'Erase response' }).click();
    // The dialog names the response (its date, reference and first answer) and its button as the page does.
    await page.getByRole('dialog', { name: /^Erase the response started .+, first answer “.+”\?$/ }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Erase response' }).click();
    await page.waitForURL(/\/responses$/);
    await expect.poll(() => page.getByRole('heading', { name: 'No responses yet' }).count()).toBe(1);
  });
});
