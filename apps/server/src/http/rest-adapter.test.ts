import { describe, expect, it } from 'vitest';
import { queryInput } from './rest-adapter.ts';

describe('queryInput gathers hidden.<key> parameters', () => {
  const gathered = new Set(['hidden']);

  it('gathers hidden.<key> and hidden[<key>] into one object beside the other parameters', () => {
    expect(
      queryInput(
        { 'hidden.utm_source': 'newsletter', 'hidden[plan]': 'pro', status: 'COMPLETED' },
        new Set(),
        gathered,
      ),
    ).toEqual({ hidden: { utm_source: 'newsletter', plan: 'pro' }, status: 'COMPLETED' });
  });

  it('keeps an empty or repeated value for the schema to judge', () => {
    expect(queryInput({ 'hidden.a': '', 'hidden.b': ['x', 'y'] }, new Set(), gathered)).toEqual({
      hidden: { a: '', b: ['x', 'y'] },
    });
  });

  it('leaves hidden.<key> as it is where the input has no hidden filter, and hidden sent whole', () => {
    expect(queryInput({ 'hidden.a': 'x' })).toEqual({ 'hidden.a': 'x' });
    expect(queryInput({ hidden: 'x', 'hidden.a': 'y' }, new Set(), gathered)).toEqual({ hidden: 'x', 'hidden.a': 'y' });
  });
});
