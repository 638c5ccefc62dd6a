import type { Condition, Definition, RuleConfig } from '@forms-engine/schema/rules';
import { OPERATORS } from '@forms-engine/schema/rules';
import { describe, expect, it } from 'vitest';
import { question } from '../test/definitions.ts';
import { questionName, sectionName } from './question-words.ts';
import { conditionInWords, questionLookup, requirementInWords, visibilityInWords } from './rule-words.ts';

const contact = question('contact_by', {
  type: 'SINGLE_CHOICE',
  prompt: 'How should we contact you?',
  typeConfig: {
    choices: [
      { value: 'phone', label: 'Phone' },
      { value: 'mail', label: '**E-mail**' },
    ],
  },
} as never);
const definition = {
  schemaVersion: 1,
  steps: [],
  tabs: [],
  questions: [
    contact,
    question('pet', { type: 'YES_NO', prompt: 'A pet?', typeConfig: { yesLabel: 'Sure', noLabel: 'Nope' } } as never),
    question('age', { type: 'NUMBER', prompt: 'Your *age*' }),
    question('start', { type: 'DATE', prompt: 'Start date' }),
    question('toppings', {
      type: 'MULTI_CHOICE',
      prompt: 'Toppings',
      typeConfig: {
        choices: [
          { value: 'ham', label: 'Ham' },
          { value: 'egg', label: 'Egg' },
          { value: 'olive', label: 'Olives' },
        ],
      },
    } as never),
    question('terms', { type: 'CONSENT', prompt: 'Terms' }),
    question('home', { type: 'ADDRESS', prompt: 'Home address' }),
    question('note', { type: 'SHORT_TEXT', prompt: '' }),
  ],
  hiddenFields: [{ key: 'utm_source' }, { key: 'customer_id', label: 'Customer *id*' }],
} as unknown as Definition;
const lookup = questionLookup(definition);

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

describe('rules in words', () => {
  it('names the question by its prompt and the choice by its label', () => {
    expect(visibilityInWords(when([answer('contact_by', 'EQUALS', 'phone')]), lookup)).toBe(
      'Shown when “How should we contact you?” is “Phone”',
    );
    expect(requirementInWords(when([answer('contact_by', 'NOT_EQUALS', 'mail')]), lookup)).toBe(
      'Required when “How should we contact you?” is not “E-mail”',
    );
  });

  it('reads the modes as the rule builder offers them', () => {
    expect(visibilityInWords({ mode: 'ALWAYS' }, lookup)).toBe('Always shown');
    expect(visibilityInWords({ mode: 'NEVER' }, lookup)).toBe('Never shown');
    expect(requirementInWords({ mode: 'ALWAYS' }, lookup)).toBe('Always required');
    expect(requirementInWords({ mode: 'NEVER' }, lookup)).toBe('Optional');
    expect(requirementInWords(undefined, lookup)).toBe('Optional');
    expect(visibilityInWords({ mode: 'CONDITIONAL' }, lookup)).toBe('Shown when no conditions yet');
  });

  it('strips markup from prompts and uses yes/no labels, numbers, dates in words and ticked consent', () => {
    expect(conditionInWords(answer('pet', 'EQUALS', true), lookup)).toBe('“A pet?” is “Sure”');
    expect(conditionInWords(answer('age', 'GREATER_THAN_OR_EQUAL', 18), lookup)).toBe('“Your age” is at least 18');
    expect(conditionInWords(answer('start', 'LESS_THAN', '2026-03-01'), lookup)).toBe(
      '“Start date” is before 1 March 2026',
    );
    expect(conditionInWords(answer('terms', 'EQUALS', true), lookup)).toBe('“Terms” is ticked');
    expect(conditionInWords(answer('terms', 'NOT_EQUALS', true), lookup)).toBe('“Terms” is not ticked');
    expect(conditionInWords(answer('terms', 'IS_EMPTY'), lookup)).toBe('“Terms” is not ticked');
  });

  it('lists values for IN and for multiple choice, and joins conditions with and / or', () => {
    expect(conditionInWords(answer('contact_by', 'IN', ['phone', 'mail']), lookup)).toBe(
      '“How should we contact you?” is one of “Phone” or “E-mail”',
    );
    expect(conditionInWords(answer('toppings', 'CONTAINS', 'olive'), lookup)).toBe('“Toppings” includes “Olives”');
    expect(conditionInWords(answer('toppings', 'NOT_IN', ['ham', 'egg', 'olive']), lookup)).toBe(
      '“Toppings” includes none of “Ham”, “Egg”, or “Olives”',
    );
    const external: Condition = { source: 'EXTERNAL_REF', operator: 'IS_NOT_EMPTY' };
    expect(
      requirementInWords(when([answer('age', 'IS_NOT_EMPTY'), external, answer('pet', 'EQUALS', false)]), lookup),
    ).toBe('Required when “Your age” is answered, the external reference is given, and “A pet?” is “Nope”');
    expect(
      visibilityInWords(when([answer('age', 'LESS_THAN', 16), answer('age', 'GREATER_THAN', 65)], 'ANY'), lookup),
    ).toBe('Shown when “Your age” is less than 16 or “Your age” is more than 65');
  });

  it('names address parts, untitled questions, and says what is missing instead of showing codes', () => {
    expect(conditionInWords({ ...answer('home', 'EQUALS', 'Paris'), subField: 'city' }, lookup)).toBe(
      'the city of “Home address” is “Paris”',
    );
    expect(conditionInWords(answer('note', 'CONTAINS', 'x'), lookup)).toBe(
      '“Untitled question (Short text)” contains “x”',
    );
    expect(conditionInWords(answer('gone_question', 'IS_NOT_EMPTY'), lookup)).toBe(
      'a question that is no longer in the form is answered',
    );
    expect(conditionInWords(answer('contact_by', 'EQUALS'), lookup)).toBe(
      '“How should we contact you?” is (no value chosen yet)',
    );
  });

  it('never shows an operator, a type constant or a code', () => {
    for (const code of ['contact_by', 'pet', 'age', 'start', 'toppings', 'terms', 'home', 'note'])
      for (const operator of OPERATORS) {
        const words = conditionInWords(answer(code, operator, operator.endsWith('IN') ? ['a'] : 'a'), lookup);
        expect(words).not.toMatch(/[A-Z]{2,}|_|\btoppings\b|\bhome\b/);
      }
  });
});

