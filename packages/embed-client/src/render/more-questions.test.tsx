import { Definition, type DefinitionInput } from '@forms-engine/schema';
import { shuffledOrder, withLocalOffset } from '@forms-engine/schema/rules';
import { fireEvent, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePublicApi } from '../../test/support/fake-public-api';
import type { Definition as PlainDefinition } from '../client/types';
import { type EmbedHandle, mount } from '../mount';
import { storageKey } from '../session/storage';

/** Issue 25 in the embed: matrix, ranking, NPS, date-time, time, Other and shuffled lists. */

type Ui = ReturnType<typeof within>;
type User = ReturnType<typeof userEvent.setup>;
const handles: EmbedHandle[] = [];
afterEach(() => {
  for (const handle of handles.splice(0)) handle.destroy();
  document.body.replaceChildren();
  sessionStorage.clear();
});

async function renderQuestions(questions: unknown[], options: Parameters<typeof fakePublicApi>[1] = {}) {
  const definition = Definition.parse({ schemaVersion: 1, questions } as DefinitionInput) as PlainDefinition;
  const api = fakePublicApi(definition, options);
  const target = document.createElement('div');
  document.body.append(target);
  handles.push(mount(target, { baseUrl: 'https://forms.test', publicId: 'pub1', fetch: api.fetch }));
  const root = target.querySelector('[data-forms-engine]')?.shadowRoot as ShadowRoot;
  const ui = within(root.querySelector('.fe') as HTMLElement);
  await ui.findByRole('button', { name: 'Submit' });
  // These types load on demand.
  await vi.waitFor(() => expect(root.querySelector('[data-pending]')).toBeNull());
  return { api, ui, root, user: userEvent.setup() };
}

async function submit(ui: Ui, user: User, api: ReturnType<typeof fakePublicApi>) {
  await user.click(ui.getByRole('button', { name: 'Submit' }));
  await ui.findByRole('heading', { name: 'Thank you' });
  return (api.patches().at(-1) as { answers: Record<string, unknown> }).answers;
}

const list = (...labels: string[]) => labels.map((label) => ({ value: label.toLowerCase(), label }));
const question = (type: string, typeConfig: object, extra: object = {}) => ({
  id: 'q',
  code: 'q',
  type,
  prompt: 'Prompt',
  typeConfig,
  ...extra,
});
const required = { requirement: { mode: 'ALWAYS' } };

