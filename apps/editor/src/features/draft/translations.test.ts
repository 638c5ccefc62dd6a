import { Definition, type Question } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { missingTexts, translatableTexts, untranslatedInWords } from '../../definition-words/texts.ts';
import { question, twoSteps } from '../../test/definitions.ts';
import { setChoiceLabel, setChoiceValue } from './codes.ts';
import { changeType, duplicateQuestion, duplicateStep, removeQuestion, removeStep, updateQuestion } from './model.ts';
import {
  addLanguage,
  cannotAdd,
  cannotMakeDefault,
  followStructure,
  makeDefault,
  removeLanguage,
  setLanguageSwitcher,
  setTranslation,
  setWrittenIn,
} from './translations.ts';

/** Two steps with German for the step title, the name's prompt and both colours. */
const german = (): Definition => {
  let draft = addLanguage(twoSteps(), 'de');
  draft = setTranslation(draft, 'de', { id: 's1', field: 'title' }, 'Über Sie');
  draft = setTranslation(draft, 'de', { id: 'name', field: 'prompt' }, 'Ihr Name');
  draft = setTranslation(draft, 'de', { id: 'color', field: 'typeConfig.choices.red' }, 'Rot');
  draft = setTranslation(draft, 'de', { id: 'color', field: 'typeConfig.choices.blue' }, 'Blau');
  return draft;
};
const valid = (draft: Definition) => Definition.safeParse(draft).error?.issues ?? [];

describe('the texts of a definition', () => {
  it('lists every text a respondent reads, in order, with its name in words, and nothing that is empty', () => {
    const draft = twoSteps();
    draft.steps[0]!.questions[0] = question('name', {
      prompt: 'Your *name*',
      sectionTitle: 'You',
      typeConfig: { placeholder: 'First and last' },
    });
    draft.steps[1]!.questions.push(
      question('score', {
        type: 'RATING',
        prompt: 'Score',
        typeConfig: { min: 1, max: 5, step: 1, maxLabel: 'Great' },
      }),
    );
    const texts = translatableTexts(draft);
    expect(texts.map((text) => text.key)).toEqual([
      's1.title',
      'name.sectionTitle',
      'name.prompt',
      'name.typeConfig.placeholder',
      'pet.prompt',
      'color.prompt',
      'color.typeConfig.choices.red',
      'color.typeConfig.choices.blue',
      's2.title',
      'age.prompt',
      'score.prompt',
      'score.typeConfig.maxLabel',
    ]);
    expect(texts.map((text) => text.name)).toContain('the prompt of “Your name”');
    expect(texts.map((text) => text.name)).toContain('the choice “Red” of “Colour”');
    expect(texts.map((text) => text.name)).toContain('the title of step “About you”');
    expect(texts.map((text) => text.name)).toContain('the label at the highest rating of “Score”');
  });

  it('counts what a language misses, and says it in words for publishing', () => {
    const draft = german();
    expect(missingTexts(draft, 'de').map((text) => text.key)).toEqual([
      'pet.prompt',
      'color.prompt',
      's2.title',
      'age.prompt',
    ]);
    expect(untranslatedInWords(draft)).toEqual([
      'German: 4 texts not translated; respondents will read them in English.',
    ]);
    const french = setTranslation(addLanguage(draft, 'fr'), 'fr', { id: 'name', field: 'prompt' }, 'Votre nom');
    expect(untranslatedInWords({ ...french, defaultLanguage: 'en' })).toEqual([
      'French: 7 texts not translated; respondents will read them in English.',
      'German: 4 texts not translated; respondents will read them in English.',
    ]);
  });
});

