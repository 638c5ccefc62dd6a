import { Definition, type DefinitionInput } from '@forms-engine/schema';
import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePublicApi } from '../../test/support/fake-public-api';
import type { GeocodeSuggestion, Definition as PlainDefinition } from '../client/types';
import { type EmbedHandle, mount } from '../mount';
import { acceptAttribute } from './questions/file-upload';

type Ui = ReturnType<typeof within>;
type User = ReturnType<typeof userEvent.setup>;
const handles: EmbedHandle[] = [];
afterEach(() => {
  for (const handle of handles.splice(0)) handle.destroy();
  document.body.replaceChildren();
  sessionStorage.clear();
});

async function renderQuestions(questions: unknown[], options: { suggestions?: GeocodeSuggestion[] } = {}) {
  const definition = Definition.parse({ schemaVersion: 1, questions } as DefinitionInput) as PlainDefinition;
  const api = fakePublicApi(definition, options);
  const target = document.createElement('div');
  document.body.append(target);
  handles.push(mount(target, { baseUrl: 'https://forms.test', publicId: 'pub1', fetch: api.fetch }));
  const root = target.querySelector('[data-forms-engine]')?.shadowRoot as ShadowRoot;
  const ui = within(root.querySelector('.fe') as HTMLElement);
  await ui.findByRole('button', { name: 'Submit' });
  return { api, ui, root, user: userEvent.setup() };
}

/** The control a label names (jsdom's label lookup does not see into shadow roots). */
function byLabel(ui: Ui, text: string): HTMLInputElement {
  const label = ui.getByText(text, { selector: 'label' }) as HTMLLabelElement;
  const root = label.getRootNode() as ShadowRoot;
  return root.getElementById(label.htmlFor) as HTMLInputElement;
}

/** Submits and returns the answers the embed saved. */
async function submit(ui: Ui, user: User, api: ReturnType<typeof fakePublicApi>) {
  await user.click(ui.getByRole('button', { name: 'Submit' }));
  await ui.findByRole('heading', { name: 'Thank you' });
  return (api.patches().at(-1) as { answers: Record<string, unknown> }).answers;
}

const choices = [
  { value: 'a', label: 'Apple' },
  { value: 'b', label: 'Banana' },
  { value: 'c', label: 'Cherry' },
];

type Row = [
  type: string,
  typeConfig: Record<string, unknown>,
  answer: (ui: Ui, user: User) => Promise<void>,
  expected: unknown,
];

const ROWS: Row[] = [
  ['SHORT_TEXT', {}, (ui, user) => user.type(ui.getByRole('textbox', { name: 'Prompt' }), 'Ada'), 'Ada'],
  ['LONG_TEXT', {}, (ui, user) => user.type(ui.getByRole('textbox', { name: 'Prompt' }), 'one{Enter}two'), 'one\ntwo'],
  [
    'NUMBER',
    { min: 0, step: 0.5 },
    (ui, user) => user.type(ui.getByRole('spinbutton', { name: 'Prompt' }), '4.5'),
    4.5,
  ],
  [
    'EMAIL',
    {},
    (ui, user) => user.type(ui.getByRole('textbox', { name: 'Prompt' }), 'ada@example.org'),
    'ada@example.org',
  ],
  ['PHONE', {}, (ui, user) => user.type(ui.getByRole('textbox', { name: 'Prompt' }), '+1 555 0100'), '+1 555 0100'],
  [
    'URL',
    {},
    (ui, user) => user.type(ui.getByRole('textbox', { name: 'Prompt' }), 'https://example.org'),
    'https://example.org',
  ],
  ['DATE', {}, (ui, user) => user.type(byLabel(ui, 'Prompt'), '2024-05-06'), '2024-05-06'],
  [
    'SINGLE_CHOICE',
    { choices },
    (ui, user) =>
      user.click(within(ui.getByRole('radiogroup', { name: 'Prompt' })).getByRole('radio', { name: 'Banana' })),
    'b',
  ],
  [
    'MULTI_CHOICE',
    { choices },
    async (ui, user) => {
      const group = within(ui.getByRole('group', { name: 'Prompt' }));
      await user.click(group.getByRole('checkbox', { name: 'Cherry' }));
      await user.click(group.getByRole('checkbox', { name: 'Apple' }));
    },
    ['a', 'c'],
  ],
  [
    'DROPDOWN',
    { choices },
    (ui, user) => user.selectOptions(ui.getByRole('combobox', { name: 'Prompt' }), 'Cherry'),
    'c',
  ],
  [
    'YES_NO',
    { noLabel: 'Nope' },
    (ui, user) =>
      user.click(within(ui.getByRole('radiogroup', { name: 'Prompt' })).getByRole('radio', { name: 'Nope' })),
    false,
  ],
  [
    'RATING',
    { min: 1, max: 5 },
    (ui, user) => user.click(within(ui.getByRole('radiogroup', { name: 'Prompt' })).getByRole('radio', { name: '4' })),
    4,
  ],
  [
    'CONSENT',
    { label: 'I agree to the terms' },
    (ui, user) => user.click(ui.getByRole('checkbox', { name: 'I agree to the terms' })),
    true,
  ],
];

