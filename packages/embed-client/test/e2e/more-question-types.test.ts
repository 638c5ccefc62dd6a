import type { DefinitionInput } from '@forms-engine/schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, embed, expectAccessible, heading, isFocused, startE2E } from './support/e2e';

/**
 * Issue 25 in real Chromium, on a host page of another origin, against the real server: a matrix
 * filled by keyboard, two rankings (keys, Rank buttons), NPS, a date-time in Berlin's summer time, a
 * time, Other with its text, a shuffled list that keeps its order after a reload, a phone where
 * nothing scrolls sideways, axe on both; then the saved answers read over the management API.
 * Screenshots go to `E2E_SCREENSHOTS` when set (to look at the screens).
 */

const list = (...labels: string[]) => labels.map((label) => ({ value: label.toLowerCase(), label }));
const colours = [...list('Red', 'Blue', 'Green', 'Yellow', 'Purple'), { value: 'none', label: 'None of these' }];

const colour = {
  id: 'q_colour',
  code: 'q_colour',
  type: 'SINGLE_CHOICE' as const,
  prompt: 'Favourite colour',
  typeConfig: { choices: colours, allowOther: true, shuffle: 'ALL_BUT_LAST' as const },
};
const questions: NonNullable<DefinitionInput['questions']> = [
  {
    id: 'q_grid',
    code: 'q_grid',
    type: 'MATRIX',
    prompt: 'How satisfied are you with …',
    requirement: { mode: 'ALWAYS' },
    // Seven columns: wider than a phone, so there each row stacks.
    typeConfig: {
      rows: list('Speed', 'Price', 'Support'),
      columns: list('Very unhappy', 'Unhappy', 'Somewhat unhappy', 'Neutral', 'Somewhat happy', 'Happy', 'Very happy'),
    },
  },
  {
    id: 'q_rank',
    code: 'q_rank',
    type: 'RANKING',
    prompt: 'Rank the features',
    typeConfig: { choices: list('Alpha', 'Beta', 'Gamma', 'Delta'), rankCount: 3 },
  },
  {
    id: 'q_rank2',
    code: 'q_rank2',
    type: 'RANKING',
    prompt: 'Rank the plans',
    typeConfig: { choices: list('One', 'Two', 'Three') },
  },
  { id: 'q_nps', code: 'q_nps', type: 'NPS', prompt: 'Would you recommend us?' },
  { id: 'q_when', code: 'q_when', type: 'DATE_TIME', prompt: 'When shall we call?' },
  { id: 'q_time', code: 'q_time', type: 'TIME', prompt: 'Best time of day', typeConfig: { stepMinutes: 15 } },
];
/** The shuffled list on a screen of its own: Next creates the response, Back and a reload come back to it. */
const definition: DefinitionInput = {
  schemaVersion: 1,
  steps: [
    { id: 's1', title: 'Colours', questions: [colour] },
    { id: 's2', title: 'Your views', questions },
  ],
};
/** The usual five-point grid: its words fit a phone only by breaking inside them, so there it stacks too. */
const fivePointGrid = {
  id: 'q_grid5',
  code: 'q_grid5',
  type: 'MATRIX' as const,
  prompt: 'How satisfied are you with our service?',
  typeConfig: {
    rows: list('Friendliness', 'Knowledge'),
    columns: list('Very dissatisfied', 'Dissatisfied', 'Neutral', 'Satisfied', 'Very satisfied'),
  },
};
const onePage: DefinitionInput = { schemaVersion: 1, questions: [...questions, colour, fivePointGrid] };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const shots = process.env.E2E_SCREENSHOTS;
const screenshot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};
const colourOrder = (page: Page) =>
  embed(page)
    .getByRole('radiogroup', { name: 'Favourite colour' })
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return root.scrollWidth <= root.clientWidth;
  });

