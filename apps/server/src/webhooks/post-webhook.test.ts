import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, RESPONSE_BODY_LIMIT } from './post-webhook.ts';
import type { ResolvedAddress } from './target-policy.ts';

/** A real receiver on 127.0.0.1 whose answer each test sets. */
describe('postWebhook', () => {
  let server: Server;
  let port: number;
  let hits: { path: string; headers: Record<string, unknown>; body: string }[] = [];
  let answer: (path: string, res: import('node:http').ServerResponse) => void = (_path, res) => res.end();
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      hits.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      answer(req.url ?? '', res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const toHere = async (): Promise<ResolvedAddress[]> => [{ address: '127.0.0.1', family: 4 }];
  const post = (url: string, allowPrivate = true, timeoutMs = 1000) =>
    postWebhook({
      url,
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
      body: '{"type":"webhook.test"}',
      policy: { resolve: toHere, allowPrivate, timeoutMs },
    });

  it('posts the body with its headers to the pinned address and reports the answer', async () => {
    hits = [];
    answer = (_path, res) => res.writeHead(202, { 'retry-after': '5' }).end('thanks\u0000!');
    const result = await post(`http://receiver.test:${port}/in`);
    expect(result).toEqual({ kind: 'answered', status: 202, body: 'thanks\uFFFD!', retryAfter: '5' });
    expect(hits).toEqual([
      {
        path: '/in',
        headers: expect.objectContaining({
          host: `receiver.test:${port}`,
          'webhook-id': 'msg_1',
          'content-length': '23',
        }),
        body: '{"type":"webhook.test"}',
      },
    ]);
  });

  it('reads at most 2 KB of the answer', async () => {
    answer = (_path, res) => {
      res.writeHead(500);
      // Far more than the limit, slowly: the reader must not wait for the end.
      res.write('y'.repeat(RESPONSE_BODY_LIMIT + 10));
      setTimeout(() => res.end('z'.repeat(1_000_000)), 2000).unref();
    };
    const started = Date.now();
    const result = await post(`http://receiver.test:${port}/big`);
    expect(result).toEqual({
      kind: 'answered',
      status: 500,
      body: 'y'.repeat(RESPONSE_BODY_LIMIT),
      retryAfter: undefined,
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('does not follow redirects', async () => {
    hits = [];
    answer = (path, res) => (path === '/old' ? res.writeHead(307, { location: '/new' }).end() : res.end());
    expect(await post(`http://receiver.test:${port}/old`)).toMatchObject({ kind: 'answered', status: 307 });
    expect(hits.map((hit) => hit.path)).toEqual(['/old']);
  });

  it('gives up at the deadline, whatever the receiver does', async () => {
    answer = (_path, res) => {
      res.writeHead(200);
      res.write('trickle');
    };
    const started = Date.now();
    expect(await post(`http://receiver.test:${port}/slow`, true, 300)).toEqual({
      kind: 'failed',
      error: 'No complete answer within 0.3 seconds',
    });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('refuses private addresses, literal or resolved, without connecting', async () => {
    hits = [];
    expect(await post(`http://127.0.0.1:${port}/literal`, false)).toMatchObject({
      kind: 'failed',
      error: expect.stringMatching(/loopback/),
    });
    expect(await post(`http://receiver.test:${port}/named`, false)).toMatchObject({
      kind: 'failed',
      error: expect.stringMatching(/loopback/),
    });
    expect(hits).toEqual([]);
  });

  it('says in words when nobody listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await post(`http://receiver.test:${closedPort}/`)).toEqual({
      kind: 'failed',
      error: 'The receiver refused the connection (ECONNREFUSED)',
    });
  });
});
