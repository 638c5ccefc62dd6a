import type { Definition, QuestionnaireDetail } from '@forms-engine/schema';

/** Issue 24's settings as a new questionnaire has them: no schedule, no limit, no quotas, open. */
export const NO_SCHEDULE = {
  opensAt: null,
  closesAt: null,
  closeGraceMinutes: 60,
  maxCompletedResponses: null,
  quotas: [],
  availability: { status: 'OPEN', completed: 0, quotas: [] },
} satisfies Partial<QuestionnaireDetail>;

/** A questionnaire as `questionnaires.get` returns it, for the fake API's handlers. */
export const questionnaireDetail = (
  draft: Definition = { schemaVersion: 1, steps: [], tabs: [], questions: [] },
  extra: Partial<QuestionnaireDetail> = {},
): QuestionnaireDetail => ({
  id: 'q1',
  publicId: 'pub1',
  name: 'Survey',
  allowedOrigins: [],
  submissionPolicy: 'MULTIPLE',
  currentVersion: 0,
  hasUnpublishedChanges: true,
  draft,
  updatedAt: '2026-11-22T10:00:00.000Z',
  ...NO_SCHEDULE,
  ...extra,
});
