import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { isPublicPath } from '../src/openapi/surfaces.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function expectNotFoundProblem(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  expect(res.status, `${init.method ?? 'GET'} ${url}`).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
}

describe('MANAGEMENT_PORT: the public surface and the management surface on two ports', () => {
  let server: ServerProcess;
  let main: string;
  let management: string;
  let database: TestDatabase | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fe-ports-'));
    database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    server = await startServerProcess({
      DATABASE_URL: database?.databaseUrl ?? '',
      DATA_DIR: dataDir,
      MANAGEMENT_PORT: '0',
    });
    main = server.url;
    management = server.managementUrl!;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on both and logs the editor at the management address (127.0.0.1 by default)', () => {
    expect(management).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(management).not.toBe(main);
    expect(server.logs.some((line) => line.includes(`Editor at ${management}/`))).toBe(true);
  });

  it('warns once at start that the embed snippets need PUBLIC_URL (the editor is on the management address)', () => {
    const warnings = server.logs.filter((line) => line.includes('PUBLIC_URL is not'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!).level).toBe(40);
  });

  it('the main port answers 404 for the management API, /trpc, /docs and the editor', async () => {
    await expectNotFoundProblem(`${main}/api/v1/questionnaires`);
    await expectNotFoundProblem(`${main}/api/v1/questionnaires`, json({ name: 'Not here' }));
    await expectNotFoundProblem(`${main}/api/v1/uploads/config`);
    await expectNotFoundProblem(`${main}/trpc/questionnaires.list`);
    await expectNotFoundProblem(`${main}/docs`);
    await expectNotFoundProblem(`${main}/docs/`);
    await expectNotFoundProblem(`${main}/`);
    await expectNotFoundProblem(`${main}/`, { headers: { accept: 'text/html' } });
    await expectNotFoundProblem(`${main}/questionnaires/x`, { headers: { accept: 'text/html' } });
  });

  it('the main port keeps health, the public API, and documents only what it serves', async () => {
    expect((await fetch(`${main}/healthz`)).status).toBe(200);
    expect((await fetch(`${main}/readyz`)).status).toBe(200);
    const document = (await (await fetch(`${main}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(document.paths);
    expect(paths).toContain('/public/v1/questionnaires/{publicId}/live');
    expect(paths).toContain('/readyz');
    expect(paths.filter((path) => !isPublicPath(path))).toEqual([]);
    expect((await fetch(`${main}/public/v1/geocode?q=Paris`)).status).toBe(200);
  });

  it('the management port serves the management API, /trpc, /docs and the editor, not the public API', async () => {
    const created = await fetch(`${management}/api/v1/questionnaires`, json({ name: 'Two ports' }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const draft = { schemaVersion: 1, questions: [{ id: 'q1', code: 'name', type: 'SHORT_TEXT', prompt: 'Name' }] };
    const put = await fetch(`${management}/api/v1/questionnaires/${id}/draft`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(draft),
    });
    expect(put.status).toBe(200);
    const published = await fetch(`${management}/api/v1/questionnaires/${id}/publish`, { method: 'POST' });
    const { publicId } = (await published.json()) as { publicId: string };

    const trpc = await fetch(`${management}/trpc/questionnaires.list?input=${encodeURIComponent('{}')}`);
    expect(trpc.status).toBe(200);
    const docs = await fetch(`${management}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
    // The editor, or the page that says how to build it: never the 404.
    expect([200, 503]).toContain((await fetch(`${management}/`, { headers: { accept: 'text/html' } })).status);
    const document = (await (await fetch(`${management}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/v1/questionnaires');
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/public/'))).toEqual([]);

    // The questionnaire made on the management port is live on the main port, and only there.
    expect((await fetch(`${main}/public/v1/questionnaires/${publicId}/live`)).status).toBe(200);
    await expectNotFoundProblem(`${management}/public/v1/questionnaires/${publicId}/live`);
    await expectNotFoundProblem(`${management}/embed/v1/embed.js`);
  });
});

describe('MANAGEMENT_PORT settings', () => {
  it('is unset by default, binds 127.0.0.1 when set, and must differ from PORT', () => {
    expect(loadConfig({}).management).toBeUndefined();
    expect(loadConfig({ MANAGEMENT_PORT: '' }).management).toBeUndefined();
    expect(loadConfig({ MANAGEMENT_PORT: '3001' }).management).toEqual({ port: 3001, host: '127.0.0.1' });
    expect(loadConfig({ MANAGEMENT_PORT: '3001', MANAGEMENT_HOST: '10.0.0.5' }).management?.host).toBe('10.0.0.5');
    expect(() => loadConfig({ PORT: '3000', MANAGEMENT_PORT: '3000' })).toThrow(/MANAGEMENT_PORT: Must differ/);
    expect(() => loadConfig({ MANAGEMENT_PORT: 'x' })).toThrow(/MANAGEMENT_PORT/);
  });
});