describe('languages', () => {
  it('adds a language by its tag in canonical form, once, and at most 30 with the default', () => {
    const draft = addLanguage(twoSteps(), 'DE-at');
    expect(Object.keys(draft.translations ?? {})).toEqual(['de-AT']);
    expect(cannotAdd(draft, 'de-AT')).toBe('Austrian German is already one of the languages.');
    expect(cannotAdd(draft, 'en')).toBe('English is already one of the languages.');
    expect(cannotAdd(draft, 'not a tag')).toBe('“not a tag” is not a language code such as de, fr or pt-BR.');
    let many = twoSteps();
    for (const tag of ['de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'sv', 'da', 'fi', 'nb', 'cs', 'sk', 'sl', 'hr'])
      many = addLanguage(many, tag);
    for (const tag of ['hu', 'ro', 'bg', 'el', 'tr', 'uk', 'ru', 'ar', 'he', 'fa', 'ja', 'ko', 'zh', 'et'])
      many = addLanguage(many, tag);
    expect(Object.keys(many.translations ?? {})).toHaveLength(29);
    expect(cannotAdd(many, 'lv')).toBe(
      'A questionnaire has at most 30 languages, the default included. Remove one to add another.',
    );
    expect(addLanguage(many, 'lv')).toBe(many);
    expect(valid(many)).toEqual([]);
  });

  it('removes a language with its texts, and turns the switcher on and off', () => {
    const draft = setLanguageSwitcher(german(), true);
    expect(draft.languageSwitcher).toBe(true);
    expect(removeLanguage(draft, 'de').translations).toEqual({});
    expect('languageSwitcher' in setLanguageSwitcher(draft, false)).toBe(false);
  });

  it('makes a fully translated language the default by swapping: no text is lost', () => {
    let draft = german();
    expect(cannotMakeDefault(draft, 'de')).toBe(
      'German can become the default once every text has its German words: 4 texts are not translated yet. Translate them first; nothing was changed.',
    );
    expect(makeDefault(draft, 'de')).toBe(draft);
    for (const text of missingTexts(draft, 'de')) draft = setTranslation(draft, 'de', text, `DE ${text.source}`);
    const swapped = makeDefault(draft, 'de');
    expect(swapped.defaultLanguage).toBe('de');
    expect(swapped.steps[0]?.title).toBe('Über Sie');
    expect(swapped.steps[0]?.questions[0]?.prompt).toBe('Ihr Name');
    expect(swapped.translations?.en?.name).toEqual({ prompt: 'Prompt of name' });
    expect(swapped.translations?.en?.color).toEqual({
      prompt: 'Colour',
      typeConfig: { choices: { red: 'Red', blue: 'Blue' } },
    });
    expect(Object.keys(swapped.translations ?? {})).toEqual(['en']);
    expect(valid(swapped)).toEqual([]);
    // And back: the same texts as before.
    const back = makeDefault(swapped, 'en');
    expect(back.steps).toEqual(draft.steps);
    expect(back.translations?.de).toEqual(draft.translations?.de);
  });

  it('names the language the draft is written in without moving a text', () => {
    const draft = setWrittenIn(twoSteps(), 'de');
    expect(draft.defaultLanguage).toBe('de');
    expect(draft.steps).toEqual(twoSteps().steps);
    // A language with translations is made the default by swapping instead.
    expect(setWrittenIn(german(), 'de').defaultLanguage).toBeUndefined();
  });

  it('writes and clears one text; a cleared text counts as not translated again', () => {
    const draft = setTranslation(german(), 'de', { id: 'name', field: 'prompt' }, '');
    expect(draft.translations?.de?.name).toBeUndefined();
    const cleared = setTranslation(draft, 'de', { id: 'color', field: 'typeConfig.choices.red' }, '');
    expect(cleared.translations?.de?.color).toEqual({ typeConfig: { choices: { blue: 'Blau' } } });
  });
});

describe('translations follow the structure', () => {
  it('removing a question, a step or a choice removes its translations, so the draft stays valid', () => {
    const draft = german();
    const withoutName = followStructure(removeQuestion(draft, { step: 0 }, 0));
    expect(withoutName.translations?.de?.name).toBeUndefined();
    expect(valid(withoutName)).toEqual([]);
    const withoutStep = followStructure(removeStep(draft, 0));
    expect(withoutStep.translations?.de).toEqual({});
    const oneColour = followStructure(
      updateQuestion(
        draft,
        { step: 0 },
        2,
        (q) => ({ ...q, typeConfig: { choices: [{ value: 'blue', label: 'Blue' }] } }) as Question,
      ),
    );
    expect(oneColour.translations?.de?.color).toEqual({ typeConfig: { choices: { blue: 'Blau' } } });
    expect(valid(oneColour)).toEqual([]);
    // Nothing to remove: the same value, so an edit costs no copy.
    expect(followStructure(draft)).toBe(draft);
  });

  it('a new type keeps the prompt’s translation and drops the settings the type does not have', () => {
    let draft = setTranslation(german(), 'de', { id: 'name', field: 'typeConfig.placeholder' }, 'Vorname');
    draft = followStructure(updateQuestion(draft, { step: 0 }, 0, (q) => changeType(q, 'RATING') as Question));
    expect(draft.translations?.de?.name).toEqual({ prompt: 'Ihr Name' });
    expect(valid(draft)).toEqual([]);
  });

  it('renaming a choice value, by its label or by hand, carries its translations', () => {
    let draft = german();
    // The value follows the label ("red" was made from "Red").
    draft = setChoiceLabel(draft, { step: 0 }, 2, 0, 'Crimson', new Set());
    expect(draft.steps[0]?.questions[2]?.typeConfig).toMatchObject({
      choices: [{ value: 'crimson' }, { value: 'blue' }],
    });
    expect(draft.translations?.de?.color?.typeConfig?.choices).toEqual({ crimson: 'Rot', blue: 'Blau' });
    draft = setChoiceValue(draft, { step: 0 }, 2, 1, 'navy');
    expect(draft.translations?.de?.color?.typeConfig?.choices).toEqual({ crimson: 'Rot', navy: 'Blau' });
    expect(valid(followStructure(draft))).toEqual([]);
  });

  it('a duplicated question says the same in every language; a duplicated step’s new title is left to translate', () => {
    const draft = duplicateQuestion(german(), { step: 0 }, 2);
    const copy = draft.steps[0]?.questions[3];
    expect(draft.translations?.de?.[copy?.id ?? '']).toEqual(draft.translations?.de?.color);
    expect(valid(draft)).toEqual([]);
    const steps = duplicateStep(german(), 0);
    const stepCopy = steps.steps[1];
    expect(stepCopy?.title).toBe('About you (copy)');
    expect(steps.translations?.de?.[stepCopy?.id ?? '']).toBeUndefined();
    expect(steps.translations?.de?.[stepCopy?.questions[0]?.id ?? '']).toEqual({ prompt: 'Ihr Name' });
    expect(valid(steps)).toEqual([]);
  });
});
