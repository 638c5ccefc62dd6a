import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

export interface Running {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of `readyPath`. */
  startMs: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function start(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  { ipc = false } = {},
): Promise<Running> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ipc ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${readyPath}`, child, 60_000);
  return {
    url,
    child,
    startMs: performance.now() - started,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** The built server (dist/main.js), as `pnpm start` runs it, on the given database. */
export const startBuiltServer = (env: Record<string, string>) => start(['dist/main.js'], env, '/readyz');

/**
 * The built server with `bench/heap-probe.mjs` preloaded and an IPC channel to it: the same
 * server, whose heap the bench can read after a forced GC (`heapAfterGc`) or snapshot.
 */
export const startProbedServer = (env: Record<string, string>) =>
  start(['--expose-gc', '--import', './bench/heap-probe.mjs', 'dist/main.js'], env, '/readyz', { ipc: true });

export interface HeapReading {
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  arrayBuffers: number;
  spaces: { space_name: string; space_used_size: number }[];
}

/** One question to the probe, one answer; a process that exits instead fails the bench. */
async function ask<T>(child: ChildProcess, message: object): Promise<T> {
  const answer = once(child, 'message') as Promise<[T]>;
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`server exited with ${code} before answering the heap probe`);
  });
  child.send(message);
  const [reply] = await Promise.race([answer, exited]);
  return reply;
}

/** The probed server's memory right after a full garbage collection. */
export const heapAfterGc = (server: Running) => ask<HeapReading>(server.child, { heap: true });

/** Writes a heap snapshot of the probed server to `path` (absolute), for comparing by hand. */
export const writeHeapSnapshot = (server: Running, path: string) =>
  ask<{ snapshot: string }>(server.child, { snapshot: path });

/** The Express hello app (the ceiling). */
export const startHello = () => start(['bench/hello-server.mjs'], {}, '/hello');
