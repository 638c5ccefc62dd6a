import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

describe('GET /api/v1/instance', () => {
  let plain: TestServer;
  let behindProxy: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
    behindProxy = await startTestServer({ PUBLIC_URL: 'https://forms.example.com/' });
  });
  afterAll(async () => {
    await plain?.close();
    await behindProxy?.close();
  });

  it('is null when PUBLIC_URL is unset, so the editor falls back to its own address', async () => {
    const res = await plain.fetch('/api/v1/instance');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicUrl: null });
  });

  it('gives PUBLIC_URL without its trailing slash', async () => {
    const res = await behindProxy.fetch('/api/v1/instance');
    expect(await res.json()).toEqual({ publicUrl: 'https://forms.example.com' });
  });
});
