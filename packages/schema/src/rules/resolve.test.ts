import { describe, expect, it } from 'vitest';
import { Definition, type DefinitionInput } from '../definition';
import type { Condition, Question, RuleConfig } from './model';
import { resolveRules } from './resolve';
import { screensOf } from './walk';

const when = (conditions: Condition[], combinator: 'ALL' | 'ANY' = 'ALL'): RuleConfig => ({
  mode: 'CONDITIONAL',
  rule: { combinator, conditions },
});
const answer = (questionCode: string, operator: Condition['operator'], value?: Condition['value']): Condition => ({
  source: 'ANSWER',
  questionCode,
  operator,
  ...(value === undefined ? {} : { value }),
});
const text = (code: string, extra: Record<string, unknown> = {}) => ({ id: code, code, type: 'SHORT_TEXT', ...extra });
const parse = (input: unknown) => Definition.parse(input as DefinitionInput);
const byCode = (definition: Definition, code: string) =>
  [...definition.questions, ...definition.steps.flatMap((s) => [...s.questions, ...s.tabs.flatMap((t) => t.questions)])]
    .concat(definition.tabs.flatMap((t) => t.questions))
    .find((q) => q.code === code) as Question;

describe('visibility modes', () => {
  const definition = parse({
    schemaVersion: 1,
    questions: [
      text('a'),
      text('always', { visibility: { mode: 'ALWAYS' } }),
      text('never', { visibility: { mode: 'NEVER' } }),
      text('conditional', { visibility: when([answer('a', 'EQUALS', 'yes')]) }),
    ],
  });
  it.each([
    ['always', {}, true],
    ['always', { a: 'yes' }, true],
    ['never', {}, false],
    ['never', { a: 'yes' }, false],
    ['conditional', { a: 'yes' }, true],
    ['conditional', { a: 'no' }, false],
    ['conditional', {}, false],
  ])('%s with answers %j is visible: %s', (code, answers, visible) => {
    expect(resolveRules(definition, { answers }).isVisible(byCode(definition, code))).toBe(visible);
  });
});

describe('combinators', () => {
  const definition = parse({
    schemaVersion: 1,
    questions: [
      text('a'),
      text('b'),
      text('all', { visibility: when([answer('a', 'IS_NOT_EMPTY'), answer('b', 'IS_NOT_EMPTY')], 'ALL') }),
      text('any', { visibility: when([answer('a', 'IS_NOT_EMPTY'), answer('b', 'IS_NOT_EMPTY')], 'ANY') }),
    ],
  });
  it.each([
    [{}, false, false],
    [{ a: 'x' }, false, true],
    [{ b: 'x' }, false, true],
    [{ a: 'x', b: 'y' }, true, true],
  ])('answers %j: ALL %s, ANY %s', (answers, all, any) => {
    const state = resolveRules(definition, { answers });
    expect([state.isVisible(byCode(definition, 'all')), state.isVisible(byCode(definition, 'any'))]).toEqual([
      all,
      any,
    ]);
  });
});

