import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { threeSteps } from './support/drafts.ts';
import { expectSaved } from './support/editor-page.ts';
import { chooseWithArrows, focusedName, tabTo } from './support/keyboard.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * Everything new in the draft editor with the keyboard alone (Tab, Enter, Space, arrows; no
 * mouse, no fill()), and axe-core on its dialogs: leaving with unsaved edits, and edits kept in
 * the browser that were made on an older draft.
 */

const run = withServerAndBrowser();

async function expectAccessible(page: Page, screen: string) {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const statusText = (page: Page) => page.locator('.save-status').textContent();

async function open(publish = false) {
  const api = apiOf(run.server.url);
  const q = await api.questionnaire('Keys', threeSteps(), { publish });
  const context = await run.browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${run.server.url}/questionnaires/${q.id}`);
  await page.getByRole('navigation', { name: 'Outline' }).waitFor();
  return { api, q, page, context };
}

describe('the draft editor by keyboard', () => {
  it('adds a question that takes the typing, duplicates one, types a list, follows a problem link, and switches the preview width', async () => {
    const { page, context, api, q } = await open();

    // A new question takes the focus in its prompt; its code follows.
    await tabTo(page, 'New question type (Colours)');
    await chooseWithArrows(page, 'File upload');
    await tabTo(page, 'Add question to Colours');
    await page.keyboard.press('Enter');
    expect(await focusedId(page)).toBe('question-prompt');
    await page.keyboard.type('Your CV');
    await tabTo(page, 'Accepted file types');
    // Extensions, as a builder writes them; each shown as its type.
    await page.keyboard.type('.png, PDF');
    await page.keyboard.press('Enter');
    expect(
      await page.getByRole('list', { name: 'Added accepted file types' }).getByRole('listitem').allTextContents(),
    ).toEqual(['PNG image (.png)✕', 'PDF document (.pdf)✕']);

    // Duplicate: the copy is selected with its prompt focused.
    await page.locator('body').focus();
    await tabTo(page, 'Duplicate Favourite colour');
    await page.keyboard.press('Enter');
    expect(await focusedId(page)).toBe('question-prompt');
    expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('favourite_colour');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Second colour');
    expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('second_colour');
    await expectSaved(page);

    // A half-built rule: the status line's link takes the focus to the field.
    await tabTo(page, 'Visibility mode');
    await chooseWithArrows(page, 'Shown when…');
    await tabTo(page, 'Reads');
    await chooseWithArrows(page, 'Answer to “Favourite colour”');
    await tabTo(page, 'Operator');
    await chooseWithArrows(page, 'is');
    await expect.poll(() => statusText(page)).toMatch(/^Not saved yet/);
    await page.locator('body').focus();
    await tabTo(page, /^Go to the first problem/);
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('Value');
    await chooseWithArrows(page, 'Red');
    await expectSaved(page);

    // The preview's width, with the arrow keys.
    await tabTo(page, 'Phone (375 px)');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByLabel('Desktop (800 px)').isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('preview').evaluate((e) => (e as HTMLElement).offsetWidth)).toBe(800);

    const saved = await api.ok<{ draft: { steps: { questions: { code: string; visibility: unknown }[] }[] } }>(
      'GET',
      `/api/v1/questionnaires/${q.id}`,
    );
    expect(saved.draft.steps[1]?.questions.map((question) => question.code)).toEqual([
      'colour',
      'second_colour',
      'your_cv',
    ]);
    await context.close();
  });

  it('asks before leaving with a problem, in a dialog that works by keyboard and passes axe', async () => {
    const { page, context } = await open();
    await page
      .getByRole('navigation', { name: 'Outline' })
      .getByRole('button', { name: /^Anything else\? \(/ })
      .click();
    await page.getByLabel('Value').selectOption('');
    await expect.poll(() => statusText(page)).toMatch(/^Not saved yet/);

    await page.locator('body').focus();
    await tabTo(page, 'Settings');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Your last edits are not saved yet' });
    await dialog.waitFor();
    await expectAccessible(page, 'leave dialog');
    expect(await focusedName(page)).toBe('Stay and fix them');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(page.url()).not.toMatch(/settings$/);

    await page.locator('body').focus();
    await tabTo(page, 'Settings');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, 'Leave anyway');
    await page.keyboard.press('Enter');
    await page.waitForURL(/settings$/);
    await page.getByLabel('Name', { exact: true }).waitFor();
    await expectAccessible(page, 'settings');
    await context.close();
  });

  it('offers edits made on an older draft back, in a dialog that works by keyboard and passes axe', async () => {
    const { page, context, api, q } = await open();
    await page
      .getByRole('navigation', { name: 'Outline' })
      .getByRole('button', { name: /^Anything else\? \(/ })
      .click();
    await page.getByLabel('Value').selectOption('');
    await page.getByLabel('Prompt').fill('Any last words?');
    await expect.poll(() => statusText(page)).toMatch(/^Not saved yet/);
    // Meanwhile the draft changes on the server (another tab, a restored version).
    const changed = threeSteps();
    changed.steps[0]!.title = 'About yourself';
    await api.ok('PUT', `/api/v1/questionnaires/${q.id}/draft`, changed);

    page.once('dialog', (question) => void question.accept());
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Edits that were not saved' });
    await dialog.waitFor();
    await expectAccessible(page, 'restore dialog');
    expect(await focusedName(page)).toBe('Use my edits');
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Outline' })
          .getByRole('button', { name: /^Any last words\?/ })
          .count(),
      )
      .toBe(1);
    await expectAccessible(page, 'draft with restored edits');
    await context.close();
  });
});
