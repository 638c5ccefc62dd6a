import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FlakyProxy {
  url: string;
  /**
   * The next `times` requests with this method and a path matching `path` are answered by the
   * proxy with `status` and `Retry-After` (a problem body, readable cross-origin, as the
   * server's own 503 is), instead of reaching the server.
   */
  failNext(method: string, path: RegExp, times: number, status?: number, retryAfterSeconds?: number): void;
  /** `METHOD path` of every request the proxy answered itself. */
  refused: string[];
  close(): Promise<void>;
}

/**
 * A real HTTP proxy in front of the real server, for faults the server does not make on
 * demand (a 503 while its database is away). Everything else passes through untouched.
 */
export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const rules: { method: string; path: RegExp; times: number; status: number; retryAfter: number }[] = [];
  const refused: string[] = [];
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const rule = rules.find((r) => r.times > 0 && r.method === incoming.method && r.path.test(path));
    if (rule) {
      rule.times -= 1;
      refused.push(`${incoming.method} ${path}`);
      incoming.resume();
      outgoing.writeHead(rule.status, {
        'Content-Type': 'application/problem+json',
        'Retry-After': String(rule.retryAfter),
        'Access-Control-Allow-Origin': incoming.headers.origin ?? '*',
        'Access-Control-Expose-Headers': 'Retry-After',
        Vary: 'Origin',
      });
      const problem = { type: 'about:blank', title: 'Service Unavailable', status: rule.status };
      outgoing.end(JSON.stringify({ ...problem, code: 'SERVICE_UNAVAILABLE', detail: 'Try again shortly' }));
      return;
    }
    const forwarded = request(
      new URL(path, upstream),
      { method: incoming.method, headers: { ...incoming.headers, host: upstream.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNext(method, path, times, status = 503, retryAfterSeconds = 1) {
      rules.push({ method, path, times, status, retryAfter: retryAfterSeconds });
    },
    refused,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
