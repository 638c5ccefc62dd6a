import type { SqlQuery } from '@forms-engine/db';

/**
 * The summary benchmarks' questionnaire: three steps and twelve questions of the usual types, and
 * responses generated inside Postgres (one INSERT … SELECT, no rows through Node): a third
 * completed, the others spread over the steps; every answer type varies with the row number, and
 * one response in ten has a long text (its answers stored compressed).
 */
export const SUMMARY_DEFINITION = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        {
          id: 'plan',
          code: 'plan',
          type: 'SINGLE_CHOICE',
          prompt: 'Which plan?',
          typeConfig: { choices: ['pro', 'free', 'team'].map((value) => ({ value, label: value })) },
        },
        {
          id: 'tags',
          code: 'tags',
          type: 'MULTI_CHOICE',
          prompt: 'What do you use it for?',
          typeConfig: { choices: ['a', 'b', 'c', 'd', 'e'].map((value) => ({ value, label: value })) },
        },
        { id: 'agree', code: 'agree', type: 'YES_NO', prompt: 'Would you recommend it?' },
        { id: 'consent', code: 'consent', type: 'CONSENT', prompt: 'I agree to be contacted' },
      ],
    },
    {
      id: 's2',
      title: 'Details',
      questions: [
        { id: 'score', code: 'score', type: 'RATING', prompt: 'How likely…?', typeConfig: { min: 1, max: 5, step: 1 } },
        { id: 'age', code: 'age', type: 'NUMBER', prompt: 'Age' },
        { id: 'born', code: 'born', type: 'DATE', prompt: 'Date of birth' },
        { id: 'why', code: 'why', type: 'LONG_TEXT', prompt: 'Why?' },
      ],
    },
    {
      id: 's3',
      title: 'Contact',
      questions: [
        { id: 'name', code: 'name', type: 'SHORT_TEXT', prompt: 'Name' },
        { id: 'city', code: 'city', type: 'SHORT_TEXT', prompt: 'City' },
        { id: 'email', code: 'email', type: 'EMAIL', prompt: 'Email' },
        { id: 'home', code: 'home', type: 'ADDRESS', prompt: 'Address' },
      ],
    },
  ],
  tabs: [],
  questions: [],
};

/** Rows `from`..`to` (inclusive) of the generated responses, created 10 ms apart going back in time. */
export async function insertSummaryResponses(sql: SqlQuery, questionnaireId: string, from: number, to: number) {
  await sql.query(
    `INSERT INTO response (id, questionnaire_id, version_number, language, status, answers, last_step_id,
                           created_at, updated_at, completed_at)
     SELECT gen_random_uuid(), $1::uuid, 1, 'en',
            CASE WHEN g % 3 = 0 THEN 'COMPLETED' ELSE 'IN_PROGRESS' END::"ResponseStatus",
            jsonb_build_object(
              'plan', (ARRAY['pro', 'free', 'team', 'legacy'])[1 + g % 4],
              'tags', CASE WHEN g % 7 = 0 THEN '[]'::jsonb
                           ELSE jsonb_build_array((ARRAY['a', 'b', 'c', 'd', 'e'])[1 + g % 5], (ARRAY['a', 'b', 'c', 'd', 'e'])[1 + (g / 5) % 5]) END,
              'agree', g % 2 = 0,
              'consent', g % 4 <> 0,
              'score', 1 + g % 5,
              'age', 18 + g % 60,
              'born', to_char(date '1950-01-01' + g % 20000, 'YYYY-MM-DD'),
              -- One answer in ten is a long text (3 KB): Postgres compresses those rows' answers.
              'why', CASE WHEN g % 3 = 1 THEN '' WHEN g % 10 = 2 THEN repeat('A long story, told at length. ', 100)
                          ELSE repeat('Because of reasons. ', 1 + g % 4) END,
              'name', 'Person ' || g,
              'city', 'Town ' || g % 300,
              'email', 'person' || g || '@example.com',
              'home', jsonb_build_object('line1', g || ' Main Street', 'city', 'Town', 'postalCode', '12345',
                        'country', (ARRAY['FR', 'DE', 'US', 'GB', 'ES', 'IT', 'NL', 'BE', 'CH', 'AT', 'SE', 'PL'])[1 + g % 12])),
            CASE WHEN g % 3 = 0 THEN NULL ELSE (ARRAY['s1', 's2', 's3'])[1 + g % 5 % 3] END,
            now() - g * interval '10 milliseconds',
            now() - g * interval '10 milliseconds' + (g % 900) * interval '1 second',
            CASE WHEN g % 3 = 0 THEN now() - g * interval '10 milliseconds' + (30 + g % 600) * interval '1 second' END
     FROM generate_series($2::int, $3::int) AS g`,
    [questionnaireId, from, to],
  );
}

const SATISFACTION_ROWS = ['speed', 'price', 'support', 'docs', 'design'];
const FEATURES = ['export', 'rules', 'languages', 'webhooks', 'embed'];

/**
 * Issue 25's summary benchmark: a grid of five "How satisfied are you with …" rows of five columns,
 * a ranking of five features and a Net Promoter Score question, on one step.
 */
export const MORE_TYPES_DEFINITION = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'Your opinion',
      questions: [
        {
          id: 'satisfaction',
          code: 'satisfaction',
          type: 'MATRIX',
          prompt: 'How satisfied are you with …',
          typeConfig: {
            rows: SATISFACTION_ROWS.map((value) => ({ value, label: value })),
            columns: [1, 2, 3, 4, 5].map((point) => ({ value: `c${point}`, label: `${point}` })),
          },
        },
        {
          id: 'features',
          code: 'features',
          type: 'RANKING',
          prompt: 'Rank these features',
          typeConfig: { choices: FEATURES.map((value) => ({ value, label: value })) },
        },
        { id: 'nps', code: 'nps', type: 'NPS', prompt: 'How likely are you to recommend us?' },
      ],
    },
  ],
  tabs: [],
  questions: [],
};

/**
 * Rows `from`..`to` of issue 25's responses, made inside Postgres: every grid answered (a row in
 * nine left out), two in three rankings (an order per response), six in seven scores.
 */
export async function insertMoreTypesResponses(sql: SqlQuery, questionnaireId: string, from: number, to: number) {
  const rows = SATISFACTION_ROWS.map(
    (row, index) => `'${row}', CASE WHEN (g + ${index}) % 9 = 0 THEN NULL ELSE 'c' || (1 + (g / ${index + 1}) % 5) END`,
  ).join(', ');
  await sql.query(
    `INSERT INTO response (id, questionnaire_id, version_number, language, status, answers, created_at, updated_at, completed_at)
     SELECT gen_random_uuid(), $1::uuid, 1, 'en',
            CASE WHEN g % 3 = 0 THEN 'COMPLETED' ELSE 'IN_PROGRESS' END::"ResponseStatus",
            jsonb_strip_nulls(jsonb_build_object(
              'satisfaction', jsonb_strip_nulls(jsonb_build_object(${rows})),
              'features', CASE WHEN g % 3 <> 1 THEN
                (SELECT jsonb_agg(f ORDER BY md5(f || g::text)) FROM unnest($4::text[]) AS f) END,
              'nps', CASE WHEN g % 7 <> 0 THEN g % 11 END)),
            now() - g * interval '10 milliseconds',
            now() - g * interval '10 milliseconds' + (g % 900) * interval '1 second',
            CASE WHEN g % 3 = 0 THEN now() - g * interval '10 milliseconds' + (30 + g % 600) * interval '1 second' END
     FROM generate_series($2::int, $3::int) AS g`,
    [questionnaireId, from, to, FEATURES],
  );
}
