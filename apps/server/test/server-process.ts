import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
// A process on the embedded database, on a machine shared with other suites, has taken over 30 s to start.
const START_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  url: string;
  /** The management port's URL, when MANAGEMENT_PORT was set. */
  managementUrl: string | undefined;
  child: ChildProcess;
  /** Every line the process wrote to stdout so far (its log). */
  logs: string[];
  stop(): Promise<void>;
}

/** The server entry point (src/main.ts) as its own OS process, with its output collected. */
export function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PUBLIC_WRITES: '0',
      RATE_LIMIT_GEOCODE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  const logs: string[] = [];
  child.stderr?.on('data', (chunk) => stderr.push(String(chunk)));
  createInterface({ input: child.stdout! }).on('line', (line) => logs.push(line));
  return { child, logs, stderr };
}

/** Runs the real server as its own OS process on a free port, once it says it is listening. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const { child, logs, stderr } = spawnServer(env);
  const listening = await new Promise<{ port: number; managementPort?: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr.join('')}`)), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr.join('')}`)));
    const poll = setInterval(() => {
      const line = logs.find((entry) => entry.includes('Forms Engine listening'));
      if (!line) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve(JSON.parse(line));
    }, 20);
  });
  return {
    url: `http://127.0.0.1:${listening.port}`,
    managementUrl: listening.managementPort ? `http://127.0.0.1:${listening.managementPort}` : undefined,
    child,
    logs,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
