import { describe, expect, it } from 'vitest';
import { Definition } from './definition';
import { localize } from './rules/languages';
import type { Condition, Question } from './rules/model';
import { formatRecalledAnswer } from './rules/recall';
import { resolveRules } from './rules/resolve';

const options = (...values: string[]) => values.map((value) => ({ value, label: value.toUpperCase() }));

const questions = [
  {
    id: 'm',
    code: 'grid',
    type: 'MATRIX',
    typeConfig: { rows: options('speed', 'price'), columns: options('bad', 'ok', 'good') },
  },
  {
    id: 'mm',
    code: 'grid_many',
    type: 'MATRIX',
    typeConfig: { rows: options('speed'), columns: options('bad', 'good'), multiple: true },
  },
  { id: 'r', code: 'rank', type: 'RANKING', typeConfig: { choices: options('x', 'y', 'z') } },
  { id: 'n', code: 'nps', type: 'NPS', typeConfig: { minLabel: 'Never', maxLabel: 'Surely' } },
  { id: 'd', code: 'when', type: 'DATE_TIME' },
  { id: 't', code: 'at', type: 'TIME', typeConfig: { stepMinutes: 30 } },
  { id: 's', code: 'pick', type: 'SINGLE_CHOICE', typeConfig: { choices: options('a', 'b'), allowOther: true } },
  { id: 'mc', code: 'picks', type: 'MULTI_CHOICE', typeConfig: { choices: options('a', 'b'), allowOther: true } },
];

const parse = (extra: Record<string, unknown> = {}) => Definition.safeParse({ schemaVersion: 1, questions, ...extra });

const conditionHolds = (condition: Condition, answers: Record<string, unknown>) => {
  const definition = { steps: [], tabs: [], questions: [] } as unknown as Parameters<typeof resolveRules>[0];
  return resolveRules(definition, { answers }).holds({
    mode: 'CONDITIONAL',
    rule: { combinator: 'ALL', conditions: [condition] },
  });
};

describe('the new question types in a definition', () => {
  it('parses each with its defaults', () => {
    const parsed = parse();
    expect(parsed.success).toBe(true);
    const byCode = new Map(parsed.data?.questions.map((q) => [q.code, q]));
    expect(byCode.get('grid')?.typeConfig).toMatchObject({ multiple: false, shuffle: 'NONE' });
    expect(byCode.get('rank')?.typeConfig).toMatchObject({ shuffle: 'NONE' });
    // The choice types keep their saved shape: their new settings are absent until set.
    expect(byCode.get('pick')?.typeConfig).toEqual({ choices: options('a', 'b'), allowOther: true });
  });

  it.each([
    ['a grid with one column', { rows: options('a'), columns: options('x') }, 'MATRIX'],
    ['a grid with a row twice', { rows: options('a', 'a'), columns: options('x', 'y') }, 'MATRIX'],
    ['a ranking of one', { choices: options('x') }, 'RANKING'],
    ['top 4 of 3', { choices: options('x', 'y', 'z'), rankCount: 4 }, 'RANKING'],
    ['a time window upside down', { min: '18:00', max: '09:00' }, 'TIME'],
    ['a date-time without its offset', { min: '2026-12-01T09:00' }, 'DATE_TIME'],
    ['a date-time window upside down', { min: '2026-12-01T09:00+00:00', max: '2026-12-01T10:30+02:00' }, 'DATE_TIME'],
    ['an unknown shuffle', { choices: options('x'), shuffle: 'SOME' }, 'SINGLE_CHOICE'],
  ])('refuses %s', (_name, typeConfig, type) => {
    expect(
      Definition.safeParse({ schemaVersion: 1, questions: [{ id: 'q', code: 'q', type, typeConfig }] }).success,
    ).toBe(false);
  });

  it('checks that a grid condition names one of its rows', () => {
    const rule = (condition: Record<string, unknown>) => ({
      questions: [
        ...questions,
        {
          id: 'after',
          code: 'after',
          type: 'SHORT_TEXT',
          visibility: {
            mode: 'CONDITIONAL',
            rule: { conditions: [{ source: 'ANSWER', questionCode: 'grid', ...condition }] },
          },
        },
      ],
    });
    expect(parse(rule({ subField: 'speed', operator: 'EQUALS', value: 'good' })).success).toBe(true);
    expect(parse(rule({ operator: 'IS_NOT_EMPTY' })).success).toBe(true);
    const unknownRow = parse(rule({ subField: 'colour', operator: 'EQUALS', value: 'good' }));
    expect(unknownRow.error?.issues[0]?.message).toBe('The grid “grid” has no row “colour”');
    const noRow = parse(rule({ operator: 'EQUALS', value: 'good' }));
    expect(noRow.error?.issues[0]?.message).toBe('Choose which row of the grid “grid” this condition reads');
  });

  it('translates rows, columns, Other and the NPS labels, and refuses unknown rows', () => {
    const translations = {
      de: {
        m: { typeConfig: { rows: { speed: 'Tempo' }, columns: { good: 'Gut' } } },
        n: { typeConfig: { minLabel: 'Nie', maxLabel: 'Sicher' } },
        s: { typeConfig: { otherLabel: 'Andere' } },
      },
    };
    const parsed = parse({ translations });
    expect(parsed.success).toBe(true);
    const german = localize(parsed.data as Definition, 'de');
    const grid = german.questions[0] as Extract<Question, { type: 'MATRIX' }>;
    expect(grid.typeConfig.rows.map((row) => row.label)).toEqual(['Tempo', 'PRICE']);
    expect(grid.typeConfig.columns.map((column) => column.label)).toEqual(['BAD', 'OK', 'Gut']);
    expect(german.questions[3]?.typeConfig).toMatchObject({ minLabel: 'Nie', maxLabel: 'Sicher' });
    expect(german.questions[6]?.typeConfig).toMatchObject({ otherLabel: 'Andere' });

    const wrong = parse({ translations: { de: { m: { typeConfig: { rows: { colour: 'Farbe' } } } } } });
    expect(wrong.error?.issues[0]?.message).toBe('German (de): the question “m” has no row with value “colour”');
  });
});

