import type { DefinitionInput } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished, createQuestionnaire } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

/** Version 1 of the survey: three steps; `plan` still offers `legacy`. */
const versionOne = (): DefinitionInput => ({
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        {
          id: 'q-plan',
          code: 'plan',
          type: 'SINGLE_CHOICE',
          prompt: 'Which plan?',
          typeConfig: {
            choices: [
              { value: 'pro', label: 'Pro' },
              { value: 'free', label: 'Free' },
              { value: 'legacy', label: 'Legacy' },
            ],
          },
        },
        {
          id: 'q-tags',
          code: 'tags',
          type: 'MULTI_CHOICE',
          prompt: 'Tags',
          typeConfig: {
            choices: [
              { value: 'a', label: 'A' },
              { value: 'b', label: 'B' },
              { value: 'c', label: 'C' },
            ],
          },
        },
        { id: 'q-agree', code: 'agree', type: 'YES_NO', prompt: 'Agree?', typeConfig: { yesLabel: 'Sure' } },
        { id: 'q-consent', code: 'consent', type: 'CONSENT', prompt: 'Consent' },
        { id: 'q-intro', code: 'intro', type: 'STATEMENT', prompt: 'Thanks' },
      ],
    },
    {
      id: 's2',
      title: 'Details',
      questions: [
        { id: 'q-score', code: 'score', type: 'RATING', prompt: 'Score', typeConfig: { min: 1, max: 5, step: 1 } },
        { id: 'q-age', code: 'age', type: 'NUMBER', prompt: 'Age' },
        { id: 'q-born', code: 'born', type: 'DATE', prompt: 'Born' },
        { id: 'q-why', code: 'why', type: 'LONG_TEXT', prompt: 'Why?' },
        { id: 'q-home', code: 'home', type: 'ADDRESS', prompt: 'Home' },
        { id: 'q-doc', code: 'doc', type: 'FILE_UPLOAD', prompt: 'Document' },
      ],
    },
    {
      id: 's3',
      title: 'Contact',
      questions: [
        { id: 'q-email', code: 'email', type: 'EMAIL', prompt: 'Email' },
        {
          id: 'q-size',
          code: 'size',
          type: 'DROPDOWN',
          prompt: 'Size',
          typeConfig: {
            choices: [
              { value: 's', label: 'Small' },
              { value: 'm', label: 'Medium' },
            ],
          },
        },
        { id: 'q-phone', code: 'phone', type: 'PHONE', prompt: 'Phone' },
      ],
    },
  ],
});

/** Version 2: `legacy` gone, `team` added, step 2 renamed. */
const versionTwo = (): DefinitionInput => {
  const definition = versionOne();
  const [s1, s2] = definition.steps as [any, any];
  s1.questions[0].typeConfig.choices = [
    { value: 'pro', label: 'Pro' },
    { value: 'free', label: 'Free' },
    { value: 'team', label: 'Team' },
  ];
  s2.title = 'More about you';
  return definition;
};

const day = (n: number, seconds = 0) => new Date(Date.UTC(2026, 0, n, 10, 0, seconds)).toISOString();
const file = (size: number) => ({
  fileId: crypto.randomUUID(),
  fileName: 'f.pdf',
  size,
  contentType: 'application/pdf',
});

interface Row {
  version: number;
  status: 'IN_PROGRESS' | 'COMPLETED';
  answers: Record<string, unknown>;
  step?: string;
  ref?: string;
  created: string;
  updated: string;
  completed?: string;
}

