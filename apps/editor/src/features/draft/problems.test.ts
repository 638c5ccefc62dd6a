import type { Definition, Question } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question, twoSteps } from '../../test/definitions.ts';
import { draftProblems } from './problems.ts';

/** twoSteps() with one more question in step 2 (`extra`), for each test to break. */
function draftWith(extra: Partial<Question>): Definition {
  const draft = twoSteps();
  draft.steps[1]!.questions.push(question('extra', { prompt: 'Pet name', ...extra }));
  return draft;
}

const CODES = /[A-Z]{2,}_[A-Z_]+|steps\.\d|questions\.\d|typeConfig|questionCode/;

describe('draftProblems', () => {
  it('finds nothing in a draft the API accepts', () => {
    expect(draftProblems(twoSteps())).toEqual([]);
  });

  it('words a translation’s problem by its language and text, with the field on the Translate screen to go to', () => {
    const draft: Definition = {
      ...twoSteps(),
      translations: { de: { color: { prompt: 'x'.repeat(5001) } } },
    };
    const problems = draftProblems(draft);
    expect(problems).toEqual([
      {
        path: 'translations.de.color.prompt',
        message: 'Shorten this to at most 5000 characters.',
        where: 'German: the prompt of “Colour”',
        fieldId: 'translation-color.prompt',
        translation: { language: 'de', key: 'color.prompt' },
      },
    ]);
    const unknown = draftProblems({ ...twoSteps(), translations: { de: { gone: { prompt: 'Weg' } } } });
    expect(unknown.map((problem) => `${problem.where}: ${problem.message}`)).toEqual([
      'German: A translation of a text this questionnaire does not have (any more). It goes with your next edit.',
    ]);
    expect(unknown[0]?.translation).toEqual({ language: 'de', key: undefined });
  });

  it('asks for the value of a half-built condition, at its field, naming the question by its prompt', () => {
    const problems = draftProblems(
      draftWith({
        visibility: {
          mode: 'CONDITIONAL',
          rule: { combinator: 'ALL', conditions: [{ source: 'ANSWER', questionCode: 'color', operator: 'EQUALS' }] },
        },
      }),
    );
    expect(problems).toEqual([
      {
        path: 'steps.1.questions.1.visibility.rule.conditions.0.value',
        message: 'Choose the value this condition compares with.',
        where: '“Pet name”, visibility condition 1',
        selection: { kind: 'question', container: { step: 1 }, index: 1 },
        fieldId: 'visibility-condition-0-value',
      },
    ]);
  });

  it('says a condition reads a removed question, and asks for a list value in words', () => {
    const problems = draftProblems(
      draftWith({
        requirement: {
          mode: 'CONDITIONAL',
          rule: {
            combinator: 'ALL',
            conditions: [
              { source: 'ANSWER', questionCode: 'gone', operator: 'IS_EMPTY' },
              { source: 'ANSWER', questionCode: 'name', operator: 'IN', value: 'x' },
              { source: 'ANSWER', questionCode: 'name', operator: 'CONTAINS' },
            ],
          },
        },
      }),
    );
    expect(problems.map((p) => [p.where, p.message, p.fieldId])).toEqual([
      [
        '“Pet name”, requirement condition 1',
        'This condition reads a question that no longer exists. Choose another question, or remove the condition.',
        'requirement-condition-0-source',
      ],
      [
        '“Pet name”, requirement condition 2',
        'Choose one or more values for this condition.',
        'requirement-condition-1-value',
      ],
      [
        '“Pet name”, requirement condition 3',
        'Enter the value this condition compares with.',
        'requirement-condition-2-value',
      ],
    ]);
  });

  it('words duplicate and malformed codes, choices and list items without codes or paths', () => {
    const problems = draftProblems(
      draftWith({
        code: 'age',
        type: 'FILE_UPLOAD',
        typeConfig: { acceptedContentTypes: ['image/png', 'pdf', 'resume'], maxFiles: 0 },
      } as Partial<Question>),
    );
    expect(problems.map((p) => [p.message, p.fieldId])).toEqual([
      ['Another question already uses the code “age”. Give this question its own code.', 'question-code'],
      [
        '“resume” is not a file type this editor knows. Write an extension such as .pdf or .docx, or a content type such as image/png (image/* for any image).',
        'type-config-acceptedContentTypes',
      ],
      ['Use a whole number of at least 1.', 'type-config-maxFiles'],
    ]);
    for (const problem of problems) expect(`${problem.where} ${problem.message}`).not.toMatch(CODES);
  });

  it('words choice problems and a minimum above the maximum', () => {
    const choices = draftProblems(
      draftWith({
        type: 'SINGLE_CHOICE',
        typeConfig: {
          choices: [
            { value: 'a', label: 'A' },
            { value: 'a', label: 'B' },
            { value: '', label: 'C' },
          ],
        },
      } as Partial<Question>),
    );
    expect(choices.map((p) => [p.where, p.message, p.fieldId])).toEqual([
      [
        '“Pet name”, choice 2',
        'Another choice already has the value “a”. Give each choice its own value.',
        'choice-value-1',
      ],
      ['“Pet name”, choice 3', 'Give this choice a value.', 'choice-value-2'],
    ]);
    const text = draftProblems(draftWith({ typeConfig: { minLength: 10, maxLength: 5 } } as Partial<Question>));
    expect(text.map((p) => [p.message, p.fieldId])).toEqual([
      ['The smallest value is above the largest. Lower it, or raise the largest.', 'type-config-minLength'],
    ]);
    const none = draftProblems(draftWith({ type: 'DROPDOWN', typeConfig: { choices: [] } } as Partial<Question>));
    expect(none.map((p) => p.message)).toEqual(['Add at least one choice.']);
  });

  it('names steps and untitled questions, and asks for a code', () => {
    const draft = draftWith({ prompt: '', code: '' });
    draft.steps[0]!.title = 'x'.repeat(501);
    const problems = draftProblems(draft);
    expect(problems.map((p) => [p.where, p.message, p.fieldId])).toEqual([
      [`Step 1 “${'x'.repeat(47)}…”`, 'Shorten this to at most 500 characters.', 'section-title'],
      [
        'An untitled question in Step 2 “More”',
        'Give this question a code. It names its answers in exports.',
        'question-code',
      ],
    ]);
  });

  it('words the server’s own refusals of fields it names, without the path', () => {
    const problems = draftProblems(twoSteps(), [
      { path: 'steps.0.questions.0.prompt', message: 'The string contains a NUL character' },
      { path: 'steps.0.questions.0.code', message: 'Duplicate code "name" (first used at steps.0.questions.1)' },
    ]);
    expect(problems.map((p) => [p.where, p.message, p.fieldId])).toEqual([
      ['“Prompt of name”', 'The string contains a NUL character.', 'question-prompt'],
      [
        '“Prompt of name”',
        'Another question already uses the code “name”. Give this question its own code.',
        'question-code',
      ],
    ]);
  });
});

describe('recall tokens', () => {
  it('says in words which token names a later question or nothing, at the field that has it', () => {
    const draft = twoSteps();
    draft.steps[0]!.questions[0]!.prompt = 'Hi {{age}}, {{nobody}} and {{hidden.utm}} and {{ 1 }}';
    const problems = draftProblems(draft).map((problem) => `${problem.where}: ${problem.message} [${problem.fieldId}]`);
    expect(problems).toEqual([
      '“Hi {{age}}, {{nobody}} and {{hidden.utm}} and {…”: “{{ 1 }}” names no question or hidden field: write {{code}} or {{hidden.key}}, or pick one from “Insert answer”. “{{age}}” recalls “Age”, which is asked later (a question can recall only the questions before it): recall an earlier question, or move this text after it. “{{nobody}}” names no question: pick one from “Insert answer”, or remove it. “{{hidden.utm}}” names no hidden field: declare “utm” under Hidden fields, or remove it. [question-prompt]',
    ]);
  });
});
