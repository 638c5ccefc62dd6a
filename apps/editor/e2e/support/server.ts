import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../../server/', import.meta.url));
const EDITOR_DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The real server as its own process on a free port, serving the built editor, over a fresh
 * database (a new Postgres database when DATABASE_URL is set, else PGlite in a temporary dir).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fe-editor-e2e-'));
  const childEnv: Record<string, string | undefined> = { ...process.env };
  let database: { databaseUrl: string | undefined; dispose(): Promise<void> } | undefined;
  if (process.env.DATABASE_URL) {
    const { createTestDatabase } = await import('@forms-engine/db/testing');
    database = await createTestDatabase();
    childEnv.DATABASE_URL = database.databaseUrl;
  } else delete childEnv.DATABASE_URL;
  // Only a test that asks for a management token gets one.
  delete childEnv.MANAGEMENT_API_TOKEN;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...childEnv,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      EDITOR_DIST_DIR: EDITOR_DIST,
      RATE_LIMIT_PUBLIC_WRITES: '0',
      RATE_LIMIT_GEOCODE: '0',
      GEOCODER_URL: 'http://127.0.0.1:9/api',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk) => stderr.push(String(chunk)));
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr.join('')}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr.join('')}`)));
    lines.on('line', (line) => {
      if (!line.includes('Forms Engine listening')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line).port);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
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
