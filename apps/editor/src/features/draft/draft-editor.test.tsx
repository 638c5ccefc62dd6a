import type { Definition, Question } from '@forms-engine/schema';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprint, pendingEdits } from '../../data/pending-edits.ts';
import { FakeProblem, type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { DraftPage } from './draft-page.tsx';
import { question, twoSteps } from './test-definitions.ts';

// The preview mounts the real embed; these tests are about the editor's own panels (preview.test.tsx has it).
vi.mock('./preview.tsx', () => ({ Preview: () => null }));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const detail = questionnaireDetail;

function renderDraft(
  replaceDraft: (input: { id: string } & Definition) => unknown = ({ id: _id, ...draft }) => detail(draft),
  {
    server = twoSteps(),
    store = { draft: server },
    handlers = {},
  }: { server?: Definition; store?: { draft: Definition }; handlers?: Handlers } = {},
) {
  return renderWithApi(
    [
      { path: '/questionnaires/:questionnaireId', element: <DraftPage /> },
      { path: '/questionnaires/:questionnaireId/settings', element: <h1>Settings page</h1> },
    ],
    {
      url: '/questionnaires/q1',
      handlers: {
        // Like the real server, a reload reads the draft that the last accepted save left there.
        'questionnaires.get': () => detail(store.draft),
        'questionnaires.replaceDraft': async (input: { id: string } & Definition) => {
          const answer = await replaceDraft(input);
          const { id: _id, ...draft } = input;
          store.draft = draft;
          return answer;
        },
        ...handlers,
      },
    },
  );
}

const outline = () => screen.getByRole('navigation', { name: 'Outline' });
const status = () => document.querySelector('.save-status')?.textContent;
/** The draft the last save sent. */
const lastSaved = (calls: { input: unknown }[]) => calls.at(-1)?.input as { id: string } & Definition;
const SLOW = { timeout: 10_000 };
const problemList = () =>
  within(screen.getByRole('region', { name: /to fix before this draft can be saved$/ })).getByRole('list').textContent;

/** Makes "Age" visible only when "Colour" equals a value not chosen yet: a half-built rule. */
async function halfBuiltRule(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
  await user.selectOptions(screen.getByLabelText('Visibility mode'), 'CONDITIONAL');
  await user.selectOptions(screen.getByLabelText('Reads'), 'color');
  await user.selectOptions(screen.getByLabelText('Operator'), 'EQUALS');
}

describe('outline', () => {
  it('lists steps and questions, reorders by keyboard buttons and moves to another step, then saves the whole draft', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await screen.findByRole('button', { name: /^About you/ });
    const firstStep = within(outline()).getByRole('list', { name: 'Questions of About you' });
    expect(within(firstStep).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(outline()).getByRole('button', { name: 'Move down: Prompt of name' }));
    await user.selectOptions(within(outline()).getByRole('combobox', { name: 'Move Colour to' }), 'More');
    await waitFor(() => expect(callsTo('questionnaires.replaceDraft').length).toBeGreaterThan(0), SLOW);
    const saved = lastSaved(callsTo('questionnaires.replaceDraft'));
    expect(saved.id).toBe('q1');
    expect(saved.steps[0]?.questions.map((q) => q.code)).toEqual(['pet', 'name']);
    expect(saved.steps[1]?.questions.map((q) => q.code)).toEqual(['age', 'color']);
    expect(await screen.findByText('Saved', { selector: '.save-status' })).toBeDefined();
  });

  it('selects a new question with its prompt focused; its code follows the prompt; undo brings a removed one back', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await screen.findByRole('button', { name: /^About you/ });
    await user.selectOptions(screen.getByLabelText('New question type (More)'), 'EMAIL');
    await user.click(screen.getByRole('button', { name: 'Add question to More' }));
    expect(within(outline()).getByRole('button', { name: 'Untitled question (Email)' })).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Prompt'));
    await user.keyboard('Work email');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('work_email');
    expect(within(outline()).getByRole('button', { name: 'Work email (Email)' })).toBeDefined();
    await waitFor(
      () => expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[1]?.code).toBe('work_email'),
      SLOW,
    );

    await user.click(screen.getByRole('button', { name: 'Remove Age' }));
    expect(within(outline()).queryByRole('button', { name: /^Age \(/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(outline()).getByRole('button', { name: 'Age (Number)' })).toBeDefined();
  });

  it('duplicates a question right after it, selected, with its own code', async () => {
    const user = userEvent.setup();
    renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Colour' }));
    const names = within(within(outline()).getByRole('list', { name: 'Questions of About you' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.select')?.textContent);
    expect(names).toEqual([
      'Prompt of name (Short text)',
      'A pet? (Yes / no)',
      'Colour (Single choice)',
      'Colour (2) (Single choice)',
    ]);
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('colour');
  });

  it('names questions by their prompts without markup', async () => {
    const server = twoSteps();
    server.steps[0]!.questions[0]!.prompt = 'I accept the [**privacy policy**](https://example.com/p)';
    renderDraft(undefined, { server });
    expect(
      await within(await screen.findByRole('navigation', { name: 'Outline' })).findByRole('button', {
        name: 'I accept the privacy policy (Short text)',
      }),
    ).toBeDefined();
  });
});

describe('no edit is lost', () => {
  it('keeps a half-built rule and later edits, explains the problem in words at its field and in the list, and saves once fixed', async () => {
    const user = userEvent.setup();
    const store = { draft: twoSteps() };
    const { callsTo } = renderDraft(undefined, { store });
    await halfBuiltRule(user);
    await user.clear(screen.getByLabelText('Prompt'));
    await user.type(screen.getByLabelText('Prompt'), 'Your age');

    await waitFor(() => expect(status()).toMatch(/^Not saved yet: one problem needs fixing/), SLOW);
    // Nothing half-built went out (on a slow machine a save may leave between the clicks, while the rule was whole).
    const sent = callsTo('questionnaires.replaceDraft').map(
      ({ input }) => (input as Definition).steps[1]?.questions[0],
    );
    expect(sent.filter((question) => question?.prompt === 'Your age')).toEqual([]);
    expect(
      sent
        .flatMap((question) => question?.visibility.rule?.conditions ?? [])
        .filter((c) => c.operator === 'EQUALS' && c.value === undefined),
    ).toEqual([]);
    // In one place, with a link to the field…
    const list = screen.getByRole('region', { name: 'One thing to fix before this draft can be saved' });
    expect(within(list).getByRole('list').textContent).toBe(
      '“Your age”, visibility condition 1: Choose the value this condition compares with.',
    );
    // …and at the field.
    const value = screen.getByLabelText('Value');
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(value.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose the value this condition compares with.',
    );
    expect(document.body.textContent).not.toMatch(/VALIDATION_FAILED|steps\.\d|EQUALS|SINGLE_CHOICE/);
    // Kept in the browser meanwhile, on the server's draft.
    expect(pendingEdits<Definition>('draft', 'q1').read()).toMatchObject({ base: fingerprint(store.draft) });

    // The status line's link goes to the field.
    await user.click(screen.getByRole('link', { name: /^Go to the first problem/ }));
    expect(document.activeElement).toBe(screen.getByLabelText('Value'));
    await user.selectOptions(screen.getByLabelText('Value'), 'red');
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    expect(lastSaved(callsTo('questionnaires.replaceDraft')).steps[1]?.questions[0]).toMatchObject({
      prompt: 'Your age',
      visibility: { rule: { conditions: [{ questionCode: 'color', operator: 'EQUALS', value: 'red' }] } },
    });
    expect(pendingEdits('draft', 'q1').read()).toBeUndefined();
  });

  it('brings unsaved edits back after a reload, and saves them once they are fixed', async () => {
    const user = userEvent.setup();
    const store = { draft: twoSteps() };
    const first = renderDraft(undefined, { store });
    await halfBuiltRule(user);
    await user.clear(screen.getByLabelText('Prompt'));
    await user.type(screen.getByLabelText('Prompt'), 'Your age');
    await waitFor(() => expect(status()).toMatch(/^Not saved yet/), SLOW);
    first.unmount();

    renderDraft(undefined, { store });
    expect(await screen.findByText(/were not saved on the server yet; they are back/)).toBeDefined();
    expect(await within(outline()).findByRole('button', { name: /^Your age/ })).toBeDefined();
    expect(problemList()).toMatch(/^“Your age”, visibility condition 1/);
    // Undo goes back to what the server holds.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(outline()).getByRole('button', { name: 'Age (Number)' })).toBeDefined();
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
  });

  it('asks before using kept edits made on a draft the server no longer holds', async () => {
    const user = userEvent.setup();
    const mine = twoSteps();
    mine.steps[1]!.questions[0]!.prompt = 'My age question';
    pendingEdits<Definition>('draft', 'q1').write(mine, fingerprint({ older: true }));
    const { callsTo } = renderDraft();
    const dialog = await screen.findByRole('dialog', { name: 'Edits that were not saved' });
    await user.click(within(dialog).getByRole('button', { name: 'Use my edits' }));
    expect(await within(outline()).findByRole('button', { name: 'My age question (Number)' })).toBeDefined();
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[0]?.prompt).toBe(
          'My age question',
        ),
      SLOW,
    );
  });

  it('says when the server cannot be reached, keeps the edit, and saves by itself when it answers again', async () => {
    const user = userEvent.setup();
    let down = true;
    const { callsTo } = renderDraft((input) => {
      if (down) throw new Error('connection refused');
      return detail(input);
    });
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.type(screen.getByLabelText('Prompt'), '!');
    await waitFor(
      () => expect(status()).toMatch(/^Not saved yet\. The server is not available right now\. Trying again by itself/),
      SLOW,
    );
    expect(pendingEdits<Definition>('draft', 'q1').read()?.value.steps[1]?.questions[0]?.prompt).toBe('Age!');
    down = false;
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    expect(callsTo('questionnaires.replaceDraft').length).toBeGreaterThan(1);
    expect(pendingEdits('draft', 'q1').read()).toBeUndefined();
  });

  it('words the server’s own refusal of a field, at the field', async () => {
    const user = userEvent.setup();
    renderDraft((input) => {
      if (input.steps[1]?.questions[0]?.prompt === 'Age\u0001') {
        throw new FakeProblem({
          code: 'VALIDATION_FAILED',
          detail: 'The request is not valid',
          errors: [{ path: 'steps.1.questions.0.prompt', message: 'The string contains a control character' }],
        });
      }
      return detail(input);
    });
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'Age\u0001' } });
    await waitFor(() => expect(status()).toMatch(/^Not saved yet\. The server found problems/), SLOW);
    const prompt = screen.getByLabelText('Prompt');
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('The string contains a control character.').length).toBeGreaterThan(0);
  });

  it('asks before leaving with a draft that cannot be saved yet', async () => {
    const user = userEvent.setup();
    const { router } = renderDraft();
    await halfBuiltRule(user);
    await waitFor(() => expect(status()).toMatch(/^Not saved yet/), SLOW);
    await act(() => router.navigate('/questionnaires/q1/settings'));
    const dialog = await screen.findByRole('dialog', { name: 'Your last edits are not saved yet' });
    expect(dialog.textContent).toMatch(
      /“Age”, visibility condition 1: Choose the value this condition compares with\..*kept in this browser/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay and fix them' }));
    expect(screen.queryByText('Settings page')).toBeNull();
    await act(() => router.navigate('/questionnaires/q1/settings'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave anyway' }));
    expect(await screen.findByText('Settings page')).toBeDefined();
  });

  it('saves a waiting edit before leaving, then leaves by itself', async () => {
    const user = userEvent.setup();
    const { router, callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.type(screen.getByLabelText('Prompt'), ' in years');
    await act(() => router.navigate('/questionnaires/q1/settings'));
    expect(await screen.findByText('Settings page')).toBeDefined();
    expect(lastSaved(callsTo('questionnaires.replaceDraft')).steps[1]?.questions[0]?.prompt).toBe('Age in years');
  });
});

describe('property panel', () => {
  it('edits prompt and the type’s settings, with markup help next to the prompt', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.clear(screen.getByLabelText('Prompt'));
    await user.type(screen.getByLabelText('Prompt'), 'Your age');
    await user.type(screen.getByLabelText('Highest number'), '120');
    expect(screen.getByLabelText('Unit')).toBeDefined();
    expect(screen.getByLabelText('Prompt').getAttribute('aria-describedby')).toContain('question-prompt-hint');
    expect(document.getElementById('question-prompt-hint')?.textContent).toMatch(
      /\*\*bold\*\*.*\[text\]\(https:\/\/example.com\)/,
    );
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[0]).toMatchObject({
          prompt: 'Your age',
          typeConfig: { max: 120 },
        }),
      SLOW,
    );
  });

  it('says a code is taken, at the field, and the rules reading a question follow its new code', async () => {
    const user = userEvent.setup();
    const server = twoSteps();
    server.steps[1]!.questions[0]!.visibility = {
      mode: 'CONDITIONAL',
      rule: { combinator: 'ALL', conditions: [{ source: 'ANSWER', questionCode: 'pet', operator: 'IS_NOT_EMPTY' }] },
    };
    const { callsTo } = renderDraft(undefined, { server });
    await user.click(await screen.findByRole('button', { name: 'A pet? (Yes / no)' }));
    expect(screen.getByText('A rule reads this question; it follows a new code.')).toBeDefined();
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'name');
    const code = screen.getByLabelText('Code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('question-code-errors')?.textContent).toBe(
      'Another question already uses the code “name”. Give this question its own code.',
    );
    await user.type(screen.getByLabelText('Code'), '_of_pet');
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    const saved = lastSaved(callsTo('questionnaires.replaceDraft'));
    expect(saved.steps[0]?.questions[1]?.code).toBe('name_of_pet');
    expect(saved.steps[1]?.questions[0]?.visibility.rule?.conditions[0]?.questionCode).toBe('name_of_pet');
  });

  it('warns before changing a code a published version collects answers under, and keeps it from following', async () => {
    const user = userEvent.setup();
    const server = twoSteps();
    renderDraft(undefined, {
      server,
      handlers: {
        'questionnaires.get': () => detail(server, { currentVersion: 2 }),
        'questionnaires.version': () => ({
          versionNumber: 2,
          note: '',
          publishedAt: '2026-11-22T10:00:00.000Z',
          definition: twoSteps(),
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'years');
    expect(
      await screen.findByText(
        /Version 2 collects this question’s answers under “age”\. With a new code, answers from now on go to a new column/,
      ),
    ).toBeDefined();
  });

  it('edits choices: values follow labels, several are pasted at once, and a rule’s value follows', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Colour (Single choice)' }));
    await user.click(screen.getByRole('button', { name: 'Add choice' }));
    await user.clear(screen.getByLabelText('Choice 3 label'));
    await user.type(screen.getByLabelText('Choice 3 label'), 'Light green');
    expect((screen.getByLabelText('Choice 3 value') as HTMLInputElement).value).toBe('light_green');
    await user.click(screen.getByLabelText('Choice 3 label'));
    await user.paste('Yellow\nPurple\n');
    expect((screen.getByLabelText('Choice 5 label') as HTMLInputElement).value).toBe('Purple');
    await user.click(screen.getByText('Add several choices at once'));
    await user.type(screen.getByLabelText('Choices, one per line'), 'Black{Enter}White');
    await user.click(screen.getByRole('button', { name: 'Add these choices' }));
    await user.click(screen.getByRole('button', { name: 'Remove choice 1' }));
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[0]?.questions[2]?.typeConfig).toEqual({
          choices: [
            { value: 'blue', label: 'Blue' },
            { value: 'light_green', label: 'Light green' },
            { value: 'yellow', label: 'Yellow' },
            { value: 'purple', label: 'Purple' },
            { value: 'black', label: 'Black' },
            { value: 'white', label: 'White' },
          ],
        }),
      SLOW,
    );
  });

  it('takes lists typed with commas, and shows a new rating’s scale', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await screen.findByRole('button', { name: /^About you/ });
    await user.selectOptions(screen.getByLabelText('New question type (More)'), 'FILE_UPLOAD');
    await user.click(screen.getByRole('button', { name: 'Add question to More' }));
    await user.type(screen.getByLabelText('Accepted file types'), 'image/png, application/pdf{Enter}');
    expect(
      within(screen.getByRole('list', { name: 'Added accepted file types' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['image/png', 'application/pdf']);
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[1]?.typeConfig).toEqual({
          maxFiles: 1,
          acceptedContentTypes: ['image/png', 'application/pdf'],
        }),
      SLOW,
    );

    await user.selectOptions(screen.getByLabelText('Type'), 'RATING');
    expect((screen.getByLabelText('Lowest rating') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Highest rating') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Step') as HTMLInputElement).value).toBe('1');
  });
});