describe('issue 25 question types, embedded through the script tag', () => {
  it('answers each by keyboard, pointer and text; the saved answers have their exact shapes', async () => {
    const q = await e2e.api.publish(definition, { allowedOrigins: [e2e.host.origin] });
    const { page, errors } = await e2e.openPage('script', [{ publicId: q.publicId }], {
      context: { timezoneId: 'Europe/Berlin', locale: 'en-US' },
    });
    const form = embed(page);
    const keys = async (...names: string[]) => {
      for (const name of names) await page.keyboard.press(name);
    };
    // A shuffled list keeps its order on Back and after a reload (the seed is stored with the response);
    // None of these stays last, Other after it. Other's text field appears with the focus.
    await form.getByRole('radio', { name: 'Other' }).waitFor();
    const order = await colourOrder(page);
    expect(order.slice(-2)).toEqual(['none', '']);
    await form.getByRole('radio', { name: 'Other' }).click();
    const other = form.getByRole('textbox', { name: 'Your answer for “Other”' });
    await expect.poll(() => isFocused(other)).toBe(true);
    await page.keyboard.type('Teal');
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('radio', { name: 'Speed Unhappy' }).waitFor();
    await form.getByRole('button', { name: 'Back' }).click();
    expect(await colourOrder(page)).toEqual(order);
    await form.getByRole('button', { name: 'Next' }).click();
    await expect.poll(async () => (await e2e.api.responses(q.id))[0]?.lastPosition?.stepId).toBe('s2');
    await page.reload();
    await form.getByRole('button', { name: 'Back' }).click();
    expect(await colourOrder(page)).toEqual(order);
    expect(await other.inputValue()).toBe('Teal');
    await screenshot(page, 'desktop-colours');
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('radio', { name: 'Speed Unhappy' }).waitFor();
    await screenshot(page, 'desktop-empty');

    // The matrix by keyboard: Space chooses, arrows move inside a row, Tab goes on to the next row.
    await form.getByRole('radio', { name: 'Speed Unhappy' }).focus();
    await keys('Space', 'ArrowRight', 'Tab', 'Space', 'ArrowRight', 'ArrowRight', 'Tab', 'Space');
    expect(await form.getByRole('radio', { name: 'Price Somewhat unhappy' }).isChecked()).toBe(true);

    // The first ranking by keyboard: Enter on Rank, focus goes on to the next item; Alt+Up moves one up.
    await form.getByRole('button', { name: 'Rank Alpha' }).focus();
    await keys('Enter', 'Enter', 'Enter');
    const ranked = form.getByRole('list', { name: 'Your ranking' }).first();
    await expect.poll(() => ranked.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => isFocused(ranked.getByRole('listitem').nth(2))).toBe(true);
    await keys('Alt+ArrowUp');
    await expect
      .poll(() => form.locator('[aria-live="polite"]').first().textContent())
      .toBe('Moved Gamma to position 2 of 3.');
    expect(await form.getByRole('button', { name: 'Rank Delta' }).isDisabled()).toBe(true);

    // The second by the Rank buttons, with the pointer.
    for (const name of ['Three', 'One', 'Two']) await form.getByRole('button', { name: `Rank ${name}` }).click();

    // NPS: one radio group, arrows choose.
    await form.getByRole('radio', { name: '0, Not at all likely' }).focus();
    await keys('Space', ...Array<string>(9).fill('ArrowRight'));
    expect(await form.getByRole('radio', { name: '9' }).isChecked()).toBe(true);

    // Berlin's clocks went forward on 29 March 2026: 10:30 that day is +02:00.
    await form.locator('input[type="datetime-local"]').fill('2026-03-29T10:30');
    await form.locator('input[type="time"]').fill('14:45');

    await screenshot(page, 'desktop-answered');
    await expectAccessible(page, 'desktop, answered');

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => heading(form, 'Thank you').isVisible()).toBe(true);
    const [response] = await e2e.api.responses(q.id);
    expect(response?.answers).toEqual({
      q_grid: { speed: 'somewhat unhappy', price: 'somewhat unhappy', support: 'very unhappy' },
      q_rank: ['alpha', 'gamma', 'beta'],
      q_rank2: ['three', 'one', 'two'],
      q_nps: 9,
      q_when: '2026-03-29T10:30+02:00',
      q_time: '14:45',
      q_colour: { other: 'Teal' },
    });
    expect(errors).toEqual([]);
  });

  it('on a 375 px phone the matrix rows stack (seven columns and the usual five), NPS wraps in two rows of 44 px targets, nothing scrolls sideways', async () => {
    const q = await e2e.api.publish(onePage, { allowedOrigins: [e2e.host.origin] });
    const { page, errors } = await e2e.openPage('script', [{ publicId: q.publicId }], {
      context: { viewport: { width: 375, height: 800 }, hasTouch: true },
    });
    const form = embed(page);
    // Each row its own group of options, named by the row; no table left.
    await form.getByRole('group', { name: 'Price' }).waitFor();
    await form.getByRole('group', { name: 'Knowledge' }).waitFor();
    expect(await form.locator('table').count()).toBe(0);
    await form.getByRole('group', { name: 'Price' }).getByRole('radio', { name: 'Happy', exact: true }).click();
    expect(await noSidewaysScroll(page)).toBe(true);
    // Drag by the grip: an item into the ranking, then another above it.
    const plans = form.getByRole('group', { name: 'Rank the plans' });
    const ranking = plans.getByRole('list', { name: 'Your ranking' });
    const gripOf = (name: string) => plans.getByRole('listitem').filter({ hasText: name }).locator('.fe-rank-grip');
    await gripOf('Two').dragTo(ranking);
    await expect.poll(() => ranking.getByRole('listitem').count()).toBe(1);
    await gripOf('Three').dragTo(ranking, { targetPosition: { x: 20, y: 2 } });
    await expect.poll(() => ranking.locator('.fe-rank-label').allTextContents()).toEqual(['Three', 'Two']);
    const boxes = await form
      .getByRole('radiogroup', { name: 'Would you recommend us?' })
      .locator('.fe-rate')
      .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect()));
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(2);
    expect(Math.min(...boxes.flatMap((box) => [box.width, box.height]))).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'phone');
    await expectAccessible(page, 'phone');
    expect(errors).toEqual([]);
  });

  it('says what is missing in words: the rows unanswered, Other left empty, a limit written the respondent’s way', async () => {
    const required = { requirement: { mode: 'ALWAYS' as const } };
    const q = await e2e.api.publish(
      {
        schemaVersion: 1,
        questions: [
          { ...questions[0]!, ...required },
          {
            id: 'q_when',
            code: 'q_when',
            type: 'DATE_TIME',
            prompt: 'When shall we call?',
            typeConfig: { min: '2026-03-01T08:00+00:00' },
          },
          { ...colour, ...required },
        ],
      } as DefinitionInput,
      { allowedOrigins: [e2e.host.origin] },
    );
    const { page, errors } = await e2e.openPage('script', [{ publicId: q.publicId }], {
      context: { timezoneId: 'Europe/Berlin', locale: 'en-US' },
    });
    const form = embed(page);
    await form.getByRole('radio', { name: 'Speed Happy', exact: true }).click();
    await form.locator('input[type="datetime-local"]').fill('2026-02-01T10:00');
    await form.getByRole('radio', { name: 'Other' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => form.getByText('Answer every row.').first().isVisible()).toBe(true);
    expect(await form.getByRole('radio', { name: 'Price Happy', exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await form.getByRole('radio', { name: 'Speed Happy', exact: true }).getAttribute('aria-invalid')).toBeNull();
    expect(await form.getByText('Type your answer for “Other”.').first().isVisible()).toBe(true);
    // 08:00 UTC is 09:00 in Berlin in winter.
    const early = (await form.locator('.fe-question[data-code="q_when"] .fe-error').textContent()) ?? '';
    expect(early.replace(/\s/g, ' ')).toBe('Enter March 1, 2026 at 9:00 AM or later.');
    await screenshot(page, 'desktop-errors');
    await expectAccessible(page, 'errors');
    expect(await e2e.api.responses(q.id)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
