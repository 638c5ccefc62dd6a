import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * The outline at a common laptop width (1366 × 768): every item's buttons (move, duplicate, move
 * to, remove) stay on the item's own line, whatever its name: long prompts, a long unbroken word,
 * questions deep in a step's tab, a long ending. Measured from the boxes Chromium lays out.
 */

const run = withServerAndBrowser();

const LONG = 'Please tell us, in your own words and with as much detail as you like, why you want to volunteer with us';
const question = (id: string, prompt: string, type = 'SHORT_TEXT') => ({ id, code: id, type, prompt });
const draft = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'About you and the way you would like us to contact you about this application',
      questions: [
        question('a', LONG, 'LONG_TEXT'),
        question('b', 'Website (https://volunteers.example.org/applications)', 'URL'),
      ],
      tabs: [
        {
          id: 't1',
          title: 'Contact details for the volunteering coordinator',
          questions: [question('c', LONG), question('d', 'Email', 'EMAIL')],
        },
        {
          id: 't2',
          title: 'Availability',
          questions: [
            {
              ...question('e', 'Which days of the week are you usually available to help?', 'MULTI_CHOICE'),
              typeConfig: { choices: [{ value: 'mon', label: 'Monday' }] },
            },
          ],
        },
      ],
    },
    { id: 's2', title: 'More', questions: [question('f', LONG, 'ADDRESS')] },
  ],
  endings: [{ id: 'e1', title: `${LONG}, {{a}}` }],
};

describe('the outline at 1366 px', () => {
  it("keeps each item's buttons on the item's line, long prompts too", async () => {
    const api = apiOf(run.server.url);
    const q = await api.questionnaire('Outline width', draft, { publish: false });
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(`${run.server.url}/questionnaires/${q.id}`);
    const outline = page.getByRole('navigation', { name: 'Outline' });
    await outline
      .getByRole('button', { name: /^Remove / })
      .first()
      .waitFor();

    const items = await outline.locator('.item').evaluateAll((elements) =>
      elements.map((item) => {
        const name = item.querySelector('.select')?.textContent?.trim() ?? '';
        const box = (element: Element) => element.getBoundingClientRect();
        const select = box(item.querySelector('.select') as Element);
        const children = [...item.children];
        const at = children.findIndex((child) => child.classList.contains('select'));
        // On the item's line: centred on the name's line (align-items: center), before or after the name.
        const middle = (b: DOMRect) => (b.top + b.bottom) / 2;
        const off = children
          .filter((child, i) => {
            if (i === at) return false;
            const b = box(child);
            const level = Math.abs(middle(b) - middle(select)) <= 2;
            const beside = i < at ? b.right <= select.left + 1 : b.left >= select.right - 1;
            return !(level && beside);
          })
          .map((child) => child.getAttribute('aria-label') ?? child.textContent);
        return { name, off };
      }),
    );
    // Two steps, two tabs, six questions, the ending and the hidden fields.
    expect(items.length).toBe(12);
    for (const item of items) expect(item).toEqual({ name: item.name, off: [] });
    await context.close();
  });
});
