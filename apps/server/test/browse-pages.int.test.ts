import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

// Browse finds a page from the response counts (migration 20261126000000_response_counts) instead
// of walking the rows before it: every page, with every filter, must be the slice of the plain
// ORDER BY the old OFFSET gave, and every total the plain count(*), however the writes came.

interface Item {
  responseId: string;
  status: string;
  versionNumber: number;
  externalRef?: string;
  createdAt: string;
}

const FILTERS: Record<string, string>[] = [
  {},
  { status: 'COMPLETED' },
  { versionNumber: '2' },
  { status: 'IN_PROGRESS', versionNumber: '1' },
  { externalRef: 'ref-3' },
  { language: 'de' },
  { language: 'en', status: 'COMPLETED', versionNumber: '2' },
];

describe('browse pages at any depth', () => {
  let server: TestServer;
  let id: string;
  let publicId: string;

  const browse = async (filter: Record<string, string>, page: number, size: number) => {
    const query = new URLSearchParams({ ...filter, page: String(page), size: String(size) });
    const res = await call(server, 'GET', `/api/v1/questionnaires/${id}/responses?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: Item[]; total: number };
  };

  /** The ids in browse's order, read without the counts: the reference every page is checked against. */
  const reference = async (filter: Record<string, string>) => {
    const rows = await server.deps.sql.query<{ id: string }>(
      `SELECT id::text FROM response WHERE questionnaire_id = $1::uuid
         AND ($2::text IS NULL OR status::text = $2) AND ($3::int IS NULL OR version_number = $3)
         AND ($4::text IS NULL OR external_ref = $4) AND ($5::text IS NULL OR language = $5)
       ORDER BY created_at DESC, id DESC`,
      [id, filter.status ?? null, filter.versionNumber ?? null, filter.externalRef ?? null, filter.language ?? null],
    );
    return rows.map((row) => row.id);
  };

  /** Every page of `size` (a sample of them when there are many) against the reference. */
  async function expectEveryPage(filter: Record<string, string>, size: number) {
    const ids = await reference(filter);
    const last = Math.ceil(ids.length / size);
    const pages = new Set([0, 1, Math.floor(last / 2) - 1, Math.floor(last / 2), last - 2, last - 1, last, last + 1]);
    for (let page = 0; page <= last; page += last > 40 ? 11 : 1) pages.add(page);
    for (const page of [...pages].filter((page) => page >= 0)) {
      const body = await browse(filter, page, size);
      expect({ filter, size, page, total: body.total }).toEqual({ filter, size, page, total: ids.length });
      expect(
        body.items.map((item) => item.responseId),
        `${JSON.stringify(filter)} size ${size} page ${page}`,
      ).toEqual(ids.slice(page * size, (page + 1) * size));
    }
  }

  beforeAll(async () => {
    server = await startTestServer();
    const q = await createPublished(server);
    await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, { schemaVersion: 1 });
    expect((await call(server, 'POST', `/api/v1/questionnaires/${q.id}/publish`)).status).toBe(200);
    id = q.id;
    publicId = q.publicId;
    // Three hours across a UTC midnight, about nine responses a minute; pairs share a timestamp (ties
    // broken by id), and a few sit at a minute's first and last instants. The counts are folded
    // after the first batch; the second stays in the appended changes.
    const insert = (from: number, to: number) =>
      server.deps.sql.query(
        `INSERT INTO response (id, questionnaire_id, version_number, language, external_ref, status, created_at, updated_at)
         SELECT gen_random_uuid(), $1::uuid, 1 + g % 2, CASE WHEN g % 7 = 0 THEN 'de' ELSE 'en' END, 'ref-' || (g % 5),
                CASE WHEN g % 3 = 0 THEN 'COMPLETED' ELSE 'IN_PROGRESS' END::"ResponseStatus",
                CASE WHEN g % 50 = 1 THEN date_trunc('minute', '2026-03-02T01:30:00Z'::timestamptz - g * interval '6.3 seconds')
                     WHEN g % 50 = 2 THEN date_trunc('minute', '2026-03-02T01:30:00Z'::timestamptz - g * interval '6.3 seconds') - interval '1 millisecond'
                     ELSE '2026-03-02T01:30:00Z'::timestamptz - (g / 2) * interval '12.7 seconds' END,
                now()
         FROM generate_series($2::int, $3::int) AS g`,
        [id, from, to],
      );
    await insert(1, 1000);
    await server.deps.sql.query('SELECT response_counts_fold($1::uuid)', [id]);
    await insert(1001, 1600);
  });
  afterAll(() => server.close());

  it.each(FILTERS)('gives every page of the plain order, and its count, filtered by %j', async (filter) => {
    for (const size of [7, 50, 200]) await expectEveryPage(filter, size);
  });

  it('stays exact after completions, erasures and new responses through the API', async () => {
    const ids = await reference({});
    for (const responseId of ids.filter((_, index) => index % 97 === 5).slice(0, 8)) {
      await call(server, 'POST', `/public/v1/responses/${responseId}/complete`);
    }
    for (const responseId of ids.filter((_, index) => index % 89 === 7).slice(0, 8)) {
      expect((await call(server, 'DELETE', `/api/v1/questionnaires/${id}/responses/${responseId}`)).status).toBe(204);
    }
    // Language switches (as a save naming one makes) move responses between the counts.
    await server.deps.sql.query(
      `UPDATE response SET language = CASE language WHEN 'de' THEN 'en' ELSE 'de' END WHERE id = ANY ($1::uuid[])`,
      [ids.filter((_, index) => index % 83 === 3).slice(0, 8)],
    );
    for (let n = 0; n < 6; n++) {
      const versionNumber = 1 + (n % 2);
      await call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, {
        versionNumber,
        externalRef: 'ref-3',
      });
    }
    for (const filter of FILTERS) await expectEveryPage(filter, 50);
  });

  it('answers pages that agree with their total while others write', async () => {
    let writing = true;
    const writer = async (worker: number) => {
      for (let n = 0; n < 12; n++) {
        const created = await call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, {
          versionNumber: 1 + (worker % 2),
        });
        const responseId = created.body.responseId as string;
        if (n % 2 === 0) await call(server, 'POST', `/public/v1/responses/${responseId}/complete`);
        if (n % 3 === 0) await call(server, 'DELETE', `/api/v1/questionnaires/${id}/responses/${responseId}`);
      }
    };
    const reader = async () => {
      let pagesRead = 0;
      while (writing || pagesRead < 10) {
        for (const filter of FILTERS.slice(0, 4)) {
          for (const page of [0, 3, 17]) {
            const { items, total } = await browse(filter, page, 40);
            // The page and its total come from one snapshot: a page is full unless it is the last.
            expect(items.length, `${JSON.stringify(filter)} page ${page}`).toBe(
              Math.max(0, Math.min(40, total - page * 40)),
            );
            const created = items.map((item) => item.createdAt);
            expect(created).toEqual([...created].sort().reverse());
            for (const item of items) {
              if (filter.status) expect(item.status).toBe(filter.status);
              if (filter.versionNumber) expect(item.versionNumber).toBe(Number(filter.versionNumber));
            }
            pagesRead++;
          }
        }
      }
    };
    const reading = reader();
    await Promise.all([0, 1, 2, 3].map(writer));
    writing = false;
    await reading;
    for (const filter of FILTERS) {
      expect((await browse(filter, 0, 1)).total).toBe((await reference(filter)).length);
    }
  });
});
