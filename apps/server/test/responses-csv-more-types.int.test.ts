import type { DefinitionInput } from '@forms-engine/schema';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

// Issue 25 in the CSV: a grid's column per row, a ranking's column per rank, Other's own column,
// date-time, time and NPS as saved; by code and by label, headed by code and by prompt.

const parseCsv = (text: string): string[][] => parse(text, { record_delimiter: '\r\n' });
const labelled = (entries: Record<string, string>) =>
  Object.entries(entries).map(([value, label]) => ({ value, label }));

/** Version 1: the grid has a row version 2 dropped, the ranking ranks two, the colour offers Other. */
const v1: DefinitionInput = {
  schemaVersion: 1,
  questions: [
    {
      id: 'q-grid',
      code: 'grid',
      type: 'MATRIX',
      prompt: 'How do we do?',
      typeConfig: {
        rows: labelled({ r1: 'Speed', r9: 'Old row' }),
        columns: labelled({ bad: 'Bad', good: 'Good' }),
      },
    },
    {
      id: 'q-rank',
      code: 'rank',
      type: 'RANKING',
      prompt: 'Rank these',
      typeConfig: { choices: labelled({ A: 'Alpha', B: 'Beta', C: 'Gamma' }), rankCount: 2 },
    },
    { id: 'q-nps', code: 'nps', type: 'NPS', prompt: 'Recommend?' },
    { id: 'q-when', code: 'when', type: 'DATE_TIME', prompt: 'When?' },
    { id: 'q-at', code: 'at', type: 'TIME', prompt: 'At?' },
    {
      id: 'q-colour',
      code: 'colour',
      type: 'SINGLE_CHOICE',
      prompt: 'Colour',
      typeConfig: { choices: labelled({ red: 'Red', blue: 'Blue' }), allowOther: true },
    },
  ],
};

