import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, kb, measureScreen, modulesIn, SCREENS, type ScreenName } from '../scripts/route-size.ts';
import { apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * Each screen loads only what it needs (the build from ensure-build.ts): the list and the summary
 * stay under their budgets, and the draft editor's heavy parts (drag and drop, the embed it previews with) load with
 * the draft screen only. Sizes come from Vite's manifest; Chromium checks that the manifest tells
 * the truth about what the list screen requests.
 */

const run = withServerAndBrowser();
const HEAVY = /@dnd-kit\/|embed-client\//;

describe('the JavaScript each screen loads', () => {
  it.each(Object.entries(BUDGET_KB) as [ScreenName, number][])(
    'the %s screen loads at most %i KB of JavaScript, gzipped',
    (screen, budget) => {
      const size = measureScreen(screen);
      expect({ gzip: kb(size.gzip), within: size.gzip <= budget * 1024 }).toEqual({
        gzip: kb(size.gzip),
        within: true,
      });
    },
  );

  it('drag and drop and the embed load with the draft screen and no other', () => {
    const heavyIn = (screen: ScreenName) => modulesIn(measureScreen(screen).files).filter((m) => HEAVY.test(m));
    for (const screen of Object.keys(SCREENS) as ScreenName[]) {
      if (screen === 'draft') continue;
      expect({ screen, heavy: heavyIn(screen) }).toEqual({ screen, heavy: [] });
    }
    const draft = heavyIn('draft');
    expect(draft.some((m) => m.includes('@dnd-kit/core'))).toBe(true);
    expect(draft.some((m) => m.includes('embed-client/'))).toBe(true);
  });

  it('in Chromium, the list screen requests exactly the files measured for it', async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js')) scripts.add(path);
    });
    await page.goto(run.server.url);
    await page.getByRole('heading', { name: 'Questionnaires', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const expected = measureScreen('list').files.map((file) => `/${file}`);
    expect([...scripts].sort()).toEqual(expected.sort());
    await context.close();
  });

  it('in Chromium, the first load logs no console error (the icon is found) and its scripts come Brotli-coded', async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const codings = new Map<string, string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/^\/assets\/.*\.(js|css)$/.test(path))
        codings.set(path, response.headers()['content-encoding'] ?? 'identity');
    });
    await page.goto(run.server.url);
    await page.getByRole('heading', { name: 'Questionnaires', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href'));
    expect(icon).toBe('/favicon.svg');
    expect((await fetch(`${run.server.url}${icon}`)).status).toBe(200);
    const entry = [...codings.keys()].filter((path) => /^\/assets\/index-[^/]+\.(js|css)$/.test(path));
    expect(entry.length).toBe(2);
    for (const path of entry) expect({ path, coding: codings.get(path) }).toEqual({ path, coding: 'br' });
    await context.close();
  });

  it('a screen whose code cannot be loaded says so in words and offers a reload', async () => {
    const q = await apiOf(run.server.url).questionnaire('Offline', { schemaVersion: 1, questions: [] });
    const context = await run.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${run.server.url}/questionnaires/${q.id}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    // The connection drops just as the builder opens the versions.
    await page.route('**/assets/versions-page-*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Versions' }).click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reload the page' }).count()).toBe(1);
    expect(await page.locator('main').textContent()).not.toMatch(/TypeError|assets\/|\.js/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.unroute('**/assets/versions-page-*.js');
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await page.getByRole('heading', { name: 'Versions' }).waitFor();
    await context.close();
  });
});