describe('hidden fields in rules', () => {
  const hidden = (key: string | undefined, operator: Condition['operator'], value?: Condition['value']): Condition => ({
    source: 'HIDDEN_FIELD',
    ...(key === undefined ? {} : { key }),
    operator,
    ...(value === undefined ? {} : { value }),
  });

  it('reads a hidden field by its key, or by its label when it has one', () => {
    expect(visibilityInWords(when([hidden('utm_source', 'EQUALS', 'newsletter')]), lookup)).toBe(
      'Shown when the hidden field utm_source is “newsletter”',
    );
    expect(conditionInWords(hidden('customer_id', 'IS_NOT_EMPTY'), lookup)).toBe(
      'the hidden field “Customer id” is given',
    );
    expect(conditionInWords(hidden('utm_source', 'IN', ['ad', 'mail']), lookup)).toBe(
      'the hidden field utm_source is one of “ad” or “mail”',
    );
    expect(conditionInWords(hidden('utm_source', 'IS_EMPTY'), lookup)).toBe('the hidden field utm_source is not given');
  });

  it('says when the hidden field is not chosen or no longer declared', () => {
    expect(conditionInWords(hidden(undefined, 'IS_NOT_EMPTY'), lookup)).toBe('a hidden field not chosen yet is given');
    expect(conditionInWords(hidden('gone', 'EQUALS', 'x'), lookup)).toBe(
      'a hidden field that is no longer declared (gone) is “x”',
    );
  });
});

describe('names', () => {
  it('names questions by their prompts and sections by their titles', () => {
    expect(questionName({ prompt: 'See [our policy](https://example.com)\nplease', type: 'CONSENT' })).toBe(
      'See our policy please',
    );
    expect(questionName({ prompt: '  ', type: 'RATING' })).toBe('Untitled question (Rating)');
    expect(sectionName({ title: 'About _you_' }, 'Step', 0)).toBe('About you');
    expect(sectionName({ title: '' }, 'Tab', 1)).toBe('Tab 2 (untitled)');
  });
});