/** The known responses every number below is worked out from (createdAt is one day apart). */
const ROWS: Row[] = [
  {
    version: 1,
    status: 'COMPLETED',
    ref: 'team-a',
    created: day(1),
    completed: day(1, 60),
    updated: day(10),
    answers: {
      plan: 'pro',
      tags: ['a', 'b'],
      agree: true,
      consent: true,
      score: 5,
      age: 30,
      born: '1990-05-01',
      why: 'Great',
      home: { line1: '1 rue', line2: '', city: 'Paris', state: '', postalCode: '75001', country: 'FR' },
      doc: [file(100), file(200)],
      email: 'a@x.io',
    },
  },
  {
    version: 1,
    status: 'IN_PROGRESS',
    step: 's2',
    created: day(2),
    updated: day(2),
    answers: { plan: 'legacy', tags: [], agree: false, score: 3, age: 0, why: '' },
  },
  {
    version: 2,
    status: 'COMPLETED',
    created: day(3),
    completed: day(3, 120),
    updated: day(3, 120),
    answers: {
      plan: 'free',
      tags: ['b'],
      agree: false,
      consent: false,
      score: 4,
      age: 50,
      born: '2001-12-31',
      why: 'Okay',
      home: { line1: '', city: 'Berlin', state: '', postalCode: '', country: 'DE' },
      size: 'm',
    },
  },
  { version: 2, status: 'IN_PROGRESS', created: day(4), updated: day(4), answers: { why: '   ' } },
  {
    version: 2,
    status: 'IN_PROGRESS',
    step: 's3',
    ref: 'team-a',
    created: day(5),
    updated: day(5),
    answers: { plan: 'pro', why: 'Later', home: { country: 'FR' }, email: 'b@y.io' },
  },
  {
    version: 2,
    status: 'COMPLETED',
    created: day(6),
    completed: day(6, 300),
    updated: day(6, 300),
    answers: {
      plan: 'pro',
      tags: ['a'],
      agree: true,
      score: 5,
      age: 20.5,
      born: '1985-01-15',
      why: 'Fine',
      home: { line1: '', city: '', country: '' },
      doc: [file(50)],
    },
  },
  // A position on a step no version has any more counts as the first step.
  {
    version: 1,
    status: 'IN_PROGRESS',
    step: 'gone',
    created: day(7),
    updated: day(7),
    answers: { tags: ['c'], score: 1 },
  },
];