describe('MATRIX', () => {
  const grid = { rows: list('Speed', 'Price'), columns: list('Bad', 'Good') };

  it('is a table with column and row headers; each radio is named by both, one group per row', async () => {
    const { ui, user, api, root } = await renderQuestions([question('MATRIX', grid)]);
    const group = within(ui.getByRole('group', { name: 'Prompt' }));
    expect(group.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Bad', 'Good']);
    expect(group.getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Speed', 'Price']);
    expect(root.querySelector('th[scope="col"]')).toBeTruthy();
    expect(root.querySelector('th[scope="row"]')).toBeTruthy();
    const speedGood = group.getByRole('radio', { name: 'Speed Good' }) as HTMLInputElement;
    const priceBad = group.getByRole('radio', { name: 'Price Bad' }) as HTMLInputElement;
    expect(speedGood.name).not.toBe(priceBad.name); // one radio group per row
    await user.click(speedGood);
    await user.click(priceBad);
    expect(await submit(ui, user, api)).toEqual({ q: { speed: 'good', price: 'bad' } });
  });

  it('required: the rows left unanswered are marked and the error says so', async () => {
    const { ui, user, root } = await renderQuestions([question('MATRIX', grid, required)]);
    await user.click(ui.getByRole('radio', { name: 'Speed Good' }));
    await user.click(ui.getByRole('button', { name: 'Submit' }));
    expect(await ui.findAllByText('Answer every row.')).not.toHaveLength(0);
    const missing = [...root.querySelectorAll('.fe-matrix-missing th')].map((th) => th.textContent);
    expect(missing).toEqual(['Price']);
    expect(ui.getByRole('radio', { name: 'Price Good' }).getAttribute('aria-invalid')).toBe('true');
    expect(ui.getByRole('radio', { name: 'Speed Good' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('with multiple: checkboxes, arrow keys move inside the row, each row answers a list', async () => {
    const { ui, user, api } = await renderQuestions([question('MATRIX', { ...grid, multiple: true })]);
    const first = ui.getByRole('checkbox', { name: 'Speed Bad' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect((first.getRootNode() as ShadowRoot).activeElement).toBe(ui.getByRole('checkbox', { name: 'Speed Good' }));
    await user.click(ui.getByRole('checkbox', { name: 'Speed Good' }));
    await user.click(ui.getByRole('checkbox', { name: 'Speed Bad' }));
    expect(await submit(ui, user, api)).toEqual({ q: { speed: ['bad', 'good'] } });
  });
});

describe('RANKING', () => {
  const items = list('Alpha', 'Beta', 'Gamma');

  it('ranks with the Rank buttons, moves with the arrow keys, announces each move, answers rank 1 first', async () => {
    const { ui, user, api, root } = await renderQuestions([question('RANKING', { choices: items }, required)]);
    await user.click(ui.getByRole('button', { name: 'Rank Gamma' }));
    // Focus goes on to the next item to rank.
    expect(root.activeElement).toBe(ui.getByRole('button', { name: 'Rank Beta' }));
    await user.click(ui.getByRole('button', { name: 'Rank Alpha' }));
    await user.click(ui.getByRole('button', { name: 'Rank Beta' }));
    const live = root.querySelector('[aria-live="polite"]') as HTMLElement;
    expect(live.textContent).toBe('Moved Beta to position 3 of 3.');
    const ranked = within(ui.getByRole('list', { name: 'Your ranking' }));
    const beta = ranked.getAllByRole('listitem')[2] as HTMLElement;
    beta.focus();
    fireEvent.keyDown(beta, { key: 'ArrowUp', altKey: true });
    await vi.waitFor(() => expect(live.textContent).toBe('Moved Beta to position 2 of 3.'));
    expect(root.activeElement?.textContent).toContain('Beta'); // the moved item keeps the focus
    expect(ranked.getAllByRole('listitem').map((li) => li.querySelector('.fe-rank-label')?.textContent)).toEqual([
      'Gamma',
      'Beta',
      'Alpha',
    ]);
    await user.click(ui.getByRole('button', { name: 'Move Gamma down' }));
    expect(await submit(ui, user, api)).toEqual({ q: ['beta', 'gamma', 'alpha'] });
  });

  it('with rankCount only the top N are ranked; an item can be taken out again', async () => {
    const { ui, user, api } = await renderQuestions([question('RANKING', { choices: items, rankCount: 2 }, required)]);
    expect(ui.getByText(/Rank your top 2\./)).toBeTruthy();
    await user.click(ui.getByRole('button', { name: 'Rank Beta' }));
    await user.click(ui.getByRole('button', { name: 'Submit' }));
    expect(await ui.findAllByText('Rank 2 items.')).not.toHaveLength(0);
    await user.click(ui.getByRole('button', { name: 'Rank Alpha' }));
    expect((ui.getByRole('button', { name: 'Rank Gamma' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(ui.getByRole('button', { name: 'Remove Beta from the ranking' }));
    await user.click(ui.getByRole('button', { name: 'Rank Gamma' }));
    expect(await submit(ui, user, api)).toEqual({ q: ['alpha', 'gamma'] });
  });
});

describe('NPS', () => {
  it('is one radio group of 0 to 10 with the end labels read out with the ends', async () => {
    const { ui, user, api } = await renderQuestions([question('NPS', { maxLabel: 'Surely' })]);
    const group = within(ui.getByRole('radiogroup', { name: 'Prompt' }));
    const names = ['0, Not at all likely', ...'123456789'.split(''), '10, Surely'];
    expect(group.getAllByRole('radio')).toEqual(names.map((name) => group.getByRole('radio', { name })));
    await user.click(group.getByRole('radio', { name: '0, Not at all likely' }));
    expect(await submit(ui, user, api)).toEqual({ q: 0 });
  });
});

describe('DATE_TIME and TIME', () => {
  it('a date-time answers with the offset of the respondent’s zone; limits are written their way', async () => {
    const { ui, user, api, root } = await renderQuestions([
      question('DATE_TIME', { min: '2026-01-01T09:00+00:00' }),
      { ...question('TIME', { min: '09:00', stepMinutes: 15 }), id: 't', code: 't', prompt: 'When' },
    ]);
    const dateTime = root.querySelector('input[type="datetime-local"]') as HTMLInputElement;
    const time = root.querySelector('input[type="time"]') as HTMLInputElement;
    expect(time.step).toBe('900');
    expect(time.min).toBe('09:00');
    fireEvent.input(dateTime, { target: { value: '2025-12-31T10:00' } });
    fireEvent.input(time, { target: { value: '08:30' } });
    await user.click(ui.getByRole('button', { name: 'Submit' }));
    expect(await ui.findAllByText('Enter January 1, 2026 at 9:00 AM or later.', { exact: false })).not.toHaveLength(0);
    expect(ui.getAllByText('Enter 8:30 AM or later.'.replace('8:30', '9:00'))).not.toHaveLength(0);
    fireEvent.input(dateTime, { target: { value: '2026-07-01T10:30' } });
    fireEvent.input(time, { target: { value: '09:45' } });
    expect(await submit(ui, user, api)).toEqual({ q: withLocalOffset('2026-07-01T10:30'), t: '09:45' });
    expect(withLocalOffset('2026-07-01T10:30')).toMatch(/^2026-07-01T10:30[+-]\d\d:\d\d$/);
  });
});

describe('Other (please specify)', () => {
  const choices = list('Red', 'Blue');

  it('single choice: choosing Other shows a focused text field; its text stays when switching away and back', async () => {
    const { ui, user, api, root } = await renderQuestions([question('SINGLE_CHOICE', { choices, allowOther: true })]);
    await user.click(ui.getByRole('radio', { name: 'Other' }));
    const text = ui.getByRole('textbox', { name: 'Your answer for “Other”' });
    await vi.waitFor(() => expect(root.activeElement).toBe(text));
    await user.type(text, 'Green');
    await user.click(ui.getByRole('radio', { name: 'Blue' }));
    expect(ui.queryByRole('textbox')).toBeNull();
    await user.click(ui.getByRole('radio', { name: 'Other' }));
    expect((ui.getByRole('textbox') as HTMLInputElement).value).toBe('Green');
    expect(await submit(ui, user, api)).toEqual({ q: { other: 'Green' } });
  });

  it('required with nothing typed says so; the multi choice keeps its values and one Other item', async () => {
    const { ui, user, api } = await renderQuestions([
      question('MULTI_CHOICE', { choices, allowOther: true, otherLabel: 'Something else' }, required),
    ]);
    await user.click(ui.getByRole('checkbox', { name: 'Blue' }));
    await user.click(ui.getByRole('checkbox', { name: 'Something else' }));
    await user.click(ui.getByRole('button', { name: 'Submit' }));
    expect(await ui.findAllByText('Type your answer for “Other”.')).not.toHaveLength(0);
    await user.type(ui.getByRole('textbox', { name: 'Your answer for “Something else”' }), 'Teal');
    await user.click(ui.getByRole('checkbox', { name: 'Red' }));
    expect(await submit(ui, user, api)).toEqual({ q: ['red', 'blue', { other: 'Teal' }] });
  });

  it('dropdown: Other is the last option and shows its text field', async () => {
    const { ui, user, api } = await renderQuestions([question('DROPDOWN', { choices, allowOther: true })]);
    await user.selectOptions(ui.getByRole('combobox', { name: 'Prompt' }), 'Other');
    await user.type(ui.getByRole('textbox', { name: 'Your answer for “Other”' }), 'Pink');
    expect(await submit(ui, user, api)).toEqual({ q: { other: 'Pink' } });
  });
});

describe('shuffled lists', () => {
  const many = list('A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'None');

  it('follow the seed stored with the response: the same order after a reload, None of these last', async () => {
    const shown = async () => {
      const { ui, user } = await renderQuestions(
        [
          {
            ...question('SINGLE_CHOICE', { choices: many, shuffle: 'ALL_BUT_LAST' }),
            requirement: { mode: 'ALWAYS' },
          },
        ],
        { rehydration: { answers: {} } },
      );
      return { order: ui.getAllByRole('radio').map((radio) => radio.getAttribute('value')), ui, user };
    };
    const first = await shown();
    await first.user.click(first.ui.getAllByRole('radio')[0] as HTMLElement);
    await first.user.click(first.ui.getByRole('button', { name: 'Submit' })); // creates the response
    await vi.waitFor(() => expect(sessionStorage.getItem(storageKey('pub1', undefined))).toBeTruthy());
    const seed = sessionStorage.getItem(`${storageKey('pub1', undefined)}:seed`) as string;
    expect(first.order).toEqual(shuffledOrder(many, 'ALL_BUT_LAST', `${seed}:q`).map((choice) => choice.value));
    expect(first.order.at(-1)).toBe('none');
    for (const handle of handles.splice(0)) handle.destroy();
    document.body.replaceChildren();
    expect((await shown()).order).toEqual(first.order); // the seed came back with the response
  });

  it('shuffle matrix rows and ranking items with the same seed', async () => {
    sessionStorage.setItem(`${storageKey('pub1', undefined)}:seed`, 'fixed');
    const { ui } = await renderQuestions([
      question('MATRIX', { rows: many, columns: list('No', 'Yes'), shuffle: 'ALL' }),
      { ...question('RANKING', { choices: many, shuffle: 'ALL' }), id: 'r', code: 'r' },
    ]);
    const rows = ui.getAllByRole('rowheader').map((th) => th.textContent);
    expect(rows).toEqual(shuffledOrder(many, 'ALL', 'fixed:q').map((row) => row.label));
    const unranked = within(ui.getByRole('list', { name: 'Not ranked yet' }));
    expect(unranked.getAllByRole('listitem').map((li) => li.querySelector('.fe-rank-label')?.textContent)).toEqual(
      shuffledOrder(many, 'ALL', 'fixed:r').map((item) => item.label),
    );
  });
});