describe('rules in words for the grid, ranking, NPS, date-time, time and “Other”', () => {
  const more = questionLookup({
    steps: [],
    tabs: [],
    questions: [
      question('grid', {
        type: 'MATRIX',
        prompt: 'How satisfied are you?',
        typeConfig: {
          rows: [{ value: 'speed', label: 'Speed' }],
          columns: [
            { value: 'bad', label: 'Bad' },
            { value: 'good', label: 'Good' },
          ],
          multiple: false,
          shuffle: 'NONE',
        },
      } as never),
      question('checks', {
        type: 'MATRIX',
        prompt: 'Which apply?',
        typeConfig: {
          rows: [{ value: 'app', label: 'The app' }],
          columns: [
            { value: 'fast', label: 'Fast' },
            { value: 'cheap', label: 'Cheap' },
          ],
          multiple: true,
          shuffle: 'NONE',
        },
      } as never),
      question('features', {
        type: 'RANKING',
        prompt: 'Rank the features',
        typeConfig: {
          choices: [
            { value: 'x', label: 'Feature X' },
            { value: 'y', label: 'Feature Y' },
          ],
          shuffle: 'NONE',
        },
      } as never),
      question('nps', { type: 'NPS', prompt: 'Would you recommend us?' }),
      question('visit', { type: 'DATE_TIME', prompt: 'When shall we visit?' }),
      question('call', { type: 'TIME', prompt: 'Best time to call' }),
      question('source', {
        type: 'SINGLE_CHOICE',
        prompt: 'How did you hear of us?',
        typeConfig: { choices: [{ value: 'web', label: 'Web' }], allowOther: true },
      } as never),
      question('tags', {
        type: 'MULTI_CHOICE',
        prompt: 'Tags',
        typeConfig: { choices: [{ value: 'a', label: 'A' }], allowOther: true, otherLabel: 'Something else' },
      } as never),
    ],
  });
  const condition = (c: Partial<Condition>) => conditionInWords({ source: 'ANSWER', ...c } as Condition, more);

  it('names a grid’s row and its columns by their labels', () => {
    expect(condition({ questionCode: 'grid', subField: 'speed', operator: 'EQUALS', value: 'good' })).toBe(
      'the row “Speed” of “How satisfied are you?” is “Good”',
    );
    expect(condition({ questionCode: 'grid', subField: 'speed', operator: 'IN', value: ['bad', 'good'] })).toBe(
      'the row “Speed” of “How satisfied are you?” is one of “Bad” or “Good”',
    );
    expect(condition({ questionCode: 'checks', subField: 'app', operator: 'CONTAINS', value: 'fast' })).toBe(
      'the row “The app” of “Which apply?” includes “Fast”',
    );
    expect(condition({ questionCode: 'grid', operator: 'IS_NOT_EMPTY' })).toBe('“How satisfied are you?” is answered');
  });

  it('says a choice is ranked, scores and moments as numbers and clock times', () => {
    expect(condition({ questionCode: 'features', operator: 'CONTAINS', value: 'x' })).toBe(
      '“Feature X” is ranked in “Rank the features”',
    );
    expect(condition({ questionCode: 'features', operator: 'NOT_CONTAINS', value: 'y' })).toBe(
      '“Feature Y” is not ranked in “Rank the features”',
    );
    expect(condition({ questionCode: 'nps', operator: 'GREATER_THAN_OR_EQUAL', value: 9 })).toBe(
      '“Would you recommend us?” is at least 9',
    );
    expect(condition({ questionCode: 'visit', operator: 'LESS_THAN', value: '2026-12-01T09:30+01:00' })).toBe(
      '“When shall we visit?” is before 1 December 2026 at 09:30 (UTC+01:00)',
    );
    expect(condition({ questionCode: 'call', operator: 'GREATER_THAN_OR_EQUAL', value: '17:00' })).toBe(
      '“Best time to call” is at or after 17:00',
    );
  });

  it('reads “Other” as chosen or not, by its own label when it has one', () => {
    expect(condition({ questionCode: 'source', subField: 'other', operator: 'IS_NOT_EMPTY' })).toBe(
      '“Other” is chosen in “How did you hear of us?”',
    );
    expect(condition({ questionCode: 'tags', subField: 'other', operator: 'IS_EMPTY' })).toBe(
      '“Something else” is not chosen in “Tags”',
    );
    expect(condition({ questionCode: 'source', subField: 'other', operator: 'CONTAINS', value: 'radio' })).toBe(
      'the text of “Other” in “How did you hear of us?” contains “radio”',
    );
  });
});
