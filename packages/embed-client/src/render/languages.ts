import { type Definition, languagesOf } from '@forms-engine/schema/rules';
import type { LoadedQuestionnaire, SessionState } from '../session/machine';
import { type LabelOverrides, type Labels, mergeLabels } from './labels';

/** What the renderer needs to know about a language: its direction and its own name. */

// Scripts written right to left, by language (Arabic, Hebrew, Persian, Urdu, Yiddish, Pashto,
// Sindhi, Sorani, Dhivehi, Uyghur) or by an explicit script subtag (`pa-Arab`).
const RIGHT_TO_LEFT = /^(ar|he|iw|fa|ur|yi|ps|sd|ckb|dv|ug)(-|$)|-(arab|hebr|thaa|syrc|nkoo|adlm)(-|$)/i;

export const isRightToLeft = (tag: string) => RIGHT_TO_LEFT.test(tag);

/** "Deutsch", "العربية": a language in its own words, for the switcher (the tag where Intl has no name). */
export function ownName(tag: string): string {
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/**
 * Whether the questionnaire says which language its texts are in (a `defaultLanguage`, or
 * translations). One written before languages existed says nothing: it follows the host page's
 * direction and language, as it always did.
 */
export const namesItsLanguages = (questionnaire: LoadedQuestionnaire) =>
  questionnaire.source.defaultLanguage !== undefined || languagesOf(questionnaire.source).length > 1;

/**
 * The words and the Intl locale of the language shown: English <- the document's table for it
 * <- the host's `labels`. A questionnaire that names no language keeps the page's locale.
 */
export function shownIn<T extends { labels: Labels; overrides: LabelOverrides | undefined; locale: string }>(
  base: T,
  { questionnaire, language }: SessionState,
): T {
  if (!questionnaire || !language) return base;
  const table = questionnaire.labels[language] as LabelOverrides | undefined;
  const locale = namesItsLanguages(questionnaire) ? language : base.locale;
  return { ...base, labels: mergeLabels(table, base.overrides), locale };
}

/** The builder turned the switcher on and there is a choice. */
export const offersLanguages = (definition: Definition) =>
  !!definition.languageSwitcher && languagesOf(definition).length > 1;
