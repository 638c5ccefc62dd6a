import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process.ts';

describe('server process on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fe-process-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('starts without DATABASE_URL, keeps data across restarts, and stops cleanly on SIGTERM', async () => {
    const env = { DATABASE_URL: '', DATA_DIR: dataDir };
    const first = await startServerProcess(env);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    const created = await fetch(`${first.url}/api/v1/questionnaires`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Survives restarts' }),
    });
    const { id } = (await created.json()) as { id: string };
    await first.stop();
    expect(first.child.exitCode).toBe(0);

    const second = await startServerProcess(env);
    try {
      const again = await fetch(`${second.url}/api/v1/questionnaires/${id}`);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { name: string }).name).toBe('Survives restarts');
    } finally {
      await second.stop();
    }
  }, 90_000);

  it('refuses to start with invalid configuration, naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  }, 40_000);
});
