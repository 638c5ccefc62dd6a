import { describe, expect, it } from 'vitest';
import { isEmptyAnswer } from './empty';
import { applyOperator, type Operands } from './operators';
import { OPERATORS, type Operator, type QuestionTypeName } from './vocabulary';

type Row = [
  operator: Operator,
  actual: unknown,
  expected: Operands['expected'],
  holds: boolean,
  type?: QuestionTypeName,
];

const address = { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' };
const blankAddress = { line1: ' ', line2: '', city: '', state: '', postalCode: '', country: '' };

/** One row per semantic rule of docs/decisions.md "Rule semantics". */
const ROWS: Row[] = [
  // EQUALS: JSON equality; a number never equals a string; absent never equals anything.
  ['EQUALS', 'red', 'red', true],
  ['EQUALS', 'red', 'Red', false],
  ['EQUALS', 3, 3, true],
  ['EQUALS', 3, '3', false],
  ['EQUALS', '3', 3, false],
  ['EQUALS', true, true, true],
  ['EQUALS', false, 'false', false],
  ['EQUALS', ['a', 'b'], ['a', 'b'], true],
  ['EQUALS', ['a', 'b'], ['b', 'a'], false],
  ['EQUALS', undefined, 'x', false],
  ['NOT_EQUALS', 'red', 'blue', true],
  ['NOT_EQUALS', 3, '3', true],
  ['NOT_EQUALS', 'red', 'red', false],
  ['NOT_EQUALS', undefined, 'x', true],
  // CONTAINS: case-insensitive substring of a string answer, or membership of an array answer.
  ['CONTAINS', 'Hello World', 'world', true],
  ['CONTAINS', 'Hello World', 'planet', false],
  ['CONTAINS', ['a', 'b'], 'b', true],
  ['CONTAINS', ['a', 'b'], 'B', false],
  ['CONTAINS', [1, 2], 2, true],
  ['CONTAINS', [1, 2], '2', false],
  ['CONTAINS', 'Room 12', 12, false],
  ['CONTAINS', 12, 1, false],
  ['CONTAINS', undefined, 'a', false],
  ['NOT_CONTAINS', 'Hello', 'bye', true],
  ['NOT_CONTAINS', 'Hello', 'HELL', false],
  ['NOT_CONTAINS', undefined, 'a', true],
  // IN: a scalar is one of the list; an array shares at least one item with it.
  ['IN', 'b', ['a', 'b'], true],
  ['IN', 'c', ['a', 'b'], false],
  ['IN', 2, [1, 2], true],
  ['IN', 2, ['2'], false],
  ['IN', ['x', 'b'], ['a', 'b'], true],
  ['IN', ['x', 'y'], ['a', 'b'], false],
  ['IN', [], ['a'], false],
  ['IN', undefined, ['a'], false],
  ['NOT_IN', 'c', ['a', 'b'], true],
  ['NOT_IN', 'a', ['a', 'b'], false],
  ['NOT_IN', ['x', 'a'], ['a'], false],
  ['NOT_IN', undefined, ['a'], true],
  // Ordering: numbers numerically, YYYY-MM-DD dates chronologically, anything else false.
  ['GREATER_THAN', 10, 9, true],
  ['GREATER_THAN', 9, 10, false],
  ['GREATER_THAN', 10, 10, false],
  ['GREATER_THAN', '10', 9, false],
  ['GREATER_THAN', 10, '9', false],
  ['GREATER_THAN', '2024-03-01', '2024-02-29', true],
  ['GREATER_THAN', '2024-02-29', '2024-03-01', false],
  ['GREATER_THAN', '2023-02-30', '2023-01-01', false],
  ['GREATER_THAN', 'b', 'a', false],
  ['GREATER_THAN', undefined, 1, false],
  ['GREATER_THAN_OR_EQUAL', 10, 10, true],
  ['GREATER_THAN_OR_EQUAL', 9, 10, false],
  ['GREATER_THAN_OR_EQUAL', '2024-01-01', '2024-01-01', true],
  ['GREATER_THAN_OR_EQUAL', '10', '10', false],
  ['LESS_THAN', -1, 0, true],
  ['LESS_THAN', 0, 0, false],
  ['LESS_THAN', '1999-12-31', '2000-01-01', true],
  ['LESS_THAN', true, 2, false],
  ['LESS_THAN_OR_EQUAL', 0, 0, true],
  ['LESS_THAN_OR_EQUAL', 1, 0, false],
  ['LESS_THAN_OR_EQUAL', '2000-01-01', '2000-01-01', true],
  ['LESS_THAN_OR_EQUAL', [1], 2, false],
  // IS_EMPTY: absent, blank, [], {}, a blank address, false for CONSENT.
  ['IS_EMPTY', undefined, undefined, true],
  ['IS_EMPTY', '', undefined, true],
  ['IS_EMPTY', '   ', undefined, true],
  ['IS_EMPTY', 'x', undefined, false],
  ['IS_EMPTY', [], undefined, true],
  ['IS_EMPTY', ['a'], undefined, false],
  ['IS_EMPTY', {}, undefined, true],
  ['IS_EMPTY', blankAddress, undefined, true, 'ADDRESS'],
  ['IS_EMPTY', address, undefined, false, 'ADDRESS'],
  ['IS_EMPTY', 0, undefined, false],
  ['IS_EMPTY', false, undefined, true, 'CONSENT'],
  ['IS_EMPTY', true, undefined, false, 'CONSENT'],
  ['IS_EMPTY', false, undefined, false, 'YES_NO'],
  ['IS_NOT_EMPTY', 'x', undefined, true],
  ['IS_NOT_EMPTY', undefined, undefined, false],
  ['IS_NOT_EMPTY', false, undefined, false, 'CONSENT'],
  ['IS_NOT_EMPTY', false, undefined, true, 'YES_NO'],
];

describe('operators', () => {
  it.each(ROWS)('%s: %j against %j holds: %s (%s)', (operator, actual, expected, holds, type) => {
    expect(applyOperator(operator, { actual, expected, type })).toBe(holds);
  });

  it('has rows that hold and rows that fail for every operator', () => {
    for (const operator of OPERATORS) {
      const results = new Set(ROWS.filter((row) => row[0] === operator).map((row) => row[3]));
      expect([operator, [...results].sort()]).toEqual([operator, [false, true]]);
    }
  });

  const NEGATIONS: [Operator, Operator][] = [
    ['EQUALS', 'NOT_EQUALS'],
    ['CONTAINS', 'NOT_CONTAINS'],
    ['IN', 'NOT_IN'],
    ['IS_EMPTY', 'IS_NOT_EMPTY'],
  ];
  const samples: unknown[] = [undefined, '', ' ', 'a', 'A b', 0, 3, true, false, [], ['a'], [1, 'a'], {}, address];
  const values: Operands['expected'][] = ['a', 3, true, ['a', 3], [], undefined];

  it.each(NEGATIONS)('%s and %s are exact negations for every pairing', (positive, negative) => {
    for (const actual of samples) {
      for (const expected of values) {
        for (const type of [undefined, 'CONSENT', 'YES_NO'] as const) {
          const operands = { actual, expected, type };
          expect(applyOperator(negative, operands)).toBe(!applyOperator(positive, operands));
        }
      }
    }
  });

  it('never holds for an operator it does not know', () => {
    expect(applyOperator('MATCHES' as Operator, { actual: 'a', expected: 'a', type: undefined })).toBe(false);
  });
});

describe('isEmptyAnswer', () => {
  it('treats an address empty only when every field is blank', () => {
    expect(isEmptyAnswer({ ...blankAddress, country: 'FR' }, 'ADDRESS')).toBe(false);
    expect(isEmptyAnswer(blankAddress, 'ADDRESS')).toBe(true);
  });
});
