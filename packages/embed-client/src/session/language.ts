import { type Definition, languagesOf, localize, lookupLanguage } from '@forms-engine/schema/rules';
import type { EmbedLabelTables, SubmissionPolicy } from '../client/types';
import type { LoadedQuestionnaire } from './state';

/**
 * The questionnaire's language for what is asked, best first: the first asked tag that one of
 * its languages matches by RFC 4647 lookup (`de-AT` -> `de`), else its default language.
 */
export function chooseLanguage(definition: Definition, wanted: readonly (string | undefined)[]): string {
  const available = languagesOf(definition);
  return (
    lookupLanguage(
      wanted.filter((tag): tag is string => !!tag),
      available,
    ) ?? (available[0] as string)
  );
}

/** The questionnaire as a document brought it, shown in `language`. */
export function loadedIn(
  document: {
    definition: Definition;
    versionNumber: number;
    submissionPolicy: SubmissionPolicy;
    labels?: EmbedLabelTables;
  },
  language: string,
): LoadedQuestionnaire {
  const { definition: source, versionNumber, submissionPolicy, labels = {} } = document;
  return { definition: localize(source, language), source, versionNumber, submissionPolicy, labels };
}

/** The questionnaire's language that `asked` matches, if any (a switch to a language it lacks changes nothing). */
export const matchLanguage = (questionnaire: LoadedQuestionnaire, asked: string) =>
  lookupLanguage([asked], languagesOf(questionnaire.source));