describe('every question type has a native, labelled control named by its prompt', () => {
  it.each(ROWS)('%s %j', async (type, typeConfig, answer, expected) => {
    const { ui, user, api } = await renderQuestions([
      { id: 'q', code: 'q', type, prompt: 'Prompt', typeConfig, requirement: { mode: 'ALWAYS' } },
    ]);
    await answer(ui, user);
    expect(await submit(ui, user, api)).toEqual({ q: expected });
  });

  it('CONSENT without a label is named by its prompt', async () => {
    const { ui } = await renderQuestions([{ id: 'q', code: 'q', type: 'CONSENT', prompt: 'Prompt' }]);
    expect(ui.getByRole('checkbox', { name: 'Prompt' })).toBeTruthy();
  });

  it('YES_NO offers "Yes" and "No" by default; RATING runs min..max on its step', async () => {
    const { ui } = await renderQuestions([
      { id: 'a', code: 'a', type: 'YES_NO', prompt: 'Sure?' },
      { id: 'b', code: 'b', type: 'RATING', prompt: 'Score', typeConfig: { min: 0, max: 10, step: 5 } },
    ]);
    const yesNo = within(ui.getByRole('radiogroup', { name: 'Sure?' }));
    expect(yesNo.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['true', 'false']);
    expect(yesNo.getByRole('radio', { name: 'Yes' })).toBeTruthy();
    const score = within(ui.getByRole('radiogroup', { name: 'Score' }));
    expect(score.getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      '0',
      '5',
      '10',
    ]);
  });

  it('STATEMENT shows its text and asks nothing', async () => {
    const { ui, user, api, root } = await renderQuestions([
      { id: 's', code: 's', type: 'STATEMENT', prompt: 'Please read', typeConfig: { body: 'Line one\nLine two' } },
    ]);
    expect(ui.getByText('Please read')).toBeTruthy();
    expect(ui.getByText(/Line one/).textContent).toBe('Line one\nLine two');
    expect(root.querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(await submit(ui, user, api)).toEqual({});
  });

  it('FILE_UPLOAD uploads on choice (creating the response first), lists the file, and removes it on the server', async () => {
    const { ui, user, api } = await renderQuestions([
      {
        id: 'f',
        code: 'f',
        type: 'FILE_UPLOAD',
        prompt: 'Prompt',
        typeConfig: { maxFiles: 2, acceptedContentTypes: ['text/plain'] },
      },
    ]);
    const input = byLabel(ui, 'Prompt');
    expect(input.type).toBe('file');
    expect(input.accept).toBe('text/plain');
    await user.upload(input, new File(['hello'], 'a.txt', { type: 'text/plain' }));
    const remove = await ui.findByRole('button', { name: 'Remove a.txt' });
    expect(api.count('POST', /\/responses$/)).toBe(1);
    expect(api.calls.find((c) => c.path.endsWith('/files'))?.search).toBe('?questionCode=f');
    await user.click(remove);
    await waitFor(() => expect(ui.queryByRole('button', { name: 'Remove a.txt' })).toBeNull());
    expect(api.count('DELETE', /\/files\/file-1$/)).toBe(1);
    await user.upload(input, new File(['again'], 'b.txt', { type: 'text/plain' }));
    await ui.findByRole('button', { name: 'Remove b.txt' });
    expect(await submit(ui, user, api)).toEqual({
      f: [{ fileId: 'file-2', fileName: 'b.txt', size: 5, contentType: 'text/plain' }],
    });
    expect(api.count('POST', /\/responses$/)).toBe(1);
  });

  it('FILE_UPLOAD refuses types it does not accept and files beyond maxFiles, without uploading them', async () => {
    const { ui, user, api } = await renderQuestions([
      {
        id: 'f',
        code: 'f',
        type: 'FILE_UPLOAD',
        prompt: 'Prompt',
        typeConfig: { maxFiles: 1, acceptedContentTypes: ['image/*'] },
      },
    ]);
    const input = byLabel(ui, 'Prompt');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await ui.findByText('notes.txt is not an accepted file type.')).toBeTruthy();
    expect(api.count('POST', /\/files$/)).toBe(0);
    await user.upload(input, new File(['x'], 'p.png', { type: 'image/png' }));
    await ui.findByRole('button', { name: 'Remove p.png' });
    expect(input.disabled).toBe(true);
  });

  it('FILE_UPLOAD filters the picker only with wildcards HTML understands', () => {
    expect(acceptAttribute(['image/*', 'application/pdf'])).toBe('image/*,application/pdf');
    expect(acceptAttribute(['text/*', 'image/png'])).toBeUndefined();
    expect(acceptAttribute([])).toBeUndefined();
  });

  it('ADDRESS labels every part and fills them from a suggestion picked with the keyboard', async () => {
    const suggestion = {
      line1: '12 Main Street',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
      label: '12 Main Street, Springfield, IL 62701, United States',
    };
    const { ui, user, api } = await renderQuestions(
      [{ id: 'a', code: 'a', type: 'ADDRESS', prompt: 'Home', requirement: { mode: 'ALWAYS' } }],
      { suggestions: [suggestion, { ...suggestion, city: 'Springfield Gardens', label: 'Other' }] },
    );
    expect(ui.getByRole('group', { name: 'Home' })).toBeTruthy();
    for (const name of ['Address line 2', 'City', 'State / region', 'Postal code']) {
      expect(ui.getByRole('textbox', { name })).toBeTruthy();
    }
    expect(ui.getByRole('combobox', { name: 'Country' })).toBeTruthy();
    const street = ui.getByRole('combobox', { name: 'Street address' });
    await user.type(street, '12 Main Street, Springf');
    const listbox = await ui.findByRole('listbox');
    expect(street.getAttribute('aria-expanded')).toBe('true');
    expect(within(listbox).getAllByRole('option')).toHaveLength(2);
    expect(api.calls.find((c) => c.path.endsWith('/geocode'))?.search).toContain('q=12+Main+Street%2C+Springf');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(street.getAttribute('aria-activedescendant')).toBe(within(listbox).getAllByRole('option')[0]?.id);
    await user.keyboard('{Enter}');
    expect(ui.queryByRole('listbox')).toBeNull();
    expect((ui.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Springfield');
    expect((ui.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('US');
    expect(await submit(ui, user, api)).toEqual({
      a: { line1: '12 Main Street', line2: '', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
    });
  });

  it('ADDRESS closes its suggestions with Escape', async () => {
    const suggestion = { line1: '', city: 'Paris', state: '', postalCode: '', country: 'FR', label: 'Paris, France' };
    const { ui, user } = await renderQuestions([{ id: 'a', code: 'a', type: 'ADDRESS', prompt: 'Home' }], {
      suggestions: [suggestion],
    });
    await user.type(ui.getByRole('combobox', { name: 'Street address' }), 'Par');
    await ui.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(ui.queryByRole('listbox')).toBeNull();
  });
});

describe('required and invalid states', () => {
  it('exposes required, and after a failed Submit marks every control invalid, described by its message, focusing the first', async () => {
    const types: [string, Record<string, unknown>][] = [
      ['SHORT_TEXT', {}],
      ['NUMBER', {}],
      ['DATE', {}],
      ['SINGLE_CHOICE', { choices }],
      ['MULTI_CHOICE', { choices }],
      ['DROPDOWN', { choices }],
      ['FILE_UPLOAD', {}],
      ['CONSENT', {}],
    ];
    const { ui, user, root, api } = await renderQuestions(
      types.map(([type, typeConfig], i) => ({
        id: `q${i}`,
        code: `q${i}`,
        type,
        prompt: `P${i}`,
        typeConfig,
        requirement: { mode: 'ALWAYS' },
      })),
    );
    const text = ui.getByRole('textbox', { name: 'P0' }) as HTMLInputElement;
    expect(text.required).toBe(true);
    expect(ui.getByRole('radiogroup', { name: 'P3' }).getAttribute('aria-required')).toBe('true');
    await user.click(ui.getByRole('button', { name: 'Submit' }));
    expect(ui.getByRole('alert').textContent).toContain('8 answers need your attention.');
    const invalid = [...root.querySelectorAll('[aria-invalid="true"]')];
    expect(invalid).toHaveLength(8);
    for (const element of invalid) {
      const described = (element.getAttribute('aria-describedby') ?? '').split(' ');
      const message = described.map((id) => root.getElementById(id)?.textContent).join(' ');
      expect(message).toContain('This answer is required.');
    }
    expect(root.activeElement).toBe(text);
    expect(api.count('POST', /\/responses$/)).toBe(0);
    // Fixing an answer clears its error at once.
    await user.type(text, 'x');
    expect(text.getAttribute('aria-invalid')).toBeNull();
  });
});

async function waitFor(check: () => void, timeoutMs = 2000) {
  const start = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
