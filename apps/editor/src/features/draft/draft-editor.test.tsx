import type { Definition, Question } from '@forms-engine/schema';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprint, pendingEdits } from '../../data/pending-edits.ts';
import { question, twoSteps } from '../../test/definitions.ts';
import { FakeProblem, type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { DraftPage } from './draft-page.tsx';

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
    // On a slow machine the first move may be saved on its own before the second: wait for the last.
    await waitFor(() => {
      const last = lastSaved(callsTo('questionnaires.replaceDraft'));
      expect(last.steps[0]?.questions.map((q) => q.code)).toEqual(['pet', 'name']);
    }, SLOW);
    const saved = lastSaved(callsTo('questionnaires.replaceDraft'));
    expect(saved.id).toBe('q1');
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

  it('replaces a choice whose whole text is selected by the pasted lines, and drops the untouched placeholders', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await screen.findByRole('button', { name: /^About you/ });
    await user.selectOptions(screen.getByLabelText('New question type (More)'), 'SINGLE_CHOICE');
    await user.click(screen.getByRole('button', { name: 'Add question to More' }));
    const label = (n: number) => screen.getByLabelText<HTMLInputElement>(`Choice ${n} label`);
    expect([label(1).value, label(2).value]).toEqual(['Option 1', 'Option 2']);
    // "Option 1" selected (a triple click selects the whole field), then three lines pasted over it.
    await user.tripleClick(label(1));
    expect([label(1).selectionStart, label(1).selectionEnd]).toEqual([0, 'Option 1'.length]);
    await user.paste('Red\nGreen\nBlue');
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[1]?.typeConfig).toEqual({
          choices: [
            { value: 'red', label: 'Red' },
            { value: 'green', label: 'Green' },
            { value: 'blue', label: 'Blue' },
          ],
        }),
      SLOW,
    );
    expect(screen.queryByLabelText('Choice 4 label')).toBeNull();
  });

  it('replaces a real choice pasted over, keeps the rule that reads it, and keeps placeholders a rule reads', async () => {
    const user = userEvent.setup();
    const server = twoSteps();
    const colour = server.steps[0]?.questions[2] as Question & { typeConfig: { choices: unknown[] } };
    colour.typeConfig.choices.push({ value: 'option_3', label: 'Option 3' }, { value: 'option_4', label: 'Option 4' });
    (server.steps[1] as { questions: Question[] }).questions[0] = question('age', {
      type: 'NUMBER',
      prompt: 'Age',
      visibility: {
        mode: 'CONDITIONAL',
        rule: {
          combinator: 'ANY',
          conditions: [
            { source: 'ANSWER', questionCode: 'color', operator: 'EQUALS', value: 'blue' },
            { source: 'ANSWER', questionCode: 'color', operator: 'EQUALS', value: 'option_4' },
          ],
        },
      },
    } as Partial<Question>);
    const { callsTo } = renderDraft(undefined, { server, store: { draft: server } });
    await user.click(await screen.findByRole('button', { name: 'Colour (Single choice)' }));
    await user.tripleClick(screen.getByLabelText('Choice 2 label'));
    await user.paste('Navy\nTeal');
    await waitFor(() => {
      const saved = lastSaved(callsTo('questionnaires.replaceDraft'));
      expect(saved?.steps[0]?.questions[2]?.typeConfig).toEqual({
        choices: [
          { value: 'red', label: 'Red' },
          { value: 'navy', label: 'Navy' },
          { value: 'teal', label: 'Teal' },
          // "Option 3" goes; "Option 4" stays: a rule compares with its value.
          { value: 'option_4', label: 'Option 4' },
        ],
      });
      expect(saved?.steps[1]?.questions[0]?.visibility.rule?.conditions.map((c) => c.value)).toEqual([
        'navy',
        'option_4',
      ]);
    }, SLOW);
  });

  it('takes lists typed with commas, and shows a new rating’s scale', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await screen.findByRole('button', { name: /^About you/ });
    await user.selectOptions(screen.getByLabelText('New question type (More)'), 'FILE_UPLOAD');
    await user.click(screen.getByRole('button', { name: 'Add question to More' }));
    // A builder writes extensions, any way round; the editor shows each as its type and stores content types.
    await user.type(screen.getByLabelText('Accepted file types'), '.pdf, PDF, docx, image/*, image/PNG{Enter}');
    expect(
      within(screen.getByRole('list', { name: 'Added accepted file types' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['PDF document (.pdf)', 'Word document (.docx)', 'Any image', 'PNG image (.png)']);
    expect(screen.getByRole('button', { name: 'Remove Word document (.docx)' })).toBeDefined();
    await user.type(screen.getByLabelText('Accepted file types'), '.pages{Enter}');
    expect(
      screen.getByText(
        '“.pages” is not a file type this editor knows. Write an extension such as .pdf or .docx, or a content type such as image/png (image/* for any image).',
      ),
    ).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('Accepted file types').value).toBe('.pages');
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[1]?.typeConfig).toEqual({
          maxFiles: 1,
          acceptedContentTypes: [
            'application/pdf',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'image/*',
            'image/png',
          ],
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

  it('reads a hidden field with the text operators, in words', async () => {
    const user = userEvent.setup();
    const server = { ...twoSteps(), hiddenFields: [{ key: 'utm_source' }] };
    const { callsTo } = renderDraft(undefined, { server });
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.selectOptions(screen.getByLabelText('Visibility mode'), 'CONDITIONAL');
    await user.selectOptions(screen.getByLabelText('Reads'), 'The hidden field utm_source');
    const operators = [...(screen.getByLabelText('Operator') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(operators).toEqual([
      'is',
      'is not',
      'contains',
      'does not contain',
      'is one of',
      'is not one of',
      'is given',
      'is not given',
    ]);
    await user.selectOptions(screen.getByLabelText('Operator'), 'EQUALS');
    await user.type(screen.getByLabelText('Value'), 'newsletter');
    expect(screen.getByText(/^In words: Shown when/).textContent).toBe(
      'In words: Shown when the hidden field utm_source is “newsletter”.',
    );
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[0]?.visibility).toEqual({
          mode: 'CONDITIONAL',
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'HIDDEN_FIELD', key: 'utm_source', operator: 'EQUALS', value: 'newsletter' }],
          },
        }),
      SLOW,
    );
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

describe('hidden fields, endings and recall', () => {
  it('declares and labels a hidden field, and warns before removing one a rule reads, offering to update the rule', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Hidden fields: none yet' }));
    await user.click(screen.getByRole('button', { name: 'Add hidden field' }));
    const key = screen.getByLabelText('Key');
    await user.clear(key);
    await user.type(key, 'utm_source');
    await user.type(screen.getByLabelText('Label (optional)'), 'Source');
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.hiddenFields).toEqual([
          { key: 'utm_source', label: 'Source' },
        ]),
      SLOW,
    );
    expect(within(outline()).getByRole('button', { name: 'Hidden fields: utm_source' })).toBeDefined();

    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.selectOptions(screen.getByLabelText('Visibility mode'), 'CONDITIONAL');
    await user.selectOptions(screen.getByLabelText('Reads'), 'The hidden field “Source”');
    await user.click(within(outline()).getByRole('button', { name: 'Hidden fields: utm_source' }));
    await user.click(screen.getByRole('button', { name: 'Remove the hidden field Source' }));
    expect(screen.getByRole('alert').textContent).toMatch(/“utm_source” is in use: a rule condition reads it\./);
    await user.click(screen.getByRole('button', { name: 'Remove it and update them' }));
    await waitFor(() => {
      const saved = lastSaved(callsTo('questionnaires.replaceDraft'));
      expect(saved?.hiddenFields).toBeUndefined();
      expect(saved?.steps[1]?.questions[0]?.visibility).toEqual({ mode: 'ALWAYS' });
    }, SLOW);
  });

  it('adds, edits, reorders and removes endings in the outline, with a rule in words and the redirect checked', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Add ending' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Ending title'));
    await user.clear(screen.getByLabelText('Ending title'));
    await user.type(screen.getByLabelText('Ending title'), 'You qualify');
    await user.type(screen.getByLabelText('Redirect address (optional)'), 'ftp://x');
    expect(document.getElementById('ending-redirect-errors')?.textContent).toMatch(/must start with https:\/\//);
    await waitFor(() => expect(problemList()).toMatch(/^Ending 1 “You qualify”: A redirect address must start/), SLOW);
    await user.clear(screen.getByLabelText('Redirect address (optional)'));
    await user.type(screen.getByLabelText('Redirect address (optional)'), 'https://example.org/book');
    await user.selectOptions(screen.getByLabelText('Visibility mode'), 'CONDITIONAL');
    await user.selectOptions(screen.getByLabelText('Reads'), 'age');
    await user.selectOptions(screen.getByLabelText('Operator'), 'GREATER_THAN');
    await user.type(screen.getByLabelText('Value'), '10');
    expect(screen.getByText(/^In words: Shown when/).textContent).toBe('In words: Shown when “Age” is more than 10.');
    await user.click(screen.getByRole('button', { name: 'Add ending' }));
    await user.click(within(outline()).getByRole('button', { name: 'Move up: Ending 2' }));
    expect(
      within(within(outline()).getByRole('list', { name: 'Endings' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.select')?.textContent),
    ).toEqual(['Ending 2', 'You qualify']);
    await waitFor(() => {
      const endings = lastSaved(callsTo('questionnaires.replaceDraft'))?.endings;
      expect(endings?.map((ending) => ending.title)).toEqual(['Ending 2', 'You qualify']);
      expect(endings?.[1]).toMatchObject({
        redirectUrl: 'https://example.org/book',
        visibility: {
          mode: 'CONDITIONAL',
          rule: { conditions: [{ source: 'ANSWER', questionCode: 'age', operator: 'GREATER_THAN', value: 10 }] },
        },
      });
    }, SLOW);
    await user.click(within(outline()).getByRole('button', { name: 'Remove Ending 2' }));
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.endings?.map((e) => e.title)).toEqual([
          'You qualify',
        ]),
      SLOW,
    );
  });

  it('inserts an earlier answer at the caret, says what it recalls, offers no later question, and follows a new code', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    const prompt = screen.getByLabelText('Prompt') as HTMLTextAreaElement;
    await user.clear(prompt);
    await user.type(prompt, 'How old are you?');
    prompt.setSelectionRange(3, 3);
    const insert = screen.getByRole('combobox', { name: 'Insert answer', description: 'Prompt' }) as HTMLSelectElement;
    expect([...insert.options].map((option) => option.textContent)).toEqual([
      'Insert answer…',
      'Answer to “Prompt of name”',
      'Answer to “A pet?”',
      'Answer to “Colour”',
    ]);
    await user.selectOptions(insert, 'Answer to “Prompt of name”');
    expect(prompt.value).toBe('How{{name}} old are you?');
    expect(screen.getByText(/^Recalls:/).textContent).toBe('Recalls: “Prompt of name” (name)');

    await user.click(within(outline()).getByRole('button', { name: 'Prompt of name (Short text)' }));
    expect(screen.queryByRole('combobox', { name: 'Insert answer', description: 'Prompt' })).toBeNull();
    const code = screen.getByLabelText('Code');
    await user.clear(code);
    await user.type(code, 'first_name');
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[0]?.prompt).toBe(
          'How{{first_name}} old are you?',
        ),
      SLOW,
    );
  });
});

