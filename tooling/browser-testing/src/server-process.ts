import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../../apps/server/', import.meta.url));
const START_TIMEOUT_MS = 60_000;

export interface RunningServer {
  url: string;
  /** Every line the server has printed so far, as an operator reads them (accounts mode's setup code is one). */
  lines: string[];
  stop(): Promise<void>;
}

/**
 * The real Forms Engine server (apps/server/src/main.ts) as its own OS process on a free port,
 * over a fresh database: a new Postgres database when DATABASE_URL is set, else embedded PGlite
 * in a temporary data directory. Rate limits are off (every test page comes from 127.0.0.1,
 * unlike real respondents) and no management token is inherited; `env` adds or overrides.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fe-browser-test-'));
  const inherited: Record<string, string | undefined> = { ...process.env };
  delete inherited.MANAGEMENT_API_TOKEN;
  let database: { databaseUrl: string | undefined; dispose(): Promise<void> } | undefined;
  if (process.env.DATABASE_URL) {
    const { createTestDatabase } = await import('@forms-engine/db/testing');
    database = await createTestDatabase();
    inherited.DATABASE_URL = database.databaseUrl;
  } else {
    delete inherited.DATABASE_URL;
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      RATE_LIMIT_PUBLIC_WRITES: '0',
      RATE_LIMIT_GEOCODE: '0',
      // The tests' own Node clients (undici) reuse idle connections; on a starved CI machine a reuse
      // can cross the server's 5 s idle close and meet a reset (seen once: ECONNRESET on a POST).
      // Browsers retry such a request themselves; Node does not. A long idle time keeps the tests
      // about the product rather than about that race.
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '120',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk) => stderr.push(String(chunk)));
  const output = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr.join('')}`)), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr.join('')}`)));
    output.on('line', (line) => {
      lines.push(line);
      if (!line.includes('Forms Engine listening')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line).port);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    lines,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await database?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
