import { Definition } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question, twoSteps } from '../../test/definitions.ts';
import {
  addQuestion,
  addStep,
  addTab,
  containersOf,
  duplicateQuestion,
  duplicateStep,
  duplicateTab,
  initialTypeConfig,
  moveQuestion,
  moveQuestionTo,
  questionsOf,
  removeQuestion,
  selectionOfPath,
} from './model.ts';

const codes = (definition: ReturnType<typeof twoSteps>, ref: { step?: number; tab?: number }) =>
  questionsOf(definition, ref).map((q) => q.code);

describe('draft model', () => {
  it('adds questions with unique codes that the API accepts', () => {
    let draft = twoSteps();
    draft = addQuestion(draft, { step: 0 }, 'SINGLE_CHOICE');
    draft = addQuestion(draft, { step: 1 }, 'EMAIL');
    // Untitled questions: the fallback slug, numbered (codes follow prompts, see codes.test.ts).
    expect(codes(draft, { step: 0 }).at(-1)).toBe('question');
    expect(codes(draft, { step: 1 }).at(-1)).toBe('question_2');
    expect(Definition.safeParse(draft).success).toBe(true);
  });

  it('moves up and down within a container, and not past its ends', () => {
    const draft = twoSteps();
    expect(codes(moveQuestion(draft, { step: 0 }, 1, -1), { step: 0 })).toEqual(['pet', 'name', 'color']);
    expect(codes(moveQuestion(draft, { step: 0 }, 1, 1), { step: 0 })).toEqual(['name', 'color', 'pet']);
    expect(moveQuestion(draft, { step: 0 }, 0, -1)).toBe(draft);
  });

  it('moves a question to another step, at a place or at the end', () => {
    const draft = twoSteps();
    const moved = moveQuestionTo(draft, { step: 0 }, 0, { step: 1 }, 0);
    expect(codes(moved, { step: 0 })).toEqual(['pet', 'color']);
    expect(codes(moved, { step: 1 })).toEqual(['name', 'age']);
    expect(codes(moveQuestionTo(draft, { step: 0 }, 0, { step: 1 }), { step: 1 })).toEqual(['age', 'name']);
  });

  it('keeps one layout: a step takes the top-level questions, a tab takes its step’s own questions', () => {
    const flat = { schemaVersion: 1, steps: [], tabs: [], questions: [question('a')] } as ReturnType<typeof twoSteps>;
    const stepped = addStep(flat);
    expect(stepped.questions).toEqual([]);
    expect(codes(stepped, { step: 0 })).toEqual(['a']);
    const tabbed = addTab(stepped, 0);
    expect(codes(tabbed, { step: 0 })).toEqual([]);
    expect(codes(tabbed, { step: 0, tab: 0 })).toEqual(['a']);
    expect(containersOf(tabbed).map((c) => c.path)).toEqual(['steps.0.tabs.0.questions']);
    expect(Definition.safeParse(tabbed).success).toBe(true);
  });

  it('removes a question', () => {
    expect(codes(removeQuestion(twoSteps(), { step: 0 }, 1), { step: 0 })).toEqual(['name', 'color']);
  });
});

describe('new questions', () => {
  it('start with their type’s defaults written out, so the fields and the preview show them', () => {
    expect(initialTypeConfig('RATING')).toEqual({ min: 1, max: 5, step: 1 });
    expect(initialTypeConfig('FILE_UPLOAD')).toEqual({ maxFiles: 1 });
    expect(initialTypeConfig('ADDRESS')).toEqual({ suggestions: true });
    expect(initialTypeConfig('SHORT_TEXT')).toEqual({});
  });
});

describe('duplicates', () => {
  it('copies a question right after it, with a new id and a unique code', () => {
    const draft = duplicateQuestion(twoSteps(), { step: 0 }, 2);
    const copy = questionsOf(draft, { step: 0 })[3];
    expect(codes(draft, { step: 0 })).toEqual(['name', 'pet', 'color', 'colour']);
    expect(copy).toMatchObject({ prompt: 'Colour', type: 'SINGLE_CHOICE' });
    expect(copy?.id).not.toBe('color');
    expect(Definition.safeParse(draft).success).toBe(true);
  });

  it('copies a step with its questions, and the copy’s rules read the copied questions', () => {
    const start = twoSteps();
    const age = start.steps[1]!.questions[0]!;
    start.steps[1]!.questions.push(
      question('older', {
        prompt: 'Older than?',
        visibility: {
          mode: 'CONDITIONAL',
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'ANSWER', questionCode: age.code, operator: 'IS_NOT_EMPTY' }],
          },
        },
      }),
    );
    const draft = duplicateStep(start, 1);
    expect(draft.steps.map((s) => s.title)).toEqual(['About you', 'More', 'More (copy)']);
    const copied = draft.steps[2]!.questions;
    expect(copied.map((q) => q.code)).toEqual(['age_2', 'older_than']);
    expect(copied[1]?.visibility.rule?.conditions[0]?.questionCode).toBe('age_2');
    expect(draft.steps[1]!.questions[1]?.visibility.rule?.conditions[0]?.questionCode).toBe('age');
    expect(Definition.safeParse(draft).success).toBe(true);
  });

  it('copies a tab with its questions', () => {
    const tabbed = addTab(twoSteps(), 0);
    const draft = duplicateTab(tabbed, 0, 0);
    expect(draft.steps[0]!.tabs.map((t) => t.title)).toEqual(['Tab 1', 'Tab 1 (copy)']);
    expect(draft.steps[0]!.tabs[1]!.questions).toHaveLength(3);
    expect(Definition.safeParse(draft).success).toBe(true);
  });
});

describe('selectionOfPath', () => {
  it('reads the element a field path is in', () => {
    expect(selectionOfPath('steps.1.tabs.0.questions.2.visibility.rule')).toEqual({
      kind: 'question',
      container: { step: 1, tab: 0 },
      index: 2,
    });
    expect(selectionOfPath('questions.0.code')).toEqual({ kind: 'question', container: {}, index: 0 });
    expect(selectionOfPath('tabs.3.title')).toEqual({ kind: 'tab', tab: 3 });
    expect(selectionOfPath('steps.2.title')).toEqual({ kind: 'step', step: 2 });
    expect(selectionOfPath('schemaVersion')).toBeUndefined();
  });
});
