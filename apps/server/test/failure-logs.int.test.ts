import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geocoder } from '../src/geocode/geocoder.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { captureLogs } from './log-capture.ts';

/**
 * A failure the server did not expect (a 500: a bug) is logged once, with its request's id and the
 * error, whichever way the request came: REST or /trpc (the editor's). A geocoder that throws a
 * plain error stands in for the bug; 500s are not in the API's document, so these requests go
 * around the harness's contract check.
 */
describe('failures in the log', () => {
  const { logger, lines } = captureLogs();
  let server: TestServer;
  beforeAll(async () => {
    const broken: Geocoder = {
      kind: 'offline',
      warmUp: () => undefined,
      search: async () => {
        throw new TypeError('a bug in the geocoder');
      },
    };
    server = await startTestServer({}, { logger, deps: () => ({ geocoder: broken }) });
  });
  afterAll(() => server.close());

  const failedLines = (requestId: string) =>
    lines.filter((line) => line.requestId === requestId && line.msg === 'request failed');

  it.each([
    ['REST', '/public/v1/geocode?q=Springfield'],
    ['/trpc', `/trpc/geocode?input=${encodeURIComponent(JSON.stringify({ q: 'Springfield' }))}`],
  ])('a 500 on %s: one line with the request id and the error', async (_surface, path) => {
    const requestId = `failure-${crypto.randomUUID()}`;
    const res = await fetch(new URL(path, server.url), { headers: { 'x-request-id': requestId } });
    expect(res.status).toBe(500);
    await res.text();
    const [line, ...more] = failedLines(requestId);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 50, err: { message: expect.stringContaining('a bug in the geocoder') } });
  });

  it('a refusal (4xx) on /trpc is not a failure of the server: not logged as one', async () => {
    const requestId = `refusal-${crypto.randomUUID()}`;
    const input = encodeURIComponent(JSON.stringify({ id: crypto.randomUUID() }));
    const res = await fetch(new URL(`/trpc/questionnaires.get?input=${input}`, server.url), {
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(404);
    await res.text();
    expect(lines.filter((line) => line.requestId === requestId && Number(line.level) >= 50)).toEqual([]);
    // Its one request line is there, as for every request.
    expect(lines.filter((line) => line.requestId === requestId && line.msg === 'request')).toHaveLength(1);
  });
});
