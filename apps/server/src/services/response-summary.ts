import type { ResponseSummary, SummaryFilter, SummaryQuestion } from '@forms-engine/schema';
import { type Definition, type Question, questionPlaces } from '@forms-engine/schema/rules';
import { AppError } from '../errors/app-error.ts';
import type { Deps } from './deps.ts';
import { findQuestionnaire } from './questionnaires.ts';
import {
  AnswerAggregates,
  countsAndTimes,
  inProgressBySteps,
  latestTextAnswers,
  nonEmpty,
  topCountries,
} from './response-summary-sql.ts';

const TEXT_TYPES = new Set(['SHORT_TEXT', 'LONG_TEXT', 'EMAIL', 'PHONE', 'URL']);

/** The definition the summary describes, and the version it comes from (null: the draft). */
async function describedDefinition(deps: Deps, id: string, filter: SummaryFilter) {
  const questionnaire = await findQuestionnaire(deps.prisma, id);
  const version = await deps.prisma.questionnaireVersion.findFirst({
    where: { questionnaireId: id, ...(filter.versionNumber !== undefined && { versionNumber: filter.versionNumber }) },
    orderBy: { versionNumber: 'desc' },
    select: { versionNumber: true, definition: true },
  });
  if (filter.versionNumber !== undefined && !version) {
    throw new AppError('UNKNOWN_VERSION', `Version ${filter.versionNumber} of this questionnaire is not published`);
  }
  if (version) return { versionNumber: version.versionNumber, definition: version.definition as unknown as Definition };
  return { versionNumber: null, definition: questionnaire.draft as unknown as Definition };
}

/** The scale points of a rating, ascending. */
function scalePoints(config: { min?: number; max?: number; step?: number }): number[] {
  const min = config.min ?? 1;
  const max = config.max ?? 5;
  const step = config.step && config.step > 0 ? config.step : 1;
  const points: number[] = [];
  for (let value = min; value <= max; value += step) points.push(value);
  return points;
}

type Reader = (row: Record<string, unknown>) => Partial<SummaryQuestion>;

const count = (value: unknown) => Number(value ?? 0);
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Adds the aggregates one question needs to the shared statement, and returns how to read its
 * part of the summary from the statement's row. Text samples and countries come from their own
 * statements (they need ordering and grouping, not a single-row aggregate).
 */
