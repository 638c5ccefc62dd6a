import type { Definition, ResponseSummary } from '@forms-engine/schema';
import { localize, questionPlaces } from '@forms-engine/schema/rules';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../data/trpc.ts';
import { otherName } from '../../definition-words/index.ts';

/**
 * What each question's “Other” is called, by code: the builder's own label in the definition the
 * summary describes (the version it names, or the draft before the first publication), in the
 * language filtered by, as the server writes the prompts and choices. The summary carries no such
 * label, so the definition is asked for, and only when some question counts an Other. Until it
 * arrives the map is empty, and each question reads its default (“Other”).
 */
export function useOtherLabels(
  id: string,
  summary: ResponseSummary | undefined,
  language: string | undefined,
): ReadonlyMap<string, string> {
  const trpc = useTRPC();
  const needed = summary?.questions.some((question) => question.other) ?? false;
  const versionNumber = summary?.versionNumber ?? null;
  // The header's query: already in the cache, so the draft costs no request of its own.
  const questionnaire = useQuery({ ...trpc.questionnaires.get.queryOptions({ id }), enabled: needed });
  const version = useQuery({
    ...trpc.questionnaires.version.queryOptions({ id, n: versionNumber ?? 1 }),
    enabled: needed && versionNumber !== null,
  });
  const definition: Definition | undefined = !needed
    ? undefined
    : versionNumber === null
      ? questionnaire.data?.draft
      : version.data?.definition;
  return useMemo(() => {
    if (!definition) return new Map();
    const words = language ? localize(definition, language) : definition;
    return new Map(questionPlaces(words).map(({ question }) => [question.code, otherName(question)]));
  }, [definition, language]);
}
