import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './harness.ts';

describe('health and docs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers /healthz and /readyz', async () => {
    expect(await call(server, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await call(server, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('echoes a sane X-Request-Id and invents one otherwise', async () => {
    const echoed = await call(server, 'GET', '/healthz', undefined, { 'x-request-id': 'abc-123' });
    expect(echoed.headers.get('x-request-id')).toBe('abc-123');
    const invented = await call(server, 'GET', '/healthz', undefined, { 'x-request-id': 'bad id with spaces' });
    expect(invented.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves interactive docs offline', async () => {
    const page = await server.fetch('/docs/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
  });

  it('answers unknown routes with a problem body', async () => {
    const res = await call(server, 'GET', '/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404, code: 'NOT_FOUND' });
  });
});
