import type { Definition, RuleConfig } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question, twoSteps } from '../../test/definitions.ts';
import { addTab } from './model.ts';
import { previewDefinition, previewTarget } from './preview-target.ts';

const petIsYes: RuleConfig = {
  mode: 'CONDITIONAL',
  rule: { combinator: 'ALL', conditions: [{ source: 'ANSWER', questionCode: 'pet', operator: 'EQUALS', value: true }] },
};

describe('previewTarget', () => {
  it('opens the step (and tab) of the selected element', () => {
    const draft = addTab(twoSteps(), 1);
    expect(previewTarget(draft, { kind: 'question', container: { step: 1, tab: 0 }, index: 0 })).toMatchObject({
      position: { stepId: 's2', tabId: 'tab_1' },
      notes: [],
    });
    expect(previewTarget(draft, { kind: 'step', step: 0 }).position).toEqual({ stepId: 's1' });
    expect(previewTarget(draft, undefined).position).toBeUndefined();
  });

  it('opens a top-level tab of a definition without steps', () => {
    const draft: Definition = { schemaVersion: 1, steps: [], questions: [], tabs: [] };
    const tabbed = addTab(addTab({ ...draft, questions: [question('a')] }, undefined), undefined);
    expect(previewTarget(tabbed, { kind: 'tab', tab: 1 }).position).toEqual({ stepId: null, tabId: 'tab_2' });
  });

  it('shows an element its rules would hide, and says so in words', () => {
    const draft = twoSteps();
    draft.steps[1]!.visibility = { mode: 'NEVER' };
    draft.steps[1]!.questions[0]!.visibility = petIsYes;
    const target = previewTarget(draft, { kind: 'question', container: { step: 1 }, index: 0 });
    expect(target.notes).toEqual([
      'Step 2 “More” is never shown to respondents.',
      'This question is shown only when “A pet?” is “Yes”.',
    ]);
    const shown = previewDefinition(draft, target);
    expect(shown.steps[1]?.visibility).toEqual({ mode: 'ALWAYS' });
    expect(shown.steps[1]?.questions[0]?.visibility).toEqual({ mode: 'ALWAYS' });
    // The rest keeps its rules, so they preview live.
    expect(draft.steps[1]?.visibility).toEqual({ mode: 'NEVER' });
  });

  it('writes out the type defaults the server would, so a rating shows its scale', () => {
    const draft = twoSteps();
    draft.steps[1]!.questions.push(
      question('rate', { type: 'RATING', typeConfig: { minLabel: 'Not at all' } } as never),
    );
    const shown = previewDefinition(draft, previewTarget(draft, undefined));
    expect(shown.steps[1]?.questions[1]?.typeConfig).toEqual({ min: 1, max: 5, step: 1, minLabel: 'Not at all' });
  });

  it('previews a draft with problems, each question with its defaults where they apply', () => {
    const draft = twoSteps();
    draft.steps[1]!.questions.push(
      question('rate', { type: 'RATING', typeConfig: {}, visibility: { mode: 'CONDITIONAL' } } as never),
    );
    const shown = previewDefinition(draft, previewTarget(draft, undefined));
    expect(shown.steps[1]?.questions[1]?.typeConfig).toEqual({ min: 1, max: 5, step: 1 });
  });
});