describe('recall in a type’s texts', () => {
  it('offers Insert answer beside a choice’s label', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Colour (Single choice)' }));
    const insert = screen.getByRole('combobox', { name: 'Insert answer', description: 'Choice 1 label' });
    (screen.getByLabelText('Choice 1 label') as HTMLInputElement).setSelectionRange(0, 0);
    await user.selectOptions(insert, 'Answer to “Prompt of name”');
    await waitFor(
      () =>
        expect(
          (
            lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[0]?.questions[2]?.typeConfig as {
              choices: { label: string }[];
            }
          )?.choices[0]?.label,
        ).toBe('{{name}}Red'),
      SLOW,
    );
  });

  it('offers Insert answer beside a yes/no question’s labels, and says what they recall', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'A pet? (Yes / no)' }));
    const insert = screen.getByRole('combobox', { name: 'Insert answer', description: /yes/i });
    await user.selectOptions(insert, 'Answer to “Prompt of name”');
    expect(screen.getByText(/^Recalls:/).textContent).toBe('Recalls: “Prompt of name” (name)');
    await waitFor(
      () =>
        expect(
          (
            lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[0]?.questions[1]?.typeConfig as {
              yesLabel?: string;
            }
          )?.yesLabel,
        ).toBe('{{name}}'),
      SLOW,
    );
  });
});
