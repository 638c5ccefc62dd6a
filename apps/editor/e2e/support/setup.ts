import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

export interface E2eRun {
  server: RunningServer;
  browser: Browser;
}

/**
 * The real server (with `env` added) and Chromium for the calling test file: started before its
 * tests, stopped after them. The fields are set once the file's first beforeAll has run.
 */
export function withServerAndBrowser(env: Record<string, string> = {}): E2eRun {
  const run = {} as E2eRun;
  beforeAll(async () => {
    [run.server, run.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  return run;
}
