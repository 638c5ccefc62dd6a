import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sleep } from './expect-problem.ts';
import { fileDefinition } from './files-helpers.ts';
import { OpenConnection } from './open-connection.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/** A published questionnaire with a file question and one response to upload to, made over HTTP. */
async function responseToUploadTo(url: string): Promise<string> {
  const json = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, url), {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    expect(response.status, path).toBeLessThan(300);
    return response.json() as Promise<Record<string, string>>;
  };
  const { id } = await json('POST', '/api/v1/questionnaires', { name: 'Drain' });
  await json('PUT', `/api/v1/questionnaires/${id}/draft`, fileDefinition());
  const { publicId } = await json('POST', `/api/v1/questionnaires/${id}/publish`);
  const { responseId } = await json('POST', `/public/v1/questionnaires/${publicId}/responses`, { versionNumber: 1 });
  return responseId as string;
}

/**
 * A multipart upload from a slow client: `chunks` pieces of 6 KiB, one every `everyMs`, on its
 * own connection. Resolves with the connection once the head is sent; `done` once the last byte is.
 */
async function slowUpload(url: string, responseId: string, chunks: number, everyMs: number) {
  const connection = await OpenConnection.open(url);
  // Answered once first: the server has taken the connection (not still queued in the kernel).
  expect((await connection.request('GET', '/healthz')).status).toBe(200);
  const boundary = 'slow-client-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const piece = Buffer.alloc(6 * 1024, 7);
  connection.send('POST', `/public/v1/responses/${responseId}/files?questionCode=doc`, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(head.length + piece.length * chunks + tail.length),
  });
  connection.write(head);
  const done = (async () => {
    for (let i = 0; i < chunks; i++) {
      connection.write(piece);
      await sleep(everyMs);
    }
    connection.write(tail);
  })();
  return { connection, done, size: piece.length * chunks };
}

/** Keep-alive load: `clients` loops over one Agent, until the server stops taking connections. */
function keepAliveLoad(url: string, clients: number, signalled: () => boolean) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const cut: string[] = [];
  let answeredAfterSignal = 0;
  const loops = Array.from({ length: clients }, async () => {
    for (;;) {
      const sentAfterSignal = signalled();
      const outcome = await new Promise<{ status: number } | { error: NodeJS.ErrnoException; reused: boolean }>(
        (resolve) => {
          const req = request(`${url}/api/v1/questionnaires`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
          });
          req.on('error', (error: NodeJS.ErrnoException) => resolve({ error, reused: req.reusedSocket })).end();
        },
      );
      if ('status' in outcome) {
        if (sentAfterSignal) answeredAfterSignal++;
        continue;
      }
      // Once the server stops listening, a new connection fails (refused; or reset, when the
      // kernel had queued it before the listener closed): the client never had it open. A
      // request on a connection that was open and failed is one cut.
      if (outcome.reused || !signalled()) cut.push(outcome.error.code ?? outcome.error.message);
      return;
    }
  });
  return {
    cut,
    answeredAfterSignal: () => answeredAfterSignal,
    finished: Promise.all(loops).then(() => agent.destroy()),
  };
}

const messages = (server: ServerProcess) => server.logs.map((line) => JSON.parse(line).msg as string);

async function untilLogged(server: ServerProcess, text: string) {
  while (!server.logs.some((line) => line.includes(text))) await sleep(20);
}

describe('draining on SIGTERM', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fe-drain-'));
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers every request sent on an open connection after the signal, finishes a slow upload, exits 0', async () => {
    server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '8' });
    const responseId = await responseToUploadTo(server.url);
    const open = await Promise.all(Array.from({ length: 6 }, () => OpenConnection.open(server!.url)));
    for (const connection of open) expect((await connection.request('GET', '/healthz')).status).toBe(200);

    let signalled = false;
    const load = keepAliveLoad(server.url, 4, () => signalled);
    const upload = await slowUpload(server.url, responseId, 16, 250); // about 4 s
    await sleep(300);
    const exited = once(server.child, 'exit');
    signalled = true;
    server.child.kill('SIGTERM');
    await untilLogged(server, 'shutting down');

    // Each open connection is still answered, told to close, and then closed.
    const answers = await Promise.all(open.map((connection) => connection.request('GET', '/api/v1/questionnaires')));
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, headers: { connection: 'close' } });
    await Promise.all(open.map((connection) => connection.untilClosed()));
    // No new connections.
    await expect(OpenConnection.open(server.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    await load.finished;
    expect(load.cut).toEqual([]);
    expect(load.answeredAfterSignal()).toBeGreaterThan(0);

    await upload.done;
    const stored = await upload.connection.answer().catch((error: Error) => {
      throw new Error(`${error.message}; server log:\n${server?.logs.join('\n')}`);
    });
    expect(stored.status, stored.body).toBe(201);
    expect(JSON.parse(stored.body).size).toBe(upload.size);
    expect(stored.headers.connection).toBe('close');

    const [code] = await exited;
    expect(code).toBe(0);
    expect(messages(server)).toEqual(expect.arrayContaining(['shutting down', 'connections drained', 'stopped']));
    expect(messages(server).at(-1)).toBe('stopped');
  }, 90_000);

  it('drains both servers with MANAGEMENT_PORT', async () => {
    server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, MANAGEMENT_PORT: '0' });
    const publicSide = await OpenConnection.open(server.url);
    const managementSide = await OpenConnection.open(server.managementUrl as string);
    expect((await publicSide.request('GET', '/healthz')).status).toBe(200);
    expect((await managementSide.request('GET', '/api/v1/questionnaires')).status).toBe(200);
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await untilLogged(server, 'shutting down');
    expect(await publicSide.request('GET', '/healthz')).toMatchObject({
      status: 200,
      headers: { connection: 'close' },
    });
    expect(await managementSide.request('GET', '/api/v1/questionnaires')).toMatchObject({
      status: 200,
      headers: { connection: 'close' },
    });
    const [code] = await exited;
    expect(code).toBe(0);
  }, 60_000);

  it('does not let idle connections outlast the grace period when the keep-alive timeout is longer', async () => {
    server = await startServerProcess({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '60',
      SHUTDOWN_GRACE_SECONDS: '4',
    });
    const idle = await OpenConnection.open(server.url);
    expect((await idle.request('GET', '/healthz')).status).toBe(200);
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    await idle.untilClosed();
  }, 60_000);

  it('cuts what still runs after SHUTDOWN_GRACE_SECONDS and exits 1, saying so', async () => {
    server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '1' });
    const responseId = await responseToUploadTo(server.url);
    const upload = await slowUpload(server.url, responseId, 40, 250); // about 10 s
    await sleep(300);
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(1);
    expect(messages(server)).toContain('requests still running after the grace period; exiting');
    upload.connection.destroy();
  }, 60_000);
});
