import { describe, expect, it } from 'vitest';
import { allQuestions, Definition, type DefinitionInput } from './definition';

const question = (id: string, code: string, extra: Record<string, unknown> = {}) => ({
  id,
  code,
  type: 'SHORT_TEXT' as const,
  ...extra,
});

const issuesOf = (input: unknown) => {
  const result = Definition.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('Definition', () => {
  it('fills defaults: FULL width, visibility ALWAYS, requirement NEVER, empty lists', () => {
    const parsed = Definition.parse({ schemaVersion: 1, questions: [question('q1', 'a')] });
    expect(parsed).toEqual({
      schemaVersion: 1,
      steps: [],
      tabs: [],
      questions: [
        {
          id: 'q1',
          code: 'a',
          type: 'SHORT_TEXT',
          sectionTitle: '',
          prompt: '',
          width: 'FULL',
          typeConfig: {},
          visibility: { mode: 'ALWAYS' },
          requirement: { mode: 'NEVER' },
        },
      ],
    });
  });

  it('accepts steps holding both tabs and questions', () => {
    const input: DefinitionInput = {
      schemaVersion: 1,
      steps: [{ id: 's1', tabs: [{ id: 't1', questions: [question('q1', 'a')] }], questions: [question('q2', 'b')] }],
    };
    expect(allQuestions(Definition.parse(input)).map((q) => q.code)).toEqual(['b', 'a']);
  });

  it('rejects an unsupported schemaVersion', () => {
    expect(issuesOf({ schemaVersion: 2 })).toEqual([expect.stringMatching(/^schemaVersion: /)]);
  });

  it('rejects mixing layouts', () => {
    expect(issuesOf({ schemaVersion: 1, tabs: [{ id: 't1' }], questions: [question('q1', 'a')] })).toEqual([
      ': Use one layout: steps, or top-level tabs, or top-level questions',
    ]);
  });

  it('rejects duplicate ids across steps, tabs and questions', () => {
    const issues = issuesOf({
      schemaVersion: 1,
      steps: [{ id: 'x', tabs: [{ id: 'x', questions: [question('x', 'a')] }] }],
    });
    expect(issues).toEqual([
      'steps.0.tabs.0.id: Duplicate id "x" (first used at steps.0.id)',
      'steps.0.tabs.0.questions.0.id: Duplicate id "x" (first used at steps.0.id)',
    ]);
  });

  it('rejects duplicate question codes anywhere in the definition', () => {
    const issues = issuesOf({
      schemaVersion: 1,
      steps: [
        { id: 's1', questions: [question('q1', 'same')] },
        { id: 's2', questions: [question('q2', 'same')] },
      ],
    });
    expect(issues).toEqual(['steps.1.questions.0.code: Duplicate code "same" (first used at steps.0.questions.0)']);
  });

  it('rejects unknown enum values and unknown keys', () => {
    expect(issuesOf({ schemaVersion: 1, questions: [question('q1', 'a', { type: 'SLIDER' })] })).toHaveLength(1);
    expect(issuesOf({ schemaVersion: 1, questions: [question('q1', 'a', { width: 'HUGE' })] })).toHaveLength(1);
    expect(issuesOf({ schemaVersion: 1, questions: [question('q1', 'a', { colour: 'red' })] })).toHaveLength(1);
    expect(issuesOf({ schemaVersion: 1, extra: true })).toHaveLength(1);
  });

  it('requires a rule for CONDITIONAL and a known question code in ANSWER conditions', () => {
    expect(
      issuesOf({ schemaVersion: 1, questions: [question('q1', 'a', { visibility: { mode: 'CONDITIONAL' } })] }),
    ).toEqual(['questions.0.visibility.rule: Required when mode is CONDITIONAL']);
    const rule = { conditions: [{ source: 'ANSWER', questionCode: 'ghost', operator: 'EQUALS', value: 'x' }] };
    expect(
      issuesOf({ schemaVersion: 1, questions: [question('q1', 'a', { requirement: { mode: 'CONDITIONAL', rule } })] }),
    ).toEqual(['questions.0.requirement.rule.conditions.0.questionCode: No question has code "ghost"']);
  });

  it('checks condition values against their operator', () => {
    const withCondition = (condition: Record<string, unknown>) => ({
      schemaVersion: 1,
      questions: [
        question('q1', 'a'),
        question('q2', 'b', {
          visibility: {
            mode: 'CONDITIONAL',
            rule: { conditions: [{ source: 'ANSWER', questionCode: 'a', ...condition }] },
          },
        }),
      ],
    });
    expect(issuesOf(withCondition({ operator: 'IS_EMPTY' }))).toEqual([]);
    expect(issuesOf(withCondition({ operator: 'EQUALS' }))).toHaveLength(1);
    expect(issuesOf(withCondition({ operator: 'IN', value: 'x' }))).toHaveLength(1);
    expect(issuesOf(withCondition({ operator: 'IN', value: ['x', 'y'] }))).toEqual([]);
    expect(issuesOf(withCondition({ operator: 'EQUALS', value: { nested: true } }))).toHaveLength(1);
  });

  it('validates typeConfig per question type', () => {
    const choice = (typeConfig: unknown) => ({
      schemaVersion: 1,
      questions: [{ id: 'q1', code: 'c', type: 'SINGLE_CHOICE', typeConfig }],
    });
    expect(issuesOf(choice(undefined))).toHaveLength(1);
    expect(issuesOf(choice({ choices: [{ value: 'a', label: 'A' }] }))).toEqual([]);
    expect(
      issuesOf(
        choice({
          choices: [
            { value: 'a', label: 'A' },
            { value: 'a', label: 'B' },
          ],
        }),
      ),
    ).toEqual(['questions.0.typeConfig.choices.1.value: Duplicate choice value "a"']);
    const rating = Definition.parse({ schemaVersion: 1, questions: [{ id: 'r', code: 'r', type: 'RATING' }] });
    expect(rating.questions[0]?.typeConfig).toEqual({ min: 1, max: 5, step: 1 });
    expect(
      issuesOf({
        schemaVersion: 1,
        questions: [{ id: 'n', code: 'n', type: 'NUMBER', typeConfig: { min: 5, max: 1 } }],
      }),
    ).toEqual(['questions.0.typeConfig.min: min must not be greater than max']);
    expect(
      issuesOf({
        schemaVersion: 1,
        questions: [{ id: 'a', code: 'a', type: 'ADDRESS', typeConfig: { allowedCountries: ['usa'] } }],
      }),
    ).toHaveLength(1);
  });
});
