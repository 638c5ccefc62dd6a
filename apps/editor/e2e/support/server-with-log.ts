import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../../server/', import.meta.url));
const START_TIMEOUT_MS = 60_000;

export interface ServerWithLog {
  url: string;
  /** Every line the server has printed so far, as an operator reads them. */
  lines: string[];
  stop(): Promise<void>;
}

/**
 * The real server as `@forms-engine/browser-testing`'s `startServer` runs it (a fresh database,
 * rate limits off, no token inherited), keeping its output: accounts mode's first owner needs the
 * setup code that only the server's log shows. (`startServer` does not hand its lines out.)
 */
export async function startServerWithLog(env: Record<string, string>): Promise<ServerWithLog> {
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

/**
 * The setup code as an operator finds it: on the line that says "setup code". A JSON log line may
 * carry it as a field (`setupCode`, `code`); otherwise it is the word after "setup code".
 */
export function setupCodeFrom(lines: string[]): string | undefined {
  const line = lines.find((text) => /setup code/i.test(text));
  if (!line) return undefined;
  try {
    const parsed = JSON.parse(line) as Record<string, unknown>;
    for (const key of ['setupCode', 'code']) {
      if (typeof parsed[key] === 'string') return parsed[key] as string;
    }
    const message = String(parsed.msg ?? parsed.message ?? '');
    return /setup code\W+([A-Za-z0-9][A-Za-z0-9_-]{5,})/i.exec(message)?.[1];
  } catch {
    return /setup code\W+([A-Za-z0-9][A-Za-z0-9_-]{5,})/i.exec(line)?.[1];
  }
}
