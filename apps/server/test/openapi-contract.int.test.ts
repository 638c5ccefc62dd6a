import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './harness.ts';
import { OpenApiContract } from './openapi-contract.ts';

/**
 * The checker that every HTTP test's responses go through (harness.ts, on close) must itself
 * be able to fail: these exchanges break the document in each way it can be broken.
 */
describe('OpenApiContract', () => {
  let server: TestServer;
  let contract: OpenApiContract;
  beforeAll(async () => {
    server = await startTestServer();
    contract = new OpenApiContract((await call(server, 'GET', '/openapi.json')).body);
  });
  afterAll(() => server.close());

  const problem = (status: number, code: string) =>
    JSON.stringify({ type: 'about:blank', title: 'x', status, code, detail: 'x' });
  const exchange = (method: string, path: string, status: number, contentType: string | null, body: string) =>
    contract.check({ method, path, status, contentType, body });

  it('accepts what the document describes', () => {
    const page = JSON.stringify({ items: [], page: 0, size: 50, total: 0 });
    expect(exchange('GET', '/api/v1/questionnaires', 200, 'application/json; charset=utf-8', page)).toBeUndefined();
    expect(exchange('PATCH', '/public/v1/responses/x', 200, null, '')).toBeUndefined();
    expect(
      exchange('GET', '/api/v1/questionnaires/x', 404, 'application/problem+json', problem(404, 'NOT_FOUND')),
    ).toBeUndefined();
    expect(exchange('GET', '/api/v1/questionnaires/x/responses/export.csv', 200, 'text/csv', 'a,b')).toBeUndefined();
    expect(exchange('GET', '/trpc/questionnaires.list', 500, 'text/html', '<html>')).toBeUndefined();
  });

  it('reports undocumented statuses, wrong content types, missing or extra bodies and schema breaks', () => {
    expect(exchange('GET', '/api/v1/questionnaires', 418, null, '')).toMatch(/status not documented/);
    expect(exchange('GET', '/api/v1/questionnaires', 200, 'application/json', '{"items":"x"}')).toMatch(
      /does not match the schema/,
    );
    expect(exchange('PATCH', '/public/v1/responses/x', 200, 'application/json', '')).toMatch(/without content/);
    expect(exchange('GET', '/api/v1/questionnaires/x', 404, 'application/json', problem(404, 'NOT_FOUND'))).toMatch(
      /content type/,
    );
    // A code the operation does not declare for that status.
    expect(
      exchange('GET', '/api/v1/questionnaires/x', 404, 'application/problem+json', problem(404, 'NOT_PUBLISHED')),
    ).toMatch(/does not match the schema/);
    expect(
      exchange('GET', '/api/v1/uploads/config', 404, 'application/problem+json', problem(404, 'NOT_FOUND')),
    ).toMatch(/status not documented/);
  });
});
