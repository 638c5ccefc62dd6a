import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, sleep } from './expect-problem.ts';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { spawnServer } from './server-process.ts';

/** Writes raw bytes on a socket and collects everything the server sends until it closes. */
async function rawExchange(url: string, chunks: (string | { pauseMs: number })[]): Promise<string> {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = once(socket, 'close');
  for (const chunk of chunks) {
    if (socket.destroyed) break;
    if (typeof chunk === 'string') socket.write(chunk);
    else await sleep(chunk.pauseMs);
  }
  await closed;
  return Buffer.concat(received).toString('utf8');
}

describe('process lifecycle', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fe-ops-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // Draining on SIGTERM: drain.int.test.ts.

  it('says which port is taken and exits 1', async () => {
    const blocker = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as { port: number };
    try {
      const { child, logs, stderr } = spawnServer({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port) });
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect([...logs, ...stderr].join('\n')).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(stderr.join('')).not.toContain('TypeError');
    } finally {
      blocker.close();
    }
  }, 60_000);
});

describe('timeouts and malformed HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ HTTP_BODY_TIMEOUT_SECONDS: '1', HTTP_HEADERS_TIMEOUT_SECONDS: '1' });
  });
  afterAll(() => server.close());

  it('a JSON body sent at 1 byte/s is answered 408 and the connection closed after the body timeout', async () => {
    const started = Date.now();
    const body = '{"name":"drip"}';
    const chunks = [
      `POST /api/v1/questionnaires HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      ...[...body].flatMap((char) => [char, { pauseMs: 1000 }]),
    ];
    const reply = await rawExchange(server.url, chunks);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('application/problem+json');
    expect(reply).toContain('"code":"REQUEST_TIMEOUT"');
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await call(server, 'GET', '/api/v1/questionnaires')).body.total).toBe(0);
  });

  it('headers that never finish are answered 408 after the headers timeout', async () => {
    const started = Date.now();
    const reply = await rawExchange(server.url, [
      'GET /healthz HTTP/1.1\r\n',
      ...Array.from({ length: 6 }, () => ['X-Slow: 1\r\n', { pauseMs: 600 }]).flat(),
    ]);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('"code":"REQUEST_TIMEOUT"');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('garbage and oversized headers get problem bodies from the parser stage', async () => {
    const garbage = await rawExchange(server.url, ['NOT HTTP AT ALL\r\n\r\n']);
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toContain('"code":"VALIDATION_FAILED"');
    const huge = await rawExchange(server.url, [`GET /healthz HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(huge).toContain('"code":"HEADERS_TOO_LARGE"');
  });

  it('answers CONNECT (and any method Node hands to its own events) with a 405 problem, not a closed socket', async () => {
    for (const target of ['example.com:443', '/api/v1/questionnaires', '127.0.0.1:22']) {
      const reply = await rawExchange(server.url, [`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`]);
      expect(reply).toMatch(/^HTTP\/1\.1 405 /);
      expect(reply).toMatch(/\r\nAllow: [A-Z, ]+\r\n/);
      expect(reply).toContain('application/problem+json');
      expect(reply).toContain('"code":"METHOD_NOT_ALLOWED"');
    }
    // An Upgrade this server does not speak is answered as the plain request it also is.
    const upgrade = await rawExchange(server.url, [
      'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n',
    ]);
    expect(upgrade).toMatch(/^HTTP\/1\.1 200 /);
    expect(upgrade).toContain('"status":"ok"');
  });

  it('derives the request timeout from the largest upload at the slowest supported rate', () => {
    // 10 MiB at 32 KiB/s = 320 s, plus 1 s of headers and 30 s for framing.
    expect(server.config.http.requestTimeoutMs).toBe(351_000);
    expect(server.config.http.keepAliveTimeoutMs).toBe(5_000);
  });
});

describe('rate limits on the public write paths and geocode', () => {
  let server: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    const limits = { RATE_LIMIT_PUBLIC_WRITES: '3', RATE_LIMIT_GEOCODE: '2', RATE_LIMIT_WINDOW_SECONDS: '60' };
    server = await startTestServer(limits);
    proxied = await startTestServer({ ...limits, TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await server.close();
    await proxied.close();
  });

  const create = (target: TestServer, publicId: string, headers: Record<string, string> = {}) =>
    call(target, 'POST', `/public/v1/questionnaires/${publicId}/responses`, { versionNumber: 1 }, headers);

  it('answers 429 RATE_LIMITED with Retry-After and RateLimit headers once a client spends its budget', async () => {
    const q = await createPublished(server);
    const first = await create(server, q.publicId);
    expect(first.status).toBe(201);
    expect(first.headers.get('ratelimit-policy')).toMatch(/q=3; w=60/);
    expect(first.headers.get('ratelimit')).toMatch(/r=2/);
    const id = first.body.responseId;
    expect((await call(server, 'POST', `/public/v1/responses/${id}/complete`)).status).toBe(200);
    expect((await create(server, q.publicId)).status).toBe(201);
    const limited = await create(server, q.publicId);
    expectProblem(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toMatch(/r=0/);
    // Nothing was created by the refused request; saving answers is not limited.
    expect((await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`)).body.total).toBe(2);
    const second = (await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`)).body.items[0].responseId;
    for (let i = 0; i < 5; i++) {
      expect((await call(server, 'PATCH', `/public/v1/responses/${second}`, { answers: {} })).status).toBe(200);
    }
    expect((await call(server, 'GET', '/public/v1/geocode?q=Paris')).status).toBe(200);
    expect((await call(server, 'GET', '/public/v1/geocode?q=Lyon')).status).toBe(200);
    expectProblem(await call(server, 'GET', '/public/v1/geocode?q=Nice'), 429, 'RATE_LIMITED');
  });

  it('lets an embed on another origin read the 429 and its Retry-After (CORS headers on the refusal)', async () => {
    const q = await createPublished(server);
    const origin = 'https://embed.example';
    expect((await call(server, 'PATCH', `/api/v1/questionnaires/${q.id}`, { allowedOrigins: [origin] })).status).toBe(
      200,
    );
    let limited: Awaited<ReturnType<typeof create>> | undefined;
    for (let i = 0; i < 5 && !limited; i++) {
      const answer = await create(server, q.publicId, { origin });
      if (answer.status === 429) limited = answer;
    }
    expectProblem(limited!, 429, 'RATE_LIMITED');
    expect(limited!.headers.get('access-control-allow-origin')).toBe(origin);
    expect(limited!.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
  });

  it('counts X-Forwarded-For only when TRUST_PROXY says the proxy is trusted', async () => {
    const q = await createPublished(server);
    for (let i = 0; i < 3; i++) await create(server, q.publicId, { 'x-forwarded-for': `203.0.113.${i}` });
    // Untrusted: every request is 127.0.0.1, whatever the header claims.
    expectProblem(await create(server, q.publicId, { 'x-forwarded-for': '198.51.100.7' }), 429, 'RATE_LIMITED');

    const p = await createPublished(proxied);
    for (let i = 0; i < 3; i++) {
      expect((await create(proxied, p.publicId, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(201);
    }
    expectProblem(await create(proxied, p.publicId, { 'x-forwarded-for': '203.0.113.1' }), 429, 'RATE_LIMITED');
    expect((await create(proxied, p.publicId, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(201);
  });
});
