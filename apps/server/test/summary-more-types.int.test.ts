import type { DefinitionInput } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

// Issue 25: the summary of the grid, ranking, NPS, date-time and time questions and of Other, with
// exact numbers worked out from the known responses below (on PGlite, and on Postgres with DATABASE_URL).

const labelled = (entries: Record<string, string>) =>
  Object.entries(entries).map(([value, label]) => ({ value, label }));

const DEFINITION: DefinitionInput = {
  schemaVersion: 1,
  questions: [
    {
      id: 'q-grid',
      code: 'grid',
      type: 'MATRIX',
      prompt: 'How do we do?',
      typeConfig: {
        rows: labelled({ r1: 'Speed', r2: 'Price', r3: 'Support' }),
        columns: labelled({ bad: 'Bad', ok: 'Okay', good: 'Good' }),
      },
    },
    {
      id: 'q-times',
      code: 'times',
      type: 'MATRIX',
      prompt: 'When do you use it?',
      typeConfig: {
        rows: labelled({ a: 'Weekdays', b: 'Weekends' }),
        columns: labelled({ x: 'Mornings', y: 'Afternoons', z: 'Evenings' }),
        multiple: true,
      },
    },
    {
      id: 'q-rank',
      code: 'rank',
      type: 'RANKING',
      prompt: 'Rank these',
      typeConfig: { choices: labelled({ A: 'Alpha', B: 'Beta', C: 'Gamma', D: 'Delta', E: 'Epsilon' }) },
    },
    {
      id: 'q-top2',
      code: 'top2',
      type: 'RANKING',
      prompt: 'Your top two',
      typeConfig: { choices: labelled({ p: 'P', q: 'Q', r: 'R' }), rankCount: 2 },
    },
    { id: 'q-nps', code: 'nps', type: 'NPS', prompt: 'Would you recommend us?' },
    { id: 'q-when', code: 'when', type: 'DATE_TIME', prompt: 'When shall we call?' },
    { id: 'q-at', code: 'at', type: 'TIME', prompt: 'At what time?' },
    {
      id: 'q-colour',
      code: 'colour',
      type: 'SINGLE_CHOICE',
      prompt: 'Colour',
      typeConfig: { choices: labelled({ red: 'Red', blue: 'Blue' }), allowOther: true },
    },
    {
      id: 'q-size',
      code: 'size',
      type: 'DROPDOWN',
      prompt: 'Size',
      typeConfig: { choices: labelled({ s: 'Small', m: 'Medium' }), allowOther: true, otherLabel: 'Another size' },
    },
    {
      id: 'q-pets',
      code: 'pets',
      type: 'MULTI_CHOICE',
      prompt: 'Pets',
      typeConfig: { choices: labelled({ cat: 'Cat', dog: 'Dog' }), allowOther: true },
    },
    {
      id: 'q-plain',
      code: 'plain',
      type: 'SINGLE_CHOICE',
      prompt: 'No Other here',
      typeConfig: { choices: labelled({ y: 'Yes' }) },
    },
  ],
  translations: {
    de: {
      'q-grid': { prompt: 'Wie machen wir es?', typeConfig: { rows: { r1: 'Tempo' }, columns: { good: 'Gut' } } },
      'q-rank': { typeConfig: { choices: { A: 'Alfa' } } },
    },
  },
};

