import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER } from './accounts-helpers.ts';
import { type ServerProcess, spawnServer, startServerProcess } from './server-process.ts';

const codeIn = (logs: string[]) => {
  const line = logs.find((entry) => entry.includes('setup code'));
  return line ? /setup code ([A-Z2-9-]{19})/.exec(line)?.[1] : undefined;
};

// Real OS processes share a deployment only through a database server.
describe.runIf(process.env.DATABASE_URL)('accounts mode across real server processes', () => {
  let database: TestDatabase;
  let servers: ServerProcess[];
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.databaseUrl!, AUTH_MODE: 'accounts' };
    servers = [await startServerProcess(env), await startServerProcess(env)];
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database.dispose();
  });

  /** The code a process printed; it comes just after the "listening" line. */
  async function printedCode(server: ServerProcess): Promise<string | undefined> {
    for (let waited = 0; waited < 10_000 && !codeIn(server.logs); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return codeIn(server.logs);
  }

  it('prints one setup code per deployment in every process, which any process accepts once', async () => {
    const codes = await Promise.all(servers.map(printedCode));
    expect(codes[0]).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(codes[1]).toBe(codes[0]);
    const setup = (url: string) =>
      fetch(`${url}/api/v1/auth/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...OWNER, code: codes[0] }),
      });
    expect((await setup(servers[1]!.url)).status).toBe(201);
    expect((await setup(servers[0]!.url)).status).toBe(409);
  });
});

describe('AUTH_MODE at start', () => {
  it('refuses a value it does not know, with a sentence, and exits', async () => {
    const { child, stderr } = spawnServer({ AUTH_MODE: 'oauth' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    expect(stderr.join('')).toMatch(/AUTH_MODE: Must be open \(no sign-in, the default\) or accounts/);
  });
});
