import { z } from 'zod';
import { DateTime, Id, INT32_MAX, Int32, IntegerParam, PageQuery, pageResultOf } from './common';
import { Definition } from './definition';
import { SubmissionPolicy } from './questionnaire';

export const ResponseStatus = z.enum(['IN_PROGRESS', 'COMPLETED']);
export type ResponseStatus = z.infer<typeof ResponseStatus>;

export const Position = z
  .strictObject({
    stepId: z.string().max(64).optional(),
    tabId: z.string().max(64).optional(),
  })
  .meta({ id: 'Position' });
export type Position = z.infer<typeof Position>;

export const Meta = z.object({ origin: z.string().optional(), userAgent: z.string().optional() }).meta({ id: 'Meta' });

/** Answers keyed by question code; shape and size are checked by the server, not content. */
export const Answers = z.record(z.string(), z.unknown()).meta({ id: 'Answers' });
export type Answers = z.infer<typeof Answers>;

export const ResponseExport = z
  .object({
    responseId: z.string(),
    externalRef: z.string().optional(),
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

/** The filters of browse and of the CSV export (both REST query strings and tRPC input). */
export const ResponseFilter = z.strictObject({
  status: ResponseStatus.optional(),
  versionNumber: IntegerParam(1, INT32_MAX).optional(),
  externalRef: z.string().min(1).max(200).optional(),
});
export type ResponseFilter = z.infer<typeof ResponseFilter>;

/** The CSV export's query: browse's filters, and whether answer columns are headed by code or by prompt. */
export const CsvExportQuery = z.strictObject({
  ...ResponseFilter.shape,
  header: z.enum(['code', 'prompt']).default('code').describe('Head answer columns by question code or by prompt'),
});
export type CsvExportQuery = z.infer<typeof CsvExportQuery>;

export const BrowseResponsesInput = z.strictObject({ id: Id, ...ResponseFilter.shape, ...PageQuery.shape });

export const ExternalRef = z.string().trim().min(1).max(200);

export const CreateResponseRequest = z
  .strictObject({
    // The pipe keeps trpc-to-openapi from coercing "3" or true into a number on the REST path.
    versionNumber: z.number().int().min(1).max(2_147_483_647).pipe(z.number()),
    externalRef: ExternalRef.optional(),
  })
  .meta({ id: 'CreateResponseRequest' });

export const CreateResponseResult = z.object({ responseId: z.string() }).meta({ id: 'CreateResponseResult' });

export const PatchResponseRequest = z
  .strictObject({ answers: Answers, lastPosition: Position.optional() })
  .meta({ id: 'PatchResponseRequest' });
export type PatchResponseRequest = z.infer<typeof PatchResponseRequest>;

export const ResponseRehydration = z
  .object({
    status: ResponseStatus,
    versionNumber: Int32.min(1),
    answers: Answers,
    lastPosition: Position.optional(),
    definition: Definition,
    submissionPolicy: SubmissionPolicy,
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
  })
  .meta({ id: 'LiveQuestionnaire' });
export type LiveQuestionnaire = z.infer<typeof LiveQuestionnaire>;

export const RefStatusValue = z.enum(['NONE', 'IN_PROGRESS', 'COMPLETED']);
export const RefStatus = z.object({ status: RefStatusValue }).meta({ id: 'RefStatus' });
export type RefStatus = z.infer<typeof RefStatus>;

export const ResponseRef = z.object({ responseId: Id });
export const PublicQuestionnaireRef = z.object({ publicId: Id });
export const RefStatusQuery = z.object({ publicId: Id, ref: ExternalRef });
