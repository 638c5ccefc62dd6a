import type { DefinitionInput } from '@forms-engine/schema';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorPaths, expectProblem } from './expect-problem.ts';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

// Issue 23 on the management API: hidden values and endings in browse, the endingId and
// hidden.<key> filters (browse, CSV, summary; REST and tRPC), the CSV's columns, the summary's
// endings and hidden fields, and the OpenAPI document.

const parseCsv = (text: string): string[][] => parse(text, { record_delimiter: '\r\n' });

const definition: DefinitionInput = {
  schemaVersion: 1,
  defaultLanguage: 'en',
  hiddenFields: [{ key: 'utm_source', label: 'Source' }, { key: 'customer_id' }, { key: 'never_sent' }],
  endings: [
    { id: 'e_qualified', title: 'You qualify', body: 'Pick a time.', visibility: { mode: 'ALWAYS' } },
    { id: 'e_default', title: 'Thank you', body: '', visibility: { mode: 'ALWAYS' } },
    { id: 'e_unused', title: 'Unused', body: '', visibility: { mode: 'NEVER' } },
  ],
  questions: [{ id: 'q1', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name' }],
  translations: { de: { e_qualified: { title: 'Sie sind dabei' } } },
};

/** [hidden, ending (undefined: completed without one; null: left in progress), language] */
const PLAN: [Record<string, string>, string | undefined | null, string?][] = [
  [{ utm_source: 'newsletter', customer_id: '1' }, 'e_qualified'],
  [{ utm_source: 'newsletter', customer_id: '2' }, 'e_qualified', 'de'],
  [{ utm_source: 'newsletter' }, 'e_default', 'de'],
  [{ utm_source: 'ad', customer_id: '3' }, undefined],
  [{ utm_source: 'ad' }, null],
  [{ utm_source: '  ' }, 'e_default'],
  [{}, null],
  [{ utm_source: '=cmd|calc', customer_id: 'a,b' }, 'e_default'],
];

describe('hidden fields and endings on the management API', () => {
  let server: TestServer;
  let q: { id: string; publicId: string };
  /** responseId -> its plan row. */
  const made = new Map<string, (typeof PLAN)[number]>();

  beforeAll(async () => {
    server = await startTestServer();
    q = await createPublished(server, definition);
    for (const entry of PLAN) {
      const [hidden, ending, language] = entry;
      const created = await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
        versionNumber: 1,
        hidden,
        ...(language && { language }),
      });
      expect(created.status).toBe(201);
      const id = created.body.responseId as string;
      await call(server, 'PATCH', `/public/v1/responses/${id}`, { answers: { name: `N${made.size}` } });
      if (ending !== null) {
        const res = await call(
          server,
          'POST',
          `/public/v1/responses/${id}/complete`,
          ending ? { endingId: ending } : {},
        );
        expect(res.status).toBe(200);
      }
      made.set(id, entry);
    }
  });
  afterAll(() => server.close());

  const base = () => `/api/v1/questionnaires/${q.id}`;
  const idsWhere = (test: (hidden: Record<string, string>, ending: string | undefined | null) => boolean) =>
    [...made]
      .filter(([, [hidden, ending]]) => test(hidden, ending))
      .map(([id]) => id)
      .sort();
  const browseIds = async (query: string) => {
    const res = await call(server, 'GET', `${base()}/responses${query}`);
    expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
    expect(res.body.total, query).toBe(res.body.items.length);
    return res.body.items.map((item: { responseId: string }) => item.responseId).sort();
  };

  it('browse and get-one carry hidden ({} when none) and endingId (when one was recorded)', async () => {
    const page = await call(server, 'GET', `${base()}/responses?size=100`);
    expect(page.body.total).toBe(PLAN.length);
    for (const item of page.body.items) {
      const [hidden, ending] = made.get(item.responseId)!;
      expect(item.hidden).toEqual(hidden);
      if (ending) expect(item.endingId).toBe(ending);
      else expect(item).not.toHaveProperty('endingId');
    }
  });

  it('browse filters by hidden.<key>=<value> (exact, several keys with AND) and by endingId, with right totals', async () => {
    expect(await browseIds('?hidden.utm_source=newsletter')).toEqual(idsWhere((h) => h.utm_source === 'newsletter'));
    expect(await browseIds('?hidden[utm_source]=newsletter')).toEqual(idsWhere((h) => h.utm_source === 'newsletter'));
    expect(await browseIds('?hidden.utm_source=newsletter&hidden.customer_id=2')).toEqual(
      idsWhere((h) => h.utm_source === 'newsletter' && h.customer_id === '2'),
    );
    expect(await browseIds('?hidden.utm_source=NEWSLETTER')).toEqual([]);
    expect(await browseIds('?hidden.utm_source=ad&status=COMPLETED')).toEqual(
      idsWhere((h, e) => h.utm_source === 'ad' && e !== null),
    );
    expect(await browseIds('?hidden.utm_source=%3Dcmd%7Ccalc')).toEqual(idsWhere((h) => h.utm_source === '=cmd|calc'));
    expect(await browseIds('?endingId=e_qualified')).toEqual(idsWhere((_h, e) => e === 'e_qualified'));
    expect(await browseIds('?endingId=e_default&hidden.utm_source=newsletter')).toEqual(
      idsWhere((h, e) => e === 'e_default' && h.utm_source === 'newsletter'),
    );
    expect(await browseIds('?endingId=e_nowhere')).toEqual([]);
  });

  it('pages through a hidden filter at any depth with the total of the matching responses', async () => {
    const matching = idsWhere((h) => h.utm_source === 'newsletter');
    const seen: string[] = [];
    for (let page = 0; page <= matching.length; page++) {
      const res = await call(server, 'GET', `${base()}/responses?hidden.utm_source=newsletter&size=1&page=${page}`);
      expect(res.body.total).toBe(matching.length);
      seen.push(...res.body.items.map((item: { responseId: string }) => item.responseId));
    }
    expect(seen.sort()).toEqual(matching);
  });

  it('browse filters the same way through tRPC', async () => {
    const input = encodeURIComponent(
      JSON.stringify({ id: q.id, hidden: { utm_source: 'newsletter' }, endingId: 'e_qualified' }),
    );
    const res = await call(server, 'GET', `/trpc/responses.browse?input=${input}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { items, total } = res.body.result.data;
    expect(total).toBe(2);
    expect(items.map((item: { responseId: string }) => item.responseId).sort()).toEqual(
      idsWhere((h, e) => h.utm_source === 'newsletter' && e === 'e_qualified'),
    );
  });

  it('refuses a bad hidden filter in words: an empty value, a repeated key, a key that is no key, too many', async () => {
    expect(errorPaths(await call(server, 'GET', `${base()}/responses?hidden.utm_source=`))).toEqual([
      'hidden.utm_source',
    ]);
    expect(
      errorPaths(await call(server, 'GET', `${base()}/responses?hidden.utm_source=a&hidden.utm_source=b`)),
    ).toEqual(['hidden.utm_source']);
    expect(errorPaths(await call(server, 'GET', `${base()}/responses?hidden.=x`))[0]).toMatch(/^hidden/);
    expect(errorPaths(await call(server, 'GET', `${base()}/responses?hidden=x`))).toEqual(['hidden']);
    const eleven = Array.from({ length: 11 }, (_, index) => `hidden.k${index}=v`).join('&');
    expect(errorPaths(await call(server, 'GET', `${base()}/responses?${eleven}`))).toEqual(['hidden']);
    expect(errorPaths(await call(server, 'GET', `${base()}/responses?endingId=${'e'.repeat(65)}`))).toEqual([
      'endingId',
    ]);
    // Other unknown parameters are refused as before.
    expectProblem(await call(server, 'GET', `${base()}/responses?utm_source=x`), 400, 'VALIDATION_FAILED');
    expectProblem(await call(server, 'GET', `${base()}/summary?hidden.utm_source=`), 400, 'VALIDATION_FAILED');
    expectProblem(
      await call(server, 'GET', `${base()}/responses/export.csv?hidden.utm_source=`),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('takes any text as a hidden filter value, quotes and backslashes too, as a parameter', async () => {
    for (const value of ['"', '\\', "'; DROP TABLE response; --", '{"a":1}', 'ü😀', '%']) {
      const query = `?hidden.utm_source=${encodeURIComponent(value)}`;
      expect(await browseIds(query)).toEqual([]);
      expect((await call(server, 'GET', `${base()}/summary${query}`)).status).toBe(200);
      expect((await server.fetch(`${base()}/responses/export.csv${query}`)).status).toBe(200);
    }
    expect(await browseIds(`?endingId=${encodeURIComponent('\'\\"')}`)).toEqual([]);
  });

  const csv = async (query: string) => {
    const res = await server.fetch(`${base()}/responses/export.csv${query}`);
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    return { header: header!, rows: rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]]))) };
  };

  it('CSV: an ending column and one hidden.<key> column per hidden field after the response columns', async () => {
    const { header, rows } = await csv('');
    expect(header.slice(8, 14)).toEqual([
      'userAgent',
      'language',
      'ending',
      'hidden.utm_source',
      'hidden.customer_id',
      'hidden.never_sent',
    ]);
    expect(header.at(-1)).toBe('name');
    expect(rows).toHaveLength(PLAN.length);
    for (const row of rows) {
      const [hidden, ending] = made.get(row.responseId as string)!;
      expect(row.ending).toBe(ending ?? '');
      const guarded = (value: string | undefined) => (value?.startsWith('=') ? `'${value}` : (value ?? ''));
      expect(row['hidden.utm_source']).toBe(guarded(hidden.utm_source));
      expect(row['hidden.customer_id']).toBe(hidden.customer_id ?? '');
      expect(row['hidden.never_sent']).toBe('');
    }
  });

  it('CSV by prompt: Ending with titles (in the filter language), hidden fields by label or key', async () => {
    const { header, rows } = await csv('?header=prompt');
    expect(header.slice(10, 14)).toEqual(['Ending', 'Source', 'customer_id', 'never_sent']);
    expect(header.at(-1)).toBe('Your name');
    const titles = new Map([
      ['e_qualified', 'You qualify'],
      ['e_default', 'Thank you'],
    ]);
    for (const row of rows) {
      const [, ending] = made.get(row.responseId as string)!;
      expect(row.Ending).toBe(ending ? titles.get(ending) : '');
    }
    // Filtered by a language, its titles (falling back to the default text per string).
    const german = await csv('?header=prompt&language=de&endingId=e_qualified');
    expect(german.rows.map((row) => row.Ending)).toEqual(['Sie sind dabei']);
    expect((await csv('?header=prompt&language=de&endingId=e_default')).rows[0]?.Ending).toBe('Thank you');
  });

  it('CSV filters by hidden values and ending as browse does', async () => {
    const { rows } = await csv('?hidden.utm_source=newsletter&endingId=e_qualified');
    expect(rows.map((row) => row.responseId).sort()).toEqual(
      idsWhere((h, e) => h.utm_source === 'newsletter' && e === 'e_qualified'),
    );
  });

  it('summary: completed responses per ending (zero counts, then none recorded) and hidden fields top values', async () => {
    const res = await call(server, 'GET', `${base()}/summary`);
    expect(res.status).toBe(200);
    expect(res.body.endings).toEqual([
      { id: 'e_qualified', title: 'You qualify', count: 2 },
      { id: 'e_default', title: 'Thank you', count: 3 },
      { id: 'e_unused', title: 'Unused', count: 0 },
      { id: null, title: 'No ending recorded', count: 1 },
    ]);
    expect(res.body.hiddenFields).toEqual([
      {
        key: 'utm_source',
        label: 'Source',
        // The blank value is not an answer.
        answered: 6,
        values: [
          { value: 'newsletter', count: 3 },
          { value: 'ad', count: 2 },
          { value: '=cmd|calc', count: 1 },
        ],
      },
      {
        key: 'customer_id',
        answered: 4,
        values: [
          { value: '1', count: 1 },
          { value: '2', count: 1 },
          { value: '3', count: 1 },
          { value: 'a,b', count: 1 },
        ],
      },
      { key: 'never_sent', answered: 0, values: [] },
    ]);
  });

  it('summary: filtered by hidden values and ending, titles in the filter language, the none row even at 0', async () => {
    const res = await call(server, 'GET', `${base()}/summary?hidden.utm_source=newsletter&language=de`);
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ responses: 2, completed: 2 });
    expect(res.body.endings.map((ending: { count: number }) => ending.count)).toEqual([1, 1, 0, 0]);
    expect(res.body.endings.map((ending: { title: string }) => ending.title)).toEqual([
      'Sie sind dabei',
      'Thank you',
      'Unused',
      'No ending recorded',
    ]);
    const newsletter = await call(server, 'GET', `${base()}/summary?hidden.utm_source=newsletter`);
    expect(newsletter.body.counts).toMatchObject({ responses: 3, completed: 3 });
    expect(newsletter.body.endings.map((ending: { count: number }) => ending.count)).toEqual([2, 1, 0, 0]);
    expect(newsletter.body.hiddenFields[0]).toMatchObject({
      answered: 3,
      values: [{ value: 'newsletter', count: 3 }],
    });
    expect(newsletter.body.languages).toEqual([
      { language: 'en', responses: 1, completed: 1 },
      { language: 'de', responses: 2, completed: 2 },
    ]);
    const ending = await call(server, 'GET', `${base()}/summary?endingId=e_default`);
    expect(ending.body.counts).toMatchObject({ responses: 3 });
    const input = encodeURIComponent(JSON.stringify({ id: q.id, hidden: { utm_source: 'ad' } }));
    const trpc = await call(server, 'GET', `/trpc/responses.summary?input=${input}`);
    expect(trpc.body.result.data.counts).toMatchObject({ responses: 2, completed: 1 });
  });

  it('summary: the top 10 values, most frequent first, ties by value', async () => {
    const many = await createPublished(server, { ...definition, translations: undefined });
    const values = ['b', 'a', 'c', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
    for (const value of values) {
      const res = await call(server, 'POST', `/public/v1/questionnaires/${many.publicId}/responses`, {
        versionNumber: 1,
        hidden: { utm_source: value },
      });
      expect(res.status).toBe(201);
    }
    const res = await call(server, 'GET', `/api/v1/questionnaires/${many.id}/summary`);
    const [source] = res.body.hiddenFields;
    expect(source.answered).toBe(values.length);
    expect(source.values.map((entry: { value: string }) => entry.value)).toEqual([
      'c',
      'a',
      'b',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
      'j',
    ]);
    expect(res.body.endings).toEqual([
      { id: 'e_qualified', title: 'You qualify', count: 0 },
      { id: 'e_default', title: 'Thank you', count: 0 },
      { id: 'e_unused', title: 'Unused', count: 0 },
      { id: null, title: 'No ending recorded', count: 0 },
    ]);
  });

  it('OpenAPI: the new fields, the filters, the complete body and UNKNOWN_ENDING', async () => {
    const doc = (await call(server, 'GET', '/openapi.json')).body;
    const schemas = doc.components.schemas;
    expect(schemas.ResponseExport.properties).toHaveProperty('hidden');
    expect(schemas.ResponseExport.properties).toHaveProperty('endingId');
    expect(schemas.ResponseExport.required).toContain('hidden');
    expect(schemas.ResponseRehydration.required).toContain('hidden');
    expect(schemas.ResponseSummary.required).toEqual(expect.arrayContaining(['endings', 'hiddenFields']));
    expect(JSON.stringify(schemas.CreateResponseRequest ?? doc.paths)).toContain('hidden');
    for (const path of [
      '/api/v1/questionnaires/{id}/responses',
      '/api/v1/questionnaires/{id}/summary',
      '/api/v1/questionnaires/{id}/responses/export.csv',
    ]) {
      const parameters = doc.paths[path].get.parameters;
      expect(
        parameters.find((p: { name: string }) => p.name === 'endingId'),
        path,
      ).toBeDefined();
      const hidden = parameters.find((p: { name: string }) => p.name === 'hidden');
      expect(hidden, path).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
      expect(hidden.description).toContain('hidden.<key>=<value>');
    }
    const complete = doc.paths['/public/v1/responses/{responseId}/complete'].post;
    expect(complete.requestBody.required).toBe(false);
    const body = complete.requestBody.content['application/json'].schema;
    const resolved = body.$ref ? schemas[body.$ref.split('/').at(-1)] : body;
    expect(resolved.properties).toHaveProperty('endingId');
    expect(JSON.stringify(complete.responses['400'])).toContain('UNKNOWN_ENDING');
    expect(JSON.stringify(doc)).toContain('No ending recorded');
  });
});
