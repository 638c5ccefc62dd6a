import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { expectSaved } from './support/editor-page.ts';
import { chooseWithArrows, tabTo } from './support/keyboard.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * The outline and the rule builder with the keyboard alone: Tab to reach a control, Enter or
 * Space to press it, arrow keys in selects and while dragging. No mouse, no fill().
 */

const run = withServerAndBrowser();

const draft = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        { id: 'a', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name' },
        { id: 'b', code: 'has_pet', type: 'YES_NO', prompt: 'Do you have a pet?' },
        { id: 'c', code: 'pet_name', type: 'SHORT_TEXT', prompt: 'Pet name' },
      ],
    },
    { id: 's2', title: 'More', questions: [{ id: 'd', code: 'age', type: 'NUMBER', prompt: 'Age' }] },
  ],
};

const outlineOrder = (page: Page, list: string) =>
  page
    .getByRole('list', { name: `Questions of ${list}` })
    .locator(':scope > li .select')
    .allTextContents()
    .then((texts) => texts.map((text) => text.replace(/\s*\(.*$/, '')));

describe('keyboard only', () => {
  it('reorders and moves questions in the outline, and writes a visibility rule', async () => {
    const api = apiOf(run.server.url);
    const q = await api.questionnaire('Keyboard', draft, { publish: false });
    const context = await run.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${run.server.url}/questionnaires/${q.id}`);
    await expect.poll(() => page.getByRole('navigation', { name: 'Outline' }).count()).toBe(1);
    await expect.poll(() => outlineOrder(page, 'About you')).toEqual(['Your name', 'Do you have a pet?', 'Pet name']);

    // "Move down" with Enter.
    await tabTo(page, /^Move (down: Your name|Your name down)$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => outlineOrder(page, 'About you')).toEqual(['Do you have a pet?', 'Your name', 'Pet name']);

    // Drag and drop with the keyboard: Space lifts, ArrowUp moves, Space drops.
    await page.locator('body').focus();
    await tabTo(page, 'Drag Pet name');
    // Each key waits for what the outline says to a screen reader (dnd-kit's live region), so the
    // next key comes once the drag has started over its measured places and moved, as it would
    // between a person's key presses. "Is over" needs the places measured: it follows "Picked up".
    const dragSays = (text: string) =>
      page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await dragSays('Pet name is over place 3 of About you.');
    // dnd-kit measures the places in the frames after the lift; on a loaded machine a key pressed in the
    // same frame found none to move to (seen once in CI). A person's next key comes frames later too.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.keyboard.press('ArrowUp');
    await dragSays('Pet name is over place 2 of About you.');
    await page.keyboard.press('Space');
    await dragSays('Pet name was dropped at place 2 of About you.');
    await expect.poll(() => outlineOrder(page, 'About you')).toEqual(['Do you have a pet?', 'Pet name', 'Your name']);

    // To another step with the "Move to" select.
    await page.locator('body').focus();
    await tabTo(page, 'Move Your name to');
    // The first step down the list ("More", the only other place) moves it at once.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => outlineOrder(page, 'More')).toEqual(['Age', 'Your name']);

    // Select "Pet name" and make it visible only when the pet question is answered yes.
    await page.locator('body').focus();
    await tabTo(page, /^Pet name \(/);
    await page.keyboard.press('Enter');
    await tabTo(page, 'Visibility mode');
    await chooseWithArrows(page, 'Shown when…');
    await tabTo(page, 'Reads');
    await chooseWithArrows(page, 'Answer to “Do you have a pet?”');
    await tabTo(page, 'Operator');
    await chooseWithArrows(page, 'is');
    await tabTo(page, 'Value');
    const valueTag = await page.evaluate(() => document.activeElement?.tagName);
    if (valueTag === 'SELECT') await chooseWithArrows(page, 'Yes');
    else await page.keyboard.press('Space');
    await expectSaved(page);

    const detail = await api.ok<{ draft: typeof draft }>('GET', `/api/v1/questionnaires/${q.id}`);
    const petName = detail.draft.steps[0]?.questions.find((question) => question.code === 'pet_name') as unknown as {
      visibility: unknown;
    };
    expect(petName.visibility).toEqual({
      mode: 'CONDITIONAL',
      rule: {
        combinator: 'ALL',
        conditions: [{ source: 'ANSWER', questionCode: 'has_pet', operator: 'EQUALS', value: true }],
      },
    });
    expect(detail.draft.steps[1]?.questions.map((question) => question.code)).toEqual(['age', 'name']);
    await context.close();
  });
});
