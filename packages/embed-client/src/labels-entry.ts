import { lookupLanguage } from '@forms-engine/schema/rules';
import type { Labels } from './render/labels';
import { LABEL_TABLES } from './translations';

export type { Labels };

/**
 * The embed's own words in other languages than English, for the server to send with a
 * questionnaire (its live document carries the tables of the questionnaire's languages), so the
 * script tag's first load holds English only. `@forms-engine/embed-client/labels`.
 */

/** The languages the embed's own words exist in, besides English (canonical BCP 47 tags). */
export const LABEL_LANGUAGES: readonly string[] = Object.keys(LABEL_TABLES);

/**
 * The embed's words in a language, looked up as RFC 4647 says (`de-AT` -> `de`); undefined where it
 * has none. Every table is whole; the type says `Partial`, as the `labels` option and the documents take it.
 */
export function labelsFor(language: string): Partial<Labels> | undefined {
  const found = lookupLanguage([language], LABEL_LANGUAGES);
  return found === undefined ? undefined : LABEL_TABLES[found];
}
