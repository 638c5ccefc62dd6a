import type { Definition, QuestionnaireDetail } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeProblem, renderWithApi } from '../../test/fake-api.tsx';
import { DraftPage } from './draft-page.tsx';
import { twoSteps } from './test-definitions.ts';

// The preview mounts the real embed; these tests are about the editor's own panels.
vi.mock('./preview.tsx', () => ({ Preview: () => null }));

afterEach(cleanup);

const detail = (draft: Definition): QuestionnaireDetail => ({
  id: 'q1',
  publicId: 'pub1',
  name: 'Survey',
  allowedOrigins: [],
  submissionPolicy: 'MULTIPLE',
  currentVersion: 0,
  hasUnpublishedChanges: true,
  draft,
  updatedAt: '2026-11-22T10:00:00.000Z',
});

function renderDraft(replaceDraft: (input: { id: string } & Definition) => unknown = (input) => detail(input)) {
  return renderWithApi([{ path: '/questionnaires/:questionnaireId', element: <DraftPage /> }], {
    url: '/questionnaires/q1',
    handlers: { 'questionnaires.get': () => detail(twoSteps()), 'questionnaires.replaceDraft': replaceDraft },
  });
}

const outline = () => screen.getByRole('navigation', { name: 'Outline' });
/** The draft the last save sent. */
const lastSaved = (calls: { input: unknown }[]) => calls.at(-1)?.input as { id: string } & Definition;

describe('outline', () => {
  it('lists steps and questions, reorders by keyboard buttons and moves to another step, then saves the whole draft', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await screen.findByRole('button', { name: /^About you/ });
    const firstStep = within(outline()).getByRole('list', { name: 'Questions of About you' });
    expect(within(firstStep).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(outline()).getByRole('button', { name: 'Move down: Prompt of name' }));
    await user.selectOptions(within(outline()).getByRole('combobox', { name: 'Move Colour to' }), 'More');
    await waitFor(() => expect(callsTo('questionnaires.replaceDraft').length).toBeGreaterThan(0), { timeout: 10_000 });
    const saved = lastSaved(callsTo('questionnaires.replaceDraft'));
    expect(saved.id).toBe('q1');
    expect(saved.steps[0]?.questions.map((q) => q.code)).toEqual(['pet', 'name']);
    expect(saved.steps[1]?.questions.map((q) => q.code)).toEqual(['age', 'color']);
    expect(await screen.findByText('Saved', { selector: '.save-status' })).toBeDefined();
  });

  it('adds a question of the chosen type and removes one; undo brings it back', async () => {
    const user = userEvent.setup();
    renderDraft();
    await screen.findByRole('button', { name: /^About you/ });
    await user.selectOptions(screen.getByLabelText('New question type (More)'), 'EMAIL');
    await user.click(screen.getByRole('button', { name: 'Add question to More' }));
    expect(within(outline()).getByRole('button', { name: 'question_1 (Email)' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Remove Age' }));
    expect(within(outline()).queryByRole('button', { name: /^Age \(/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(outline()).getByRole('button', { name: 'Age (Number)' })).toBeDefined();
  });
});

describe('property panel', () => {
  it('edits prompt, code and the type’s settings, and shows a rejected draft’s errors on the field they name', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft((input) => {
      if (input.steps[1]?.questions[0]?.code === 'name') {
        throw new FakeProblem({
          code: 'VALIDATION_FAILED',
          detail: 'The request is not valid',
          errors: [{ path: 'steps.1.questions.0.code', message: 'Duplicate code "name"' }],
        });
      }
      return detail(input);
    });
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.clear(screen.getByLabelText('Prompt'));
    await user.type(screen.getByLabelText('Prompt'), 'Your age');
    await user.type(screen.getByLabelText('Max'), '120');
    expect(screen.getByLabelText('Unit')).toBeDefined();
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[1]?.questions[0]).toMatchObject({
          prompt: 'Your age',
          typeConfig: { max: 120 },
        }),
      { timeout: 10_000 },
    );

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'name');
    const code = screen.getByLabelText('Code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'), { timeout: 10_000 });
    // Next to the field (its description) and in the summary above.
    expect(document.getElementById(code.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Duplicate code "name"',
    );
    expect(screen.getByText(/^Not saved/, { selector: '.save-status' })).toBeDefined();
  });

  it('edits the choices of a choice question', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Colour (Single choice)' }));
    await user.click(screen.getByRole('button', { name: 'Add choice' }));
    await user.clear(screen.getByLabelText('Choice 3 label'));
    await user.type(screen.getByLabelText('Choice 3 label'), 'Green');
    await user.click(screen.getByRole('button', { name: 'Remove choice 1' }));
    await waitFor(
      () =>
        expect(lastSaved(callsTo('questionnaires.replaceDraft'))?.steps[0]?.questions[2]?.typeConfig).toEqual({
          choices: [
            { value: 'blue', label: 'Blue' },
            { value: 'option_3', label: 'Green' },
          ],
        }),
      { timeout: 10_000 },
    );
  });
});

describe('rule builder', () => {
  it('writes a visibility rule with a value input that fits the question read', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDraft();
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.selectOptions(screen.getByLabelText('Visibility mode'), 'CONDITIONAL');
    await user.selectOptions(screen.getByLabelText('Reads'), 'color');
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
      { timeout: 10_000 },
    );
  });

  it('hides the value for IS_EMPTY, reads the external reference, and falls back to the default mode when the last condition goes', async () => {
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
});