/** Response n: created and last updated on day n (the Other samples are newest first). */
const ANSWERS: Record<string, unknown>[] = [
  {
    grid: { r1: 'good', r2: 'ok' },
    times: { a: ['x', 'y'] },
    rank: ['A', 'B', 'C', 'D'],
    top2: ['p', 'q'],
    nps: 10,
    when: '2026-03-01T09:00+01:00', // 08:00 UTC
    at: '09:30',
    colour: 'red',
    size: { other: 'XL' },
    pets: ['cat', { other: 'Hamster' }],
  },
  {
    grid: { r1: 'good', r2: 'bad', r3: 'ok' },
    times: { a: ['x'], b: ['z'] },
    rank: ['B', 'A', 'C', 'D'],
    top2: ['q', 'p'],
    nps: 9,
    when: '2026-03-01T08:30+00:00', // 08:30 UTC
    at: '07:05',
    colour: { other: 'Teal' },
    size: 'm',
    pets: [{ other: '' }],
  },
  {
    grid: { r1: 'ok' },
    times: { b: [] },
    rank: ['B', 'A', 'C', 'D'],
    top2: ['q', 'r'],
    nps: 7,
    when: '2026-02-28T23:30-10:00', // 09:30 UTC on 1 March: the latest, though it reads earliest
    at: '18:00',
    colour: { other: '' },
    pets: ['dog'],
  },
  {
    grid: {},
    times: { a: 'y' }, // a single answer in a multiple grid still counts
    rank: [],
    nps: 3,
    when: '2026-03-01T12:00+05:00', // 07:00 UTC: the earliest, though it reads latest
    at: '7:5',
    colour: { other: 'Mauve' },
    pets: ['cat', 'dog', { other: 'Fish' }],
  },
  {
    grid: { r1: '' },
    nps: 0,
    when: 'soon',
    colour: 'blue',
    pets: [],
  },
  {
    grid: { r2: 'good', zz: 'bad' },
    rank: ['C', 'A', 'B', 'D'],
    nps: 8,
    when: '2026-13-01T10:00+00:00',
    colour: { other: '  ' },
    pets: [{ other: 'Snake' }],
  },
  { grid: 'not a grid', nps: 10, when: '0000-01-01T00:00+00:00', pets: ['cat', { other: 'Newt' }] },
  { nps: '9', pets: [{ other: 'Crab' }] },
  { pets: ['dog', { other: 'Owl' }] },
];

