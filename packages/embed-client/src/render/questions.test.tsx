import { Definition, type DefinitionInput } from '@forms-engine/schema';
import { fireEvent, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePublicApi, problemResponse } from '../../test/support/fake-public-api';
import type { Definition as PlainDefinition } from '../client/types';
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

async function renderQuestions(
  questions: unknown[],
  options: Parameters<typeof fakePublicApi>[1] & { maxFileSizeMb?: number } = {},
) {
  const definition = Definition.parse({ schemaVersion: 1, questions } as DefinitionInput) as PlainDefinition;
  const api = fakePublicApi(definition, options);
  const target = document.createElement('div');
  document.body.append(target);
  const { maxFileSizeMb } = options;
  handles.push(mount(target, { baseUrl: 'https://forms.test', publicId: 'pub1', fetch: api.fetch, maxFileSizeMb }));
  const root = target.querySelector('[data-forms-engine]')?.shadowRoot as ShadowRoot;
  const ui = within(root.querySelector('.fe') as HTMLElement);
  await ui.findByRole('button', { name: 'Submit' });
  // The file upload and the address are loaded when first drawn.
  await vi.waitFor(() => expect(root.querySelector('[data-pending]')).toBeNull());
  return { api, ui, root, user: userEvent.setup() };
}

/** The control a label names (jsdom's label lookup does not see into shadow roots). */
function byLabel(ui: Ui, text: string): HTMLInputElement {
  const label = ui.getByText(text, { selector: 'label' }) as HTMLLabelElement;
  const root = label.getRootNode() as ShadowRoot;
  return root.getElementById(label.htmlFor) as HTMLInputElement;
}

/** A city-level suggestion: no street, no postal code. */
const city = {
  line1: '',
  city: 'Springfield',
  state: 'IL',
  postalCode: '',
  country: 'US',
  label: 'Springfield, IL, United States',
};

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const fileInput = (root: ShadowRoot) => root.querySelector('input[type="file"]') as HTMLInputElement;

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

