import { type Definition, Definition as DefinitionSchema, type Question } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question, twoSteps } from '../../test/definitions.ts';
import { conditionsReading, pasteChoices, setChoiceLabel, setChoiceValue, setCode, setPrompt } from './codes.ts';
import { addQuestion, questionsOf } from './model.ts';

/** twoSteps() with "age" visible only when "color" is red and requirement reading "pet". */
function withRules(): Definition {
  const draft = twoSteps();
  const age = draft.steps[1]?.questions[0] as Question;
  age.visibility = {
    mode: 'CONDITIONAL',
    rule: {
      combinator: 'ALL',
      conditions: [
        { source: 'ANSWER', questionCode: 'color', operator: 'IN', value: ['red', 'blue'] },
        { source: 'ANSWER', questionCode: 'name', operator: 'IS_NOT_EMPTY' },
      ],
    },
  };
  age.requirement = {
    mode: 'CONDITIONAL',
    rule: {
      combinator: 'ALL',
      conditions: [{ source: 'ANSWER', questionCode: 'color', operator: 'EQUALS', value: 'red' }],
    },
  };
  return draft;
}

const first = (d: Definition) => d.steps[0]?.questions ?? [];
const age = (d: Definition) => d.steps[1]?.questions[0] as Question;
const none = new Set<string>();

describe('a question’s code follows its prompt', () => {
  it('gives a new question the code of its prompt as the prompt is typed', () => {
    let draft = addQuestion(twoSteps(), { step: 1 }, 'EMAIL');
    const index = questionsOf(draft, { step: 1 }).length - 1;
    expect(questionsOf(draft, { step: 1 })[index]?.code).toBe('question');
    for (const prompt of ['W', 'Wo', 'Work', 'Work ', 'Work email']) {
      draft = setPrompt(draft, { step: 1 }, index, prompt, none);
    }
    expect(questionsOf(draft, { step: 1 })[index]?.code).toBe('work_email');
    expect(DefinitionSchema.safeParse(draft).success).toBe(true);
  });

  it('stays unique, and stops following once the person typed a code', () => {
    let draft = setPrompt(twoSteps(), { step: 0 }, 0, 'Colour', none);
    // "name" was typed by a person (it is not the slug of "Prompt of name").
    expect(first(draft)[0]?.code).toBe('name');
    draft = addQuestion(draft, { step: 0 }, 'SHORT_TEXT');
    draft = setPrompt(draft, { step: 0 }, 3, 'Color', none);
    expect(first(draft)[3]?.code).toBe('color_2');
  });

  it('does not follow when the code is in a published version', () => {
    let draft = addQuestion(twoSteps(), { step: 1 }, 'EMAIL');
    draft = setPrompt(draft, { step: 1 }, 1, 'Email', none);
    draft = setPrompt(draft, { step: 1 }, 1, 'Work email', new Set(['email']));
    expect(draft.steps[1]?.questions[1]?.code).toBe('email');
  });

  it('updates the rules that read it', () => {
    let draft = withRules();
    draft = {
      ...draft,
      steps: [
        { ...draft.steps[0]!, questions: [...first(draft).slice(0, 2), { ...first(draft)[2]!, code: 'question_3' }] },
        draft.steps[1]!,
      ],
    };
    draft = {
      ...draft,
      steps: [
        draft.steps[0]!,
        {
          ...draft.steps[1]!,
          questions: [
            {
              ...age(draft),
              visibility: {
                mode: 'CONDITIONAL',
                rule: {
                  combinator: 'ALL',
                  conditions: [{ source: 'ANSWER', questionCode: 'question_3', operator: 'IS_EMPTY' }],
                },
              },
            },
          ],
        },
      ],
    };
    draft = setPrompt(draft, { step: 0 }, 2, 'Favourite colour', none);
    expect(first(draft)[2]?.code).toBe('favourite_colour');
    expect(age(draft).visibility.rule?.conditions[0]?.questionCode).toBe('favourite_colour');
  });
});