describe('summary of the issue 25 question types', () => {
  let server: TestServer;
  let id: string;
  const summary = async (query = '', questionnaireId = id) => {
    const res = await call(server, 'GET', `/api/v1/questionnaires/${questionnaireId}/summary${query}`);
    expect(res.status).toBe(200);
    return res.body as { questions: any[] };
  };
  const question = (body: { questions: any[] }, code: string) => body.questions.find((entry) => entry.code === code);

  beforeAll(async () => {
    server = await startTestServer();
    id = (await createPublished(server, DEFINITION)).id;
    for (const [index, answers] of ANSWERS.entries()) {
      const day = new Date(Date.UTC(2026, 0, index + 1, 10)).toISOString();
      await server.deps.sql.query(
        `INSERT INTO response (id, questionnaire_id, version_number, status, answers, created_at, updated_at, language)
         VALUES (gen_random_uuid(), $1::uuid, 1, $2::"ResponseStatus", $3::jsonb, $4::timestamptz, $4::timestamptz, 'en')`,
        [id, index % 2 === 0 ? 'COMPLETED' : 'IN_PROGRESS', JSON.stringify(answers), day],
      );
    }
  });
  afterAll(() => server.close());

  it('counts each grid row and column, single and multiple', async () => {
    const body = await summary();
    // {} and { r1: "" } are no answer; a string is one, though it fills no row.
    expect(question(body, 'grid')).toEqual({
      code: 'grid',
      prompt: 'How do we do?',
      type: 'MATRIX',
      answered: 5,
      rows: [
        {
          value: 'r1',
          label: 'Speed',
          answered: 3,
          columns: [
            { value: 'bad', label: 'Bad', count: 0 },
            { value: 'ok', label: 'Okay', count: 1 },
            { value: 'good', label: 'Good', count: 2 },
          ],
        },
        {
          value: 'r2',
          label: 'Price',
          answered: 3,
          columns: [
            { value: 'bad', label: 'Bad', count: 1 },
            { value: 'ok', label: 'Okay', count: 1 },
            { value: 'good', label: 'Good', count: 1 },
          ],
        },
        {
          value: 'r3',
          label: 'Support',
          answered: 1,
          columns: [
            { value: 'bad', label: 'Bad', count: 0 },
            { value: 'ok', label: 'Okay', count: 1 },
            { value: 'good', label: 'Good', count: 0 },
          ],
        },
      ],
    });
    expect(question(body, 'times')).toMatchObject({
      answered: 3,
      rows: [
        {
          value: 'a',
          label: 'Weekdays',
          answered: 3,
          columns: [
            { value: 'x', label: 'Mornings', count: 2 },
            { value: 'y', label: 'Afternoons', count: 2 },
            { value: 'z', label: 'Evenings', count: 0 },
          ],
        },
        {
          value: 'b',
          label: 'Weekends',
          answered: 1,
          columns: [
            { value: 'x', label: 'Mornings', count: 0 },
            { value: 'y', label: 'Afternoons', count: 0 },
            { value: 'z', label: 'Evenings', count: 1 },
          ],
        },
      ],
    });
  });

  it('ranks by mean rank, ties in definition order, choices nobody ranked last', async () => {
    const body = await summary();
    // Alpha ranked 1, 2, 2, 2 and Beta 2, 1, 1, 3: both 1.75; Alpha comes first in the definition.
    expect(question(body, 'rank')).toEqual({
      code: 'rank',
      prompt: 'Rank these',
      type: 'RANKING',
      answered: 4,
      ranking: [
        { value: 'A', label: 'Alpha', count: 4, meanRank: 1.75, firstPlace: 1 },
        { value: 'B', label: 'Beta', count: 4, meanRank: 1.75, firstPlace: 2 },
        { value: 'C', label: 'Gamma', count: 4, meanRank: 2.5, firstPlace: 1 },
        { value: 'D', label: 'Delta', count: 4, meanRank: 4, firstPlace: 0 },
        { value: 'E', label: 'Epsilon', count: 0, meanRank: null, firstPlace: 0 },
      ],
    });
    // The top two of three: the mean is over those who ranked the choice, unrounded.
    const top2 = question(body, 'top2') as { answered: number; ranking: { meanRank: number }[] };
    expect(top2.answered).toBe(3);
    expect(top2.ranking.map(({ meanRank, ...rest }) => rest)).toEqual([
      { value: 'q', label: 'Q', count: 3, firstPlace: 2 },
      { value: 'p', label: 'P', count: 2, firstPlace: 1 },
      { value: 'r', label: 'R', count: 1, firstPlace: 0 },
    ]);
    expect(top2.ranking[0]!.meanRank).toBeCloseTo(4 / 3, 12);
    expect(top2.ranking[0]!.meanRank).not.toBe(1.3);
    expect(top2.ranking.slice(1).map((entry) => entry.meanRank)).toEqual([1.5, 2]);
  });

  it('gives the Net Promoter Score, its groups, the 0-10 distribution and the stats', async () => {
    // 10, 9, 7, 3, 0, 8, 10 (and "9", a string, which counts as answered but is no score):
    // 3 promoters, 2 passives, 2 detractors: (3 − 2) / 7 = 14.29 %.
    expect(question(await summary(), 'nps')).toEqual({
      code: 'nps',
      prompt: 'Would you recommend us?',
      type: 'NPS',
      answered: 8,
      nps: { score: 14.3, promoters: 3, passives: 2, detractors: 2 },
      stats: { count: 7, mean: 47 / 7, median: 8, min: 0, max: 10 },
      distribution: [1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 2].map((count, value) => ({ value, count })),
    });
  });

  it('gives the earliest and latest date-time by instant and time by clock, as saved', async () => {
    const body = await summary();
    // "soon", month 13 and year 0 are answers but no moments (and do not fail the summary).
    expect(question(body, 'when')).toEqual({
      code: 'when',
      prompt: 'When shall we call?',
      type: 'DATE_TIME',
      answered: 7,
      stats: { count: 4, min: '2026-03-01T12:00+05:00', max: '2026-02-28T23:30-10:00' },
    });
    expect(question(body, 'at')).toEqual({
      code: 'at',
      prompt: 'At what time?',
      type: 'TIME',
      answered: 4,
      stats: { count: 3, min: '07:05', max: '18:00' },
    });
  });

  it('counts Other beside the choices, with its 5 latest texts', async () => {
    const body = await summary();
    // { other: "" } and { other: "  " } are no answer, and no Other.
    expect(question(body, 'colour')).toEqual({
      code: 'colour',
      prompt: 'Colour',
      type: 'SINGLE_CHOICE',
      answered: 4,
      choices: [
        { value: 'red', label: 'Red', count: 1 },
        { value: 'blue', label: 'Blue', count: 1 },
      ],
      other: { count: 2, samples: ['Mauve', 'Teal'] },
    });
    expect(question(body, 'size')).toMatchObject({
      type: 'DROPDOWN',
      answered: 2,
      choices: [
        { value: 's', label: 'Small', count: 0 },
        { value: 'm', label: 'Medium', count: 1 },
      ],
      other: { count: 1, samples: ['XL'] },
    });
    // [{ other: "" }] and [] are no answer; Other is no row of the choices.
    expect(question(body, 'pets')).toEqual({
      code: 'pets',
      prompt: 'Pets',
      type: 'MULTI_CHOICE',
      answered: 7,
      choices: [
        { value: 'cat', label: 'Cat', count: 3 },
        { value: 'dog', label: 'Dog', count: 3 },
      ],
      other: { count: 6, samples: ['Owl', 'Crab', 'Newt', 'Snake', 'Fish'] },
    });
    expect(question(body, 'plain')).not.toHaveProperty('other');
  });

  it('follows the filters', async () => {
    // The completed ones: responses 1, 3, 5, 7 and 9.
    const body = await summary('?status=COMPLETED');
    expect(question(body, 'nps')).toMatchObject({
      answered: 4,
      nps: { score: 25, promoters: 2, passives: 1, detractors: 1 },
    });
    expect(question(body, 'pets')).toMatchObject({ other: { count: 3, samples: ['Owl', 'Newt', 'Hamster'] } });
    expect(question(body, 'rank')).toMatchObject({
      answered: 2,
      ranking: [
        { value: 'A', count: 2, meanRank: 1.5, firstPlace: 1 },
        { value: 'B', count: 2, meanRank: 1.5, firstPlace: 1 },
        { value: 'C', count: 2, meanRank: 3, firstPlace: 0 },
        { value: 'D', count: 2, meanRank: 4, firstPlace: 0 },
        { value: 'E', count: 0, meanRank: null, firstPlace: 0 },
      ],
    });
    expect(question(body, 'when')).toMatchObject({
      stats: { count: 2, min: '2026-03-01T09:00+01:00', max: '2026-02-28T23:30-10:00' },
    });
  });

  it('writes rows, columns and choices in the language asked for', async () => {
    const body = await summary('?language=de');
    expect(question(body, 'grid')).toMatchObject({
      prompt: 'Wie machen wir es?',
      rows: [
        { label: 'Tempo', columns: [{ label: 'Bad' }, { label: 'Okay' }, { label: 'Gut' }] },
        { label: 'Price' },
        { label: 'Support' },
      ],
    });
    expect((question(body, 'rank') as { ranking: { label: string }[] }).ranking[0]).toMatchObject({ label: 'Alfa' });
  });

  it('answers zeros and nulls when nothing matches', async () => {
    const body = await summary('?externalRef=nobody');
    expect(question(body, 'nps')).toMatchObject({
      answered: 0,
      nps: { score: null, promoters: 0, passives: 0, detractors: 0 },
      stats: { count: 0, mean: null, median: null, min: null, max: null },
      distribution: Array.from({ length: 11 }, (_, value) => ({ value, count: 0 })),
    });
    expect(question(body, 'rank')).toMatchObject({
      ranking: ['A', 'B', 'C', 'D', 'E'].map((value) => ({ value, count: 0, meanRank: null, firstPlace: 0 })),
    });
    expect((question(body, 'grid') as { rows: unknown[] }).rows[0]).toMatchObject({
      answered: 0,
      columns: [{ count: 0 }, { count: 0 }, { count: 0 }],
    });
    expect(question(body, 'when')).toMatchObject({ stats: { count: 0, min: null, max: null } });
    expect(question(body, 'at')).toMatchObject({ stats: { count: 0, min: null, max: null } });
    expect(question(body, 'colour')).toMatchObject({ other: { count: 0, samples: [] } });
  });
});
