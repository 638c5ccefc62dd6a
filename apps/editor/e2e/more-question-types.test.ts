import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { expectSaved } from './support/editor-page.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * Issue 25 in the editor, against the real server: a builder adds a grid, a ranking, a Net
 * Promoter Score, a date and time and a time from "Add question" by clicking (the grid's rows and
 * the choices pasted as lines), offers “Other” and shuffles a choice question, shows a question
 * only when a row of the grid has a given answer, sees each type in the preview, and publishes;
 * answers posted through the public API then show on the Summary screen. axe-core on the draft
 * screen with the new properties open.
 */

const run = withServerAndBrowser();
let context: BrowserContext;
let page: Page;
let api: Api;

const SHOTS = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  context = await run.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
  api = apiOf(run.server.url);
});
afterAll(() => context?.close());

/** A picture of the screen for a person to look at, when E2E_SCREENSHOTS names a folder. */
async function shot(name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectNoViolations(screen: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const name = `${screen}, ${scheme}`;
    expect({ name, violations: await accessibilityViolations(page) }).toEqual({ name, violations: [] });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const outline = () => page.getByRole('navigation', { name: 'Outline' });
const properties = () => page.locator('section.properties');
const preview = () => page.getByTestId('preview');

/** Adds a question of the type named on its button in "Every type, described"; its prompt has focus. */
async function addQuestion(typeName: string, prompt: string) {
  await outline()
    .getByRole('list', { name: 'Question types to add to Questions' })
    .getByRole('button', { name: typeName, exact: true })
    .click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('question-prompt');
  await page.keyboard.type(prompt);
}

/** Lines added with "Add several … at once" (rows, columns or choices). */
async function addLines(list: 'rows' | 'choices', lines: string[]) {
  await properties().getByText(`Add several ${list} at once`).click();
  await properties()
    .getByLabel(`${list[0]?.toUpperCase()}${list.slice(1)}, one per line`)
    .fill(lines.join('\n'));
  await properties()
    .getByRole('button', { name: `Add these ${list}` })
    .click();
}

const labelsOf = (list: 'row' | 'choice' | 'column') =>
  properties()
    .locator(`input[id^="${list}-label-"]`)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

describe('the new question types in the editor', () => {
  let id: string;
  let publicId: string;

  it('shows every type in Add question with a picture and a line saying what it asks for', async () => {
    const q = await api.questionnaire(
      'Customer feedback',
      { schemaVersion: 1, steps: [], tabs: [], questions: [] },
      { publish: false },
    );
    id = q.id;
    publicId = q.publicId;
    await page.goto(`${run.server.url}/questionnaires/${id}`);
    await outline().getByText('Every type, described').click();
    const types = outline().getByRole('list', { name: 'Question types to add to Questions' });
    await expect.poll(() => types.getByRole('button').count()).toBe(21);
    const grid = types.getByRole('button', { name: 'Grid (matrix)', exact: true });
    // Its description is read with it; its picture is decoration.
    const describedBy = (await grid.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'Several statements, each answered on the same scale of columns.',
    );
    expect(await grid.locator('.type-icon').getAttribute('aria-hidden')).toBe('true');
    // The select beside "Add question" says what the chosen type asks for too.
    await outline().getByLabel('New question type (Questions)').selectOption('NPS');
    expect(await outline().locator('.type-description').textContent()).toContain('from 0 to 10');
    await shot('add-question');
  });

  it('builds a grid, a ranking, an NPS, a date and time and a time by clicking, with their settings', async () => {
    await addQuestion('Grid (matrix)', 'How satisfied are you with us?');
    expect(await labelsOf('column')).toEqual([
      'Very dissatisfied',
      'Dissatisfied',
      'Neutral',
      'Satisfied',
      'Very satisfied',
    ]);
    await addLines('rows', ['Speed', 'Price', 'Friendliness']);
    // The rows the editor made make way for the pasted list; each value follows its label.
    expect(await labelsOf('row')).toEqual(['Speed', 'Price', 'Friendliness']);
    expect(await properties().getByLabel('Row 1 value').inputValue()).toBe('speed');
    await properties().getByLabel('Order of the rows').selectOption({ label: 'Shuffle for each respondent' });
    await expectSaved(page);
    await shot('grid-properties');
    await expectNoViolations('draft with a grid’s properties');

    await addQuestion('Ranking', 'Rank these features');
    await addLines('choices', ['Dark mode', 'Export', 'Sharing']);
    expect(await labelsOf('choice')).toEqual(['Dark mode', 'Export', 'Sharing']);
    await properties().getByLabel('Rank only the top …').fill('2');

    await addQuestion('Net Promoter Score', 'How likely are you to recommend us?');
    expect(await properties().getByLabel('Label under 0').inputValue()).toBe('Not at all likely');
    expect(await properties().getByLabel('Label under 10').inputValue()).toBe('Extremely likely');

    await addQuestion('Date and time', 'When shall we call you?');
    await properties().getByLabel('Earliest date and time').fill('2026-12-01T09:00');
    await expect
      .poll(() => properties().locator('#type-config-min-zone').textContent())
      .toMatch(/saved with its offset: 2026-12-01 at 09:00 \(UTC[+-]\d\d:\d\d\)/);

    await addQuestion('Time', 'Best time to reach you');
    await properties().getByLabel('Earliest time').fill('09:00');
    await properties().getByLabel('Latest time').fill('17:00');
    await properties().getByLabel('Minutes between times').fill('30');
    await expectSaved(page);
    await shot('time-properties');
    await expectNoViolations('draft with a time’s properties');
  });

  it('offers “Other” and shuffles the choices of a choice question', async () => {
    await addQuestion('Single choice', 'How did you hear of us?');
    await addLines('choices', ['Web search', 'A friend', 'None of these']);
    await properties().getByLabel('Offer “Other (please specify)”').check();
    await properties().getByLabel('Label of “Other”').fill('Somewhere else');
    await properties().getByLabel('Order of the choices').selectOption({ label: 'Shuffle, keep the last one last' });
    await expectSaved(page);
    await shot('other-and-shuffle');
    await expectNoViolations('draft with Other and shuffle');
  });

  it('shows a question only when a row of the grid has an answer, and says so in words', async () => {
    await addQuestion('Short text', 'What would make us faster?');
    await properties().getByLabel('Visibility mode').selectOption('CONDITIONAL');
    await properties().getByLabel('Reads').selectOption({ label: 'Answer to “How satisfied are you with us?”' });
    await properties().getByLabel('Row', { exact: true }).selectOption({ label: 'Speed' });
    await properties().getByLabel('Operator').selectOption({ label: 'is one of' });
    await properties()
      .getByLabel('Value')
      .selectOption([{ label: 'Very dissatisfied' }, { label: 'Dissatisfied' }]);
    await expect
      .poll(() =>
        properties()
          .getByText(
            'In words: Shown when the row “Speed” of “How satisfied are you with us?” is one of “Very dissatisfied” or “Dissatisfied”.',
          )
          .count(),
      )
      .toBe(1);
    // A condition reading “Other” of the choice question, in words too.
    await properties().getByRole('button', { name: 'Add visibility condition' }).click();
    await properties().getByLabel('Reads').nth(1).selectOption({ label: 'Answer to “How did you hear of us?”' });
    await properties().getByLabel('Which answer').selectOption({ label: '“Somewhere else” and its text' });
    await properties().getByLabel('Visibility: conditions that must hold').selectOption({ label: 'Any of them' });
    await expect
      .poll(() => properties().locator('.rule-summary').first().textContent())
      .toContain('or “Somewhere else” is chosen in “How did you hear of us?”');
    await expectSaved(page);
    await shot('matrix-rule');
    await expectNoViolations('draft with a rule on a grid’s row');
  });

  it('sees each new type in the preview', async () => {
    await outline()
      .getByRole('button', { name: /^How satisfied are you with us\? \(/ })
      .click();
    // The grid: a table with a header per column and per row where the preview has room for its words,
    // else (the preview pane is narrow) each row its own group of options, named by the row.
    const rowOf = (name: string) =>
      preview()
        .getByRole('row', { name: new RegExp(name) })
        .or(preview().getByRole('group', { name }));
    await rowOf('Friendliness').first().waitFor({ timeout: 15_000 });
    expect(
      await rowOf('Friendliness')
        .first()
        .getByRole('radio', { name: /Very satisfied/ })
        .count(),
    ).toBe(1);
    // The ranking offers its choices; NPS its eleven scores; the moments their native inputs.
    expect(await preview().getByText('Dark mode').count()).toBeGreaterThan(0);
    expect(await preview().getByRole('radio', { name: '10' }).count()).toBe(1);
    expect(await preview().locator('input[type="datetime-local"]').count()).toBe(1);
    expect(await preview().locator('input[type="time"]').count()).toBe(1);
    // “Other” with its own label, kept last after the shuffle with the last choice.
    expect(await preview().getByRole('radio', { name: 'Somewhere else' }).count()).toBe(1);
    // The rule holds in the preview: a bad answer on Speed shows the follow-up question.
    expect(await preview().getByLabel('What would make us faster?').count()).toBe(0);
    await rowOf('Speed')
      .first()
      .getByRole('radio', { name: /Dissatisfied/ })
      .first()
      .check();
    await expect.poll(() => preview().getByLabel('What would make us faster?').count()).toBe(1);
    await shot('preview');
  });

  it('publishes, takes answers through the public API, and the Summary shows each question', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText(/Version 1 is published/).count()).toBeGreaterThan(0);
    const version = await api.ok<{ definition: { questions: { code: string; type: string }[] } }>(
      'GET',
      `/api/v1/questionnaires/${id}/versions/1`,
    );
    // The version in words shows the new settings by name, their values in words.
    await page.goto(`${run.server.url}/questionnaires/${id}/versions/1`);
    await expect
      .poll(() => page.getByText('Order of the rows: Shuffle for each respondent', { exact: false }).count())
      .toBeGreaterThan(0);
    expect(
      await page.getByText('Order of the choices: Shuffle, keep the last one last', { exact: false }).count(),
    ).toBeGreaterThan(0);
    expect(await page.getByText('Rows: “Speed”, “Price”, “Friendliness”', { exact: false }).count()).toBeGreaterThan(0);
    await shot('version-in-words');
    const code = (type: string) => version.definition.questions.find((q) => q.type === type)?.code ?? '';
    expect(version.definition.questions.map((q) => q.type)).toEqual([
      'MATRIX',
      'RANKING',
      'NPS',
      'DATE_TIME',
      'TIME',
      'SINGLE_CHOICE',
      'SHORT_TEXT',
    ]);
    const answers = [
      {
        [code('MATRIX')]: { speed: 'very_dissatisfied', price: 'satisfied', friendliness: 'very_satisfied' },
        [code('RANKING')]: ['export', 'dark_mode'],
        [code('NPS')]: 9,
        [code('DATE_TIME')]: '2026-12-02T10:30+01:00',
        [code('TIME')]: '10:00',
        [code('SINGLE_CHOICE')]: { other: 'A podcast' },
        [code('SHORT_TEXT')]: 'Answer sooner',
      },
      {
        [code('MATRIX')]: { speed: 'satisfied', price: 'neutral', friendliness: 'satisfied' },
        [code('RANKING')]: ['dark_mode', 'sharing'],
        [code('NPS')]: 3,
        [code('DATE_TIME')]: '2026-12-03T15:00+01:00',
        [code('TIME')]: '16:30',
        [code('SINGLE_CHOICE')]: 'web_search',
      },
    ];
    for (const answer of answers) await api.respond(publicId, 1, answer);

    await page.goto(`${run.server.url}/questionnaires/${id}/summary`);
    for (const prompt of [
      'How satisfied are you with us?',
      'Rank these features',
      'How likely are you to recommend us?',
      'When shall we call you?',
      'Best time to reach you',
      'How did you hear of us?',
    ])
      await expect.poll(() => page.getByRole('heading', { name: prompt }).count(), { timeout: 15_000 }).toBe(1);
    await shot('summary');
  });
});
