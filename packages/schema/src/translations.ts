import { z } from 'zod';
import { QUESTION_TYPES } from './question-types';
import { canonicalLanguage } from './rules/languages';
import type { Definition as ModelDefinition, Question as ModelQuestion } from './rules/model';
import { DEFAULT_LANGUAGE, LABELLED_LISTS, MAX_LANGUAGES, TYPE_CONFIG_TEXTS } from './rules/vocabulary';
import { walkDefinition } from './rules/walk';

/** A BCP 47 language tag, stored in canonical form (`EN` -> `en`, `pt-br` -> `pt-BR`). */
export const LanguageTag = z
  .string()
  .max(35)
  .refine((tag) => canonicalLanguage(tag) !== undefined, {
    message: 'Not a language tag (BCP 47), such as en, de or pt-BR',
  })
  .overwrite((tag) => canonicalLanguage(tag) ?? tag)
  .meta({ id: 'LanguageTag' });

const ChoiceLabels = z.record(z.string().max(200), z.string().max(200));

export const ElementTexts = z
  .strictObject({
    title: z.string().max(500).optional().describe('Steps, tabs and endings'),
    body: z.string().max(5000).optional().describe('Endings'),
    prompt: z.string().max(5000).optional().describe('Questions'),
    sectionTitle: z.string().max(500).optional().describe('Questions'),
    typeConfig: z
      .record(z.string().max(64), z.union([z.string().max(10_000), ChoiceLabels]))
      .optional()
      .describe(
        "The type's text settings (placeholder, label, body, unit, minLabel, maxLabel, yesLabel, noLabel, otherLabel), and choices, rows and columns as value -> label",
      ),
  })
  .meta({ id: 'ElementTexts' });
export type ElementTexts = z.infer<typeof ElementTexts>;

/** Keys canonical like every tag (`DE` -> `de`); two keys of one language are refused first. */
export const Translations = z
  .record(z.string().max(35), z.record(z.string().max(64), ElementTexts))
  .superRefine((translations, ctx) => {
    const seen = new Map<string, string>();
    for (const key of Object.keys(translations)) {
      const tag = canonicalLanguage(key);
      if (!tag) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `“${key}” is not a language tag (BCP 47), such as de or pt-BR`,
        });
        continue;
      }
      const first = seen.get(tag);
      if (first)
        ctx.addIssue({ code: 'custom', path: [key], message: `“${key}” and “${first}” are the same language` });
      seen.set(tag, key);
    }
  })
  .overwrite((translations) =>
    Object.fromEntries(Object.entries(translations).map(([key, texts]) => [canonicalLanguage(key) ?? key, texts])),
  )
  .describe('Language tag -> element id (step, tab, question or ending) -> the texts of that element in that language')
  .meta({ id: 'Translations' });

/** `de` -> `German (de)`, for messages; the tag alone where Intl has no name. */
export function languageInWords(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

type Issue = { path: (string | number)[]; message: string };

/** What one question's translated type settings may hold, and each text's own limits. */
function checkTypeConfig(question: ModelQuestion, given: Record<string, unknown>, where: string): Issue[] {
  const allowed: readonly string[] = TYPE_CONFIG_TEXTS[question.type];
  const shape = (QUESTION_TYPES[question.type].config as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const issues: Issue[] = [];
  for (const [key, value] of Object.entries(given)) {
    if (!allowed.includes(key)) {
      const has = allowed.length ? `its texts are ${allowed.join(', ')}` : 'it has no text settings';
      issues.push({ path: [key], message: `${where} has no text “${key}” to translate (${has})` });
    } else if ((LABELLED_LISTS as readonly string[]).includes(key)) {
      const noun = key.slice(0, -1);
      if (typeof value !== 'object' || value === null) {
        issues.push({ path: [key], message: `${where}: ${key} are translated as ${noun} value -> label` });
        continue;
      }
      const items = (question.typeConfig as Record<string, { value: string }[] | undefined>)[key] ?? [];
      const values = new Set(items.map((item) => item.value));
      for (const item of Object.keys(value)) {
        if (!values.has(item))
          issues.push({ path: [key, item], message: `${where} has no ${noun} with value “${item}”` });
      }
    } else if (typeof value !== 'string') {
      issues.push({ path: [key], message: `${where}: “${key}” is translated as text` });
    } else {
      const checked = shape[key]?.safeParse(value);
      if (checked && !checked.success) {
        issues.push({
          path: [key],
          message: `${where}: the “${key}” text is too long or not allowed (${checked.error.issues[0]?.message})`,
        });
      }
    }
  }
  return issues;
}

/**
 * The cross-field checks of a definition's languages: at most MAX_LANGUAGES, the default not
 * among the translations, every key an element that exists, and only texts that element has.
 * Messages name the place in words; `path` is below `translations`.
 */
export function translationIssues(definition: ModelDefinition): Issue[] {
  const translations = definition.translations ?? {};
  const defaultLanguage = definition.defaultLanguage ?? DEFAULT_LANGUAGE;
  const issues: Issue[] = [];
  const languages = Object.keys(translations);
  if (languages.length + 1 > MAX_LANGUAGES) {
    issues.push({
      path: [],
      message: `At most ${MAX_LANGUAGES} languages, the default included; this has ${languages.length + 1}`,
    });
  }
  const elements = new Map<
    string,
    { kind: 'step' | 'tab' | 'ending'; id: string } | { kind: 'question'; question: ModelQuestion }
  >();
  walkDefinition(definition, (element) => {
    if (element.kind === 'question')
      elements.set(element.question.id, { kind: 'question', question: element.question });
    else elements.set(element.kind === 'step' ? element.step.id : element.tab.id, { kind: element.kind, id: '' });
  });
  for (const ending of definition.endings ?? []) elements.set(ending.id, { kind: 'ending', id: ending.id });
  for (const language of languages) {
    const inWords = languageInWords(language);
    if (language === defaultLanguage) {
      issues.push({
        path: [language],
        message: `${inWords} is the default language: its texts are the definition's own`,
      });
      continue;
    }
    for (const [id, texts] of Object.entries(translations[language] ?? {})) {
      const element = elements.get(id);
      const at = (...rest: (string | number)[]) => [language, id, ...rest];
      if (!element) {
        issues.push({ path: at(), message: `${inWords}: no step, tab, question or ending has the id “${id}”` });
        continue;
      }
      const where = `${inWords}: the ${element.kind} “${id}”`;
      const own =
        element.kind === 'question'
          ? ['prompt', 'sectionTitle', 'typeConfig']
          : element.kind === 'ending'
            ? ['title', 'body']
            : ['title'];
      for (const field of Object.keys(texts)) {
        if (!own.includes(field))
          issues.push({ path: at(field), message: `${where} has no “${field}” (it has ${own.join(', ')})` });
      }
      if (element.kind === 'question' && texts.typeConfig) {
        for (const issue of checkTypeConfig(element.question, texts.typeConfig, where)) {
          issues.push({ path: at('typeConfig', ...issue.path), message: issue.message });
        }
      }
    }
  }
  return issues;
}
