import { axeViolations, launchBrowser, type RunningServer, startServer } from '@forms-engine/browser-testing';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Api, apiOf } from './api';
import { cspViolations } from './browser';
import { type EmbedSpec, embedPage, type HostSite, type PageOptions, startHost } from './host';

export type Mode = 'npm' | 'script';

/** What one e2e test file runs against: the real server, a host site on another origin, Chromium. */
export interface E2E {
  server: RunningServer;
  host: HostSite;
  browser: Browser;
  api: Api;
  /**
   * A host page embedding questionnaires in a new browser context. `serverUrl` points the
   * embeds elsewhere (a proxy in front of the server); `context` sets the browser's options.
   */
  openPage(
    mode: Mode,
    embeds: EmbedSpec[],
    options?: PageOptions & { serverUrl?: string; context?: BrowserContextOptions },
  ): Promise<{ page: Page; errors: string[]; context: import('playwright-core').BrowserContext }>;
  close(): Promise<void>;
}

export async function startE2E(): Promise<E2E> {
  const [server, host, browser] = await Promise.all([startServer(), startHost(), launchBrowser()]);
  // Only for iterating locally before the server serves /embed/v1/embed.js: EMBED_JS_FROM_HOST=1.
  const scriptUrl = process.env.EMBED_JS_FROM_HOST ? `${host.origin}/dist/embed.global.js` : undefined;
  return {
    server,
    host,
    browser,
    api: apiOf(server.url),
    async openPage(mode, embeds, { serverUrl = server.url, context: contextOptions, ...options } = {}) {
      const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, ...contextOptions });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(host.page(embedPage(mode, serverUrl, embeds, { ...options, scriptUrl })) + (options.query ?? ''));
      if (mode === 'script') {
        const loaded = await page
          .waitForFunction(() => 'FormsEngine' in window, null, { timeout: 10_000 })
          .then(() => true)
          .catch(() => false);
        if (!loaded) throw new Error(`The script tag did not load: is ${serverUrl}/embed/v1/embed.js served?`);
      }
      return { page, errors, context };
    },
    async close() {
      await browser?.close();
      await host?.close();
      await server?.stop();
    },
  };
}

export const embed = (page: Page, id = 'embed-1') => page.locator(`#${id}`);
export const heading = (scope: Locator, name: string) => scope.getByRole('heading', { name, exact: true });

export async function expectAccessible(page: Page, screen: string) {
  const violations = await axeViolations(page);
  expect({ screen, violations }).toEqual({ screen, violations: [] });
}

/**
 * What axe's `color-contrast` rule made of the elements `selector` finds in the shadow root of
 * `host`: how many it checked and passed, failed, or could not decide ("incomplete", e.g. text
 * over an image). Run after `expectAccessible`, which puts axe in the page.
 */
export async function contrastVerdicts(page: Page, host: string, selector: string) {
  return page.evaluate(
    async ([host, selector]) => {
      const axe = (window as unknown as { axe?: { run: (context: unknown, options: unknown) => Promise<any> } }).axe;
      if (!axe) throw new Error('axe is not in the page: call expectAccessible first');
      const result = await axe.run(
        { include: [{ fromShadowDom: [host, selector] }] },
        { runOnly: { type: 'rule', values: ['color-contrast'] } },
      );
      const count = (list: { nodes: unknown[] }[]) => list.reduce((sum, rule) => sum + rule.nodes.length, 0);
      return {
        passes: count(result.passes),
        violations: count(result.violations),
        incomplete: count(result.incomplete),
      };
    },
    [host, selector] as const,
  );
}

export async function expectNoCspViolations(page: Page) {
  expect(await cspViolations(page)).toEqual([]);
}

export const sessionKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage));

/** Whether the element a locator finds has focus inside its shadow root. */
export const isFocused = (locator: Locator) =>
  locator.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement);

/**
 * Reloads with the page's scripts arriving after a network's worth of delay, as on a real site.
 * The save sent as the page unloads and the new page's rehydrate race: a page served from
 * localhost in milliseconds, on a busy machine, could ask before that save is stored.
 */
export async function reloadAsOnTheWeb(page: Page) {
  await page.context().route(/\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.reload();
}
