import { Definition } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  addStep,
  addTab,
  containersOf,
  moveQuestion,
  moveQuestionTo,
  questionsOf,
  removeQuestion,
} from './model.ts';
import { question, twoSteps } from './test-definitions.ts';

const codes = (definition: ReturnType<typeof twoSteps>, ref: { step?: number; tab?: number }) =>
  questionsOf(definition, ref).map((q) => q.code);

describe('draft model', () => {
  it('adds questions with unique codes that the API accepts', () => {
    let draft = twoSteps();
    draft = addQuestion(draft, { step: 0 }, 'SINGLE_CHOICE');
    draft = addQuestion(draft, { step: 1 }, 'EMAIL');
    expect(codes(draft, { step: 0 }).at(-1)).toBe('question_1');
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
