import { z } from 'zod';
import { PublishedBy } from './accounts';
import {
  Availability,
  AvailabilityStatus,
  availabilitySettingsFields,
  availabilitySettingsPatch,
} from './availability';
import { DateTime, Id, INT32_MAX, Int32, Int64, IntegerParam, PageQuery, pageResultOf } from './common';
import { Definition } from './definition';
import { AllowedOrigins } from './origins';

export const SubmissionPolicy = z.enum(['MULTIPLE', 'ONE_PER_REF']);
export type SubmissionPolicy = z.infer<typeof SubmissionPolicy>;

export const EXPORT_FORMAT = 1;

export const QuestionnaireName = z.string().trim().min(1).max(200);

export const QuestionnaireDetail = z
  .object({
    id: z.string(),
    publicId: z.string().describe('Identifier used by the public API'),
    name: z.string(),
    allowedOrigins: z.array(z.string()),
    submissionPolicy: SubmissionPolicy,
    currentVersion: Int32.min(0).describe('0 until the first publish'),
    hasUnpublishedChanges: z.boolean(),
    draft: Definition,
    updatedAt: DateTime,
    ...availabilitySettingsFields,
    availability: Availability.describe("Read-only: the status now, the completed responses, each quota's count"),
  })
  .meta({ id: 'QuestionnaireDetail' });
export type QuestionnaireDetail = z.infer<typeof QuestionnaireDetail>;

export const QuestionnaireSummary = QuestionnaireDetail.pick({
  id: true,
  publicId: true,
  name: true,
  currentVersion: true,
  hasUnpublishedChanges: true,
  updatedAt: true,
})
  .extend({
    responseCount: Int64,
    // The list says what the header says ("Full · 200 of 200", "Open · closes Fri 18:00").
    opensAt: availabilitySettingsFields.opensAt,
    closesAt: availabilitySettingsFields.closesAt,
    maxCompletedResponses: availabilitySettingsFields.maxCompletedResponses,
    availability: z.object({
      status: AvailabilityStatus,
      completed: Int64.optional().describe('COMPLETED responses that exist; present when there is a limit'),
    }),
  })
  .meta({ id: 'QuestionnaireSummary' });
export type QuestionnaireSummary = z.infer<typeof QuestionnaireSummary>;

export const PageResultQuestionnaireSummary = pageResultOf(QuestionnaireSummary).meta({
  id: 'PageResultQuestionnaireSummary',
});
export type PageResultQuestionnaireSummary = z.infer<typeof PageResultQuestionnaireSummary>;

// `prefault` lets tRPC callers write `list()` with no input at all.
export const ListQuestionnairesInput = PageQuery.prefault({});

export const QuestionnaireId = z.object({ id: Id });

export const CreateQuestionnaireRequest = z
  .strictObject({ name: QuestionnaireName })
  .meta({ id: 'CreateQuestionnaireRequest' });
export type CreateQuestionnaireRequest = z.infer<typeof CreateQuestionnaireRequest>;

export const PatchQuestionnaireRequest = z
  .strictObject({
    name: QuestionnaireName.optional(),
    allowedOrigins: AllowedOrigins.optional(),
    submissionPolicy: SubmissionPolicy.optional(),
    ...availabilitySettingsPatch,
  })
  .meta({ id: 'PatchQuestionnaireRequest' });
export type PatchQuestionnaireRequest = z.infer<typeof PatchQuestionnaireRequest>;

export const PublishRequest = z.strictObject({ note: z.string().max(2000).optional() }).meta({ id: 'PublishRequest' });
export type PublishRequest = z.infer<typeof PublishRequest>;

export const VersionSummary = z
  .object({
    versionNumber: Int32.min(1),
    note: z.string(),
    publishedAt: DateTime,
    publishedBy: PublishedBy.describe('Who published it (accounts mode); null in open mode and for older versions'),
  })
  .meta({ id: 'VersionSummary' });
export type VersionSummary = z.infer<typeof VersionSummary>;

export const VersionDetail = VersionSummary.extend({ definition: Definition }).meta({ id: 'VersionDetail' });
export type VersionDetail = z.infer<typeof VersionDetail>;

export const VersionRef = z.object({ id: Id, n: IntegerParam(1, INT32_MAX) });

export const QuestionnaireExport = z
  .object({
    formsEngineExport: z.literal(EXPORT_FORMAT),
    exportedAt: DateTime,
    name: z.string(),
    definition: Definition,
  })
  .meta({ id: 'QuestionnaireExport' });
export type QuestionnaireExport = z.infer<typeof QuestionnaireExport>;

export const QuestionnaireImportRequest = z
  .object({
    formsEngineExport: z.literal(EXPORT_FORMAT, { error: `Unsupported export format; expected ${EXPORT_FORMAT}` }),
    exportedAt: DateTime.optional(),
    name: QuestionnaireName,
    definition: Definition,
  })
  .meta({ id: 'QuestionnaireImportRequest' });
export type QuestionnaireImportRequest = z.infer<typeof QuestionnaireImportRequest>;
