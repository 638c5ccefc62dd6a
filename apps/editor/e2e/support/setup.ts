import { fileURLToPath } from 'node:url';
import { launchBrowser, type RunningServer, startServer } from '@forms-engine/browser-testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export interface E2eRun {
  server: RunningServer;
  browser: Browser;
}

/** The server serves this build of the editor; the geocoder answers nothing (no index to build). */
const EDITOR_ENV = {
  EDITOR_DIST_DIR: fileURLToPath(new URL('../../dist/', import.meta.url)),
  GEOCODER_URL: 'http://127.0.0.1:9/api',
};

/**
 * The real server (with `env` added) and Chromium for the calling test file: started before its
 * tests, stopped after them. The fields are set once the file's first beforeAll has run.
 */
export function withServerAndBrowser(env: Record<string, string> = {}): E2eRun {
  const run = {} as E2eRun;
  beforeAll(async () => {
    [run.server, run.browser] = await Promise.all([startServer({ ...EDITOR_ENV, ...env }), launchBrowser()]);
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  return run;
}
