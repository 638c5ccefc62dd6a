import type { Question } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question } from '../test/definitions.ts';
import { operatorsFor } from './words.ts';

const colour = question('colour', {
  type: 'SINGLE_CHOICE',
  typeConfig: { choices: [{ value: 'red', label: 'Red' }] },
} as Partial<Question>);

describe('operatorsFor', () => {
  it('offers only the operators that make sense for the answer read', () => {
    expect(operatorsFor(colour)).toEqual(['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN', 'IS_NOT_EMPTY', 'IS_EMPTY']);
    expect(operatorsFor(question('pet', { type: 'YES_NO' }))).toEqual([
      'EQUALS',
      'NOT_EQUALS',
      'IS_NOT_EMPTY',
      'IS_EMPTY',
    ]);
    expect(operatorsFor(question('n', { type: 'NUMBER' }))).toContain('GREATER_THAN');
    expect(operatorsFor(question('d', { type: 'DATE' }))).toContain('LESS_THAN_OR_EQUAL');
    expect(operatorsFor(colour)).not.toContain('GREATER_THAN');
    expect(operatorsFor(question('m', { type: 'MULTI_CHOICE' }))).not.toContain('EQUALS');
    expect(operatorsFor(question('f', { type: 'FILE_UPLOAD' }))).toEqual(['IS_NOT_EMPTY', 'IS_EMPTY']);
    expect(operatorsFor(question('c', { type: 'CONSENT' }))).toEqual(['IS_NOT_EMPTY', 'IS_EMPTY']);
  });

  it('reads a part of an address, and the external reference, as text', () => {
    const home = question('home', { type: 'ADDRESS' });
    expect(operatorsFor(home)).toEqual(['IS_NOT_EMPTY', 'IS_EMPTY']);
    expect(operatorsFor(home, 'city')).toContain('CONTAINS');
    expect(operatorsFor(undefined)).toContain('CONTAINS');
  });
});

describe('operatorsFor the grid, ranking, NPS, date-time, time and “Other”', () => {
  const grid = (multiple: boolean) =>
    question('g', { type: 'MATRIX', typeConfig: { rows: [], columns: [], multiple } } as never);

  it('reads a grid by its rows: one column, or several with multiple; the whole grid only answered or not', () => {
    expect(operatorsFor(grid(false))).toEqual(['IS_NOT_EMPTY', 'IS_EMPTY']);
    expect(operatorsFor(grid(false), 'speed')).toEqual([
      'EQUALS',
      'NOT_EQUALS',
      'IN',
      'NOT_IN',
      'IS_NOT_EMPTY',
      'IS_EMPTY',
    ]);
    expect(operatorsFor(grid(true), 'speed')).toEqual([
      'CONTAINS',
      'NOT_CONTAINS',
      'IN',
      'NOT_IN',
      'IS_NOT_EMPTY',
      'IS_EMPTY',
    ]);
  });

  it('offers ranked or not for a ranking, numbers for NPS, ordering for moments, and “Other” as chosen or its text', () => {
    expect(operatorsFor(question('r', { type: 'RANKING' }))).toEqual([
      'CONTAINS',
      'NOT_CONTAINS',
      'IS_NOT_EMPTY',
      'IS_EMPTY',
    ]);
    expect(operatorsFor(question('n', { type: 'NPS' }))).toContain('GREATER_THAN_OR_EQUAL');
    expect(operatorsFor(question('n', { type: 'NPS' }))).not.toContain('CONTAINS');
    for (const type of ['DATE_TIME', 'TIME'] as const) {
      expect(operatorsFor(question('t', { type }))).toContain('LESS_THAN');
      expect(operatorsFor(question('t', { type }))).not.toContain('IN');
    }
    expect(operatorsFor(colour, 'other')).toEqual(['IS_NOT_EMPTY', 'IS_EMPTY', 'CONTAINS', 'NOT_CONTAINS']);
  });
});
