import { z } from 'zod';
import { PublicAvailability } from './availability';
import { DateTime, Id, INT32_MAX, Int32, IntegerParam, PageQuery, pageResultOf } from './common';
import { Definition, QuestionCode } from './definition';
import { SubmissionPolicy } from './questionnaire';
import { canonicalLanguage } from './rules/languages';
import { HIDDEN_VALUE_MAX_LENGTH } from './rules/vocabulary';

export const ResponseStatus = z.enum(['IN_PROGRESS', 'COMPLETED']);
export type ResponseStatus = z.infer<typeof ResponseStatus>;

export const Position = z
  .strictObject({
    stepId: z.string().max(64).optional(),
    tabId: z.string().max(64).optional(),
  })
  .meta({ id: 'Position' });
export type Position = z.infer<typeof Position>;

export const Meta = z
  .object({
    origin: z.string().optional(),
    userAgent: z.string().optional(),
    language: z
      .string()
      .describe(
        'The language the respondent answered in last (a tag of the version; its default when none was asked for)',
      ),
  })
  .meta({ id: 'Meta' });

/** Answers keyed by question code; shape and size are checked by the server, not content. */
export const Answers = z.record(z.string(), z.unknown()).meta({ id: 'Answers' });
export type Answers = z.infer<typeof Answers>;

/** Hidden field key -> the value the host page passed, as stored (only keys the pinned version declares). */
export const HiddenValues = z.record(z.string(), z.string()).meta({ id: 'HiddenValues' });
export type HiddenValues = z.infer<typeof HiddenValues>;

export const ResponseExport = z
  .object({
    responseId: z.string(),
    externalRef: z.string().optional(),
    hidden: HiddenValues.describe('The hidden fields passed when the response was created ({} when none)'),
    endingId: z.string().optional().describe('The ending the respondent saw (completed responses that recorded one)'),
    publicId: z.string(),
    versionNumber: Int32.min(1),
    status: ResponseStatus,
    answers: Answers,
    lastPosition: Position.optional(),
    meta: Meta,
    createdAt: DateTime,
    updatedAt: DateTime,
    completedAt: DateTime.optional(),
  })
  .meta({ id: 'ResponseExport' });
export type ResponseExport = z.infer<typeof ResponseExport>;

export const PageResultResponseExport = pageResultOf(ResponseExport).meta({ id: 'PageResultResponseExport' });

/**
 * Query parameters whose empty value (`?externalRef=`) reaches the schema as the empty string
 * instead of reading as absent (the REST adapter's rule for every other parameter): free text,
 * where the empty string is a value, and reading it as absent would widen a filter to every
 * response. See docs/decisions.md.
 */
export const emptyIsAValue = z.registry<{ reason: string }>();

const ExternalRefFilter = z
  .string()
  .min(1, 'No response has an empty reference: leave externalRef out to match every response')
  .max(200)
  .optional();
emptyIsAValue.add(ExternalRefFilter, { reason: 'an empty reference cannot be stored (ExternalRef)' });

/** A recorded language to match exactly; written in any case (`DE` matches the recorded `de`). */
const LanguageFilter = z
  .string()
  .max(35)
  .refine((tag) => canonicalLanguage(tag) !== undefined, {
    message: 'Not a language tag (BCP 47), such as en, de or pt-BR',
  })
  .overwrite((tag) => canonicalLanguage(tag) ?? tag)
  .describe('Only responses recorded in this language (exact tag: de does not match de-AT)')
  .optional();

/** At most this many hidden-field filters in one request. */
export const MAX_HIDDEN_FILTERS = 10;

/**
 * Hidden field key -> the exact value to match. tRPC callers send the object; REST callers one
 * query parameter per key, `hidden.<key>=<value>` (`?hidden.utm_source=newsletter`), which the
 * REST adapter gathers into it.
 */
export const HiddenFilter = z
  .record(QuestionCode, z.string().min(1).max(HIDDEN_VALUE_MAX_LENGTH))
  .refine((filter) => Object.keys(filter).length <= MAX_HIDDEN_FILTERS, {
    message: `At most ${MAX_HIDDEN_FILTERS} hidden fields can be filtered on at once`,
  })
  // A pipe, because trpc-to-openapi takes only scalars as query parameters, and pipes for scalars.
  .pipe(z.record(z.string(), z.string()))
  .describe('Only responses whose hidden fields hold exactly these values (REST: hidden.<key>=<value>)')
  .optional();

/** The filters of browse and of the CSV export (both REST query strings and tRPC input). */
export const ResponseFilter = z.strictObject({
  status: ResponseStatus.optional(),
  versionNumber: IntegerParam(1, INT32_MAX).optional(),
  externalRef: ExternalRefFilter,
  language: LanguageFilter,
  endingId: z.string().min(1).max(64).optional().describe('Only completed responses that recorded this ending'),
  hidden: HiddenFilter,
});
export type ResponseFilter = z.infer<typeof ResponseFilter>;

/**
 * The CSV export's query: browse's filters, whether answer columns are headed by code or by prompt,
 * and whether answers are written as saved (codes) or as a person reads them (labels).
 */