/** Version 2: a grid row added and one gone, "Good" renamed, a multiple grid, every choice ranked, Other on pets only. */
const v2: DefinitionInput = {
  schemaVersion: 1,
  questions: [
    {
      id: 'q-grid',
      code: 'grid',
      type: 'MATRIX',
      prompt: 'How do we do?',
      typeConfig: {
        rows: labelled({ r1: 'Speed', r2: 'Price' }),
        columns: labelled({ bad: 'Bad', good: 'Great' }),
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
      typeConfig: { choices: labelled({ A: 'Alpha', B: 'Beta', C: 'Gamma' }) },
    },
    { id: 'q-nps', code: 'nps', type: 'NPS', prompt: 'Recommend?' },
    { id: 'q-when', code: 'when', type: 'DATE_TIME', prompt: 'When?' },
    { id: 'q-at', code: 'at', type: 'TIME', prompt: 'At?' },
    {
      id: 'q-colour',
      code: 'colour',
      type: 'SINGLE_CHOICE',
      prompt: 'Colour',
      typeConfig: { choices: labelled({ red: 'Red', blue: 'Blue' }) },
    },
    {
      id: 'q-pets',
      code: 'pets',
      type: 'MULTI_CHOICE',
      prompt: 'Pets',
      typeConfig: { choices: labelled({ cat: 'Cat', dog: 'Dog' }), allowOther: true },
    },
    {
      id: 'q-size',
      code: 'size',
      type: 'DROPDOWN',
      prompt: 'Size',
      typeConfig: { choices: labelled({ s: 'Small', m: 'Medium' }) },
    },
  ],
  translations: {
    de: {
      'q-grid': { prompt: 'Wie machen wir es?', typeConfig: { rows: { r1: 'Tempo' } } },
      'q-rank': { prompt: 'Ordnen Sie' },
      'q-pets': { prompt: 'Haustiere' },
    },
  },
};

describe('CSV export of the issue 25 question types', () => {
  let server: TestServer;
  let id: string;
  let first: string;
  let second: string;

  const respond = async (publicId: string, versionNumber: number, answers: Record<string, unknown>) => {
    const created = await call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, { versionNumber });
    const responseId = created.body.responseId as string;
    expect((await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers })).status).toBe(200);
    return responseId;
  };
  const exported = async (query = '') => {
    const res = await server.fetch(`/api/v1/questionnaires/${id}/responses/export.csv${query}`);
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    const byId = new Map(rows.map((row) => [row[0], Object.fromEntries(header!.map((name, i) => [name, row[i]]))]));
    return { header: header!.slice(11), first: byId.get(first)!, second: byId.get(second)! };
  };

  beforeAll(async () => {
    server = await startTestServer();
    const q = await createPublished(server, v1);
    id = q.id;
    expect((await call(server, 'PUT', `/api/v1/questionnaires/${id}/draft`, v2)).status).toBe(200);
    expect((await call(server, 'POST', `/api/v1/questionnaires/${id}/publish`)).status).toBe(200);
    first = await respond(q.publicId, 1, {
      grid: { r1: 'good', r9: 'bad' },
      rank: ['B', 'A'],
      nps: 0,
      when: '2026-03-29T01:30+01:00',
      at: '09:05',
      colour: { other: '=Teal, dark' },
    });
    second = await respond(q.publicId, 2, {
      grid: { r1: 'bad', r2: 'good' },
      times: { a: ['x', 'z'], b: ['y'] },
      rank: ['C', 'A', 'B'],
      nps: 10,
      when: '2026-10-25T02:30-04:00',
      at: '23:59',
      colour: 'red',
      pets: ['cat', { other: 'Hamster' }],
      size: 'm',
    });
  });
  afterAll(() => server.close());

  it('gives a grid a column per row, a ranking one per rank and Other its own column, every version included', async () => {
    const { header, first: old, second: fresh } = await exported();
    expect(header).toEqual([
      'grid.r1',
      'grid.r2',
      'grid.r9',
      'times.a',
      'times.b',
      'rank.1',
      'rank.2',
      'rank.3',
      'nps',
      'when',
      'at',
      'colour',
      'colour.other',
      'pets',
      'pets.other',
      'size',
    ]);
    // Version 1's response: its grid row version 2 dropped, two ranks, Other's text guarded and quoted.
    expect(old).toMatchObject({
      'grid.r1': 'good',
      'grid.r2': '',
      'grid.r9': 'bad',
      'times.a': '',
      'rank.1': 'B',
      'rank.2': 'A',
      'rank.3': '',
      nps: '0',
      when: '2026-03-29T01:30+01:00',
      at: '09:05',
      colour: '',
      'colour.other': "'=Teal, dark",
      pets: '',
      'pets.other': '',
    });
    // The chosen values stay in the code's column; what was typed for Other goes to its own.
    expect(fresh).toMatchObject({
      'grid.r1': 'bad',
      'grid.r2': 'good',
      'grid.r9': '',
      'times.a': 'x; z',
      'times.b': 'y',
      'rank.1': 'C',
      'rank.2': 'A',
      'rank.3': 'B',
      nps: '10',
      when: '2026-10-25T02:30-04:00',
      at: '23:59',
      colour: 'red',
      'colour.other': '',
      pets: 'cat',
      'pets.other': 'Hamster',
      size: 'm',
    });
  });

  it("writes labels with values=label, in the words of each response's version", async () => {
    const { header, first: old, second: fresh } = await exported('?values=label');
    expect(header).toEqual((await exported()).header);
    expect(old).toMatchObject({
      'grid.r1': 'Good',
      'grid.r9': 'Bad',
      'rank.1': 'Beta',
      'rank.2': 'Alpha',
      nps: '0',
      when: '2026-03-29T01:30+01:00',
      colour: '',
      'colour.other': "'=Teal, dark",
    });
    expect(fresh).toMatchObject({
      'grid.r1': 'Bad',
      'grid.r2': 'Great',
      'times.a': 'Mornings; Evenings',
      'times.b': 'Afternoons',
      'rank.1': 'Gamma',
      'rank.2': 'Alpha',
      'rank.3': 'Beta',
      nps: '10',
      at: '23:59',
      colour: 'Red',
      pets: 'Cat',
      'pets.other': 'Hamster',
      size: 'Medium',
    });
  });

  it('heads each part by the prompt and the part in words with header=prompt', async () => {
    const expected = [
      'How do we do? — Speed',
      'How do we do? — Price',
      'How do we do? — Old row',
      'When do you use it? — Weekdays',
      'When do you use it? — Weekends',
      'Rank these — rank 1',
      'Rank these — rank 2',
      'Rank these — rank 3',
      'Recommend?',
      'When?',
      'At?',
      'Colour',
      'Colour — Other',
      'Pets',
      'Pets — Other',
      'Size',
    ];
    const byPrompt = await exported('?header=prompt');
    expect(byPrompt.header).toEqual(expected);
    expect(byPrompt.second).toMatchObject({ 'Pets — Other': 'Hamster', 'Rank these — rank 1': 'C' });
    expect((await exported('?header=prompt&values=label')).header).toEqual(expected);
    // In German where the version has the words, the rest in the default language.
    const german = await server.fetch(`/api/v1/questionnaires/${id}/responses/export.csv?header=prompt&language=de`);
    expect(parseCsv(await german.text())[0]!.slice(11, 19)).toEqual([
      'Wie machen wir es? — Tempo',
      'Wie machen wir es? — Price',
      'Wie machen wir es? — Old row',
      'When do you use it? — Weekdays',
      'When do you use it? — Weekends',
      'Ordnen Sie — rank 1',
      'Ordnen Sie — rank 2',
      'Ordnen Sie — rank 3',
    ]);
  });
});
