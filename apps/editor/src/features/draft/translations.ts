import type { Definition, ElementTexts, Question } from '@forms-engine/schema';
import {
  canonicalLanguage,
  DEFAULT_LANGUAGE,
  LABELLED_LISTS,
  type LabelledList,
  languagesOf,
  localize,
  MAX_LANGUAGES,
  TYPE_CONFIG_TEXTS,
  walkDefinition,
} from '@forms-engine/schema/rules';
import { languageName, missingTexts, textCount, translatableTexts } from '../../definition-words/index.ts';

/**
 * The draft's languages and translations as pure edits, like model.ts: add and remove a
 * language, make another one the default, write one text, and keep `translations` true to the
 * structure (a removed question, step, tab or choice takes its translations with it; a renamed
 * choice value carries them; a duplicated question copies them). docs/decisions.md, "Languages:
 * editor (issue 22)".
 */

type Texts = Record<string, ElementTexts>;
type MutableTexts = {
  title?: string;
  body?: string;
  prompt?: string;
  sectionTitle?: string;
  typeConfig?: Record<string, string | Record<string, string>>;
};

const isLabelledList = (key: string | undefined): key is LabelledList =>
  (LABELLED_LISTS as readonly string[]).includes(key ?? '');

export const defaultLanguageOf = (definition: Pick<Definition, 'defaultLanguage'>) =>
  definition.defaultLanguage ?? DEFAULT_LANGUAGE;

/** Why `tag` cannot be added, in a sentence; undefined when it can. */
export function cannotAdd(definition: Definition, tag: string): string | undefined {
  const canonical = canonicalLanguage(tag);
  if (!canonical) return `“${tag}” is not a language code such as de, fr or pt-BR.`;
  const languages = languagesOf(definition);
  if (languages.includes(canonical)) return `${languageName(canonical)} is already one of the languages.`;
  if (languages.length >= MAX_LANGUAGES)
    return `A questionnaire has at most ${MAX_LANGUAGES} languages, the default included. Remove one to add another.`;
  return undefined;
}

export function addLanguage(definition: Definition, tag: string): Definition {
  const canonical = canonicalLanguage(tag);
  if (!canonical || cannotAdd(definition, canonical)) return definition;
  return { ...definition, translations: { ...definition.translations, [canonical]: {} } };
}

export function removeLanguage(definition: Definition, tag: string): Definition {
  if (!definition.translations?.[tag]) return definition;
  const { [tag]: _removed, ...rest } = definition.translations;
  return { ...definition, translations: rest };
}

export function setLanguageSwitcher(definition: Definition, on: boolean): Definition {
  const { languageSwitcher: _old, ...rest } = definition;
  return on ? { ...rest, languageSwitcher: true } : rest;
}

/**
 * The draft's own texts are written in `tag` (they were all along: the builder names their
 * language). Nothing moves; a language that has translations must be made the default instead.
 */
export function setWrittenIn(definition: Definition, tag: string): Definition {
  const canonical = canonicalLanguage(tag);
  if (!canonical || definition.translations?.[canonical]) return definition;
  return { ...definition, defaultLanguage: canonical };
}

/** Why `tag` cannot become the default now, in a sentence; undefined when it can. */
export function cannotMakeDefault(definition: Definition, tag: string): string | undefined {
  if (!definition.translations?.[tag]) return undefined;
  const missing = missingTexts(definition, tag).length;
  if (missing === 0) return undefined;
  return `${languageName(tag)} can become the default once every text has its ${languageName(tag)} words: ${textCount(missing)} ${missing === 1 ? 'is' : 'are'} not translated yet. Translate ${missing === 1 ? 'it' : 'them'} first; nothing was changed.`;
}

/**
 * Swaps the default: `tag`'s translations become the draft's own texts, and the old default's
 * texts become its translations, so no text is lost. Only when `tag` misses no text
 * (`cannotMakeDefault`): otherwise the new default would have no words for those texts.
 */
export function makeDefault(definition: Definition, tag: string): Definition {
  if (!definition.translations?.[tag] || cannotMakeDefault(definition, tag)) return definition;
  const old = defaultLanguageOf(definition);
  let before: Definition = { ...definition, translations: { ...definition.translations, [old]: {} } };
  for (const text of translatableTexts(definition)) before = setTranslation(before, old, text, text.source);
  const { [tag]: _now, [old]: oldTexts, ...others } = before.translations ?? {};
  const swapped = localize(definition, tag);
  return {
    ...swapped,
    defaultLanguage: tag,
    translations: { [old]: oldTexts ?? {}, ...others },
  };
}

/** One text of `language` set (an empty one removed, so it counts as not translated). */
export function setTranslation(
  definition: Definition,
  language: string,
  text: { id: string; field: string },
  value: string,
): Definition {
  const translations = definition.translations ?? {};
  const element = { ...(translations[language]?.[text.id] ?? {}) } as MutableTexts;
  const [first, second, ...rest] = text.field.split('.');
  if (first === 'typeConfig' && second) {
    const config = { ...(element.typeConfig ?? {}) };
    if (isLabelledList(second)) {
      const items = { ...((config[second] as Record<string, string> | undefined) ?? {}) };
      const item = rest.join('.');
      if (value) items[item] = value;
      else delete items[item];
      if (Object.keys(items).length > 0) config[second] = items;
      else delete config[second];
    } else if (value) config[second] = value;
    else delete config[second];
    if (Object.keys(config).length > 0) element.typeConfig = config;
    else delete element.typeConfig;
  } else if (first === 'title' || first === 'body' || first === 'prompt' || first === 'sectionTitle') {
    if (value) element[first] = value;
    else delete element[first];
  } else return definition;
  const texts: Texts = { ...(translations[language] ?? {}) };
  if (Object.keys(element).length > 0) texts[text.id] = element;
  else delete texts[text.id];
  return { ...definition, translations: { ...translations, [language]: texts } };
}