describe('response summary', () => {
  let server: TestServer;
  let id: string;
  const summary = (query = '', questionnaireId = id) =>
    call(server, 'GET', `/api/v1/questionnaires/${questionnaireId}/summary${query}`);
  const question = (body: { questions: { code: string }[] }, code: string) =>
    body.questions.find((entry) => entry.code === code);

  beforeAll(async () => {
    server = await startTestServer();
    const q = await createPublished(server, versionOne());
    id = q.id;
    expect((await call(server, 'PUT', `/api/v1/questionnaires/${id}/draft`, versionTwo())).status).toBe(200);
    expect((await call(server, 'POST', `/api/v1/questionnaires/${id}/publish`)).status).toBe(200);
    for (const row of ROWS) {
      await server.deps.sql.query(
        `INSERT INTO response (id, questionnaire_id, version_number, external_ref, status, answers, last_step_id,
                               created_at, updated_at, completed_at, language)
         VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4::"ResponseStatus", $5::jsonb, $6, $7::timestamptz, $8::timestamptz, $9::timestamptz, 'en')`,
        [
          id,
          row.version,
          row.ref ?? null,
          row.status,
          JSON.stringify(row.answers),
          row.step ?? null,
          row.created,
          row.updated,
          row.completed ?? null,
        ],
      );
    }
  });
  afterAll(() => server.close());

  it('counts, times, steps and every question of the latest version, answers of every version included', async () => {
    const res = await summary();
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ responses: 7, inProgress: 4, completed: 3, completionRate: 3 / 7 });
    // Completed in 60, 120 and 300 seconds: median 120, p90 = 120 + 0.8 × (300 − 120).
    expect(res.body.timeToComplete.medianSeconds).toBeCloseTo(120, 6);
    expect(res.body.timeToComplete.p90Seconds).toBeCloseTo(264, 6);
    expect(res.body.versionNumber).toBe(2);
    expect(res.body.steps).toEqual([
      { stepId: 's1', title: 'About you', reached: 7, droppedHere: 2 },
      { stepId: 's2', title: 'More about you', reached: 5, droppedHere: 1 },
      { stepId: 's3', title: 'Contact', reached: 4, droppedHere: 1 },
    ]);
    expect(res.body.questions.map((entry: { code: string }) => entry.code)).toEqual([
      'plan',
      'tags',
      'agree',
      'consent',
      'score',
      'age',
      'born',
      'why',
      'home',
      'doc',
      'email',
      'size',
      'phone',
    ]);
    expect(question(res.body, 'plan')).toEqual({
      code: 'plan',
      prompt: 'Which plan?',
      type: 'SINGLE_CHOICE',
      // `legacy` (version 1 only) counts as an answer but is not a choice of version 2.
      answered: 5,
      choices: [
        { value: 'pro', label: 'Pro', count: 3 },
        { value: 'free', label: 'Free', count: 1 },
        { value: 'team', label: 'Team', count: 0 },
      ],
    });
    expect(question(res.body, 'tags')).toEqual({
      code: 'tags',
      prompt: 'Tags',
      type: 'MULTI_CHOICE',
      answered: 4,
      choices: [
        { value: 'a', label: 'A', count: 2 },
        { value: 'b', label: 'B', count: 2 },
        { value: 'c', label: 'C', count: 1 },
      ],
    });
    expect(question(res.body, 'agree')).toMatchObject({
      answered: 4,
      choices: [
        { value: true, label: 'Sure', count: 2 },
        { value: false, label: 'No', count: 2 },
      ],
    });
    expect(question(res.body, 'consent')).toMatchObject({
      answered: 2,
      choices: [{ value: true, label: 'Agreed', count: 1 }],
    });
    expect(question(res.body, 'score')).toEqual({
      code: 'score',
      prompt: 'Score',
      type: 'RATING',
      answered: 5,
      stats: { count: 5, mean: 3.6, median: 4, min: 1, max: 5 },
      distribution: [
        { value: 1, count: 1 },
        { value: 2, count: 0 },
        { value: 3, count: 1 },
        { value: 4, count: 1 },
        { value: 5, count: 2 },
      ],
    });
    expect(question(res.body, 'age')).toEqual({
      code: 'age',
      prompt: 'Age',
      type: 'NUMBER',
      answered: 4,
      stats: { count: 4, mean: 25.125, median: 25.25, min: 0, max: 50 },
    });
    expect(question(res.body, 'born')).toEqual({
      code: 'born',
      prompt: 'Born',
      type: 'DATE',
      answered: 3,
      stats: { count: 3, min: '1985-01-15', max: '2001-12-31' },
    });
    // Newest updatedAt first, in-progress ones included; "" and blanks are not answers.
    expect(question(res.body, 'why')).toEqual({
      code: 'why',
      prompt: 'Why?',
      type: 'LONG_TEXT',
      answered: 4,
      samples: ['Great', 'Fine', 'Later', 'Okay'],
    });
    expect(question(res.body, 'home')).toEqual({
      code: 'home',
      prompt: 'Home',
      type: 'ADDRESS',
      answered: 3,
      countries: [
        { value: 'FR', count: 2 },
        { value: 'DE', count: 1 },
      ],
    });
    expect(question(res.body, 'doc')).toEqual({
      code: 'doc',
      prompt: 'Document',
      type: 'FILE_UPLOAD',
      answered: 2,
      files: { count: 3, totalBytes: 350 },
    });
    expect(question(res.body, 'email')).toMatchObject({ answered: 2, samples: ['a@x.io', 'b@y.io'] });
    expect(question(res.body, 'size')).toMatchObject({
      type: 'DROPDOWN',
      answered: 1,
      choices: [
        { value: 's', label: 'Small', count: 0 },
        { value: 'm', label: 'Medium', count: 1 },
      ],
    });
    expect(question(res.body, 'phone')).toMatchObject({ type: 'PHONE', answered: 0, samples: [] });
  });

  it('filters by status', async () => {
    const completed = (await summary('?status=COMPLETED')).body;
    expect(completed.counts).toEqual({ responses: 3, inProgress: 0, completed: 3, completionRate: 1 });
    expect(completed.timeToComplete.medianSeconds).toBeCloseTo(120, 6);
    expect(
      completed.steps.map((step: { reached: number; droppedHere: number }) => [step.reached, step.droppedHere]),
    ).toEqual([
      [3, 0],
      [3, 0],
      [3, 0],
    ]);
    expect(question(completed, 'plan')).toMatchObject({ answered: 3 });

    const open = (await summary('?status=IN_PROGRESS')).body;
    expect(open.counts).toEqual({ responses: 4, inProgress: 4, completed: 0, completionRate: 0 });
    expect(open.timeToComplete).toBeNull();
    expect(
      open.steps.map((step: { reached: number; droppedHere: number }) => [step.reached, step.droppedHere]),
    ).toEqual([
      [4, 2],
      [2, 1],
      [1, 1],
    ]);
    expect(question(open, 'why')).toMatchObject({ answered: 1, samples: ['Later'] });
    expect(question(open, 'score')).toMatchObject({ stats: { count: 2, mean: 2, median: 2, min: 1, max: 3 } });
  });

  it('filters by version and then describes that version', async () => {
    const body = (await summary('?versionNumber=1')).body;
    expect(body.versionNumber).toBe(1);
    expect(body.counts).toEqual({ responses: 3, inProgress: 2, completed: 1, completionRate: 1 / 3 });
    expect(body.timeToComplete).toEqual({ medianSeconds: 60, p90Seconds: 60 });
    expect(body.steps).toEqual([
      { stepId: 's1', title: 'About you', reached: 3, droppedHere: 1 },
      { stepId: 's2', title: 'Details', reached: 2, droppedHere: 1 },
      { stepId: 's3', title: 'Contact', reached: 1, droppedHere: 0 },
    ]);
    expect(question(body, 'plan')).toMatchObject({
      answered: 2,
      choices: [
        { value: 'pro', label: 'Pro', count: 1 },
        { value: 'free', label: 'Free', count: 0 },
        { value: 'legacy', label: 'Legacy', count: 1 },
      ],
    });
  });

  it('filters by external reference', async () => {
    const body = (await summary('?externalRef=team-a')).body;
    expect(body.counts).toEqual({ responses: 2, inProgress: 1, completed: 1, completionRate: 0.5 });
    expect(question(body, 'email')).toMatchObject({ answered: 2, samples: ['a@x.io', 'b@y.io'] });
  });

  it('filters by a createdAt window, from inclusive and to exclusive', async () => {
    const window = `?from=${encodeURIComponent(day(3))}&to=${encodeURIComponent(day(6))}`;
    const body = (await summary(window)).body;
    expect(body.counts).toEqual({ responses: 3, inProgress: 2, completed: 1, completionRate: 1 / 3 });
    expect(question(body, 'why')).toMatchObject({ answered: 2, samples: ['Later', 'Okay'] });
    const offset = (await summary(`?from=${encodeURIComponent('2026-01-06T11:00:00+01:00')}`)).body;
    expect(offset.counts.responses).toBe(2);
    const combined = (await summary(`${window}&status=COMPLETED&versionNumber=2`)).body;
    expect(combined.counts).toEqual({ responses: 1, inProgress: 0, completed: 1, completionRate: 1 });
  });

  it('answers zero counts and null stats when nothing matches', async () => {
    const body = (await summary(`?externalRef=nobody`)).body;
    expect(body.counts).toEqual({ responses: 0, inProgress: 0, completed: 0, completionRate: 0 });
    expect(body.timeToComplete).toBeNull();
    expect(body.steps.map((step: { reached: number }) => step.reached)).toEqual([0, 0, 0]);
    expect(question(body, 'score')).toMatchObject({
      answered: 0,
      stats: { count: 0, mean: null, median: null, min: null, max: null },
      distribution: [1, 2, 3, 4, 5].map((value) => ({ value, count: 0 })),
    });
    expect(question(body, 'born')).toMatchObject({ stats: { count: 0, min: null, max: null } });
    expect(question(body, 'doc')).toMatchObject({ files: { count: 0, totalBytes: 0 } });
    expect(question(body, 'home')).toMatchObject({ countries: [] });
  });

  it('summarizes a published questionnaire without responses', async () => {
    const q = await createPublished(server);
    const res = await summary('', q.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      counts: { responses: 0, inProgress: 0, completed: 0, completionRate: 0 },
      languages: [{ language: 'en', responses: 0, completed: 0 }],
      timeToComplete: null,
      // No endings declared: only the completed responses that recorded none; no hidden fields.
      endings: [{ id: null, title: 'No ending recorded', count: 0 }],
      hiddenFields: [],
      versionNumber: 1,
      steps: [],
      questions: [
        { code: 'name', prompt: 'Your name', type: 'SHORT_TEXT', answered: 0, samples: [] },
        {
          code: 'colour',
          prompt: 'Favourite colour',
          type: 'SINGLE_CHOICE',
          answered: 0,
          choices: [
            { value: 'red', label: 'Red', count: 0 },
            { value: 'blue', label: 'Blue', count: 0 },
          ],
        },
      ],
    });
  });

  it('describes a questionnaire never published by its draft', async () => {
    const q = await createQuestionnaire(server);
    expect((await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, versionOne())).status).toBe(200);
    const body = (await summary('', q.id)).body;
    expect(body.versionNumber).toBeNull();
    expect(body.steps).toEqual([
      { stepId: 's1', title: 'About you', reached: 0, droppedHere: 0 },
      { stepId: 's2', title: 'Details', reached: 0, droppedHere: 0 },
      { stepId: 's3', title: 'Contact', reached: 0, droppedHere: 0 },
    ]);
    expect(body.questions).toHaveLength(13);
    const empty = await createQuestionnaire(server);
    expect((await summary('', empty.id)).body).toMatchObject({ versionNumber: null, steps: [], questions: [] });
  });

  it('keeps the 5 newest text answers of responses made through the public API', async () => {
    const q = await createPublished(server);
    const made: string[] = [];
    for (const name of ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus']) {
      const created = await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
        versionNumber: 1,
      });
      const responseId = created.body.responseId as string;
      expect((await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { name } })).status).toBe(
        200,
      );
      made.push(responseId);
      // updatedAt has millisecond precision: keep the order unambiguous.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await call(server, 'POST', `/public/v1/responses/${made[0]}/complete`)).status).toBe(200);
    const body = (await summary('', q.id)).body;
    expect(body.counts).toEqual({ responses: 7, inProgress: 6, completed: 1, completionRate: 1 / 7 });
    // One completed response: its time to complete is its completedAt - createdAt, as the API reads them.
    const ada = (await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses/${made[0]}`)).body;
    const seconds = (Date.parse(ada.completedAt) - Date.parse(ada.createdAt)) / 1000;
    expect(seconds).toBeGreaterThan(0.03); // seven saves and waits in between
    expect(body.timeToComplete.medianSeconds).toBeCloseTo(seconds, 6);
    expect(body.timeToComplete.p90Seconds).toBeCloseTo(seconds, 6);
    // Completing Ada's response updated it last.
    expect(question(body, 'name')).toMatchObject({ answered: 7, samples: ['Ada', 'Gus', 'Flo', 'Ed', 'Di'] });
  });

  it('is 404 for an unknown questionnaire', async () => {
    expectProblem(await summary('', crypto.randomUUID()), 404, 'NOT_FOUND');
    expectProblem(await summary('', 'nope'), 404, 'NOT_FOUND');
  });

  it('is 400 UNKNOWN_VERSION for a version that was never published', async () => {
    expectProblem(await summary('?versionNumber=3'), 400, 'UNKNOWN_VERSION');
  });

  it.each([
    '?from=yesterday',
    '?to=2026-01-01',
    '?from=2026-13-01T00:00:00Z',
    '?from=2026-02-30T00:00:00Z',
    '?to=0000-01-01T00:00:00Z',
    '?status=DONE',
    '?versionNumber=x',
    '?versionNumber=0',
    '?colour=red',
  ])('rejects %s with 400', async (query) => {
    expectProblem(await summary(query), 400, 'VALIDATION_FAILED');
  });
});
