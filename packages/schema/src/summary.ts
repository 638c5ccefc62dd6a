import { z } from 'zod';
import { DateTime, Id, Int32, Int64 } from './common';
import { QuestionType } from './question-types';
import { ResponseFilter } from './response';

/** A createdAt bound: an ISO 8601 date-time with an offset; year 0000 is not a year (Postgres refuses it). */
const CreatedAtBound = DateTime.refine((value) => Number(value.slice(0, 4)) >= 1, 'Use a year from 0001 on');

/**
 * The filters of the summary: browse's, plus a createdAt window (from inclusive, to exclusive).
 * REST callers send them as a query string, tRPC callers as input.
 */
export const SummaryFilter = z.strictObject({
  ...ResponseFilter.shape,
  from: CreatedAtBound.optional(),
  to: CreatedAtBound.optional(),
});
export type SummaryFilter = z.infer<typeof SummaryFilter>;

export const ResponseSummaryInput = z.strictObject({ id: Id, ...SummaryFilter.shape });
export type ResponseSummaryInput = z.infer<typeof ResponseSummaryInput>;

const Count = Int64;

export const SummaryCounts = z
  .object({
    responses: Count,
    inProgress: Count,
    completed: Count,
    /** completed / responses; 0 when there are none. */
    completionRate: z.number().min(0).max(1),
  })
  .meta({ id: 'SummaryCounts' });

/** Continuous percentiles of completedAt - createdAt over completed responses. */
export const SummaryTimeToComplete = z
  .object({ medianSeconds: z.number().min(0), p90Seconds: z.number().min(0) })
  .nullable()
  .meta({ id: 'SummaryTimeToComplete' });

export const SummaryStep = z
  .object({
    stepId: z.string(),
    title: z.string(),
    /** Responses whose last position is this step or a later one, plus every completed one. */
    reached: Count,
    /** In-progress responses whose last position is this step. */
    droppedHere: Count,
  })
  .meta({ id: 'SummaryStep' });

export const SummaryChoice = z
  .object({ value: z.union([z.string(), z.boolean()]), label: z.string(), count: Count })
  .meta({ id: 'SummaryChoice' });

/** Numbers for RATING and NUMBER; `YYYY-MM-DD` strings for DATE. With nothing answered, count 0 and nulls. */
export const SummaryStats = z
  .object({
    count: Count,
    mean: z.number().nullable().optional(),
    median: z.number().nullable().optional(),
    min: z.union([z.number(), z.string()]).nullable(),
    max: z.union([z.number(), z.string()]).nullable(),
  })
  .meta({ id: 'SummaryStats' });

export const SummaryQuestion = z
  .object({
    code: z.string(),
    prompt: z.string(),
    type: QuestionType,
    /** Responses with a non-empty answer under the code. */
    answered: Count,
    /** SINGLE_CHOICE, DROPDOWN, MULTI_CHOICE, YES_NO, CONSENT: every defined choice, in order. */
    choices: z.array(SummaryChoice).optional(),
    /** RATING, NUMBER, DATE. */
    stats: SummaryStats.optional(),
    /** RATING: every scale point, ascending. */
    distribution: z.array(z.object({ value: z.number(), count: Count })).optional(),
    /** Text types: the 5 most recent non-empty answers, newest first. */
    samples: z.array(z.string()).optional(),
    /** FILE_UPLOAD. */
    files: z.object({ count: Count, totalBytes: Count }).optional(),
    /** ADDRESS: the top 10 countries. */
    countries: z.array(z.object({ value: z.string(), count: Count })).optional(),
  })
  .meta({ id: 'SummaryQuestion' });
export type SummaryQuestion = z.infer<typeof SummaryQuestion>;

export const ResponseSummary = z
  .object({
    counts: SummaryCounts,
    timeToComplete: SummaryTimeToComplete,
    /** The version the steps and questions come from (null: the draft of a never-published questionnaire). */
    versionNumber: Int32.nullable(),
    steps: z.array(SummaryStep),
    questions: z.array(SummaryQuestion),
  })
  .meta({ id: 'ResponseSummary' });
export type ResponseSummary = z.infer<typeof ResponseSummary>;
