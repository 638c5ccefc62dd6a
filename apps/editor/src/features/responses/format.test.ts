import type { Question } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question as apiQuestion } from '../../test/definitions.ts';
import { answerCell } from './answer-columns.ts';
import { answerText } from './format.ts';

const grid = apiQuestion('grid', {
  type: 'MATRIX',
  typeConfig: {
    rows: [
      { value: 'speed', label: 'Speed' },
      { value: 'price', label: 'Price' },
      { value: 'help', label: 'Help' },
    ],
    columns: [
      { value: 'good', label: 'Good' },
      { value: 'fair', label: 'Fair' },
      { value: 'bad', label: 'Bad' },
    ],
    multiple: false,
    shuffle: 'NONE',
  },
} as Partial<Question>);

const choices = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'post', label: 'Post' },
];
const question = (type: string, typeConfig: Record<string, unknown> = {}) =>
  apiQuestion('q', { type, typeConfig } as Partial<Question>);

describe('answers as a person reads them', () => {
  it('writes a grid row by row in the definition order, leaving out rows not answered', () => {
    expect(answerText(grid, { price: 'bad', speed: 'good' })).toBe('Speed: Good; Price: Bad');
    const several = { ...grid, typeConfig: { ...grid.typeConfig, multiple: true } } as Question;
    expect(answerText(several, { speed: ['good', 'fair'], help: [] })).toBe('Speed: Good, Fair');
    expect(answerText(grid, {})).toBe('—');
  });

  it('still shows a grid row the definition no longer has, by its value', () => {
    expect(answerText(grid, { speed: 'fair', gone: 'bad' })).toBe('Speed: Fair; gone: Bad');
  });

  it('numbers a ranking in rank order', () => {
    const ranking = question('RANKING', { choices, shuffle: 'NONE' });
    expect(answerText(ranking, ['post', 'email', 'phone'])).toBe('1. Post, 2. Email, 3. Phone');
    expect(answerText(ranking, [])).toBe('—');
  });

  it('writes a score, a time and a date-time on the respondent’s wall clock with the offset named', () => {
    expect(answerText(question('NPS'), 9)).toBe('9');
    expect(answerText(question('NPS'), 0)).toBe('0');
    expect(answerText(question('TIME'), '14:05')).toBe('14:05');
    expect(answerText(question('DATE_TIME'), '2026-12-01T09:30+01:00')).toBe('1 Dec 2026, 09:30 (UTC+01:00)');
    expect(answerText(question('DATE_TIME'), '2026-07-04T23:05-04:00')).toBe('4 Jul 2026, 23:05 (UTC-04:00)');
    // Not a date-time: shown as saved rather than guessed at.
    expect(answerText(question('DATE_TIME'), '2026-12-01')).toBe('2026-12-01');
  });

  it('writes Other with its text, beside the chosen choices’ labels', () => {
    const single = question('SINGLE_CHOICE', { choices, allowOther: true });
    expect(answerText(single, { other: 'Fax' })).toBe('Other: Fax');
    expect(answerText(single, 'phone')).toBe('Phone');
    const multi = question('MULTI_CHOICE', { choices, allowOther: true });
    expect(answerText(multi, ['email', { other: 'Carrier pigeon' }])).toBe('Email, Other: Carrier pigeon');
    expect(answerText(question('DROPDOWN', { choices, allowOther: true }), { other: ' Fax ' })).toBe('Other: Fax');
  });

  it('writes Other by the label the builder gave it, and “Other” when there is none', () => {
    const labelled = { choices, allowOther: true, otherLabel: 'Something else' };
    expect(answerText(question('SINGLE_CHOICE', labelled), { other: 'Fax' })).toBe('Something else: Fax');
    expect(answerText(question('MULTI_CHOICE', labelled), ['email', { other: 'Pigeon' }])).toBe(
      'Email, Something else: Pigeon',
    );
    expect(answerText(question('DROPDOWN', labelled), { other: 'Fax' })).toBe('Something else: Fax');
    // A label left blank is no label.
    expect(answerText(question('DROPDOWN', { ...labelled, otherLabel: ' ' }), { other: 'Fax' })).toBe('Other: Fax');
  });

  it('cuts a long answer in the table, never in the middle of nowhere', () => {
    const ranking = question('RANKING', {
      choices: Array.from({ length: 12 }, (_, i) => ({ value: `c${i}`, label: `Choice number ${i}` })),
    });
    const cell = answerCell(
      ranking,
      Array.from({ length: 12 }, (_, i) => `c${i}`),
    );
    expect(cell.startsWith('1. Choice number 0, 2. Choice number 1')).toBe(true);
    expect(cell.endsWith('…')).toBe(true);
    expect(cell.length).toBeLessThanOrEqual(60);
  });
});
