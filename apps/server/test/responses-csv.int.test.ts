import type { DefinitionInput } from '@forms-engine/schema';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

/** The export read back as a spreadsheet would: csv-parse, strict RFC 4180 (CRLF records, quotes doubled). */
const parseCsv = (text: string): string[][] => parse(text, { record_delimiter: '\r\n' });

const v1: DefinitionInput = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      questions: [
        { id: 'q1', code: 'name', type: 'SHORT_TEXT' },
        { id: 'q2', code: 'old_only', type: 'SHORT_TEXT' },
        { id: 'q3', code: 'intro', type: 'STATEMENT' },
      ],
    },
  ],
};
const v2: DefinitionInput = {
  schemaVersion: 1,
  questions: [
    { id: 'q4', code: 'home', type: 'ADDRESS' },
    { id: 'q1', code: 'name', type: 'SHORT_TEXT' },
    {
      id: 'q5',
      code: 'tags',
      type: 'MULTI_CHOICE',
      typeConfig: {
        choices: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      },
    },
    { id: 'q6', code: 'docs', type: 'FILE_UPLOAD' },
    { id: 'q7', code: 'age', type: 'NUMBER' },
    { id: 'q8', code: 'extra', type: 'SHORT_TEXT' },
  ],
};

describe('CSV export', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const publishTwoVersions = async () => {
    const q = await createPublished(server, v1);
    await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, v2);
    await call(server, 'POST', `/api/v1/questionnaires/${q.id}/publish`);
    return q;
  };
  const respond = async (publicId: string, versionNumber: number, answers: Record<string, unknown>, ref?: string) => {
    const created = await call(
      server,
      'POST',
      `/public/v1/questionnaires/${publicId}/responses`,
      {
        versionNumber,
        ...(ref && { externalRef: ref }),
      },
      { origin: 'https://site.example', 'user-agent': 'UA, "quoted"' },
    );
    const id = created.body.responseId as string;
    expect((await call(server, 'PATCH', `/public/v1/responses/${id}`, { answers })).status).toBe(200);
    return id;
  };

  it('writes fixed columns, then one column per code across versions, newest order first', async () => {
    const q = await publishTwoVersions();
    const old = await respond(q.publicId, 1, { name: 'Old, timer', old_only: 'legacy' }, 'ref-1');
    const fresh = await respond(q.publicId, 2, {
      name: '=HYPERLINK("x")',
      home: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
      tags: ['a', 'b'],
      docs: [
        { fileId: 'f1', fileName: 'a.pdf', size: 1, contentType: 'application/pdf' },
        { fileId: 'f2', fileName: 'b.png', size: 2, contentType: 'image/png' },
      ],
      age: -5,
      extra: { free: 'form' },
    });
    await call(server, 'POST', `/public/v1/responses/${fresh}/complete`);

    const res = await server.fetch(`/api/v1/questionnaires/${q.id}/responses/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=responses-${q.publicId}.csv`);
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual([
      'responseId',
      'externalRef',
      'status',
      'versionNumber',
      'createdAt',
      'updatedAt',
      'completedAt',
      'origin',
      'userAgent',
      'language',
      'ending',
      'home.line1',
      'home.line2',
      'home.city',
      'home.state',
      'home.postalCode',
      'home.country',
      'name',
      'tags',
      'docs',
      'age',
      'extra',
      'old_only',
    ]);
    expect(rows).toHaveLength(2);
    const [freshRow, oldRow] = rows as [string[], string[]];
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(cell(freshRow, 'responseId')).toBe(fresh);
    expect(cell(freshRow, 'status')).toBe('COMPLETED');
    expect(cell(freshRow, 'completedAt')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(cell(freshRow, 'userAgent')).toBe('UA, "quoted"');
    expect(cell(freshRow, 'language')).toBe('en');
    expect(cell(freshRow, 'origin')).toBe('https://site.example');
    expect(cell(freshRow, 'home.city')).toBe('Springfield');
    expect(cell(freshRow, 'home.line2')).toBe('');
    expect(cell(freshRow, 'name')).toBe(`'=HYPERLINK("x")`);
    expect(cell(freshRow, 'tags')).toBe('a; b');
    expect(cell(freshRow, 'docs')).toBe('a.pdf; b.png');
    expect(cell(freshRow, 'age')).toBe('-5');
    expect(cell(freshRow, 'extra')).toBe('{"free":"form"}');
    expect(cell(oldRow, 'responseId')).toBe(old);
    expect(cell(oldRow, 'externalRef')).toBe('ref-1');
    expect(cell(oldRow, 'name')).toBe('Old, timer');
    expect(cell(oldRow, 'old_only')).toBe('legacy');
    expect(cell(oldRow, 'completedAt')).toBe('');
  });

  it('applies the browse filters', async () => {
    const q = await publishTwoVersions();
    await respond(q.publicId, 1, { name: 'one' }, 'x');
    await respond(q.publicId, 2, { name: 'two' }, 'y');
    const names = async (query: string) => {
      const text = await (await server.fetch(`/api/v1/questionnaires/${q.id}/responses/export.csv${query}`)).text();
      const [header, ...rows] = parseCsv(text);
      return rows.map((row) => row[header!.indexOf('name')]);
    };
    expect(await names('?versionNumber=1')).toEqual(['one']);
    expect(await names('?externalRef=y')).toEqual(['two']);
    expect(await names('?status=COMPLETED')).toEqual([]);
  });

  it('streams every row of a large export in order, across batches', async () => {
    const q = await createPublished(server, { schemaVersion: 1, questions: [{ id: 'q', code: 'n', type: 'NUMBER' }] });
    const count = 1_234;
    const { prisma } = server.database.db;
    const base = Date.now();
    await prisma.response.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        id: crypto.randomUUID(),
        questionnaireId: q.id,
        versionNumber: 1,
        language: 'en',
        answers: { n: i },
        // Pairs share a timestamp so the keyset must break ties by id.
        createdAt: new Date(base - Math.floor(i / 2) * 1000),
      })),
    });
    const [header, ...rows] = parseCsv(
      await (await server.fetch(`/api/v1/questionnaires/${q.id}/responses/export.csv`)).text(),
    );
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[0])).size).toBe(count);
    const numbers = rows.map((row) => Number(row[header!.indexOf('n')]));
    for (let i = 1; i < numbers.length; i++)
      expect(Math.floor(numbers[i]! / 2)).toBeGreaterThanOrEqual(Math.floor(numbers[i - 1]! / 2));
  });

  it('heads answer columns by prompt on request, duplicates told apart by their code', async () => {
    const q = await createPublished(server, {
      schemaVersion: 1,
      questions: [
        { id: 'q1', code: 'first', type: 'SHORT_TEXT', prompt: 'Old prompt' },
        { id: 'q9', code: 'gone', type: 'NUMBER', prompt: 'Only in version 1' },
      ],
    });
    await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, {
      schemaVersion: 1,
      questions: [
        { id: 'q1', code: 'first', type: 'SHORT_TEXT', prompt: 'Your name' },
        { id: 'q2', code: 'last', type: 'SHORT_TEXT', prompt: 'your name' },
        { id: 'q3', code: 'why', type: 'LONG_TEXT', prompt: '**Why** us?' },
        { id: 'q4', code: 'home', type: 'ADDRESS', prompt: 'Where do you live?' },
        { id: 'q5', code: 'blank', type: 'SHORT_TEXT' },
        { id: 'q6', code: 'state', type: 'SHORT_TEXT', prompt: 'Status' },
      ],
    });
    await call(server, 'POST', `/api/v1/questionnaires/${q.id}/publish`);
    await respond(q.publicId, 2, { first: 'Ada', last: 'Lovelace', why: 'Because' });
    const headerOf = async (query: string) => {
      const res = await server.fetch(`/api/v1/questionnaires/${q.id}/responses/export.csv${query}`);
      expect(res.status).toBe(200);
      return parseCsv(await res.text());
    };
    const [byPrompt, row] = await headerOf('?header=prompt');
    expect(byPrompt!.slice(10)).toEqual([
      'Ending',
      'Your name [first]',
      'your name [last]',
      'Why us?',
      'Where do you live? (line 1)',
      'Where do you live? (line 2)',
      'Where do you live? (city)',
      'Where do you live? (state)',
      'Where do you live? (postal code)',
      'Where do you live? (country)',
      'blank',
      'Status [state]',
      'Only in version 1',
    ]);
    expect(byPrompt!.slice(0, 10)).toEqual((await headerOf(''))[0]!.slice(0, 10));
    expect(row![byPrompt!.indexOf('your name [last]')]).toBe('Lovelace');
    const [byCode] = await headerOf('?header=code&status=IN_PROGRESS');
    expect(byCode!.slice(10, 14)).toEqual(['ending', 'first', 'last', 'why']);
    expect((await headerOf(''))[0]).toEqual(byCode);
  });

  it("writes answers as a person reads them with values=label, in the words of each response's version", async () => {
    const choices = (labels: Record<string, string>) =>
      Object.entries(labels).map(([value, label]) => ({ value, label }));
    const questions = (colours: Record<string, string>): DefinitionInput['questions'] => [
      {
        id: 'q1',
        code: 'colour',
        type: 'SINGLE_CHOICE',
        prompt: 'Favourite colour',
        typeConfig: { choices: choices(colours) },
      },
      { id: 'q2', code: 'size', type: 'DROPDOWN', typeConfig: { choices: choices({ s: 'Small', l: 'Large' }) } },
      {
        id: 'q3',
        code: 'fruit',
        type: 'MULTI_CHOICE',
        typeConfig: { choices: choices({ a: 'Apples', b: 'Bananas' }) },
      },
      { id: 'q4', code: 'ok', type: 'YES_NO' },
      { id: 'q5', code: 'club', type: 'YES_NO', typeConfig: { yesLabel: 'Member', noLabel: 'Not a member' } },
      {
        id: 'q6',
        code: 'terms',
        type: 'CONSENT',
        typeConfig: { label: 'I agree to the [terms](https://example.com)' },
      },
      { id: 'q7', code: 'stars', type: 'RATING' },
      { id: 'q8', code: 'age', type: 'NUMBER' },
      { id: 'q9', code: 'docs', type: 'FILE_UPLOAD' },
      { id: 'q10', code: 'home', type: 'ADDRESS', prompt: 'Where do you live?' },
      { id: 'q11', code: 'born', type: 'DATE' },
      { id: 'q12', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name' },
    ];
    const q = await createPublished(server, { schemaVersion: 1, questions: questions({ red: 'Red', blue: 'Blue' }) });
    await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, {
      schemaVersion: 1,
      questions: questions({ red: 'Crimson', blue: 'Blue', green: 'Green' }),
    });
    await call(server, 'POST', `/api/v1/questionnaires/${q.id}/publish`);
    const first = await respond(q.publicId, 1, {
      colour: 'red',
      size: 'l',
      fruit: ['a', 'b'],
      ok: true,
      club: false,
      terms: true,
      stars: 4,
      age: 42.5,
      docs: [
        { fileId: 'f1', fileName: 'cv.pdf', size: 1, contentType: 'application/pdf' },
        { fileId: 'f2', fileName: 'photo, me.png', size: 2, contentType: 'image/png' },
      ],
      home: { line1: '1 Main St', line2: '', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
      born: '1990-05-01',
      name: '=cmd',
    });
    const second = await respond(q.publicId, 2, {
      colour: 'red',
      fruit: ['b', 'kiwi'],
      ok: false,
      club: true,
      terms: false,
    });
    const exported = async (query: string) => {
      const res = await server.fetch(`/api/v1/questionnaires/${q.id}/responses/export.csv${query}`);
      expect(res.status).toBe(200);
      const [header, ...rows] = parseCsv(await res.text());
      const byId = new Map(rows.map((row) => [row[0], Object.fromEntries(header!.map((name, i) => [name, row[i]]))]));
      return { header: header!, first: byId.get(first)!, second: byId.get(second)! };
    };

    const byLabel = await exported('?values=label');
    expect(byLabel.header.slice(10)).toEqual([
      'ending',
      'colour',
      'size',
      'fruit',
      'ok',
      'club',
      'terms',
      'stars',
      'age',
      'docs',
      'home',
      'born',
      'name',
    ]);
    expect(byLabel.first).toMatchObject({
      versionNumber: '1',
      colour: 'Red',
      size: 'Large',
      fruit: 'Apples; Bananas',
      ok: 'Yes',
      club: 'Not a member',
      terms: 'Agreed',
      stars: '4',
      age: '42.5',
      docs: 'cv.pdf; photo, me.png',
      home: '1 Main St, Springfield, IL, 62701, United States',
      born: '1990-05-01',
      name: "'=cmd",
    });
    // Pinned to version 2: its label for red; a value no version offers stays as it was saved.
    expect(byLabel.second).toMatchObject({
      versionNumber: '2',
      colour: 'Crimson',
      size: '',
      fruit: 'Bananas; kiwi',
      ok: 'No',
      club: 'Member',
      terms: 'Not agreed',
      home: '',
    });

    const byPromptAndLabel = await exported('?header=prompt&values=label');
    expect(byPromptAndLabel.header.slice(10, 13)).toEqual(['Ending', 'Favourite colour', 'size']);
    expect(byPromptAndLabel.header.slice(20)).toEqual(['Where do you live?', 'born', 'Your name']);
    expect(byPromptAndLabel.first['Where do you live?']).toBe(byLabel.first.home);

    // The default is values=code: the saved values, an address in six columns.
    const byCode = await exported('');
    expect(await exported('?values=code')).toEqual(byCode);
    expect(byCode.first).toMatchObject({
      colour: 'red',
      size: 'l',
      fruit: 'a; b',
      ok: 'true',
      club: 'false',
      terms: 'true',
    });
    expect(byCode.first['home.country']).toBe('US');
  });

  it('rejects bad filters and unknown questionnaires with problem bodies', async () => {
    const q = await publishTwoVersions();
    for (const query of [
      '?status=NOPE',
      '?versionNumber=abc',
      '?versionNumber=0',
      '?unknown=1',
      '?status=A&status=B',
      '?header=label',
      '?header=code&header=prompt',
      '?values=labels',
      '?values=CODE',
      '?values=code&values=label',
    ]) {
      expect(await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses/export.csv${query}`)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
    }
    const missing = await call(server, 'GET', '/api/v1/questionnaires/nope/responses/export.csv');
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
  });
});
