import type { SqlQuery } from '@forms-engine/db';
import { describe, expect, it } from 'vitest';
import { PublicQuestionnaires, RESPONSES_REMEMBERED } from './public-questionnaires.ts';
import type { QuestionnaireSettingsRow } from './questionnaire-sql.ts';

const QUESTIONNAIRE = '00000000-0000-4000-8000-000000000001';
const responseId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The database's answer to every settings read: one questionnaire, whatever the response. */
const sql: SqlQuery = {
  async query<Row>() {
    const row: QuestionnaireSettingsRow = {
      id: QUESTIONNAIRE,
      public_id: 'abcdefghij',
      name: 'Q',
      allowed_origins: null,
      submission_policy: 'MULTIPLE',
      current_version: 1,
      opens_at_ms: null,
      closes_at_ms: null,
      close_grace_minutes: 60,
      max_completed_responses: null,
      has_quotas: false,
      completed: null,
    };
    return [row] as Row[];
  },
};

describe('the responses a server remembers (response -> questionnaire, for the origin check)', () => {
  it('stay within their bound however many responses are answered', async () => {
    const cache = new PublicQuestionnaires(sql);
    for (let n = 0; n < RESPONSES_REMEMBERED + 500; n++) await cache.byResponseId(responseId(n));
    expect(cache.responsesRemembered).toBe(RESPONSES_REMEMBERED);
    // The bound is what keeps a soak's heap flat: about 250 bytes an entry (docs/performance.md).
    expect(RESPONSES_REMEMBERED).toBeLessThanOrEqual(10_000);
  });

  it('forget a response once it is completed (it takes no more saves)', async () => {
    const cache = new PublicQuestionnaires(sql);
    await cache.byResponseId(responseId(1));
    expect(cache.peekByResponseId(responseId(1))?.id).toBe(QUESTIONNAIRE);
    cache.forgetResponse(responseId(1).toUpperCase());
    expect(cache.responsesRemembered).toBe(0);
    expect(cache.peekByResponseId(responseId(1))).toBeUndefined();
    // Asked again (a retried completion, a rehydration), it is read again.
    expect((await cache.byResponseId(responseId(1)))?.id).toBe(QUESTIONNAIRE);
  });
});
