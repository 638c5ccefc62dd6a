import { describe, expect, it } from 'vitest';
import { canonicalLanguage, languagesOf, localize, lookupLanguage } from './languages';
import type { Definition } from './model';

const always = { mode: 'ALWAYS' } as const;
const never = { mode: 'NEVER' } as const;
const definition: Definition = {
  schemaVersion: 1,
  defaultLanguage: 'en',
  translations: {
    de: {
      s1: { title: 'Über Sie' },
      q_name: { prompt: 'Ihr Name', typeConfig: { placeholder: 'Vor- und Nachname' } },
      q_plan: { typeConfig: { choices: { pro: 'Profi' } } },
    },
    'pt-BR': { q_name: { prompt: 'Seu nome' } },
  },
  steps: [
    {
      id: 's1',
      title: 'About you',
      visibility: always,
      requirement: never,
      tabs: [],
      questions: [
        {
          id: 'q_name',
          code: 'name',
          sectionTitle: 'Contact',
          prompt: 'Your name',
          type: 'SHORT_TEXT',
          width: 'FULL',
          typeConfig: { placeholder: 'First and last name' },
          visibility: always,
          requirement: always,
        },
        {
          id: 'q_plan',
          code: 'plan',
          sectionTitle: '',
          prompt: 'Which plan?',
          type: 'SINGLE_CHOICE',
          width: 'FULL',
          typeConfig: {
            choices: [
              { value: 'pro', label: 'Pro' },
              { value: 'free', label: 'Free' },
            ],
          },
          visibility: always,
          requirement: never,
        },
      ],
    },
  ],
  tabs: [],
  questions: [],
};

describe('language tags', () => {
  it('are canonical (EN -> en, pt-br -> pt-BR) and refused when not well formed', () => {
    expect(canonicalLanguage('EN')).toBe('en');
    expect(canonicalLanguage('pt-br')).toBe('pt-BR');
    expect(canonicalLanguage('zh-hant-tw')).toBe('zh-Hant-TW');
    for (const bad of ['', 'english!', 'e', ' de', 'x'.repeat(40)]) expect(canonicalLanguage(bad)).toBeUndefined();
  });

  it('of a definition: the default first, then the translations; absent default means en', () => {
    expect(languagesOf(definition)).toEqual(['en', 'de', 'pt-BR']);
    expect(languagesOf({})).toEqual(['en']);
  });
});

describe('lookupLanguage (RFC 4647 lookup)', () => {
  const available = ['en', 'de', 'pt-BR', 'pt', 'zh-Hant'];
  it('takes the first wanted range that fits, cutting subtags from the end', () => {
    expect(lookupLanguage(['de-AT'], available)).toBe('de');
    expect(lookupLanguage(['pt-BR'], available)).toBe('pt-BR');
    expect(lookupLanguage(['pt-PT'], available)).toBe('pt');
    expect(lookupLanguage(['zh-Hant-TW'], available)).toBe('zh-Hant');
    expect(lookupLanguage(['fr-CA', 'DE-ch'], available)).toBe('de');
  });

  it('cuts a single-letter subtag with what follows it, and finds nothing for a stranger', () => {
    expect(lookupLanguage(['de-x-private'], available)).toBe('de');
    expect(lookupLanguage(['fr', 'nl-BE'], available)).toBeUndefined();
    expect(lookupLanguage([], available)).toBeUndefined();
  });
});

describe('localize', () => {
  it('replaces every translated text and keeps the default where a string is missing', () => {
    const german = localize(definition, 'de');
    const [step] = german.steps;
    expect(step?.title).toBe('Über Sie');
    expect(step?.questions[0]).toMatchObject({
      prompt: 'Ihr Name',
      sectionTitle: 'Contact',
      typeConfig: { placeholder: 'Vor- und Nachname' },
    });
    expect(step?.questions[1]).toMatchObject({
      prompt: 'Which plan?',
      typeConfig: {
        choices: [
          { value: 'pro', label: 'Profi' },
          { value: 'free', label: 'Free' },
        ],
      },
    });
    expect(german.translations).toBeUndefined();
    expect(german.defaultLanguage).toBe('de');
  });

  it('gives the default texts for the default language and for a language it does not have', () => {
    for (const language of ['en', 'fr']) {
      const result = localize(definition, language);
      expect(result.steps[0]?.questions[0]?.prompt).toBe('Your name');
      expect(result.defaultLanguage).toBe('en');
      expect(result.translations).toBeUndefined();
    }
  });

  it('leaves codes, values and rules alone, and an empty translated string falls back', () => {
    const withEmpty: Definition = { ...definition, translations: { de: { q_name: { prompt: '' } } } };
    const german = localize(withEmpty, 'de');
    expect(german.steps[0]?.questions[0]).toMatchObject({ code: 'name', prompt: 'Your name', requirement: always });
  });
});