describe('rule builder', () => {
  it('writes a visibility rule with operators and values that fit the question read', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.selectOptions(screen.getByLabelText('Visibility mode'), 'CONDITIONAL');
    await user.selectOptions(screen.getByLabelText('Reads'), 'color');
    const operators = [...(screen.getByLabelText('Operator') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(operators).toEqual(['is', 'is not', 'is one of', 'is not one of', 'is answered', 'is not answered']);
    await user.selectOptions(screen.getByLabelText('Operator'), 'IN');
    const value = screen.getByLabelText('Value') as HTMLSelectElement;
    expect(value.multiple).toBe(true);
    expect([...value.options].map((o) => o.textContent)).toEqual(['Red', 'Blue']);
    await user.selectOptions(value, ['red', 'blue']);
    await user.click(screen.getByRole('button', { name: 'Add visibility condition' }));
    await user.selectOptions(screen.getAllByLabelText('Reads')[1] as HTMLElement, 'pet');
    await user.selectOptions(screen.getAllByLabelText('Operator')[1] as HTMLElement, 'EQUALS');
    await user.selectOptions(screen.getAllByLabelText('Value')[1] as HTMLElement, 'true');
    await user.selectOptions(screen.getByLabelText('Visibility: conditions that must hold'), 'ANY');
    expect(screen.getByText(/^In words: Shown when/).textContent).toBe(
      'In words: Shown when “Colour” is one of “Red” or “Blue” or “A pet?” is “Yes”.',
    );
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[0]?.visibility).toEqual({
          mode: 'CONDITIONAL',
          rule: {
            combinator: 'ANY',
            conditions: [
              { source: 'ANSWER', questionCode: 'color', operator: 'IN', value: ['red', 'blue'] },
              { source: 'ANSWER', questionCode: 'pet', operator: 'EQUALS', value: true },
            ],
          },
        }),
      SLOW,
    );
  });

  it('hides the value when none is compared, reads the external reference, and falls back to the default mode when the last condition goes', async () => {
    const user = userEvent.setup();
    renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.selectOptions(screen.getByLabelText('Requirement mode'), 'CONDITIONAL');
    await user.selectOptions(screen.getByLabelText('Reads'), '@ref');
    await user.selectOptions(screen.getByLabelText('Operator'), 'IS_EMPTY');
    expect(screen.queryByLabelText('Value')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove requirement condition 1' }));
    expect((screen.getByLabelText('Requirement mode') as HTMLSelectElement).value).toBe('NEVER');
  });

  it('says in words when a condition reads a removed question, and nothing is lost', async () => {
    const user = userEvent.setup();
    const server = twoSteps();
    server.steps[1]!.questions.push(
      question('pet_name', {
        prompt: 'Pet name',
        visibility: {
          mode: 'CONDITIONAL',
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'ANSWER', questionCode: 'pet', operator: 'EQUALS', value: true }],
          },
        },
      } as Partial<Question>),
    );
    renderDraft(undefined, { server });
    await user.click(await screen.findByRole('button', { name: 'Remove A pet?' }));
    await waitFor(() => expect(status()).toMatch(/^Not saved yet/), SLOW);
    expect(problemList()).toBe(
      '“Pet name”, visibility condition 1: This condition reads a question that no longer exists. Choose another question, or remove the condition.',
    );
    await user.click(screen.getByRole('link', { name: '“Pet name”, visibility condition 1' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Reads'));
    expect((screen.getByLabelText('Reads') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'A question that no longer exists',
    );
    expect(
      pendingEdits<Definition>('draft', 'q1')
        .read()
        ?.value.steps[0]?.questions.map((q) => q.code),
    ).toEqual(['name', 'color']);
  });
});
