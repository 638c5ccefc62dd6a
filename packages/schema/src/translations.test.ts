import { describe, expect, it } from 'vitest';
import { Definition } from './definition';

const question = (id: string, code: string, type: string, typeConfig: object = {}) => ({
  id,
  code,
  prompt: code,
  type,
  typeConfig,
});
const base = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        question('q_name', 'name', 'SHORT_TEXT'),
        question('q_plan', 'plan', 'SINGLE_CHOICE', { choices: [{ value: 'pro', label: 'Pro' }] }),
        question('q_score', 'score', 'RATING'),
        question('q_ok', 'ok', 'CONSENT', { label: 'I agree' }),
      ],
    },
  ],
};
const messagesOf = (input: object) => {
  const result = Definition.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('translations in a definition', () => {
  it('accept every text an element has, and store tags in canonical form', () => {
    const parsed = Definition.parse({
      ...base,
      defaultLanguage: 'EN',
      languageSwitcher: true,
      translations: {
        DE: {
          s1: { title: 'Über Sie' },
          q_name: { prompt: 'Ihr Name', sectionTitle: 'Kontakt', typeConfig: { placeholder: 'Vor- und Nachname' } },
          q_plan: { prompt: 'Welcher Tarif?', typeConfig: { choices: { pro: 'Profi' } } },
          q_score: { typeConfig: { minLabel: 'schlecht', maxLabel: 'sehr gut' } },
          q_ok: { typeConfig: { label: 'Ich stimme der [Datenschutzerklärung](https://example.org/de) zu' } },
        },
        'pt-br': { q_name: { prompt: 'Seu nome' } },
      },
    });
    expect(parsed.defaultLanguage).toBe('en');
    expect(Object.keys(parsed.translations ?? {})).toEqual(['de', 'pt-BR']);
    expect(parsed.languageSwitcher).toBe(true);
  });

  it('are optional: a definition without them is one language, and keeps no new fields', () => {
    const parsed = Definition.parse(base);
    expect('defaultLanguage' in parsed).toBe(false);
    expect('translations' in parsed).toBe(false);
  });

  it('refuse what does not exist or does not fit, naming the place in words', () => {
    expect(
      messagesOf({
        ...base,
        translations: {
          de: {
            q_gone: { prompt: 'Weg' },
            s1: { prompt: 'Schritt' },
            q_score: { typeConfig: { placeholder: 'Zahl' } },
            q_plan: { typeConfig: { choices: { gold: 'Gold' } } },
          },
        },
      }),
    ).toEqual([
      'translations.de.q_gone: German (de): no step, tab, question or ending has the id “q_gone”',
      'translations.de.s1.prompt: German (de): the step “s1” has no “prompt” (it has title)',
      'translations.de.q_score.typeConfig.placeholder: German (de): the question “q_score” has no text “placeholder” to translate (its texts are minLabel, maxLabel)',
      'translations.de.q_plan.typeConfig.choices.gold: German (de): the question “q_plan” has no choice with value “gold”',
    ]);
  });

  it('refuse a tag that is not one, the default language among them, two keys of one language, and more than 30', () => {
    expect(messagesOf({ ...base, defaultLanguage: 'not a tag!' })[0]).toMatch(/^defaultLanguage: Not a language tag/);
    expect(messagesOf({ ...base, translations: { 'x!': {} } })[0]).toMatch(/“x!” is not a language tag/);
    expect(messagesOf({ ...base, defaultLanguage: 'de', translations: { de: {} } })).toEqual([
      "translations.de: German (de) is the default language: its texts are the definition's own",
    ]);
    expect(messagesOf({ ...base, translations: { de: {}, DE: {} } })[0]).toMatch(/are the same language/);
    const many = Object.fromEntries(
      [
        'de',
        'fr',
        'es',
        'it',
        'nl',
        'pl',
        'pt',
        'sv',
        'da',
        'fi',
        'nb',
        'cs',
        'sk',
        'sl',
        'hr',
        'hu',
        'ro',
        'bg',
        'el',
        'tr',
        'ru',
        'uk',
        'ar',
        'he',
        'fa',
        'ur',
        'hi',
        'ja',
        'ko',
        'zh',
      ].map((tag) => [tag, {}]),
    );
    expect(messagesOf({ ...base, translations: many })[0]).toMatch(
      /At most 30 languages, the default included; this has 31/,
    );
  });

  it('hold translated texts to the limits of the texts they translate', () => {
    expect(
      messagesOf({ ...base, translations: { de: { q_score: { typeConfig: { minLabel: 'x'.repeat(201) } } } } })[0],
    ).toMatch(
      /^translations\.de\.q_score\.typeConfig\.minLabel: German \(de\): the question “q_score”: the “minLabel” text is too long/,
    );
  });
});
