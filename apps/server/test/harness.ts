import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import { createApp } from '../src/app.ts';
import { buildDeps } from '../src/build-deps.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createHttpServer } from '../src/http/http-server.ts';
import { createLogger, type Logger } from '../src/logger.ts';
import type { Deps } from '../src/services/deps.ts';
import { startWebhookSender } from '../src/webhooks/webhook-sender.ts';
import { type Exchange, OpenApiContract } from './openapi-contract.ts';

export interface TestServer {
  url: string;
  config: Config;
  database: TestDatabase;
  deps: Deps;
  /** fetch against the server; a relative path is resolved against its URL. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Another server's database, shared (as several processes share one); not disposed on close. */
  database?: TestDatabase;
  /** Where the server logs (silent by default). */
  logger?: Logger;
  /** Parts to use instead of the configured ones (a store that is down). */
  deps?: (deps: Deps) => Partial<Deps>;
}

/**
 * A real HTTP server on a random port over a fresh, migrated database (Postgres when
 * DATABASE_URL is set, in-memory PGlite otherwise) and a temporary data directory. Rate limits
 * are off unless `env` sets them: tests make many requests from one address.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(join(tmpdir(), 'fe-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PUBLIC_WRITES: '0',
    RATE_LIMIT_GEOCODE: '0',
    ...env,
  });
  const logger = options.logger ?? createLogger(config.logLevel);
  const built = buildDeps(database.db, config, logger);
  const deps = { ...built, ...options.deps?.(built) };
  const stopListening = await deps.publicQuestionnaires.subscribe(database.db);
  const stopWebhookSender = await startWebhookSender(deps, database.db.listen);
  const app = createApp({ deps, logger });
  const { server, listen } = createHttpServer(app, config.http);
  const url = `http://127.0.0.1:${(await listen(0, '127.0.0.1')).port}`;
  // Every exchange through `fetch` (and so `call`) is checked against the document on close.
  const exchanges: Promise<Exchange>[] = [];
  const record = (target: URL, init: RequestInit | undefined, response: Response) => {
    exchanges.push(
      response
        .clone()
        .text()
        .then((body) => ({
          method: init?.method ?? 'GET',
          path: target.pathname,
          status: response.status,
          contentType: response.headers.get('content-type'),
          body,
        })),
    );
    return response;
  };
  return {
    url,
    config,
    database,
    deps,
    fetch: (path, init) => {
      const target = new URL(path, url);
      return fetch(target, init).then((response) => record(target, init, response));
    },
    async close() {
      const document = await documentOnItsOwnConnection(url, config.managementToken);
      const contract = new OpenApiContract(document as ConstructorParameters<typeof OpenApiContract>[0]);
      const mismatches = (await Promise.all(exchanges))
        .map((exchange) => contract.check(exchange))
        .filter((mismatch) => mismatch !== undefined);
      server.closeAllConnections();
      await stopListening();
      await stopWebhookSender();
      await new Promise((resolve) => server.close(resolve));
      await deps.rateLimitCounters.close();
      if (!options.database) await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
      if (mismatches.length > 0) {
        throw new Error(`${mismatches.length} responses disagree with /openapi.json:\n${mismatches.join('\n')}`);
      }
    },
  };
}

/**
 * GET /openapi.json on a new connection: a test that kept this process busy past the keep-alive
 * timeout (the linters run for seconds) must not meet a pooled socket the server is closing.
 */
function documentOnItsOwnConnection(url: string, token: string | undefined): Promise<unknown> {
  // Accounts mode guards the document too; MANAGEMENT_API_TOKEN opens it (open mode ignores it).
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  return new Promise((resolve, reject) => {
    get(new URL('/openapi.json', url), { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    }).on('error', reject);
  });
}

/** JSON request helper: returns status, headers and parsed body (or raw text when not JSON). */
export async function call(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await server.fetch(path, init);
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, body: json };
}
