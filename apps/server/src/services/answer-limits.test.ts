import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { AppError } from '../errors/app-error.ts';
import { checkAnswers } from './answer-limits.ts';

const limits = loadConfig({}).answers;

const failuresOf = (answers: Record<string, unknown>, custom = limits) => {
  try {
    checkAnswers(answers, custom);
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return (error.fields ?? []).map((field) => field.path);
  }
};

describe('checkAnswers', () => {
  it('accepts every answer shape the question types produce', () => {
    const answers = {
      name: 'Ada',
      age: 36,
      agree: true,
      tags: ['a', 'b'],
      address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
      files: [{ fileId: 'f', fileName: 'a.pdf', size: 10, contentType: 'application/pdf' }],
    };
    expect(failuresOf(answers)).toEqual([]);
  });

  it('accepts the answers of the issue 25 types: grids, rankings, NPS, date-times, times and Other', () => {
    const answers = {
      grid: { speed: 'good', price: 'bad' },
      times: { weekdays: ['mornings', 'evenings'], weekends: [] },
      rank: ['b', 'a', 'c'],
      nps: 9,
      when: '2026-03-29T01:30+01:00',
      at: '09:05',
      colour: { other: 'Teal' },
      pets: ['cat', { other: 'Hamster' }],
    };
    expect(failuresOf(answers)).toEqual([]);
    // A grid of fifty rows of twelve columns each, all ticked: within the default limits.
    const columns = Array.from({ length: 12 }, (_, i) => `column-${i}`);
    const fullGrid = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`row-${i}`, columns]));
    expect(failuresOf({ grid: fullGrid })).toEqual([]);
  });

  it('rejects null anywhere, naming where', () => {
    expect(failuresOf({ a: null })).toEqual(['answers.a']);
    expect(failuresOf({ a: { b: [1, null] } })).toEqual(['answers.a.b.1']);
  });

  it('bounds keys, strings, arrays and nesting', () => {
    expect(failuresOf({ ['k'.repeat(129)]: 'x' })).toEqual([`answers.${'k'.repeat(129)}`]);
    expect(failuresOf({ a: 'x'.repeat(10_001) })).toEqual(['answers.a']);
    expect(failuresOf({ a: 'x'.repeat(10_000) })).toEqual([]);
    expect(failuresOf({ a: Array.from({ length: 201 }, () => 1) })).toEqual(['answers.a']);
    expect(failuresOf({ a: [[[['deep enough']]]] })).toEqual([]);
    expect(failuresOf({ a: [[[[['too deep']]]]] })).toEqual(['answers.a.0.0.0.0']);
  });

  it('bounds the number of keys and the total size', () => {
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, i]));
    expect(failuresOf(many)).toEqual(['answers']);
    const big = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'x'.repeat(9_000)]));
    expect(failuresOf(big)).toEqual(['answers']);
  });

  it('follows configured limits', () => {
    expect(failuresOf({ a: 'xyz' }, { ...limits, maxStringLength: 2 })).toEqual(['answers.a']);
  });
});