describe('condition sources', () => {
  const definition = parse({
    schemaVersion: 1,
    questions: [
      { id: 'addr', code: 'addr', type: 'ADDRESS' },
      { id: 'ok', code: 'ok', type: 'CONSENT' },
      text('byRef', { visibility: when([{ source: 'EXTERNAL_REF', operator: 'EQUALS', value: 'vip' }]) }),
      text('refSet', { visibility: when([{ source: 'EXTERNAL_REF', operator: 'IS_NOT_EMPTY' }]) }),
      text('inParis', {
        visibility: when([
          { source: 'ANSWER', questionCode: 'addr', subField: 'city', operator: 'EQUALS', value: 'Paris' },
        ]),
      }),
      text('consented', { visibility: when([answer('ok', 'IS_NOT_EMPTY')]) }),
    ],
  });
  const visible = (code: string, answers: Record<string, unknown>, externalRef?: string) =>
    resolveRules(definition, { answers, externalRef }).isVisible(byCode(definition, code));

  it('EXTERNAL_REF reads the embed reference', () => {
    expect(visible('byRef', {}, 'vip')).toBe(true);
    expect(visible('byRef', {}, 'other')).toBe(false);
    expect(visible('byRef', {})).toBe(false);
    expect(visible('refSet', {}, 'x')).toBe(true);
    expect(visible('refSet', {}, '')).toBe(false);
    expect(visible('refSet', {})).toBe(false);
  });

  it('subField reads a part of a structured answer', () => {
    expect(
      visible('inParis', { addr: { line1: '1 Rue', city: 'Paris', state: '', postalCode: '', country: 'FR' } }),
    ).toBe(true);
    expect(
      visible('inParis', { addr: { line1: '1 Rue', city: 'Lyon', state: '', postalCode: '', country: 'FR' } }),
    ).toBe(false);
    expect(visible('inParis', { addr: 'Paris' })).toBe(false);
    expect(visible('inParis', {})).toBe(false);
  });

  it('an unticked CONSENT reads as empty', () => {
    expect(visible('consented', { ok: false })).toBe(false);
    expect(visible('consented', { ok: true })).toBe(true);
  });
});

describe('hidden answers read as empty', () => {
  const definition = parse({
    schemaVersion: 1,
    questions: [
      text('a'),
      text('b', { visibility: when([answer('a', 'EQUALS', 'show')]) }),
      text('c', { visibility: when([answer('b', 'IS_NOT_EMPTY')]) }),
      text('d', { visibility: when([answer('b', 'IS_EMPTY')]) }),
    ],
  });
  it('a question hidden by another rule hides what depends on its answer, in a chain', () => {
    const shown = resolveRules(definition, { answers: { a: 'show', b: 'kept' } });
    expect(['b', 'c', 'd'].map((code) => shown.isVisible(byCode(definition, code)))).toEqual([true, true, false]);
    const hidden = resolveRules(definition, { answers: { a: 'hide', b: 'kept' } });
    expect(['b', 'c', 'd'].map((code) => hidden.isVisible(byCode(definition, code)))).toEqual([false, false, true]);
    expect(hidden.answerOf('b')).toBeUndefined();
    expect(hidden.visibleAnswers()).toEqual({ a: 'hide' });
  });

  it('a rule reading a question defined later works the same', () => {
    const later = parse({
      schemaVersion: 1,
      questions: [text('first', { visibility: when([answer('second', 'IS_NOT_EMPTY')]) }), text('second')],
    });
    expect(resolveRules(later, { answers: { second: 'x' } }).isVisible(byCode(later, 'first'))).toBe(true);
  });

  it('a rule that depends on its own question reads that answer as given instead of looping', () => {
    const loop = parse({
      schemaVersion: 1,
      questions: [
        text('p', { visibility: when([answer('q', 'IS_NOT_EMPTY')]) }),
        text('q', { visibility: when([answer('p', 'IS_NOT_EMPTY')]) }),
      ],
    });
    const state = resolveRules(loop, { answers: { p: 'x', q: 'y' } });
    expect([state.isVisible(byCode(loop, 'p')), state.isVisible(byCode(loop, 'q'))]).toEqual([true, true]);
    const none = resolveRules(loop, { answers: {} });
    expect([none.isVisible(byCode(loop, 'p')), none.isVisible(byCode(loop, 'q'))]).toEqual([false, false]);
  });
});

