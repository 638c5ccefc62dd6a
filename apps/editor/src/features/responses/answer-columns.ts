import type { Definition, Question } from '@forms-engine/schema';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../data/trpc.ts';
import { dateTime } from '../../ui/format.ts';
import { answerText, isFileList, placedQuestions } from './format.ts';

/** How many answers the table shows as columns: enough to recognise a response, few enough to fit. */
export const ANSWER_COLUMNS = 3;

/** The longest answer a cell shows before it is cut (the response's page shows it whole). */
const CELL_CHARACTERS = 60;

/** The first questions that take an answer (statements take none), in the definition's order. */
export function answerQuestions(definition: Definition, count = ANSWER_COLUMNS): Question[] {
  return placedQuestions(definition)
    .map(({ question }) => question)
    .filter((question) => question.type !== 'STATEMENT')
    .slice(0, count);
}

/**
 * The questions whose answers the table shows: from the latest published version (what respondents
 * answer), or the draft before the first publication. None until the definition has loaded.
 */
export function useAnswerQuestions(id: string): Question[] {
  const definition = useResultsDefinition(id);
  return definition ? answerQuestions(definition) : [];
}

/**
 * The definition the table describes responses by: the latest published version (what respondents
 * answer), or the draft before the first publication. Undefined until it has loaded.
 */
export function useResultsDefinition(id: string): Definition | undefined {
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  const current = questionnaire.data?.currentVersion ?? 0;
  const version = useQuery({
    ...trpc.questionnaires.version.queryOptions({ id, n: Math.max(1, current) }),
    enabled: current > 0,
  });
  return current > 0 ? version.data?.definition : questionnaire.data?.draft;
}

/** An answer in a table cell: in words (choice labels, Yes/No), files counted, long text cut. */
export function answerCell(question: Question, value: unknown): string {
  if (isFileList(value)) {
    if (value.length === 0) return '—';
    return value.length === 1 ? (value[0]?.fileName ?? '1 file') : `${value.length} files`;
  }
  const text = answerText(question, value);
  return text.length > CELL_CHARACTERS ? `${text.slice(0, CELL_CHARACTERS - 1).trimEnd()}…` : text;
}

/**
 * A response as a person tells it from the others: when it started, its external reference if
 * any, and its first answer in words ("started 01/11/2026, 10:00:00, external reference “order-7”,
 * first answer “Ada”"). `questions` in the definition's order; statements are skipped.
 */
export function responseDescription(
  response: { createdAt: string; externalRef?: string | undefined; answers: Record<string, unknown> },
  questions: readonly Question[],
): string {
  const first = questions.find(
    (question) => question.type !== 'STATEMENT' && answerCell(question, response.answers[question.code]) !== '—',
  );
  return [
    `started ${dateTime(response.createdAt)}`,
    response.externalRef ? `external reference “${response.externalRef}”` : '',
    first ? `first answer “${answerCell(first, response.answers[first.code])}”` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** What erasing a response does, said in its dialog. */
export const ERASE_CONSEQUENCES =
  'Its answers and uploaded files are deleted for good (data-subject erasure); this cannot be undone.';
