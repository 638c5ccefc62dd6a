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
