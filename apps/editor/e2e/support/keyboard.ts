import type { Page } from 'playwright-core';

/** What the focused element is called (aria-label, its label, or its text). */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelled = element.getAttribute('aria-label');
    if (labelled) return labelled;
    const id = element.id;
    const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    return (label?.textContent ?? element.textContent ?? '').trim();
  });

/** Presses Tab (forwards) until the focused control is called `name`. */
export async function tabTo(page: Page, name: string | RegExp, limit = 120) {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const current = await focusedName(page);
    if (typeof name === 'string' ? current === name : name.test(current)) return;
    seen.push(current);
  }
  throw new Error(`Tab never reached "${name}", passing ${seen.join(' | ')}`);
}

/** Picks an option of the focused select with the arrow keys, reading the screen after each press as a person does. */
export async function chooseWithArrows(page: Page, optionText: string) {
  const shown = () =>
    page.evaluate(async () => {
      // Two frames: whatever the key press set off has been drawn.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const select = document.activeElement as HTMLSelectElement;
      return select.selectedOptions[0]?.textContent?.trim() ?? '';
    });
  await page.keyboard.press('Home');
  const seen: string[] = [];
  for (let i = 0; i < 30; i++) {
    const text = await shown();
    if (text === optionText) return;
    seen.push(text);
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No option "${optionText}", passing ${seen.join(' | ')}`);
}
