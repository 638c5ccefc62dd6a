import { z } from 'zod';
import { DateTime, Id, Int32, Int64 } from './common';
import { QuestionType } from './question-types';
import { ResponseFilter } from './response';

/**
 * The filters of the summary: browse's, plus a createdAt window (from inclusive, to exclusive).
 * REST callers send them as a query string, tRPC callers as input.
 */
export const SummaryFilter = z.strictObject({
  ...ResponseFilter.shape,
  // DateTime refuses year 0000 itself (Postgres would).
  from: DateTime.optional(),
  to: DateTime.optional(),
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

/** A MATRIX row: how many answered it, and how many chose each column (every column, in order). */
export const SummaryMatrixRow = z
  .object({
    value: z.string(),
    label: z.string(),
    answered: Count,
    columns: z.array(z.object({ value: z.string(), label: z.string(), count: Count })),
  })
  .meta({ id: 'SummaryMatrixRow' });
export type SummaryMatrixRow = z.infer<typeof SummaryMatrixRow>;

/** A RANKING choice: how many ranked it, its mean rank over those (unrounded), how often it came first. */
export const SummaryRankedChoice = z
  .object({
    value: z.string(),
    label: z.string(),
    count: Count,
    meanRank: z.number().nullable().describe('Over the responses that ranked it; null when none did'),
    firstPlace: Count,
  })
  .meta({ id: 'SummaryRankedChoice' });
export type SummaryRankedChoice = z.infer<typeof SummaryRankedChoice>;

/** Net Promoter Score: promoters answered 9-10, passives 7-8, detractors 0-6. */
export const SummaryNps = z
  .object({
    score: z
      .number()
      .nullable()
      .describe('% promoters − % detractors, rounded to one decimal (-100 to 100); null with no answers'),
    promoters: Count,
    passives: Count,
    detractors: Count,
  })
  .meta({ id: 'SummaryNps' });
export type SummaryNps = z.infer<typeof SummaryNps>;

/** "Other (please specify)": how many chose it, and the 5 most recent texts, newest first. */
export const SummaryOther = z.object({ count: Count, samples: z.array(z.string()) }).meta({ id: 'SummaryOther' });
export type SummaryOther = z.infer<typeof SummaryOther>;

/** Numbers for RATING and NUMBER; `YYYY-MM-DD` strings for DATE; DATE_TIME and TIME answers as saved. With nothing answered, count 0 and nulls. */
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
    /** RATING, NUMBER, DATE, NPS; DATE_TIME and TIME (count, min and max: the earliest and latest moments). */
    stats: SummaryStats.optional(),
    /** RATING: every scale point, ascending; NPS: 0 to 10. */
    distribution: z.array(z.object({ value: z.number(), count: Count })).optional(),
    /** SINGLE_CHOICE, MULTI_CHOICE, DROPDOWN that offer Other. */
    other: SummaryOther.optional(),
    /** MATRIX: every row, in definition order. */
    rows: z.array(SummaryMatrixRow).optional(),
    /** RANKING: by mean rank (ties in definition order), choices nobody ranked last. */
    ranking: z.array(SummaryRankedChoice).optional(),
    /** NPS. */
    nps: SummaryNps.optional(),
    /** Text types: the 5 most recent non-empty answers, newest first. */
    samples: z.array(z.string()).optional(),
    /** FILE_UPLOAD. */
    files: z.object({ count: Count, totalBytes: Count }).optional(),
    /** ADDRESS: the top 10 countries. */
    countries: z.array(z.object({ value: z.string(), count: Count })).optional(),
  })
  .meta({ id: 'SummaryQuestion' });
export type SummaryQuestion = z.infer<typeof SummaryQuestion>;

/** Responses by recorded language: every language of the described definition, zero counts included. */
export const SummaryLanguage = z
  .object({ language: z.string(), responses: Count, completed: Count })
  .meta({ id: 'SummaryLanguage' });
export type SummaryLanguage = z.infer<typeof SummaryLanguage>;

/** Completed responses by the ending they recorded. */
export const SummaryEnding = z
  .object({
    id: z.string().nullable().describe('The ending id; null for completed responses that recorded none'),
    title: z.string().describe('The ending\'s title (in the filter\'s language); "No ending recorded" for null'),
    count: Count,
  })
  .meta({ id: 'SummaryEnding' });
export type SummaryEnding = z.infer<typeof SummaryEnding>;

/** One hidden field's values over the filtered responses. */
export const SummaryHiddenField = z
  .object({
    key: z.string(),
    label: z.string().optional().describe("The builder's label, when it has one"),
    /** Filtered responses with a non-empty value. */
    answered: Count,
    /** The 10 most frequent values, most frequent first. */
    values: z.array(z.object({ value: z.string(), count: Count })),
  })
  .meta({ id: 'SummaryHiddenField' });
export type SummaryHiddenField = z.infer<typeof SummaryHiddenField>;

export const ResponseSummary = z
  .object({
    counts: SummaryCounts,
    languages: z
      .array(SummaryLanguage)
      .describe(
        'Responses and completed ones by recorded language, within every filter but language: the described ' +
          "definition's languages first (its default first, zero counts included), then any other language recorded",
      ),
    timeToComplete: SummaryTimeToComplete,
    endings: z
      .array(SummaryEnding)
      .describe(
        'Completed responses per ending: every ending of the described definition in its order (zero counts included), then { id: null, title: "No ending recorded" }',
      ),
    hiddenFields: z
      .array(SummaryHiddenField)
      .describe(
        'Every hidden field of the described definition, in its order: how many responses hold a value, the top 10 values',
      ),
    /** The version the steps and questions come from (null: the draft of a never-published questionnaire). */
    versionNumber: Int32.nullable(),
    steps: z.array(SummaryStep),
    questions: z.array(SummaryQuestion),
  })
  .meta({ id: 'ResponseSummary' });
export type ResponseSummary = z.infer<typeof ResponseSummary>;
