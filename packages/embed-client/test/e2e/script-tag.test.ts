import type { DefinitionInput } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedEvents } from './support/browser';
import { journey } from './support/definitions';
import { type E2E, embed, expectNoCspViolations, heading, startE2E } from './support/e2e';
import { embedPage } from './support/host';

/**
 * The script tag as a loader: /embed/v1/embed.js defines `window.FormsEngine` at once and imports
 * its module (and the module its chunks) from the server; what a questionnaire does not use is not loaded.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const oneQuestion = (question: object): DefinitionInput =>
  ({
    schemaVersion: 1,
    steps: [{ id: 's1', title: 'About you', questions: [question] }],
  }) as DefinitionInput;
const withUpload = oneQuestion({
  id: 'q1',
  code: 'documents',
  type: 'FILE_UPLOAD',
  prompt: 'Supporting documents',
  typeConfig: { maxFiles: 2 },
});
const withoutUpload = oneQuestion({ id: 'q1', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name', typeConfig: {} });

describe('the script tag', () => {
  it('works for a page that calls FormsEngine.mount right after it, before its module has arrived', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const server = e2e.server.url;
    const target = (id: string, extra = '') =>
      `<div id="${id}" data-base-url="${server}" data-public-id="${q.publicId}"${extra}></div>`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<script src="/record.js"></script></head>
<body><main><h1>Host page</h1>
${target('embed-1')}
${target('embed-2', ' data-destroy-at-once')}
<script src="${server}/embed/v1/embed.js"></script>
<script src="/mount-now.js"></script>
</main></body></html>`;
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(e2e.host.page(html));
    const form = embed(page);
    await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
    // It was mounted before the element (defined by the module) existed; the callback came through.
    expect(await page.evaluate(() => (window as any).__definedAtMount)).toBe(false);
    await expect.poll(() => page.evaluate(() => (window as any).__ready)).toEqual(['embed-1']);
    // The one destroyed at once never started.
    expect(await page.locator('#embed-2 [data-forms-engine]').count()).toBe(0);
    // The handle forwards to the real one: destroy removes the embed.
    await page.evaluate(() => (window as any).__handles['embed-1'].destroy());
    await expect.poll(() => page.locator('#embed-1 [data-forms-engine]').count()).toBe(0);
    await expectNoCspViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the parts chunk (the file upload among them) for a questionnaire with one, and not for one without', async () => {
    const upload = await e2e.api.publish(withUpload, { allowedOrigins: [e2e.host.origin] });
    const plain = await e2e.api.publish(withoutUpload, { allowedOrigins: [e2e.host.origin] });
    for (const [q, wanted] of [
      [upload, true],
      [plain, false],
    ] as const) {
      const { page, errors, context } = await e2e.openPage('script', [{ publicId: q.publicId }]);
      const form = embed(page);
      if (wanted) {
        const zone = form.getByRole('button', { name: /Supporting documents/ });
        await expect.poll(() => zone.isVisible()).toBe(true);
        expect(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))).toEqual(
          expect.arrayContaining([expect.stringMatching(/\/embed\/v1\/parts-[A-Z0-9]{8}\.js$/)]),
        );
      } else {
        await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
        const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
        expect(loaded.filter((name) => name.includes('/parts-'))).toEqual([]);
        expect(loaded).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/\/embed\/v1\/embed\.js$/),
            expect.stringMatching(/\/embed\/v1\/embed-module\.js$/),
          ]),
        );
      }
      await expectNoCspViolations(page);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('says so in the page, and in an error event, when its module cannot be loaded', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const context = await e2e.browser.newContext();
    // The module blocked (offline, a firewall): the loader itself arrives.
    await context.route(/\/embed\/v1\/embed-module\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(e2e.host.page(embedPage('script', e2e.server.url, [{ publicId: q.publicId }])));
    await expect
      .poll(() => embed(page).getByText('The questionnaire could not be loaded.', { exact: false }).isVisible())
      .toBe(true);
    await expect
      .poll(async () => (await recordedEvents(page)).map((event) => [event.name, event.target, event.detail?.code]))
      .toEqual([['error', 'embed-1', 'NETWORK_ERROR']]);
    await context.close();
  });
});