describe('containers', () => {
  const definition = parse({
    schemaVersion: 1,
    steps: [
      { id: 's1', questions: [text('gate'), { id: 'st', code: 'statement', type: 'STATEMENT' }] },
      {
        id: 's2',
        visibility: when([answer('gate', 'EQUALS', 'open')]),
        requirement: when([answer('gate', 'EQUALS', 'strict')]),
        questions: [text('inStep')],
        tabs: [
          { id: 't1', questions: [text('inTab1')] },
          {
            id: 't2',
            visibility: when([answer('gate', 'NOT_EQUALS', 'no-tab')]),
            requirement: { mode: 'ALWAYS' },
            questions: [text('inTab2'), { id: 'st2', code: 'statement2', type: 'STATEMENT' }],
          },
        ],
      },
      {
        id: 's3',
        questions: [
          text('own', { requirement: { mode: 'ALWAYS' } }),
          text('reads', { visibility: when([answer('inTab2', 'IS_NOT_EMPTY')]) }),
        ],
      },
    ],
  });
  const q = (code: string) => byCode(definition, code);

  it('a hidden step hides its questions and tabs', () => {
    const closed = resolveRules(definition, { answers: { gate: 'shut', inTab2: 'x' } });
    const [, s2] = screensOf(definition);
    expect(closed.isStepVisible(s2!.step!)).toBe(false);
    expect(closed.isTabVisible(s2!.tabs[0]!)).toBe(false);
    expect(['inStep', 'inTab1', 'inTab2'].map((code) => closed.isVisible(q(code)))).toEqual([false, false, false]);
    expect(closed.isVisible(q('reads'))).toBe(false);
    expect(closed.isRequired(q('inTab2'))).toBe(false);
  });

  it('a hidden tab hides its questions', () => {
    const state = resolveRules(definition, { answers: { gate: 'no-tab' } });
    expect(state.isVisible(q('inTab1'))).toBe(false);
    const open = resolveRules(definition, { answers: { gate: 'open', inTab2: 'x' } });
    expect(['inStep', 'inTab1', 'inTab2', 'reads'].map((code) => open.isVisible(q(code)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it.each([
    ['own', { gate: 'open' }, true, 'its own requirement is ALWAYS'],
    ['inTab2', { gate: 'open' }, true, 'its tab requirement is ALWAYS'],
    ['inTab1', { gate: 'open' }, false, 'no requirement holds'],
    ['inTab1', { gate: 'strict' }, false, 'its step is hidden, so nothing in it is required'],
    ['gate', { gate: 'open' }, false, 'requirement NEVER by default'],
    ['statement', { gate: 'open' }, false, 'a STATEMENT is never required'],
    ['statement2', { gate: 'open' }, false, 'a STATEMENT is never required, even in a required tab'],
  ])('%s with %j is required: %s (%s)', (code, answers, required) => {
    expect(resolveRules(definition, { answers }).isRequired(q(code))).toBe(required);
  });

  it('the step requirement makes every visible question of the step required', () => {
    const strict = parse({
      schemaVersion: 1,
      steps: [
        { id: 's1', questions: [text('gate')] },
        {
          id: 's2',
          requirement: when([answer('gate', 'EQUALS', 'strict')]),
          tabs: [{ id: 't', questions: [text('x')] }],
        },
      ],
    });
    expect(resolveRules(strict, { answers: { gate: 'strict' } }).isRequired(byCode(strict, 'x'))).toBe(true);
    expect(resolveRules(strict, { answers: { gate: 'lax' } }).isRequired(byCode(strict, 'x'))).toBe(false);
  });

  it('a CONDITIONAL requirement of a hidden question never holds', () => {
    const def = parse({
      schemaVersion: 1,
      questions: [text('a', { visibility: { mode: 'NEVER' }, requirement: { mode: 'ALWAYS' } })],
    });
    expect(resolveRules(def, { answers: {} }).isRequired(byCode(def, 'a'))).toBe(false);
  });
});

describe('rule configs this version cannot read', () => {
  it('treats a CONDITIONAL without a rule, and an unknown mode, as not holding', () => {
    const question = {
      ...Definition.parse({ schemaVersion: 1, questions: [text('a')] }).questions[0]!,
      visibility: { mode: 'CONDITIONAL' },
    } as Question;
    const odd = { ...question, code: 'b', visibility: { mode: 'SOMETIMES' } } as unknown as Question;
    const state = resolveRules({ questions: [question, odd] }, { answers: {} });
    expect([state.isVisible(question), state.isVisible(odd)]).toEqual([false, false]);
  });
});
