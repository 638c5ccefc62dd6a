import { randomUUID } from 'node:crypto';
import type { QuestionnaireDetail, QuestionnaireSummary } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorPaths, expectProblem, sleep } from './expect-problem.ts';
import { createPublished, createQuestionnaire, getQuestionnaire, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

const BASE = '/api/v1/questionnaires';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PUBLIC_ID = /^[A-Za-z0-9_-]{12}$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (id: string) => getQuestionnaire(server, id);

async function listAll(): Promise<QuestionnaireSummary[]> {
  const res = await call(server, 'GET', `${BASE}?size=200`);
  expect(res.status).toBe(200);
  return res.body.items;
}

describe('POST /api/v1/questionnaires (create)', () => {
  it('creates with 201, an empty draft, version 0 and unpublished changes', async () => {
    const res = await call(server, 'POST', BASE, { name: 'Customer survey' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const detail = res.body as QuestionnaireDetail;
    expect(detail).toEqual({
      id: expect.stringMatching(UUID_V4),
      publicId: expect.stringMatching(PUBLIC_ID),
      name: 'Customer survey',
      allowedOrigins: [],
      submissionPolicy: 'MULTIPLE',
      currentVersion: 0,
      hasUnpublishedChanges: true,
      draft: { schemaVersion: 1, steps: [], tabs: [], questions: [] },
      updatedAt: expect.stringMatching(ISO),
      opensAt: null,
      closesAt: null,
      closeGraceMinutes: 60,
      maxCompletedResponses: null,
      quotas: [],
      availability: { status: 'OPEN', completed: 0, quotas: [] },
    });
    expect(await get(detail.id)).toEqual(detail);
  });

  it('gives every questionnaire its own id and publicId', async () => {
    const a = await createQuestionnaire(server);
    const b = await createQuestionnaire(server);
    expect(a.id).not.toBe(b.id);
    expect(a.publicId).not.toBe(b.publicId);
  });

  it('trims the name and accepts 1 and 200 characters', async () => {
    expect((await call(server, 'POST', BASE, { name: '  Padded  ' })).body.name).toBe('Padded');
    expect((await call(server, 'POST', BASE, { name: 'x' })).status).toBe(201);
    const long = 'n'.repeat(200);
    const created = await call(server, 'POST', BASE, { name: long });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe(long);
    // 200 characters once trimmed is fine
    expect((await call(server, 'POST', BASE, { name: `  ${long}  ` })).body.name).toBe(long);
  });

  it.each([
    ['missing name', {}],
    ['empty name', { name: '' }],
    ['blank name', { name: '   ' }],
    ['name of 201 characters', { name: 'n'.repeat(201) }],
    ['name as a number', { name: 5 }],
    ['name as null', { name: null }],
    ['name as an array', { name: ['a'] }],
  ])('rejects %s with 400 naming the field', async (_label, body) => {
    expect(errorPaths(await call(server, 'POST', BASE, body))).toContain('name');
  });

  it('rejects unknown fields with 400', async () => {
    const res = await call(server, 'POST', BASE, { name: 'ok', draft: {} });
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(problem.errors?.map((e) => e.message).join(' ')).toContain('draft');
  });

  it('rejects a create without a body', async () => {
    expect(errorPaths(await call(server, 'POST', BASE))).toContain('name');
  });

  it('creates nothing when rejected', async () => {
    const before = (await call(server, 'GET', BASE)).body.total;
    await call(server, 'POST', BASE, { name: '' });
    await call(server, 'POST', BASE, { name: 'ok', extra: true });
    expect((await call(server, 'GET', BASE)).body.total).toBe(before);
  });
});

describe('GET /api/v1/questionnaires (list)', () => {
  it('defaults to page 0, size 50, with the total and a responseCount', async () => {
    const created = await createQuestionnaire(server);
    const res = await call(server, 'GET', BASE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 0, size: 50 });
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    const item = (res.body.items as QuestionnaireSummary[]).find((i) => i.id === created.id);
    expect(item).toEqual({
      id: created.id,
      publicId: created.publicId,
      name: created.name,
      currentVersion: 0,
      hasUnpublishedChanges: true,
      updatedAt: created.updatedAt,
      responseCount: 0,
      opensAt: null,
      closesAt: null,
      maxCompletedResponses: null,
      availability: { status: 'OPEN' },
    });
  });

  it('summaries reflect publishing', async () => {
    const published = await createPublished(server);
    const item = (await listAll()).find((i) => i.id === published.id);
    expect(item).toMatchObject({ currentVersion: 1, hasUnpublishedChanges: false, responseCount: 0 });
  });

  it('lists newest updatedAt first, and a change moves a questionnaire to the top', async () => {
    const a = await createQuestionnaire(server);
    await sleep(5);
    const b = await createQuestionnaire(server);
    await sleep(5);
    const c = await createQuestionnaire(server);
    let ids = (await listAll()).map((i) => i.id);
    expect(ids.slice(0, 3)).toEqual([c.id, b.id, a.id]);

    await sleep(5);
    expect((await call(server, 'PATCH', `${BASE}/${a.id}`, { name: 'touched' })).status).toBe(200);
    ids = (await listAll()).map((i) => i.id);
    expect(ids.slice(0, 3)).toEqual([a.id, c.id, b.id]);

    const items = await listAll();
    for (let i = 1; i < items.length; i++) {
      expect(Date.parse(items[i - 1]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(items[i]!.updatedAt));
    }
  });

  it('pages through the whole list without overlaps or gaps', async () => {
    for (let i = 0; i < 3; i++) await createQuestionnaire(server);
    const all = await listAll();
    const total = (await call(server, 'GET', BASE)).body.total;
    expect(all.length).toBe(total);
    expect(total).toBeGreaterThanOrEqual(3);

    const seen: string[] = [];
    for (let page = 0; page * 2 < total; page++) {
      const res = await call(server, 'GET', `${BASE}?page=${page}&size=2`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page, size: 2, total });
      expect(res.body.items.length).toBe(Math.min(2, total - page * 2));
      seen.push(...res.body.items.map((i: QuestionnaireSummary) => i.id));
    }
    expect(seen).toEqual(all.map((i) => i.id));

    const beyond = await call(server, 'GET', `${BASE}?page=${total}&size=1`);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ items: [], page: total, size: 1, total });
  });

  it('accepts the bounds size=1 and size=200', async () => {
    await createQuestionnaire(server);
    const one = await call(server, 'GET', `${BASE}?size=1`);
    expect(one.status).toBe(200);
    expect(one.body.items).toHaveLength(1);
    expect(one.body.size).toBe(1);
    expect((await call(server, 'GET', `${BASE}?size=200`)).body.size).toBe(200);
  });

  it.each([
    ['size=0', 'size'],
    ['size=201', 'size'],
    ['size=-1', 'size'],
    ['size=abc', 'size'],
    ['size=1.5', 'size'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=0.5', 'page'],
  ])('rejects %s with 400 VALIDATION_FAILED', async (query, field) => {
    expect(errorPaths(await call(server, 'GET', `${BASE}?${query}`))).toContain(field);
  });
});

describe('GET /api/v1/questionnaires/{id}', () => {
  it('returns the detail with the draft', async () => {
    const published = await createPublished(server);
    const detail = await get(published.id);
    expect(detail).toEqual(published);
    expect(detail.draft.questions.map((q) => q.code)).toEqual(['name', 'colour']);
  });

  it('is 404 for an unknown id', async () => {
    const res = await call(server, 'GET', `${BASE}/${randomUUID()}`);
    expect(expectProblem(res, 404, 'NOT_FOUND').detail).toMatch(/not found/i);
  });
});

describe('PATCH /api/v1/questionnaires/{id}', () => {
  const patch = (id: string, body: unknown) => call(server, 'PATCH', `${BASE}/${id}`, body);

  it('changes the name (trimmed) and bumps updatedAt, leaving the rest alone', async () => {
    const created = await createQuestionnaire(server);
    await sleep(5);
    const res = await patch(created.id, { name: '  Renamed ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, name: 'Renamed', updatedAt: res.body.updatedAt });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(await get(created.id)).toEqual(res.body);
  });

  it('changes the submission policy both ways', async () => {
    const created = await createQuestionnaire(server);
    expect((await patch(created.id, { submissionPolicy: 'ONE_PER_REF' })).body.submissionPolicy).toBe('ONE_PER_REF');
    expect((await get(created.id)).submissionPolicy).toBe('ONE_PER_REF');
    expect((await patch(created.id, { submissionPolicy: 'MULTIPLE' })).body.submissionPolicy).toBe('MULTIPLE');
  });

  it('stores allowed origins lower-case and de-duplicated, in first-seen order', async () => {
    const created = await createQuestionnaire(server);
    const res = await patch(created.id, {
      allowedOrigins: [
        'https://App.Example.com',
        'http://localhost:5173',
        'https://app.example.com',
        'https://*.Example.org',
        'HTTP://LOCALHOST:5173',
        'http://[::1]:8080',
        'https://example.com:443',
      ],
    });
    expect(res.status).toBe(200);
    const expected = [
      'https://app.example.com',
      'http://localhost:5173',
      'https://*.example.org',
      'http://[::1]:8080',
      'https://example.com:443',
    ];
    expect(res.body.allowedOrigins).toEqual(expected);
    expect((await get(created.id)).allowedOrigins).toEqual(expected);
  });

  it('accepts exactly 50 origins and an empty list', async () => {
    const created = await createQuestionnaire(server);
    const fifty = Array.from({ length: 50 }, (_, i) => `https://site${i}.example.com`);
    expect((await patch(created.id, { allowedOrigins: fifty })).body.allowedOrigins).toEqual(fifty);
    expect((await patch(created.id, { allowedOrigins: [] })).body.allowedOrigins).toEqual([]);
  });

  it('changes several fields at once; an empty patch changes nothing', async () => {
    const created = await createQuestionnaire(server);
    const both = await patch(created.id, {
      name: 'Both',
      allowedOrigins: ['https://a.example.com'],
      submissionPolicy: 'ONE_PER_REF',
    });
    expect(both.body).toMatchObject({
      name: 'Both',
      allowedOrigins: ['https://a.example.com'],
      submissionPolicy: 'ONE_PER_REF',
    });
    const empty = await patch(created.id, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(both.body);
  });

  it('does not touch the draft, versions or hasUnpublishedChanges', async () => {
    const published = await createPublished(server);
    const res = await patch(published.id, { name: 'Still published' });
    expect(res.body).toMatchObject({ currentVersion: 1, hasUnpublishedChanges: false, draft: published.draft });
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a name of 201 characters', { name: 'x'.repeat(201) }, 'name'],
    ['a numeric name', { name: 5 }, 'name'],
    ['a null name', { name: null }, 'name'],
    ['allowedOrigins as a string', { allowedOrigins: 'https://a.example.com' }, 'allowedOrigins'],
    ['allowedOrigins as null', { allowedOrigins: null }, 'allowedOrigins'],
    [
      '51 origins',
      { allowedOrigins: Array.from({ length: 51 }, (_, i) => `https://s${i}.example.com`) },
      'allowedOrigins',
    ],
    ['an origin with a path', { allowedOrigins: ['https://a.example.com/path'] }, 'allowedOrigins.0'],
    ['an origin with a trailing slash', { allowedOrigins: ['https://a.example.com/'] }, 'allowedOrigins.0'],
    ['a bare host', { allowedOrigins: ['a.example.com'] }, 'allowedOrigins.0'],
    ['an ftp origin', { allowedOrigins: ['ftp://a.example.com'] }, 'allowedOrigins.0'],
    ['a lone wildcard', { allowedOrigins: ['*'] }, 'allowedOrigins.0'],
    ['a top-level wildcard', { allowedOrigins: ['https://*.com'] }, 'allowedOrigins.0'],
    ['a two-level wildcard', { allowedOrigins: ['https://*.*.example.com'] }, 'allowedOrigins.0'],
    ['a wildcard in the middle', { allowedOrigins: ['https://a.*.example.com'] }, 'allowedOrigins.0'],
    ['credentials', { allowedOrigins: ['https://user@a.example.com'] }, 'allowedOrigins.0'],
    ['a query', { allowedOrigins: ['https://a.example.com?x=1'] }, 'allowedOrigins.0'],
    ['port 0', { allowedOrigins: ['http://localhost:0'] }, 'allowedOrigins.0'],
    ['port 70000', { allowedOrigins: ['http://localhost:70000'] }, 'allowedOrigins.0'],
    ['surrounding spaces', { allowedOrigins: [' https://a.example.com'] }, 'allowedOrigins.0'],
    ['a number in the list', { allowedOrigins: [5] }, 'allowedOrigins.0'],
    ['a bad second entry', { allowedOrigins: ['https://ok.example.com', 'nope'] }, 'allowedOrigins.1'],
    ['an unknown policy', { submissionPolicy: 'ONCE' }, 'submissionPolicy'],
    ['a lower-case policy', { submissionPolicy: 'one_per_ref' }, 'submissionPolicy'],
  ])('rejects %s with 400 and changes nothing', async (_label, body, path) => {
    const created = await createQuestionnaire(server);
    const settings = await patch(created.id, {
      allowedOrigins: ['https://keep.example.com'],
      submissionPolicy: 'ONE_PER_REF',
    });
    expect(settings.status).toBe(200);
    // Bundle a valid change with the invalid one: neither may be applied.
    const res = await patch(created.id, { ...body, ...(!('name' in body) && { name: 'Should not stick' }) });
    expect(errorPaths(res)).toContain(path);
    expect(await get(created.id)).toEqual(settings.body);
  });

  it('rejects unknown fields, including fields that are not patchable', async () => {
    const created = await createQuestionnaire(server);
    for (const body of [{ colour: 'red' }, { draft: sampleDefinition() }, { currentVersion: 3 }, { publicId: 'x' }]) {
      expectProblem(await patch(created.id, body), 400, 'VALIDATION_FAILED');
    }
    expect(await get(created.id)).toEqual(created);
  });

  it('is 404 for an unknown id', async () => {
    expectProblem(await patch(randomUUID(), { name: 'x' }), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/v1/questionnaires/{id}', () => {
  it('answers 204 without a body, then 404 everywhere, and removes its versions', async () => {
    const published = await createPublished(server);
    await call(server, 'PUT', `${BASE}/${published.id}/draft`, sampleDefinition({ questions: [] }));
    expect((await call(server, 'POST', `${BASE}/${published.id}/publish`)).body.currentVersion).toBe(2);
    const prisma = server.database.db.prisma;
    expect(await prisma.questionnaireVersion.count({ where: { questionnaireId: published.id } })).toBe(2);

    const res = await server.fetch(`${BASE}/${published.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-type')).toBeNull();

    expectProblem(await call(server, 'GET', `${BASE}/${published.id}`), 404, 'NOT_FOUND');
    expectProblem(await call(server, 'GET', `${BASE}/${published.id}/versions`), 404, 'NOT_FOUND');
    expectProblem(await call(server, 'GET', `${BASE}/${published.id}/versions/1`), 404, 'NOT_FOUND');
    expectProblem(await call(server, 'DELETE', `${BASE}/${published.id}`), 404, 'NOT_FOUND');
    expect((await listAll()).some((i) => i.id === published.id)).toBe(false);
    expect(await prisma.questionnaireVersion.count({ where: { questionnaireId: published.id } })).toBe(0);
    expect(await prisma.questionnaire.count({ where: { id: published.id } })).toBe(0);
  });

  it('deletes only the questionnaire named', async () => {
    const keep = await createPublished(server);
    const drop = await createQuestionnaire(server);
    expect((await call(server, 'DELETE', `${BASE}/${drop.id}`)).status).toBe(204);
    expect(await get(keep.id)).toEqual(keep);
    expect((await call(server, 'GET', `${BASE}/${keep.id}/versions`)).body).toHaveLength(1);
  });
});

describe('POST /api/v1/questionnaires/{id}/duplicate', () => {
  it('copies draft and settings under a new id and publicId, publishing nothing', async () => {
    const source = await createPublished(server);
    await call(server, 'PATCH', `${BASE}/${source.id}`, {
      allowedOrigins: ['https://a.example.com'],
      submissionPolicy: 'ONE_PER_REF',
    });
    const edited = sampleDefinition({
      questions: [{ id: 'only', code: 'only', type: 'YES_NO', prompt: 'Changed after publish' }],
    });
    const draft = (await call(server, 'PUT', `${BASE}/${source.id}/draft`, edited)).body.draft;

    const res = await call(server, 'POST', `${BASE}/${source.id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = res.body as QuestionnaireDetail;
    expect(copy.id).toMatch(UUID_V4);
    expect(copy.id).not.toBe(source.id);
    expect(copy.publicId).toMatch(PUBLIC_ID);
    expect(copy.publicId).not.toBe(source.publicId);
    expect(copy).toMatchObject({
      name: `${source.name} (copy)`,
      allowedOrigins: ['https://a.example.com'],
      submissionPolicy: 'ONE_PER_REF',
      currentVersion: 0,
      hasUnpublishedChanges: true,
      draft,
    });
    expect((await call(server, 'GET', `${BASE}/${copy.id}/versions`)).body).toEqual([]);
    expect(await get(copy.id)).toEqual(copy);
    // the source is untouched
    expect((await get(source.id)).currentVersion).toBe(1);
  });

  it('keeps a long name within 200 characters', async () => {
    const source = await createQuestionnaire(server, 'L'.repeat(200));
    const copy = (await call(server, 'POST', `${BASE}/${source.id}/duplicate`)).body;
    expect(copy.name).toHaveLength(200);
    expect(copy.name.endsWith(' (copy)')).toBe(true);
  });

  it('is 404 for an unknown id', async () => {
    expectProblem(await call(server, 'POST', `${BASE}/${randomUUID()}/duplicate`), 404, 'NOT_FOUND');
  });
});

describe('GET /api/v1/questionnaires/{id}/export and POST /api/v1/questionnaires/import', () => {
  it('exports the draft with the name, format marker and timestamp', async () => {
    const published = await createPublished(server);
    const changed = sampleDefinition({ questions: [{ id: 'x', code: 'x', type: 'EMAIL', prompt: 'Email' }] });
    const draft = (await call(server, 'PUT', `${BASE}/${published.id}/draft`, changed)).body.draft;

    const before = Date.now();
    const res = await call(server, 'GET', `${BASE}/${published.id}/export`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      formsEngineExport: 1,
      exportedAt: expect.stringMatching(ISO),
      name: published.name,
      definition: draft,
    });
    expect(Date.parse(res.body.exportedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.definition).not.toEqual(published.draft);
  });

  it('round-trips: import of an export gives an equal draft, a new questionnaire, nothing published', async () => {
    const source = await createPublished(server);
    const exported = (await call(server, 'GET', `${BASE}/${source.id}/export`)).body;
    const res = await call(server, 'POST', `${BASE}/import`, exported);
    expect(res.status).toBe(201);
    const imported = res.body as QuestionnaireDetail;
    expect(imported.id).not.toBe(source.id);
    expect(imported.publicId).not.toBe(source.publicId);
    expect(imported).toMatchObject({
      name: source.name,
      draft: source.draft,
      currentVersion: 0,
      hasUnpublishedChanges: true,
      allowedOrigins: [],
      submissionPolicy: 'MULTIPLE',
    });
    expect((await call(server, 'GET', `${BASE}/${imported.id}/versions`)).body).toEqual([]);
    expect(await get(imported.id)).toEqual(imported);
    const reExported = (await call(server, 'GET', `${BASE}/${imported.id}/export`)).body;
    expect(reExported.definition).toEqual(exported.definition);
  });

  it('imports without exportedAt, trims the name, applies definition defaults', async () => {
    const res = await call(server, 'POST', `${BASE}/import`, {
      formsEngineExport: 1,
      name: '  Imported  ',
      definition: { schemaVersion: 1, questions: [{ id: 'a', code: 'a', type: 'SHORT_TEXT' }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Imported');
    expect(res.body.draft).toEqual({
      schemaVersion: 1,
      steps: [],
      tabs: [],
      questions: [
        {
          id: 'a',
          code: 'a',
          type: 'SHORT_TEXT',
          sectionTitle: '',
          prompt: '',
          width: 'FULL',
          visibility: { mode: 'ALWAYS' },
          requirement: { mode: 'NEVER' },
          typeConfig: {},
        },
      ],
    });
  });

  it('rejects an import without a body', async () => {
    const paths = errorPaths(await call(server, 'POST', `${BASE}/import`));
    expect(paths).toEqual(expect.arrayContaining(['formsEngineExport', 'name', 'definition']));
  });

  const valid = () => ({ formsEngineExport: 1, name: 'Imp', definition: sampleDefinition() });

  it.each([
    ['formsEngineExport 2', { formsEngineExport: 2 }, 'formsEngineExport'],
    ['formsEngineExport "1"', { formsEngineExport: '1' }, 'formsEngineExport'],
    ['formsEngineExport missing', { formsEngineExport: undefined }, 'formsEngineExport'],
    ['schemaVersion 2', { definition: sampleDefinition({ schemaVersion: 2 as 1 }) }, 'definition.schemaVersion'],
    ['schemaVersion missing', { definition: { questions: [] } }, 'definition.schemaVersion'],
    ['an empty name', { name: '' }, 'name'],
    ['a name of 201 characters', { name: 'x'.repeat(201) }, 'name'],
    ['a bad exportedAt', { exportedAt: 'yesterday' }, 'exportedAt'],
    [
      'an invalid definition',
      { definition: { schemaVersion: 1, questions: [{ id: 'a', code: 'a', type: 'NOPE' }] } },
      'definition.questions.0.type',
    ],
    ['a definition that is not an object', { definition: [] }, 'definition'],
  ])('rejects an import with %s (400, creates nothing)', async (_label, change, path) => {
    const before = (await call(server, 'GET', BASE)).body.total;
    expect(errorPaths(await call(server, 'POST', `${BASE}/import`, { ...valid(), ...change }))).toContain(path);
    expect((await call(server, 'GET', BASE)).body.total).toBe(before);
  });

  it('is 404 to export an unknown id', async () => {
    expectProblem(await call(server, 'GET', `${BASE}/${randomUUID()}/export`), 404, 'NOT_FOUND');
  });
});