describe('a code typed by a person', () => {
  it('carries the rules that read the question along, even through a clash on the way', () => {
    let draft = withRules();
    const refs = conditionsReading(draft, 'color');
    expect(refs).toHaveLength(2);
    // Typing "name…" passes through "name", the code of another question.
    for (const code of ['n', 'na', 'nam', 'name', 'name_colour']) draft = setCode(draft, { step: 0 }, 2, code, refs);
    expect(first(draft)[2]?.code).toBe('name_colour');
    const conditions = [
      ...(age(draft).visibility.rule?.conditions ?? []),
      ...(age(draft).requirement.rule?.conditions ?? []),
    ];
    expect(conditions.map((c) => c.questionCode)).toEqual(['name_colour', 'name', 'name_colour']);
  });
});

describe('a choice’s value follows its label', () => {
  it('follows while it is the label’s slug or the old default, and rules follow the value', () => {
    let draft = withRules();
    draft = setChoiceLabel(draft, { step: 0 }, 2, 0, 'Crimson red', none);
    // "red" is the slug of "Red": it follows.
    const choices = () => (first(draft)[2]!.typeConfig as { choices: { value: string; label: string }[] }).choices;
    expect(choices()[0]).toEqual({ value: 'crimson_red', label: 'Crimson red' });
    expect(age(draft).visibility.rule?.conditions[0]?.value).toEqual(['crimson_red', 'blue']);
    expect(age(draft).requirement.rule?.conditions[0]?.value).toBe('crimson_red');
  });

  it('keeps a published value, and a value the person typed', () => {
    let draft = setChoiceLabel(withRules(), { step: 0 }, 2, 0, 'Crimson', new Set(['red']));
    const choices = () => (first(draft)[2]!.typeConfig as { choices: { value: string; label: string }[] }).choices;
    expect(choices()[0]?.value).toBe('red');
    draft = setChoiceValue(draft, { step: 0 }, 2, 1, 'b');
    draft = setChoiceLabel(draft, { step: 0 }, 2, 1, 'Navy', none);
    expect(choices()[1]).toEqual({ value: 'b', label: 'Navy' });
    expect(age(draft).visibility.rule?.conditions[0]?.value).toEqual(['red', 'b']);
  });

  it('is unique among the question’s choices', () => {
    const draft = setChoiceLabel(withRules(), { step: 0 }, 2, 1, 'Red', none);
    const choices = (first(draft)[2]!.typeConfig as { choices: { value: string }[] }).choices;
    expect(choices.map((c) => c.value)).toEqual(['red', 'red_2']);
  });
});

it('the test helper builds questions the API accepts', () => {
  expect(
    DefinitionSchema.safeParse({ ...twoSteps(), steps: [{ ...twoSteps().steps[0]!, questions: [question('x')] }] })
      .success,
  ).toBe(true);
});

describe('pasteChoices', () => {
  const newChoiceQuestion = () => {
    const draft = addQuestion(twoSteps(), { step: 1 }, 'SINGLE_CHOICE');
    return {
      draft,
      choices: (d: Definition) =>
        (questionsOf(d, { step: 1 })[1]?.typeConfig as { choices?: unknown } | undefined)?.choices,
    };
  };

  it('adds lines after the last choice and lets the untouched placeholders make way', () => {
    const { draft, choices } = newChoiceQuestion();
    const edited = setChoiceLabel(draft, { step: 1 }, 1, 1, 'Maybe', new Set());
    expect(choices(pasteChoices(edited, { step: 1 }, 1, 1, ['Yes', 'No'], false, new Set()))).toEqual([
      { value: 'maybe', label: 'Maybe' },
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ]);
  });

  it('keeps a placeholder whose value the published version has', () => {
    const { draft, choices } = newChoiceQuestion();
    expect(choices(pasteChoices(draft, { step: 1 }, 1, 0, ['Yes', 'No'], true, new Set(['option_2'])))).toEqual([
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
      { value: 'option_2', label: 'Option 2' },
    ]);
  });
});