interface Known {
  kind: 'step' | 'tab' | 'question' | 'ending';
  question?: Question;
}

/** One element's translated texts with only what the element has now; undefined when nothing is left. */
function keptTexts(texts: ElementTexts, known: Known): ElementTexts | undefined {
  if (known.kind === 'ending') {
    const kept: MutableTexts = {};
    if (texts.title) kept.title = texts.title;
    if (texts.body) kept.body = texts.body;
    return Object.keys(kept).length > 0 ? kept : undefined;
  }
  if (known.kind !== 'question' || !known.question) return texts.title ? { title: texts.title } : undefined;
  const { question } = known;
  const kept: MutableTexts = {};
  for (const [field, value] of Object.entries(texts)) {
    if ((field === 'prompt' || field === 'sectionTitle') && typeof value === 'string' && value) kept[field] = value;
    else if (field === 'typeConfig') kept.typeConfig = {};
  }
  const allowed: readonly string[] = TYPE_CONFIG_TEXTS[question.type] ?? [];
  const config: Record<string, string | Record<string, string>> = {};
  for (const [key, value] of Object.entries(texts.typeConfig ?? {})) {
    if (!allowed.includes(key)) continue;
    if (isLabelledList(key) && typeof value === 'object') {
      const values = new Set(
        ((question.typeConfig as Partial<Record<LabelledList, { value: string }[]>>)[key] ?? []).map((c) => c.value),
      );
      const items = Object.fromEntries(Object.entries(value).filter(([item, label]) => values.has(item) && label));
      if (Object.keys(items).length > 0) config[key] = items;
    } else if (typeof value === 'string' && value) config[key] = value;
  }
  if (Object.keys(config).length > 0) kept.typeConfig = config;
  else delete kept.typeConfig;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

const sameTexts = (a: ElementTexts, b: ElementTexts | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The translations with only what the definition still has: the texts of a removed question,
 * step or tab, of a removed choice, and the settings a question's new type does not have, go.
 * The same definition when nothing had to go (every edit of the draft passes through here).
 */
export function followStructure(definition: Definition): Definition {
  const translations = definition.translations;
  if (!translations || Object.keys(translations).length === 0) return definition;
  const known = new Map<string, Known>();
  walkDefinition(definition, (element) => {
    if (element.kind === 'question')
      known.set(element.question.id, { kind: 'question', question: element.question as Question });
    else known.set(element.kind === 'step' ? element.step.id : element.tab.id, { kind: element.kind });
  });
  for (const ending of definition.endings ?? []) known.set(ending.id, { kind: 'ending' });
  let changed = false;
  const next: Record<string, Texts> = {};
  for (const [language, elements] of Object.entries(translations)) {
    const kept: Texts = {};
    for (const [id, texts] of Object.entries(elements)) {
      const element = known.get(id);
      const result = element ? keptTexts(texts, element) : undefined;
      if (!result || !sameTexts(texts, result)) changed = true;
      if (result) kept[id] = sameTexts(texts, result) ? texts : result;
    }
    next[language] = kept;
  }
  return changed ? { ...definition, translations: next } : definition;
}

/** A choice's (a grid row's or column's) value renamed from `from` to `to`: its translations follow it, in every language. */
export function renameChoice(
  definition: Definition,
  questionId: string,
  from: string,
  to: string,
  list: LabelledList = 'choices',
): Definition {
  const translations = definition.translations;
  if (!translations || from === to) return definition;
  let changed = false;
  const next: Record<string, Texts> = {};
  for (const [language, elements] of Object.entries(translations)) {
    const element = elements[questionId];
    const choices = element?.typeConfig?.[list];
    if (!element || typeof choices !== 'object' || !(from in choices) || to in choices) {
      next[language] = elements;
      continue;
    }
    const { [from]: label, ...others } = choices as Record<string, string>;
    changed = true;
    next[language] = {
      ...elements,
      [questionId]: {
        ...element,
        typeConfig: { ...element.typeConfig, [list]: { ...others, [to]: label as string } },
      },
    };
  }
  return changed ? { ...definition, translations: next } : definition;
}

/**
 * Copies say what their originals say, in every language: each copied element's translations
 * under its new id. `except` names texts (`id.field`) whose default text the copy changed (a
 * duplicated step's title gains "(copy)"), left to translate again.
 */
export function copyTranslations(
  definition: Definition,
  ids: ReadonlyMap<string, string>,
  except: ReadonlySet<string> = new Set(),
): Definition {
  const translations = definition.translations;
  if (!translations || ids.size === 0) return definition;
  const next: Record<string, Texts> = {};
  for (const [language, elements] of Object.entries(translations)) {
    const copied: Texts = { ...elements };
    for (const [from, to] of ids) {
      const texts = elements[from];
      if (!texts) continue;
      const copy = { ...texts } as MutableTexts;
      for (const key of except) {
        const [id, field] = key.split('.');
        if (id === from && (field === 'title' || field === 'prompt' || field === 'sectionTitle')) delete copy[field];
      }
      if (Object.keys(copy).length > 0) copied[to] = copy;
    }
    next[language] = copied;
  }
  return { ...definition, translations: next };
}
