import { describe, expect, it } from 'vitest';
import { Definition, type DefinitionInput } from '../definition';
import type { Question } from './model';
import { type AnswerError, validateAnswer, validateScreen } from './validate';
import { QUESTION_TYPE_NAMES, type QuestionTypeName } from './vocabulary';

const questionOf = (type: QuestionTypeName, typeConfig?: Record<string, unknown>): Question =>
  Definition.parse({ schemaVersion: 1, questions: [{ id: 'q', code: 'q', type, typeConfig }] } as DefinitionInput)
    .questions[0] as Question;

const choices = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
  { value: 'c', label: 'C' },
];
const file = (contentType: string, fileName = 'f') => ({ fileId: 'id', fileName, size: 1, contentType });
const address = { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' };

type Row = [
  type: QuestionTypeName,
  config: Record<string, unknown> | undefined,
  answer: unknown,
  required: boolean,
  error: AnswerError | undefined,
];

const ROWS: Row[] = [
  // Text: required, minLength, maxLength counted in characters (code points).
  ['SHORT_TEXT', {}, undefined, true, { code: 'REQUIRED' }],
  ['SHORT_TEXT', {}, '   ', true, { code: 'REQUIRED' }],
  ['SHORT_TEXT', {}, undefined, false, undefined],
  ['SHORT_TEXT', {}, 'hi', true, undefined],
  ['SHORT_TEXT', { minLength: 3 }, 'hi', false, { code: 'TOO_SHORT', limit: 3 }],
  ['SHORT_TEXT', { minLength: 3 }, '', false, undefined],
  ['SHORT_TEXT', { maxLength: 3 }, 'four', false, { code: 'TOO_LONG', limit: 3 }],
  ['SHORT_TEXT', { maxLength: 3 }, '😀😀😀', false, undefined],
  ['SHORT_TEXT', {}, 42, false, { code: 'INVALID' }],
  ['LONG_TEXT', { minLength: 2, maxLength: 5 }, 'hello', true, undefined],
  ['LONG_TEXT', { maxLength: 5 }, 'hello!', true, { code: 'TOO_LONG', limit: 5 }],
  ['LONG_TEXT', {}, undefined, true, { code: 'REQUIRED' }],
  // NUMBER: min, max, step from min (or 0).
  ['NUMBER', {}, undefined, true, { code: 'REQUIRED' }],
  ['NUMBER', {}, 0, true, undefined],
  ['NUMBER', { min: 1 }, 0, false, { code: 'TOO_SMALL', limit: 1 }],
  ['NUMBER', { max: 10 }, 11, false, { code: 'TOO_LARGE', limit: 10 }],
  ['NUMBER', { step: 0.5 }, 1.5, false, undefined],
  ['NUMBER', { step: 0.1 }, 0.3, false, undefined],
  ['NUMBER', { step: 0.5 }, 1.2, false, { code: 'STEP_MISMATCH', limit: 0.5 }],
  ['NUMBER', { min: 1, step: 2 }, 3, false, undefined],
  ['NUMBER', { min: 1, step: 2 }, 4, false, { code: 'STEP_MISMATCH', limit: 2 }],
  ['NUMBER', {}, '5', false, { code: 'INVALID' }],
  // Contact formats.
  ['EMAIL', {}, 'ada@example.org', true, undefined],
  ['EMAIL', {}, ' ada@example.org ', true, undefined],
  ['EMAIL', {}, 'ada@example', false, { code: 'INVALID_EMAIL' }],
  ['EMAIL', {}, 'ada example.org', false, { code: 'INVALID_EMAIL' }],
  ['EMAIL', {}, 'a@b@c.org', false, { code: 'INVALID_EMAIL' }],
  ['EMAIL', {}, '', true, { code: 'REQUIRED' }],
  ['URL', {}, 'https://example.org/path?x=1', true, undefined],
  ['URL', {}, 'http://localhost:3000', true, undefined],
  ['URL', {}, 'example.org', false, { code: 'INVALID_URL' }],
  ['URL', {}, 'javascript:alert(1)', false, { code: 'INVALID_URL' }],
  ['URL', {}, 'https://exa mple.org', false, { code: 'INVALID_URL' }],
  ['PHONE', {}, '+1 (555) 010-2030', true, undefined],
  ['PHONE', {}, '030 1234567', true, undefined],
  ['PHONE', {}, '1234', false, { code: 'INVALID_PHONE' }],
  ['PHONE', {}, 'call me', false, { code: 'INVALID_PHONE' }],
  ['PHONE', {}, '+1234567890123456', false, { code: 'INVALID_PHONE' }],
  // DATE: a real YYYY-MM-DD within min..max.
  ['DATE', {}, '2024-02-29', true, undefined],
  ['DATE', {}, '2023-02-29', false, { code: 'INVALID_DATE' }],
  ['DATE', {}, '29/02/2024', false, { code: 'INVALID_DATE' }],
  ['DATE', { min: '2024-01-01' }, '2023-12-31', false, { code: 'TOO_EARLY', limit: '2024-01-01' }],
  ['DATE', { max: '2024-01-01' }, '2024-01-02', false, { code: 'TOO_LATE', limit: '2024-01-01' }],
  ['DATE', { min: '2024-01-01', max: '2024-01-01' }, '2024-01-01', false, undefined],
  ['DATE', {}, undefined, true, { code: 'REQUIRED' }],
  // Choices that exist.
  ['SINGLE_CHOICE', { choices }, 'a', true, undefined],
  ['SINGLE_CHOICE', { choices }, 'z', false, { code: 'UNKNOWN_CHOICE' }],
  ['SINGLE_CHOICE', { choices }, undefined, true, { code: 'REQUIRED' }],
  ['DROPDOWN', { choices }, 'b', true, undefined],
  ['DROPDOWN', { choices }, 'B', true, { code: 'UNKNOWN_CHOICE' }],
  ['DROPDOWN', { choices }, '', true, { code: 'REQUIRED' }],
  ['MULTI_CHOICE', { choices }, ['a', 'c'], true, undefined],
  ['MULTI_CHOICE', { choices }, [], true, { code: 'REQUIRED' }],
  ['MULTI_CHOICE', { choices }, ['a', 'z'], false, { code: 'UNKNOWN_CHOICE' }],
  ['MULTI_CHOICE', { choices }, ['a', 'a'], false, { code: 'INVALID' }],
  ['MULTI_CHOICE', { choices }, 'a', false, { code: 'INVALID' }],
  ['MULTI_CHOICE', { choices, minSelected: 2 }, ['a'], false, { code: 'TOO_FEW_SELECTED', limit: 2 }],
  ['MULTI_CHOICE', { choices, minSelected: 2 }, [], false, undefined],
  ['MULTI_CHOICE', { choices, maxSelected: 2 }, ['a', 'b', 'c'], false, { code: 'TOO_MANY_SELECTED', limit: 2 }],
  // Booleans: YES_NO's false is an answer; CONSENT's false is not.
  ['YES_NO', {}, false, true, undefined],
  ['YES_NO', {}, true, true, undefined],
  ['YES_NO', {}, undefined, true, { code: 'REQUIRED' }],
  ['YES_NO', {}, 'yes', false, { code: 'INVALID' }],
  ['CONSENT', {}, true, true, undefined],
  ['CONSENT', {}, false, true, { code: 'REQUIRED' }],
  ['CONSENT', {}, false, false, undefined],
  // RATING: an integer within min..max on its step.
  ['RATING', {}, 5, true, undefined],
  ['RATING', {}, 0, false, { code: 'TOO_SMALL', limit: 1 }],
  ['RATING', {}, 6, false, { code: 'TOO_LARGE', limit: 5 }],
  ['RATING', { min: 0, max: 10, step: 5 }, 7, false, { code: 'STEP_MISMATCH', limit: 5 }],
  ['RATING', {}, 2.5, false, { code: 'INVALID' }],
  ['RATING', {}, undefined, true, { code: 'REQUIRED' }],
  // FILE_UPLOAD: count and accepted types.
  ['FILE_UPLOAD', {}, [file('text/plain')], true, undefined],
  ['FILE_UPLOAD', {}, [], true, { code: 'REQUIRED' }],
  ['FILE_UPLOAD', { maxFiles: 1 }, [file('a/b'), file('a/b')], false, { code: 'TOO_MANY_FILES', limit: 1 }],
  ['FILE_UPLOAD', { acceptedContentTypes: ['image/*'] }, [file('image/png')], false, undefined],
  [
    'FILE_UPLOAD',
    { acceptedContentTypes: ['image/png'] },
    [file('application/pdf', 'cv.pdf')],
    false,
    { code: 'FILE_TYPE_NOT_ACCEPTED', limit: 'cv.pdf' },
  ],
  ['FILE_UPLOAD', {}, [{ name: 'x' }], false, { code: 'INVALID' }],
  // ADDRESS: street, city and country when given; a country that exists and is allowed.
  ['ADDRESS', {}, address, true, undefined],
  ['ADDRESS', {}, { ...address, line2: 'Apt 4' }, true, undefined],
  ['ADDRESS', {}, { line1: '', city: '', state: '', postalCode: '', country: '' }, true, { code: 'REQUIRED' }],
  ['ADDRESS', {}, { line1: '', city: '', state: '', postalCode: '', country: '' }, false, undefined],
  [
    'ADDRESS',
    {},
    { ...address, city: ' ', country: '' },
    false,
    { code: 'ADDRESS_INCOMPLETE', fields: ['city', 'country'] },
  ],
  ['ADDRESS', {}, { ...address, country: 'ZZ' }, false, { code: 'COUNTRY_NOT_ALLOWED', fields: ['country'] }],
  ['ADDRESS', { allowedCountries: ['FR'] }, address, false, { code: 'COUNTRY_NOT_ALLOWED', fields: ['country'] }],
  ['ADDRESS', { allowedCountries: ['FR', 'US'] }, address, false, undefined],
  ['ADDRESS', {}, { ...address, extra: 'x' }, false, { code: 'INVALID' }],
  ['ADDRESS', {}, ['1 Main St'], false, { code: 'INVALID' }],
  // STATEMENT takes no answer and is never in error.
  ['STATEMENT', {}, undefined, true, undefined],
  // "Other (please specify)": only where offered; required means something typed.
  ['SINGLE_CHOICE', { choices, allowOther: true }, { other: 'Fax' }, true, undefined],
  ['SINGLE_CHOICE', { choices }, { other: 'Fax' }, false, { code: 'INVALID' }],
  ['SINGLE_CHOICE', { choices, allowOther: true }, { other: '  ' }, true, { code: 'OTHER_EMPTY' }],
  ['SINGLE_CHOICE', { choices, allowOther: true }, { other: '' }, false, undefined],
  ['SINGLE_CHOICE', { choices, allowOther: true }, { other: 'x', extra: 1 }, false, { code: 'INVALID' }],
  ['DROPDOWN', { choices, allowOther: true }, { other: 'Fax' }, true, undefined],
  ['MULTI_CHOICE', { choices, allowOther: true }, ['a', { other: 'Fax' }], true, undefined],
  ['MULTI_CHOICE', { choices, allowOther: true }, ['a', { other: '' }], true, { code: 'OTHER_EMPTY' }],
  ['MULTI_CHOICE', { choices, allowOther: true }, [{ other: 'x' }, { other: 'y' }], false, { code: 'INVALID' }],
  ['MULTI_CHOICE', { choices }, ['a', { other: 'Fax' }], false, { code: 'INVALID' }],
  [
    'MULTI_CHOICE',
    { choices, allowOther: true, maxSelected: 1 },
    ['a', { other: 'Fax' }],
    false,
    { code: 'TOO_MANY_SELECTED', limit: 1 },
  ],
  // MATRIX: known rows and columns; required means every row answered.
  ['MATRIX', { rows: choices, columns: choices.slice(0, 2) }, { a: 'a', b: 'b', c: 'a' }, true, undefined],
  ['MATRIX', { rows: choices, columns: choices.slice(0, 2) }, { a: 'a' }, false, undefined],
  [
    'MATRIX',
    { rows: choices, columns: choices.slice(0, 2) },
    { a: 'a', b: '' },
    true,
    { code: 'ROWS_UNANSWERED', rows: ['b', 'c'] },
  ],
  ['MATRIX', { rows: choices, columns: choices.slice(0, 2) }, {}, true, { code: 'REQUIRED' }],
  ['MATRIX', { rows: choices, columns: choices.slice(0, 2) }, { z: 'a' }, false, { code: 'UNKNOWN_CHOICE' }],
  ['MATRIX', { rows: choices, columns: choices.slice(0, 2) }, { a: 'c' }, false, { code: 'UNKNOWN_CHOICE' }],
  ['MATRIX', { rows: choices, columns: choices.slice(0, 2) }, { a: ['a'] }, false, { code: 'INVALID' }],
  ['MATRIX', { rows: choices, columns: choices, multiple: true }, { a: ['a', 'c'] }, false, undefined],
  ['MATRIX', { rows: choices, columns: choices, multiple: true }, { a: 'a' }, false, { code: 'INVALID' }],
  [
    'MATRIX',
    { rows: choices, columns: choices, multiple: true },
    { a: ['a'], b: [], c: ['b'] },
    true,
    { code: 'ROWS_UNANSWERED', rows: ['b'] },
  ],
  // RANKING: every choice (or the top rankCount), each once.
  ['RANKING', { choices }, ['c', 'a', 'b'], true, undefined],
  ['RANKING', { choices }, ['c', 'a'], false, { code: 'TOO_FEW_RANKED', limit: 3 }],
  ['RANKING', { choices, rankCount: 2 }, ['c', 'a'], true, undefined],
  ['RANKING', { choices, rankCount: 2 }, ['c', 'a', 'b'], false, { code: 'INVALID' }],
  ['RANKING', { choices }, ['c', 'c', 'a'], false, { code: 'INVALID' }],
  ['RANKING', { choices }, ['c', 'a', 'z'], false, { code: 'UNKNOWN_CHOICE' }],
  ['RANKING', { choices }, [], true, { code: 'REQUIRED' }],
  // NPS: an integer 0-10.
  ['NPS', {}, 0, true, undefined],
  ['NPS', {}, 10, true, undefined],
  ['NPS', {}, 11, false, { code: 'TOO_LARGE', limit: 10 }],
  ['NPS', {}, -1, false, { code: 'TOO_SMALL', limit: 0 }],
  ['NPS', {}, 7.5, false, { code: 'INVALID' }],
  ['NPS', {}, undefined, true, { code: 'REQUIRED' }],
  // DATE_TIME: the wall clock and its offset; min and max compared as instants.
  ['DATE_TIME', {}, '2026-03-29T03:30+02:00', true, undefined],
  ['DATE_TIME', {}, '2026-03-29T03:30', false, { code: 'INVALID_DATE_TIME' }],
  ['DATE_TIME', {}, '2026-03-29T03:30Z', false, { code: 'INVALID_DATE_TIME' }],
  ['DATE_TIME', {}, '2026-02-30T03:30+02:00', false, { code: 'INVALID_DATE_TIME' }],
  ['DATE_TIME', {}, '2026-03-29T24:00+02:00', false, { code: 'INVALID_DATE_TIME' }],
  [
    'DATE_TIME',
    { min: '2026-12-01T09:00+01:00' },
    '2026-12-01T08:30+00:00',
    false,
    undefined, // 09:30 in Paris
  ],
  [
    'DATE_TIME',
    { min: '2026-12-01T09:00+01:00' },
    '2026-12-01T08:30+01:00',
    false,
    { code: 'TOO_EARLY', limit: '2026-12-01T09:00+01:00' },
  ],
  [
    'DATE_TIME',
    { max: '2026-12-01T17:00+01:00' },
    '2026-12-01T17:01+01:00',
    false,
    { code: 'TOO_LATE', limit: '2026-12-01T17:00+01:00' },
  ],
  // TIME: HH:mm within min..max, on its step from min.
  ['TIME', {}, '09:30', true, undefined],
  ['TIME', {}, '9:30', false, { code: 'INVALID_TIME' }],
  ['TIME', {}, '24:00', false, { code: 'INVALID_TIME' }],
  ['TIME', { min: '09:00' }, '08:59', false, { code: 'TOO_EARLY', limit: '09:00' }],
  ['TIME', { max: '17:00' }, '17:30', false, { code: 'TOO_LATE', limit: '17:00' }],
  ['TIME', { min: '09:00', stepMinutes: 15 }, '09:45', false, undefined],
  ['TIME', { min: '09:10', stepMinutes: 15 }, '09:45', false, { code: 'STEP_MISMATCH', limit: 15 }],
  ['TIME', {}, '', true, { code: 'REQUIRED' }],
];

describe('validateAnswer', () => {
  it.each(ROWS)('%s %j: %j (required %s) gives %j', (type, config, answer, required, error) => {
    expect(validateAnswer(questionOf(type, config), answer, required)).toEqual(error);
  });

  it('has a passing and a failing row for every question type but STATEMENT', () => {
    for (const type of QUESTION_TYPE_NAMES.filter((t) => t !== 'STATEMENT')) {
      const rows = ROWS.filter((row) => row[0] === type);
      expect([type, rows.some((row) => row[4] === undefined), rows.some((row) => row[4] !== undefined)]).toEqual([
        type,
        true,
        true,
      ]);
    }
  });
});

describe('validateScreen', () => {
  const definition = Definition.parse({
    schemaVersion: 1,
    steps: [
      {
        id: 's1',
        questions: [{ id: 'name', code: 'name', type: 'SHORT_TEXT', requirement: { mode: 'ALWAYS' } }],
        tabs: [
          {
            id: 't1',
            requirement: { mode: 'ALWAYS' },
            questions: [{ id: 'age', code: 'age', type: 'NUMBER', typeConfig: { min: 18 } }],
          },
          {
            id: 't2',
            visibility: {
              mode: 'CONDITIONAL',
              rule: { combinator: 'ALL', conditions: [{ source: 'EXTERNAL_REF', operator: 'IS_NOT_EMPTY' }] },
            },
            questions: [{ id: 'ref', code: 'refOnly', type: 'SHORT_TEXT', requirement: { mode: 'ALWAYS' } }],
          },
        ],
      },
      { id: 's2', questions: [{ id: 'later', code: 'later', type: 'EMAIL', requirement: { mode: 'ALWAYS' } }] },
    ],
  } as DefinitionInput);

  it('checks every visible question of the screen across its tabs, in order, and nothing else', () => {
    expect(validateScreen(definition, {}, 's1')).toEqual({ name: { code: 'REQUIRED' }, age: { code: 'REQUIRED' } });
    expect(Object.keys(validateScreen(definition, {}, 's1', { externalRef: 'crm-1' }))).toEqual([
      'name',
      'age',
      'refOnly',
    ]);
    expect(validateScreen(definition, { name: 'Ada', age: 17 }, 's1')).toEqual({
      age: { code: 'TOO_SMALL', limit: 18 },
    });
    expect(validateScreen(definition, { name: 'Ada', age: 30 }, 's1')).toEqual({});
    expect(validateScreen(definition, { later: 'nope' }, 's2')).toEqual({ later: { code: 'INVALID_EMAIL' } });
  });

  it('finds nothing to check on an unknown screen', () => {
    expect(validateScreen(definition, {}, 'nope')).toEqual({});
  });

  it('validates the single screen of a definition without steps (screen null)', () => {
    const flat = Definition.parse({
      schemaVersion: 1,
      questions: [{ id: 'q', code: 'q', type: 'CONSENT', requirement: { mode: 'ALWAYS' } }],
    } as DefinitionInput);
    expect(validateScreen(flat, { q: false }, null)).toEqual({ q: { code: 'REQUIRED' } });
    expect(validateScreen(flat, { q: true }, null)).toEqual({});
  });
});