function planQuestion(aggregates: AnswerAggregates, question: Question): Reader {
  const answer = aggregates.answer(question.code);
  const answered = aggregates.add(`count(*) FILTER (WHERE ${nonEmpty(answer)})::int`);
  const base: Reader = (row) => ({ answered: count(row[answered]) });
  const choiceCounts = (choices: { value: string | boolean; label: string; test: string }[]): Reader => {
    const columns = choices.map((choice) => aggregates.add(`count(*) FILTER (WHERE ${choice.test})::int`));
    return (row) => ({
      ...base(row),
      choices: choices.map((choice, index) => ({
        value: choice.value,
        label: choice.label,
        count: count(row[columns[index] as string]),
      })),
    });
  };
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'DROPDOWN':
      return choiceCounts(
        (question.typeConfig.choices ?? []).map((choice) => ({
          ...choice,
          test: `${answer} = to_jsonb(${aggregates.param(choice.value)}::text)`,
        })),
      );
    case 'MULTI_CHOICE':
      return choiceCounts(
        (question.typeConfig.choices ?? []).map((choice) => ({
          ...choice,
          test: `jsonb_typeof(${answer}) = 'array' AND ${answer} @> ${aggregates.param(JSON.stringify([choice.value]))}::jsonb`,
        })),
      );
    case 'YES_NO':
      return choiceCounts([
        { value: true, label: question.typeConfig.yesLabel || 'Yes', test: `${answer} = 'true'::jsonb` },
        { value: false, label: question.typeConfig.noLabel || 'No', test: `${answer} = 'false'::jsonb` },
      ]);
    case 'CONSENT':
      return choiceCounts([{ value: true, label: 'Agreed', test: `${answer} = 'true'::jsonb` }]);
    case 'RATING':
    case 'NUMBER': {
      const value = `(CASE WHEN jsonb_typeof(${answer}) = 'number' THEN (${answer})::float8 END)`;
      const columns = {
        count: aggregates.add(`count(${value})::int`),
        mean: aggregates.add(`avg(${value})::float8`),
        median: aggregates.add(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${value})`),
        min: aggregates.add(`min(${value})`),
        max: aggregates.add(`max(${value})`),
      };
      const points = question.type === 'RATING' ? scalePoints(question.typeConfig) : [];
      const pointColumns = points.map((point) =>
        aggregates.add(`count(*) FILTER (WHERE ${answer} = to_jsonb(${aggregates.param(point)}::numeric))::int`),
      );
      return (row) => ({
        ...base(row),
        stats: {
          count: count(row[columns.count]),
          mean: numberOrNull(row[columns.mean]),
          median: numberOrNull(row[columns.median]),
          min: numberOrNull(row[columns.min]),
          max: numberOrNull(row[columns.max]),
        },
        ...(question.type === 'RATING' && {
          distribution: points.map((point, index) => ({
            value: point,
            count: count(row[pointColumns[index] as string]),
          })),
        }),
      });
    }
    case 'DATE': {
      const value = `(CASE WHEN jsonb_typeof(${answer}) = 'string' AND (${answer} #>> '{}') ~ '^\\d{4}-\\d{2}-\\d{2}'
        THEN left(${answer} #>> '{}', 10) END)`;
      const columns = {
        count: aggregates.add(`count(${value})::int`),
        min: aggregates.add(`min(${value})`),
        max: aggregates.add(`max(${value})`),
      };
      return (row) => ({
        ...base(row),
        stats: {
          count: count(row[columns.count]),
          min: (row[columns.min] as string | null) ?? null,
          max: (row[columns.max] as string | null) ?? null,
        },
      });
    }
    case 'FILE_UPLOAD': {
      const files = `(CASE WHEN jsonb_typeof(${answer}) = 'array' THEN ${answer} END)`;
      const columns = {
        count: aggregates.add(`coalesce(sum(jsonb_array_length(${files})), 0)::float8`),
        totalBytes: aggregates.add(
          `coalesce(sum((SELECT sum(CASE WHEN jsonb_typeof(f -> 'size') = 'number' THEN (f -> 'size')::numeric END)
                         FROM jsonb_array_elements(${files}) f)), 0)::float8`,
        ),
      };
      return (row) => ({
        ...base(row),
        files: { count: count(row[columns.count]), totalBytes: count(row[columns.totalBytes]) },
      });
    }
    default:
      return base;
  }
}

/** In-progress responses on each step, and how many reached it; `steps` in definition order. */
function stepFunnel(
  steps: readonly { id: string; title: string }[],
  inProgress: { step_id: string | null; count: number }[],
  completed: number,
) {
  // A response without a position, or at a step this definition does not have, is on the first step.
  const dropped = steps.map(() => 0);
  for (const group of inProgress) {
    const index = Math.max(
      0,
      steps.findIndex((step) => step.id === group.step_id),
    );
    if (dropped.length > 0) dropped[index] = (dropped[index] ?? 0) + group.count;
  }
  let later = completed;
  const reached = steps.map(() => 0);
  for (let index = steps.length - 1; index >= 0; index--) {
    later += dropped[index] ?? 0;
    reached[index] = later;
  }
  return steps.map((step, index) => ({
    stepId: step.id,
    title: step.title,
    reached: reached[index] ?? 0,
    droppedHere: dropped[index] ?? 0,
  }));
}

/** The summary of the questionnaire's responses that match the filter. */
export async function responseSummary(deps: Deps, id: string, filter: SummaryFilter): Promise<ResponseSummary> {
  const { versionNumber, definition } = await describedDefinition(deps, id, filter);
  const questions = questionPlaces(definition)
    .map((place) => place.question)
    .filter((question) => question.type !== 'STATEMENT');
  const aggregates = new AnswerAggregates(id, filter);
  const readers = questions.map((question) => planQuestion(aggregates, question));
  const textCodes = questions.filter((question) => TEXT_TYPES.has(question.type)).map((question) => question.code);
  const addressCodes = questions.filter((question) => question.type === 'ADDRESS').map((question) => question.code);

  // On Postgres these run side by side on the pool; PGlite takes them one after another.
  const [totals, positions, row, samples, countries] = await Promise.all([
    countsAndTimes(deps.sql, id, filter),
    inProgressBySteps(deps.sql, id, filter),
    aggregates.run(deps.sql),
    latestTextAnswers(deps.sql, id, filter, textCodes),
    topCountries(deps.sql, id, filter, addressCodes),
  ]);

  const responses = count(totals.responses);
  const completed = count(totals.completed);
  return {
    counts: {
      responses,
      inProgress: responses - completed,
      completed,
      completionRate: responses === 0 ? 0 : completed / responses,
    },
    timeToComplete:
      totals.median_seconds === null || totals.p90_seconds === null
        ? null
        : { medianSeconds: Number(totals.median_seconds), p90Seconds: Number(totals.p90_seconds) },
    versionNumber,
    steps: stepFunnel(definition.steps ?? [], positions, completed),
    questions: questions.map((question, index) => ({
      code: question.code,
      prompt: question.prompt,
      type: question.type,
      answered: 0,
      ...(readers[index] as Reader)(row),
      ...(TEXT_TYPES.has(question.type) && { samples: samples.get(question.code) ?? [] }),
      ...(question.type === 'ADDRESS' && { countries: countries.get(question.code) ?? [] }),
    })),
  };
}