describe('rules on the new types', () => {
  it.each<[string, Condition, Record<string, unknown>, boolean]>([
    [
      'a grid row equals',
      { source: 'ANSWER', questionCode: 'grid', subField: 'speed', operator: 'EQUALS', value: 'good' },
      { grid: { speed: 'good' } },
      true,
    ],
    [
      'a grid row is one of',
      { source: 'ANSWER', questionCode: 'grid', subField: 'price', operator: 'IN', value: ['bad', 'ok'] },
      { grid: { speed: 'good', price: 'ok' } },
      true,
    ],
    [
      'an unanswered grid row is empty',
      { source: 'ANSWER', questionCode: 'grid', subField: 'price', operator: 'IS_EMPTY' },
      { grid: { speed: 'good' } },
      true,
    ],
    [
      'a many-column row holds a column',
      { source: 'ANSWER', questionCode: 'grid_many', subField: 'speed', operator: 'IN', value: ['good'] },
      { grid_many: { speed: ['bad', 'good'] } },
      true,
    ],
    [
      'NPS at least 9',
      { source: 'ANSWER', questionCode: 'nps', operator: 'GREATER_THAN_OR_EQUAL', value: 9 },
      { nps: 9 },
      true,
    ],
    [
      'NPS 6 is not 7 or more',
      { source: 'ANSWER', questionCode: 'nps', operator: 'GREATER_THAN_OR_EQUAL', value: 7 },
      { nps: 6 },
      false,
    ],
    [
      'a date-time before another, across offsets',
      { source: 'ANSWER', questionCode: 'when', operator: 'LESS_THAN', value: '2026-12-01T10:00+01:00' },
      { when: '2026-12-01T08:30+00:00' },
      true,
    ],
    [
      'a time after another',
      { source: 'ANSWER', questionCode: 'at', operator: 'GREATER_THAN', value: '12:00' },
      { at: '12:30' },
      true,
    ],
    [
      'Other chosen on a single choice',
      { source: 'ANSWER', questionCode: 'pick', subField: 'other', operator: 'IS_NOT_EMPTY' },
      { pick: { other: 'Fax' } },
      true,
    ],
    [
      'Other not chosen',
      { source: 'ANSWER', questionCode: 'pick', subField: 'other', operator: 'IS_NOT_EMPTY' },
      { pick: 'a' },
      false,
    ],
    [
      'Other chosen among many',
      { source: 'ANSWER', questionCode: 'picks', subField: 'other', operator: 'IS_NOT_EMPTY' },
      { picks: ['a', { other: 'Fax' }] },
      true,
    ],
    [
      'a choice still counts beside Other',
      { source: 'ANSWER', questionCode: 'picks', operator: 'CONTAINS', value: 'a' },
      { picks: ['a', { other: 'Fax' }] },
      true,
    ],
    [
      'Other with nothing typed is empty',
      { source: 'ANSWER', questionCode: 'picks', operator: 'IS_EMPTY' },
      { picks: [{ other: ' ' }] },
      true,
    ],
    [
      'ranked at all',
      { source: 'ANSWER', questionCode: 'rank', operator: 'CONTAINS', value: 'y' },
      { rank: ['z', 'y'] },
      true,
    ],
    [
      'not ranked',
      { source: 'ANSWER', questionCode: 'rank', operator: 'CONTAINS', value: 'x' },
      { rank: ['z', 'y'] },
      false,
    ],
    [
      'a ranking given',
      { source: 'ANSWER', questionCode: 'rank', operator: 'IS_NOT_EMPTY' },
      { rank: ['z', 'y', 'x'] },
      true,
    ],
  ])('%s', (_name, condition, answers, expected) => {
    expect(conditionHolds(condition, answers)).toBe(expected);
  });
});

describe('recalled answers of the new types', () => {
  const parsed = parse().data as Definition;
  const byCode = new Map(parsed.questions.map((q) => [q.code, q as Question]));
  const words = { language: 'en-GB', yes: 'Yes', no: 'No' };
  it.each([
    ['grid', { speed: 'good', price: 'bad' }, 'SPEED: GOOD; PRICE: BAD'],
    ['grid_many', { speed: ['bad', 'good'] }, 'SPEED: BAD, GOOD'],
    ['rank', ['z', 'x', 'y'], 'Z, X, Y'],
    ['nps', 0, '0'],
    ['when', '2026-12-01T09:30+01:00', '1 December 2026 at 09:30'],
    ['at', '14:05', '14:05'],
    ['pick', { other: 'Fax' }, 'Fax'],
    ['picks', ['a', { other: 'Fax' }], 'A, Fax'],
  ])('%s %j reads “%s”', (code, answer, expected) => {
    expect(formatRecalledAnswer(byCode.get(code), answer, words)).toBe(expected);
  });
});