describe('prompts, consent labels and statements in the safe rich-text subset', () => {
  it('a consent label links to a policy that opens in a new tab, and the checkbox keeps its name', async () => {
    const { ui } = await renderQuestions([
      {
        id: 'c',
        code: 'c',
        type: 'CONSENT',
        prompt: 'Privacy',
        typeConfig: { label: 'I accept the [privacy policy](https://example.com/privacy) **now**' },
      },
    ]);
    const link = ui.getByRole('link', { name: 'privacy policy' }) as HTMLAnchorElement;
    expect(link.href).toBe('https://example.com/privacy');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    expect(ui.getByText('now').tagName).toBe('STRONG');
    expect(ui.getByRole('checkbox', { name: 'I accept the privacy policy now' })).toBeTruthy();
  });

  it('hostile markup and unsafe links show as text', async () => {
    const hostile = '<img src=x onerror=alert(1)> [x](javascript:alert(1))';
    const { ui, root } = await renderQuestions([
      { id: 'q', code: 'q', type: 'SHORT_TEXT', prompt: hostile },
      { id: 's', code: 's', type: 'STATEMENT', prompt: '*Note*', typeConfig: { body: hostile } },
    ]);
    expect(root.querySelectorAll('img, a')).toHaveLength(0);
    expect(ui.getAllByText(hostile)).toHaveLength(2);
    expect(ui.getByText('Note').tagName).toBe('EM');
  });
});

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

  // Arrow keys are the browser's own radio behaviour: the e2e suite drives them in Chromium
  // (user-event cannot walk radios inside a shadow root).
  it('RATING is a row of buttons with radio semantics, the end labels read out with the ends', async () => {
    const { ui, user, api, root } = await renderQuestions([
      {
        id: 'r',
        code: 'r',
        type: 'RATING',
        prompt: 'How was it?',
        typeConfig: { min: 1, max: 5, minLabel: 'Poor', maxLabel: 'Great' },
      },
    ]);
    const group = within(ui.getByRole('radiogroup', { name: 'How was it?' }));
    const names = ['1, Poor', '2', '3', '4', '5, Great'];
    expect(group.getAllByRole('radio')).toEqual(names.map((name) => group.getByRole('radio', { name })));
    expect(root.querySelectorAll('.fe-rating .fe-rate')).toHaveLength(5);
    expect(ui.getByText('Poor').closest('[aria-hidden]')).toBeTruthy(); // shown under the row, read with the radio
    await user.click(group.getByRole('radio', { name: '1, Poor' }));
    await user.click(group.getByRole('radio', { name: '3' }));
    expect(group.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).checked)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(await submit(ui, user, api)).toEqual({ r: 3 });
  });

  it('STATEMENT shows its text and asks nothing', async () => {
    const { ui, user, api, root } = await renderQuestions([
      { id: 's', code: 's', type: 'STATEMENT', prompt: 'Please read', typeConfig: { body: 'Line one\nLine two' } },
    ]);
    expect(ui.getByText('Please read')).toBeTruthy();
    expect(ui.getByText(/Line one/).innerHTML).toBe('Line one<br>Line two');
    expect(root.querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(await submit(ui, user, api)).toEqual({});
  });

  it('FILE_UPLOAD uploads on choice (creating the response first), lists the file, and removes it on the server', async () => {
    const { ui, user, api, root } = await renderQuestions([
      {
        id: 'f',
        code: 'f',
        type: 'FILE_UPLOAD',
        prompt: 'Prompt',
        typeConfig: { maxFiles: 2, acceptedContentTypes: ['text/plain'] },
      },
    ]);
    const input = fileInput(root);
    expect(input.accept).toBe('text/plain,.txt');
    await user.upload(input, new File(['hello'], 'a.txt', { type: 'text/plain' }));
    const remove = await ui.findByRole('button', { name: 'Remove a.txt' });
    expect(ui.getByText('a.txt').closest('li')?.textContent).toContain('5 B');
    expect(api.count('POST', /\/responses$/)).toBe(1);
    expect(api.calls.find((c) => c.path.endsWith('/files'))?.search).toBe('?questionCode=f');
    await user.click(remove);
    await vi.waitFor(() => expect(ui.queryByRole('button', { name: 'Remove a.txt' })).toBeNull());
    await vi.waitFor(() => expect(root.activeElement).toBe(ui.getByRole('button', { name: /^Prompt/ })));
    expect(api.count('DELETE', /\/files\/file-1$/)).toBe(1);
    await user.upload(input, new File(['again'], 'b.txt', { type: 'text/plain' }));
    await ui.findByRole('button', { name: 'Remove b.txt' });
    expect(await submit(ui, user, api)).toEqual({
      f: [{ fileId: 'file-2', fileName: 'b.txt', size: 5, contentType: 'text/plain' }],
    });
    expect(api.count('POST', /\/responses$/)).toBe(1);
  });

  it('FILE_UPLOAD is a drop zone that is also a button, saying what it takes before the choice', async () => {
    const { ui, user, api, root } = await renderQuestions([
      {
        id: 'f',
        code: 'f',
        type: 'FILE_UPLOAD',
        prompt: 'Your CV',
        typeConfig: { maxFiles: 2, acceptedContentTypes: ['application/pdf', 'image/*', 'text/plain'] },
        requirement: { mode: 'ALWAYS' },
      },
    ]);
    const zone = ui.getByRole('button', { name: 'Your CV Choose files or drop them here' });
    const described = (zone.getAttribute('aria-describedby') ?? '').split(' ');
    const description = described.map((id) => root.getElementById(id)?.textContent).join(' ');
    expect(description).toContain('Accepted: PDF, images, TXT.');
    expect(description).toContain('Up to 10 MB per file.');
    expect(description).toContain('Files allowed: 2.');
    expect(description).toContain('Required');
    expect(ui.getByText(/Accepted: PDF, images, TXT\./)).toBeTruthy(); // seen as well as heard

    // A click on the zone (or Enter or Space: it is a native button; see e2e) opens the picker.
    const opened = vi.fn();
    fileInput(root).addEventListener('click', opened);
    await user.click(zone);
    expect(opened).toHaveBeenCalledTimes(1);

    // Dropping files uploads them.
    const file = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    await vi.waitFor(() => expect(zone.closest('.fe-dropzone')?.classList.contains('fe-dropzone-over')).toBe(true));
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    await vi.waitFor(() => expect(api.count('POST', /\/files$/)).toBe(1));
    await vi.waitFor(() => expect(ui.getByText('cv.pdf').closest('li')?.querySelector('progress')).toBeNull());
    expect(zone.closest('.fe-dropzone')?.classList.contains('fe-dropzone-over')).toBe(false);
  });

  it('FILE_UPLOAD refuses a file over the size limit before uploading it', async () => {
    const { ui, user, api, root } = await renderQuestions(
      [{ id: 'f', code: 'f', type: 'FILE_UPLOAD', prompt: 'Prompt', typeConfig: { maxFiles: 3 } }],
      { maxFileSizeMb: 1 },
    );
    expect(ui.getByText(/Up to 1 MB per file\./)).toBeTruthy();
    await user.upload(fileInput(root), new File([new Uint8Array(1024 * 1024 + 1)], 'big.bin'));
    expect(await ui.findByText('big.bin is larger than 1 MB.')).toBeTruthy();
    expect(api.count('POST', /\/files$/)).toBe(0);
  });

  it('FILE_UPLOAD shows each upload with its name, size and progress, and can cancel it', async () => {
    let release: () => void = () => undefined;
    const { ui, user, api, root } = await renderQuestions(
      [{ id: 'f', code: 'f', type: 'FILE_UPLOAD', prompt: 'Prompt', typeConfig: { maxFiles: 1 } }],
      {
        override: (call) =>
          call.path.endsWith('/files')
            ? new Promise<Response>((resolve) => {
                release = () => resolve(new Response(null, { status: 500 }));
              })
            : undefined,
      },
    );
    await user.upload(fileInput(root), new File(['x'.repeat(2048)], 'slow.txt', { type: 'text/plain' }));
    const item = (await ui.findByText('slow.txt')).closest('li') as HTMLElement;
    expect(item.textContent).toContain('2 kB');
    expect(within(item).getByRole('progressbar', { name: 'Uploading slow.txt' })).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Remove slow.txt' }));
    await vi.waitFor(() => expect(ui.queryByText('slow.txt')).toBeNull());
    release();
    expect(api.count('POST', /\/files$/)).toBe(1);
    expect(ui.queryByText(/could not be uploaded/)).toBeNull();
  });

  it('FILE_UPLOAD to a response that was erased starts afresh, like any other call', async () => {
    sessionStorage.setItem('forms-engine:response:pub1', 'resp-1');
    const { ui, user, root } = await renderQuestions(
      [{ id: 'f', code: 'f', type: 'FILE_UPLOAD', prompt: 'Prompt', typeConfig: { maxFiles: 2 } }],
      {
        rehydration: { answers: { f: [{ fileId: 'x', fileName: 'old.txt', size: 1, contentType: 'text/plain' }] } },
        override: (call) => (call.path.endsWith('/files') ? problemResponse(404, 'NOT_FOUND') : undefined),
      },
    );
    expect(ui.getByText('old.txt')).toBeTruthy();
    await user.upload(fileInput(root), new File(['x'], 'new.txt', { type: 'text/plain' }));
    expect(await ui.findByText(/no longer available/)).toBeTruthy();
    expect(ui.queryByText('old.txt')).toBeNull();
    expect(sessionStorage.getItem('forms-engine:response:pub1')).toBeNull();
  });

  it('FILE_UPLOAD refuses types it does not accept and files beyond maxFiles, without uploading them', async () => {
    const { ui, user, api, root } = await renderQuestions([
      {
        id: 'f',
        code: 'f',
        type: 'FILE_UPLOAD',
        prompt: 'Prompt',
        typeConfig: { maxFiles: 1, acceptedContentTypes: ['image/*'] },
      },
    ]);
    const input = fileInput(root);
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await ui.findByText('notes.txt is not an accepted file type.')).toBeTruthy();
    expect(api.count('POST', /\/files$/)).toBe(0);
    await user.upload(input, new File(['x'], 'p.png', { type: 'image/png' }));
    await ui.findByRole('button', { name: 'Remove p.png' });
    expect((ui.getByRole('button', { name: /^Prompt/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('FILE_UPLOAD filters the picker only with wildcards HTML understands, naming known types by extension too', () => {
    expect(acceptAttribute(['image/*', 'application/pdf'])).toBe('image/*,application/pdf,.pdf');
    expect(acceptAttribute([DOCX, 'image/jpeg', 'application/x-custom'])).toBe(
      `${DOCX},.docx,image/jpeg,.jpg,.jpeg,application/x-custom`,
    );
    expect(acceptAttribute(['text/*', 'image/png'])).toBeUndefined();
    expect(acceptAttribute([])).toBeUndefined();
  });

  it('FILE_UPLOAD names known types by their extension, from the file-type table', async () => {
    const { ui, root } = await renderQuestions([
      {
        id: 'f',
        code: 'f',
        type: 'FILE_UPLOAD',
        prompt: 'Prompt',
        typeConfig: {
          maxFiles: 1,
          acceptedContentTypes: ['application/pdf', DOCX, 'image/jpeg', 'image/*', 'text/plain'],
        },
      },
    ]);
    expect(ui.getByText(/^Accepted: PDF, DOCX, JPG, images, TXT\./)).toBeTruthy();
    expect(fileInput(root).accept).toBe(
      `application/pdf,.pdf,${DOCX},.docx,image/jpeg,.jpg,.jpeg,image/*,text/plain,.txt`,
    );
  });

  it('FILE_UPLOAD takes a file of a known extension that the system gave no type', async () => {
    const { ui, user, api, root } = await renderQuestions([
      {
        id: 'f',
        code: 'f',
        type: 'FILE_UPLOAD',
        prompt: 'Prompt',
        typeConfig: { maxFiles: 1, acceptedContentTypes: [DOCX] },
      },
    ]);
    await user.upload(fileInput(root), new File(['PK'], 'cv.docx', { type: '' }));
    await ui.findByRole('button', { name: 'Remove cv.docx' });
    expect(ui.queryByText(/not an accepted file type/)).toBeNull();
    expect(api.count('POST', /\/files$/)).toBe(1);
  });

  it('FILE_UPLOAD names each file left out when more are chosen than the question takes', async () => {
    const { ui, user, api, root } = await renderQuestions([
      { id: 'f', code: 'f', type: 'FILE_UPLOAD', prompt: 'Prompt', typeConfig: { maxFiles: 2 } },
    ]);
    const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });
    await user.upload(fileInput(root), [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf')]);
    const notices = root.querySelector('.fe-notices') as HTMLElement;
    expect(notices.getAttribute('role')).toBe('status');
    expect([...notices.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'c.pdf was not added: up to 2 files.',
      'd.pdf was not added: up to 2 files.',
    ]);
    await ui.findByRole('button', { name: 'Remove a.pdf' });
    await ui.findByRole('button', { name: 'Remove b.pdf' });
    await vi.waitFor(() => expect(api.count('POST', /\/files$/)).toBe(2));
  });

  it('FILE_UPLOAD of one file: a second one dropped with it is named, and one file is said as one', async () => {
    const { ui, root } = await renderQuestions([
      { id: 'f', code: 'f', type: 'FILE_UPLOAD', prompt: 'Prompt', typeConfig: { maxFiles: 1 } },
    ]);
    const files = ['a.txt', 'b.txt'].map((name) => new File(['x'], name, { type: 'text/plain' }));
    fireEvent.drop(ui.getByRole('button', { name: /^Prompt/ }), { dataTransfer: { files, types: ['Files'] } });
    expect(await ui.findByText('b.txt was not added: only one file is allowed.')).toBeTruthy();
    expect(root.querySelector('.fe-notices')?.textContent).not.toContain('Files allowed');
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
    for (const name of ['Address line 2', 'State / region']) {
      expect(ui.getByRole('textbox', { name })).toBeTruthy();
    }
    expect(ui.getByRole('combobox', { name: 'City' })).toBeTruthy();
    expect(ui.getByRole('combobox', { name: 'Postal code' })).toBeTruthy();
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
    expect((ui.getByRole('combobox', { name: 'City' }) as HTMLInputElement).value).toBe('Springfield');
    expect((ui.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('US');
    expect(await submit(ui, user, api)).toEqual({
      a: { line1: '12 Main Street', line2: '', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
    });
  });

  it('ADDRESS: a suggestion fills only the parts it knows and keeps the street typed before it', async () => {
    const { ui, user, api } = await renderQuestions([{ id: 'a', code: 'a', type: 'ADDRESS', prompt: 'Home' }], {
      suggestions: [city],
    });
    await user.type(ui.getByRole('textbox', { name: 'Address line 2' }), 'Flat 3');
    await user.type(ui.getByRole('combobox', { name: 'Postal code' }), '62704');
    await user.keyboard('{Escape}');
    await user.type(ui.getByRole('combobox', { name: 'Street address' }), '12 Main Street, Springf');
    await ui.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await submit(ui, user, api)).toEqual({
      a: {
        line1: '12 Main Street',
        line2: 'Flat 3',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62704',
        country: 'US',
      },
    });
  });

  it('ADDRESS: a place looked up in the street field does not stay there', async () => {
    const { ui, user } = await renderQuestions([{ id: 'a', code: 'a', type: 'ADDRESS', prompt: 'Home' }], {
      suggestions: [city],
    });
    const street = ui.getByRole('combobox', { name: 'Street address' }) as HTMLInputElement;
    await user.type(street, 'Springf');
    await ui.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(street.value).toBe('');
    expect((ui.getByRole('combobox', { name: 'City' }) as HTMLInputElement).value).toBe('Springfield');
  });

  it('ADDRESS offers postcode suggestions where the data has them, keeping the street', async () => {
    const zip = (postalCode: string) => ({
      line1: '',
      city: 'Springfield',
      state: 'IL',
      postalCode,
      country: 'US',
      label: `Springfield, IL ${postalCode}, United States`,
    });
    const { ui, user, api } = await renderQuestions(
      [{ id: 'a', code: 'a', type: 'ADDRESS', prompt: 'Home', typeConfig: { allowedCountries: ['US'] } }],
      { suggestions: [zip('62701'), zip('62702'), { ...zip(''), label: 'Springfield, IL' }] },
    );
    await user.type(ui.getByRole('combobox', { name: 'Street address' }), '12 Main Street');
    await user.keyboard('{Escape}');
    const postal = ui.getByRole('combobox', { name: 'Postal code' });
    await user.type(postal, '6270');
    const options = within(await ui.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Springfield, IL 62701, United States',
      'Springfield, IL 62702, United States',
    ]);
    expect(api.calls.filter((c) => c.path.endsWith('/geocode')).at(-1)?.search).toBe('?q=6270&country=US&limit=5');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await submit(ui, user, api)).toEqual({
      a: { line1: '12 Main Street', line2: '', city: 'Springfield', state: 'IL', postalCode: '62702', country: 'US' },
    });
  });

  it('ADDRESS offers places from the City field too, filling the parts they know and keeping the street', async () => {
    const { ui, user, api } = await renderQuestions(
      [{ id: 'a', code: 'a', type: 'ADDRESS', prompt: 'Home', typeConfig: { allowedCountries: ['US'] } }],
      { suggestions: [city, { ...city, city: '', label: 'Illinois, United States' }] },
    );
    await user.type(ui.getByRole('combobox', { name: 'Street address' }), '12 Main Street');
    await user.keyboard('{Escape}');
    const cityField = ui.getByRole('combobox', { name: 'City' });
    await user.type(cityField, 'Springf');
    const options = within(await ui.findByRole('listbox', { name: 'City' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Springfield, IL, United States']); // places with a city
    expect(api.calls.filter((c) => c.path.endsWith('/geocode')).at(-1)?.search).toBe('?q=Springf&country=US&limit=5');
    await user.keyboard('{ArrowDown}{Enter}');
    expect((cityField as HTMLInputElement).value).toBe('Springfield');
    expect(await submit(ui, user, api)).toEqual({
      a: { line1: '12 Main Street', line2: '', city: 'Springfield', state: 'IL', postalCode: '', country: 'US' },
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

describe('ADDRESS problems sit under the part they are about', () => {
  /** The message under a part: what its aria-describedby names, in the part's own box. */
  function partMessage(root: ShadowRoot, control: HTMLElement) {
    const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const messages = ids.map((id) => root.getElementById(id));
    for (const message of messages)
      expect(message?.closest('.fe-address-part')).toBe(control.closest('.fe-address-part'));
    return messages.map((message) => message?.textContent).join(' ');
  }

  it('each missing part says so under itself, marked invalid and described by its message; the parts filled in are not', async () => {
    const { ui, user, root } = await renderQuestions([
      {
        id: 'a',
        code: 'a',
        type: 'ADDRESS',
        prompt: 'Home',
        requirement: { mode: 'ALWAYS' },
        typeConfig: { suggestions: false },
      },
    ]);
    await user.type(ui.getByRole('textbox', { name: 'Street address' }), '1 High Street');
    await user.click(ui.getByRole('button', { name: 'Submit' }));
    const cityField = ui.getByRole('textbox', { name: 'City' });
    const country = ui.getByRole('combobox', { name: 'Country' });
    expect(cityField.getAttribute('aria-invalid')).toBe('true');
    expect(partMessage(root, cityField)).toBe('Enter the city.');
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(partMessage(root, country)).toBe('Choose a country.');
    for (const name of ['Street address', 'Address line 2', 'State / region', 'Postal code']) {
      const part = ui.getByRole('textbox', { name });
      expect([name, part.getAttribute('aria-invalid'), part.getAttribute('aria-describedby')]).toEqual([
        name,
        null,
        null,
      ]);
    }
    const group = ui.getByRole('group', { name: 'Home' });
    expect(within(group).queryByText(/Fill in/)).toBeNull(); // (the alert's list still names both, for screen readers)
    expect(group.getAttribute('aria-invalid')).toBeNull();
    expect(root.activeElement).toBe(cityField); // the first part to fix
    // Fixing a part takes its message away, and leaves the other's.
    await user.type(cityField, 'Leeds');
    expect(cityField.getAttribute('aria-invalid')).toBeNull();
    expect(ui.queryByText('Enter the city.')).toBeNull();
    expect(partMessage(root, country)).toBe('Choose a country.');
  });

  it('an empty required address says what each required part needs, under it', async () => {
    const { ui, user, root } = await renderQuestions([
      { id: 'a', code: 'a', type: 'ADDRESS', prompt: 'Home', requirement: { mode: 'ALWAYS' } },
    ]);
    await user.click(ui.getByRole('button', { name: 'Submit' }));
    expect(partMessage(root, ui.getByRole('combobox', { name: 'Street address' }))).toBe('Enter the street address.');
    expect(partMessage(root, ui.getByRole('combobox', { name: 'City' }))).toBe('Enter the city.');
    expect(partMessage(root, ui.getByRole('combobox', { name: 'Country' }))).toBe('Choose a country.');
    expect(root.querySelectorAll('[aria-invalid="true"]')).toHaveLength(3);
  });
});