export const CsvExportQuery = z.strictObject({
  ...ResponseFilter.shape,
  header: z.enum(['code', 'prompt']).default('code').describe('Head answer columns by question code or by prompt'),
  values: z
    .enum(['code', 'label'])
    .default('code')
    .describe(
      'Write answers as saved (choice values, true/false, an address in six columns) or as a person reads them ' +
        "(choice labels, the yes/no question's labels, Agreed/Not agreed, an address on one line), in the words " +
        'of the version each response is pinned to',
    ),
});
export type CsvExportQuery = z.infer<typeof CsvExportQuery>;

export const BrowseResponsesInput = z.strictObject({ id: Id, ...ResponseFilter.shape, ...PageQuery.shape });

export const ExternalRef = z.string().trim().min(1).max(200);

/**
 * The language a respondent asks for, matched against the version's languages by BCP 47 lookup
 * (`de-CH` records `de`); one that matches none is refused with UNKNOWN_LANGUAGE by the service.
 */
const RespondentLanguage = z
  .string()
  .min(1)
  .max(35)
  .describe("The respondent's language, matched to one of the version's languages by BCP 47 lookup (de-CH -> de)");

/**
 * Hidden values sent when a response starts: text of at most 1,000 characters each, whether the
 * version declares the key or not (undeclared keys are then dropped, not stored).
 */
export const HiddenInput = z
  .record(z.string().max(128), z.string().max(HIDDEN_VALUE_MAX_LENGTH))
  .refine((hidden) => Object.keys(hidden).length <= 200, { message: 'At most 200 hidden values' })
  .describe(
    'Hidden field key -> value (text, at most 1,000 characters); keys the version does not declare are dropped. Set once: later saves cannot change them',
  );

export const CreateResponseRequest = z
  .strictObject({
    // The pipe keeps trpc-to-openapi from coercing "3" or true into a number on the REST path.
    versionNumber: z.number().int().min(1).max(2_147_483_647).pipe(z.number()),
    externalRef: ExternalRef.optional(),
    language: RespondentLanguage.optional(),
    hidden: HiddenInput.optional(),
  })
  .meta({ id: 'CreateResponseRequest' });

/** The body of `complete`, optional as a whole: the ending the respondent was shown. */
export const CompleteResponseRequest = z
  .strictObject({
    endingId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe(
        'The ending shown (an ending of the pinned version, else 400 UNKNOWN_ENDING); the server records it and does not re-run the rules',
      ),
  })
  .meta({ id: 'CompleteResponseRequest' });
export type CompleteResponseRequest = z.infer<typeof CompleteResponseRequest>;

export const CreateResponseResult = z.object({ responseId: z.string() }).meta({ id: 'CreateResponseResult' });

export const PatchResponseRequest = z
  .strictObject({
    answers: Answers,
    lastPosition: Position.optional(),
    language: RespondentLanguage.optional().describe('The respondent switched language; absent leaves it unchanged'),
    hidden: z
      .unknown()
      .optional()
      .describe('Ignored: hidden values are set once, when the response is created, and never change'),
  })
  .meta({ id: 'PatchResponseRequest' });
export type PatchResponseRequest = z.infer<typeof PatchResponseRequest>;

/**
 * The embed's own words (buttons, messages) in the questionnaire's languages that it has them
 * for: language tag -> the label table, as `@forms-engine/embed-client/labels` gives it. English,
 * and a language without a table, are absent (the embed's built-in English serves them).
 */
export const EmbedLabelTables = z
  .record(z.string(), z.record(z.string(), z.unknown()))
  .describe("The embed's own words in the questionnaire's languages, by language tag")
  .meta({ id: 'EmbedLabelTables' });
export type EmbedLabelTables = z.infer<typeof EmbedLabelTables>;

export const ResponseRehydration = z
  .object({
    status: ResponseStatus,
    versionNumber: Int32.min(1),
    answers: Answers,
    lastPosition: Position.optional(),
    definition: Definition,
    submissionPolicy: SubmissionPolicy,
    language: z.string().describe('The language recorded for this response'),
    labels: EmbedLabelTables,
    hidden: HiddenValues.describe('The hidden values stored when the response was created ({} when none)'),
  })
  .meta({ id: 'ResponseRehydration' });
export type ResponseRehydration = z.infer<typeof ResponseRehydration>;

export const LiveQuestionnaire = z
  .object({
    publicId: z.string(),
    name: z.string(),
    versionNumber: Int32.min(1),
    definition: Definition,
    submissionPolicy: SubmissionPolicy,
    labels: EmbedLabelTables,
    availability: PublicAvailability.describe('Whether responses are taken now; no counts, no quota rules'),
  })
  .meta({ id: 'LiveQuestionnaire' });
export type LiveQuestionnaire = z.infer<typeof LiveQuestionnaire>;

export const RefStatusValue = z.enum(['NONE', 'IN_PROGRESS', 'COMPLETED']);
export const RefStatus = z.object({ status: RefStatusValue }).meta({ id: 'RefStatus' });
export type RefStatus = z.infer<typeof RefStatus>;

export const ResponseRef = z.object({ responseId: Id });
export const PublicQuestionnaireRef = z.object({ publicId: Id });
export const RefStatusQuery = z.object({ publicId: Id, ref: ExternalRef });
