import { labelsFor } from '@forms-engine/embed-client/labels';
import type { Definition, EmbedLabelTables } from '@forms-engine/schema';
import { languagesOf, lookupLanguage } from '@forms-engine/schema/rules';
import { AppError } from '../errors/app-error.ts';

/**
 * The respondent's language on the public API: the tag a create or a save asks for, matched to one
 * of the pinned version's languages, and the embed's own words in the questionnaire's languages.
 */

const listed = (tags: readonly string[]) =>
  tags.length === 1 ? tags[0] : `${tags.slice(0, -1).join(', ')} and ${tags.at(-1)}`;

/**
 * The version's language that `asked` matches by RFC 4647 lookup (`de-CH` -> `de`, `pt-BR` -> `pt`
 * when only `pt` is there); UNKNOWN_LANGUAGE, naming the version's languages, when none does
 * (a malformed tag included).
 */
export function matchLanguage(definition: Definition, asked: string): string {
  const available = languagesOf(definition);
  const matched = lookupLanguage([asked], available);
  if (matched !== undefined) return matched;
  throw new AppError(
    'UNKNOWN_LANGUAGE',
    `The language "${asked}" is not one of this questionnaire's languages; it is available in ${listed(available)}.`,
  );
}

/** The language a new response records: the one asked for, matched, else the version's default. */
export const languageOfNewResponse = (definition: Definition, asked: string | undefined): string =>
  asked === undefined ? (languagesOf(definition)[0] as string) : matchLanguage(definition, asked);

// Definitions are immutable and held by the definitions cache: their tables are computed once.
const tablesByDefinition = new WeakMap<Definition, EmbedLabelTables>();

/**
 * The embed's label tables for the definition's languages that it has words for (English and the
 * others are absent: the embed's built-in English serves them), keyed by the definition's tags.
 */
export function labelTablesOf(definition: Definition): EmbedLabelTables {
  let tables = tablesByDefinition.get(definition);
  if (!tables) {
    tables = {};
    for (const tag of languagesOf(definition)) {
      const table = labelsFor(tag);
      if (table) tables[tag] = table as Record<string, unknown>;
    }
    tablesByDefinition.set(definition, tables);
  }
  return tables;
}
