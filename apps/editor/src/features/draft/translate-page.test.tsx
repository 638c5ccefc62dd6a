import type { Definition } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingEdits } from '../../data/pending-edits.ts';
import { twoSteps } from '../../test/definitions.ts';
import { FakeProblem, renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { DraftPage } from './draft-page.tsx';
import { TranslatePage } from './translate-page.tsx';
import { addLanguage, setTranslation } from './translations.ts';

vi.mock('./preview.tsx', () => ({ Preview: () => null }));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const SLOW = { timeout: 10_000 };

function renderTranslate(server: Definition = twoSteps(), { failSaves = false } = {}) {
  const store = { draft: server };
  const rendered = renderWithApi(
    [
      { path: '/questionnaires/:questionnaireId/translate', element: <TranslatePage /> },
      { path: '/questionnaires/:questionnaireId', element: <DraftPage /> },
    ],
    {
      url: '/questionnaires/q1/translate',
      handlers: {
        'questionnaires.get': () => questionnaireDetail(store.draft),
        'questionnaires.replaceDraft': ({ id: _id, ...draft }: { id: string } & Definition) => {
          if (failSaves) throw new FakeProblem({ code: 'SERVICE_UNAVAILABLE', status: 503, detail: 'Down' });
          store.draft = draft;
          return questionnaireDetail(draft);
        },
      },
    },
  );
  return { ...rendered, store };
}

const saved = (store: { draft: Definition }) => store.draft;
const group = (name: string) => screen.getByRole('group', { name });
const count = () => document.querySelector('.translate-count')?.textContent;

describe('the Translate screen', () => {
  it('adds German found by its own name, then translates each text beside the default one, counted and saved as the draft', async () => {
    const user = userEvent.setup();
    const { store } = renderTranslate();
    expect(
      await screen.findByText('Add a language above to translate the questionnaire’s texts into it.'),
    ).toBeDefined();

    await user.type(screen.getByLabelText('Add a language'), 'Deutsch');
    await user.click(screen.getByRole('button', { name: 'Add German (Deutsch)' }));
    expect(screen.getByText(/^German was added\./)).toBeDefined();
    const row = screen.getByRole('row', { name: /German \(Deutsch\)/ });
    expect(within(row).getByText('0 of 8 texts translated; 8 not yet')).toBeDefined();
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('de');
    expect(count()).toBe('8 of 8 texts not translated into German; respondents read them in English.');

    // Every text of the definition in order: steps, their questions, each choice.
    const legends = [...document.querySelectorAll('.translate-element legend')].map((legend) => legend.textContent);
    expect(legends).toEqual(['Step “About you”', '“Prompt of name”', '“A pet?”', '“Colour”', 'Step “More”', '“Age”']);
    const colour = group('“Colour”');
    expect(
      within(colour)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('aria-describedby')),
    ).toHaveLength(3);
    const red = within(colour).getByLabelText('Choice 1');
    expect(document.getElementById(red.getAttribute('aria-describedby') ?? '')?.textContent).toBe('English: Red');
    expect(red.getAttribute('lang')).toBe('de');
    await user.type(red, 'Rot');
    await user.type(within(group('Step “About you”')).getByLabelText('Title'), 'Über Sie');
    expect(count()).toBe('6 of 8 texts not translated into German; respondents read them in English.');
    await waitFor(
      () =>
        expect(saved(store).translations).toEqual({
          de: { color: { typeConfig: { choices: { red: 'Rot' } } }, s1: { title: 'Über Sie' } },
        }),
      SLOW,
    );
    expect(await screen.findByText('Saved', { selector: '.save-status' })).toBeDefined();
  });

  it('shows only the texts not translated, keeping the one being typed until the filter is turned on again', async () => {
    const user = userEvent.setup();
    let draft = addLanguage(twoSteps(), 'de');
    draft = setTranslation(draft, 'de', { id: 's1', field: 'title' }, 'Über Sie');
    renderTranslate(draft);
    await user.click(await screen.findByLabelText('Only texts not translated'));
    expect(screen.queryByRole('group', { name: 'Step “About you”' })).toBeNull();
    const age = within(group('“Age”')).getByLabelText('Prompt');
    await user.type(age, 'Alter');
    // Translated now, but still here: it was being typed.
    expect(within(group('“Age”')).getByLabelText('Prompt')).toBe(age);
    expect(count()).toBe('6 of 8 texts not translated into German; respondents read them in English.');
    await user.click(screen.getByLabelText('Only texts not translated'));
    await user.click(screen.getByLabelText('Only texts not translated'));
    expect(screen.queryByRole('group', { name: '“Age”' })).toBeNull();
  });

  it('refuses in a sentence to make a language with missing texts the default, and removes a language after asking', async () => {
    const user = userEvent.setup();
    const { store } = renderTranslate(
      setTranslation(addLanguage(twoSteps(), 'de'), 'de', { id: 's1', field: 'title' }, 'Über Sie'),
    );
    await user.click(await screen.findByRole('button', { name: 'Make default: German' }));
    expect(
      screen.getByText(
        'German can become the default once every text has its German words: 7 texts are not translated yet. Translate them first; nothing was changed.',
      ),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Remove German' }));
    expect(screen.getByText('Its one translated text goes with it. Undo brings it back.')).toBeDefined();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(saved(store).translations).toEqual({}), SLOW);
    expect(screen.getByText('Add a language above to translate the questionnaire’s texts into it.')).toBeDefined();
  });

  it('turns the language switcher on with the draft', async () => {
    const user = userEvent.setup();
    const { store } = renderTranslate(addLanguage(twoSteps(), 'fr'));
    await user.click(await screen.findByLabelText('Show respondents a language switcher'));
    await waitFor(() => expect(saved(store).languageSwitcher).toBe(true), SLOW);
  });

  it('imports a translated CSV file, reports in words what changed and what was skipped, and saves it', async () => {
    const user = userEvent.setup();
    const { store } = renderTranslate(addLanguage(twoSteps(), 'de'));
    const csv = [
      'id,field,source,target',
      'name,prompt,Prompt of name,Ihr Name',
      'color,typeConfig.choices.blue,Blue,Blau',
      'age,prompt,Age,',
      'gone,prompt,Removed question,Entfernt',
    ].join('\r\n');
    await user.upload(
      await screen.findByLabelText('Import a translated file (XLIFF 2.0 or CSV)'),
      new File([csv], 'survey-de.csv', { type: 'text/csv' }),
    );
    const report = await screen.findByText(/^German: 2 texts imported/);
    expect(report.closest('ul')?.textContent).toContain(
      'Skipped 1 text this questionnaire does not have (removed since the export, or from another questionnaire): “Removed question”.',
    );
    expect((within(group('“Prompt of name”')).getByLabelText('Prompt') as HTMLInputElement).value).toBe('Ihr Name');
    await waitFor(
      () =>
        expect(saved(store).translations?.de).toEqual({
          name: { prompt: 'Ihr Name' },
          color: { typeConfig: { choices: { blue: 'Blau' } } },
        }),
      SLOW,
    );
  });

  it('on the draft screen, removing a question, a choice or renaming a choice value takes its translations along', async () => {
    const user = userEvent.setup();
    let draft = addLanguage(twoSteps(), 'de');
    draft = setTranslation(draft, 'de', { id: 'age', field: 'prompt' }, 'Alter');
    draft = setTranslation(draft, 'de', { id: 'color', field: 'typeConfig.choices.red' }, 'Rot');
    draft = setTranslation(draft, 'de', { id: 'color', field: 'typeConfig.choices.blue' }, 'Blau');
    const store = { draft };
    const rendered = renderWithApi([{ path: '/questionnaires/:questionnaireId', element: <DraftPage /> }], {
      url: '/questionnaires/q1',
      handlers: {
        'questionnaires.get': () => questionnaireDetail(store.draft),
        'questionnaires.replaceDraft': ({ id: _id, ...next }: { id: string } & Definition) => {
          store.draft = next;
          return questionnaireDetail(next);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Age' }));
    await user.click(screen.getByRole('button', { name: 'Colour (Single choice)' }));
    await user.click(screen.getByRole('button', { name: 'Remove choice 2' }));
    const value = screen.getByLabelText('Choice 1 value');
    await user.clear(value);
    await user.type(value, 'crimson');
    await waitFor(
      () =>
        expect(saved(store).translations).toEqual({ de: { color: { typeConfig: { choices: { crimson: 'Rot' } } } } }),
      SLOW,
    );
    expect(rendered.callsTo('questionnaires.replaceDraft').length).toBeGreaterThan(0);
  });

  it('keeps a translation the server did not take in this browser; the draft screen brings it back', async () => {
    const user = userEvent.setup();
    const first = renderTranslate(addLanguage(twoSteps(), 'de'), { failSaves: true });
    await user.type(
      await within(await screen.findByRole('group', { name: '“Age”' })).findByLabelText('Prompt'),
      'Alter',
    );
    await waitFor(
      () =>
        expect(pendingEdits<Definition>('draft', 'q1').read()?.value.translations?.de?.age).toEqual({
          prompt: 'Alter',
        }),
      SLOW,
    );
    first.unmount();
    renderWithApi([{ path: '/questionnaires/:questionnaireId', element: <DraftPage /> }], {
      url: '/questionnaires/q1',
      handlers: { 'questionnaires.get': () => questionnaireDetail(first.store.draft) },
    });
    expect(await screen.findByText(/were not saved on the server yet; they are back/)).toBeDefined();
  });
});
