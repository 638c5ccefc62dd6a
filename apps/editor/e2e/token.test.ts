import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { withServerAndBrowser } from './support/setup.ts';

/** With MANAGEMENT_API_TOKEN set, the editor asks for the token once per tab and then works. */

const TOKEN = 'e2e-management-token-0123456789';

const run = withServerAndBrowser({ MANAGEMENT_API_TOKEN: TOKEN });

async function newTab(url: string): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await run.browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors, close: () => context.close() };
}

describe('with MANAGEMENT_API_TOKEN set', () => {
  it('asks for the token once, then works, downloads included, until the tab is gone', async () => {
    const api = apiOf(run.server.url, TOKEN);
    const q = await api.questionnaire('Guarded', {
      schemaVersion: 1,
      questions: [
        { id: 'q1', code: 'colour', type: 'SHORT_TEXT', prompt: 'Favourite colour' },
        { id: 'q2', code: 'notes', type: 'FILE_UPLOAD', prompt: 'Your notes' },
      ],
    });
    // A respondent's answers with an uploaded file, through the public API as the embed sends them.
    const { responseId } = await api.ok<{ responseId: string }>(
      'POST',
      `/public/v1/questionnaires/${q.publicId}/responses`,
      { versionNumber: 1, externalRef: 'ref-1' },
    );
    const form = new FormData();
    form.append('file', new Blob(['my notes'], { type: 'text/plain' }), 'notes.txt');
    const uploaded = await fetch(`${run.server.url}/public/v1/responses/${responseId}/files?questionCode=notes`, {
      method: 'POST',
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const file = await uploaded.json();
    await api.ok('PATCH', `/public/v1/responses/${responseId}`, { answers: { colour: 'teal', notes: [file] } });
    await api.ok('POST', `/public/v1/responses/${responseId}/complete`);
    expect((await apiOf(run.server.url).call('GET', '/api/v1/questionnaires')).status).toBe(401);

    const { page, errors, close } = await newTab(`${run.server.url}/`);
    const tokenField = page.getByLabel('Token', { exact: true });
    await tokenField.waitFor();
    expect(await page.getByRole('heading', { name: 'Management token' }).isVisible()).toBe(true);

    // A wrong token is refused and asked for again.
    await tokenField.fill('not-the-token');
    await page.getByRole('button', { name: 'Use token' }).click();
    await expect.poll(() => page.getByLabel('Token', { exact: true }).count()).toBe(1);

    await page.getByLabel('Token', { exact: true }).fill(TOKEN);
    await page.getByRole('button', { name: 'Use token' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Guarded' }).count()).toBeGreaterThan(0);

    // Another screen, loaded afresh: the tab keeps the token (sessionStorage), no second prompt.
    await page.goto(`${run.server.url}/questionnaires/${q.id}/responses`);
    const table = page.getByRole('table', { name: 'Responses' });
    await expect.poll(() => table.getByText('ref-1').count()).toBe(1);
    expect(await page.getByLabel('Token', { exact: true }).count()).toBe(0);

    // The CSV is fetched with the bearer token, which a plain link could not send.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('teal');
    expect(csv).toContain('ref-1');

    await table.getByRole('link', { name: /^Response / }).click();
    // The table shows the first answers too: wait for the response's own page.
    await page.waitForURL(/\/responses\/[^/]+$/);
    // The URL changes before the response's page replaces the table (which shows the same words),
    // and its answers come with its version: wait for the page, then for both together.
    await page.getByRole('heading', { name: /^Response / }).waitFor();
    await expect
      .poll(async () => [await page.getByText('Favourite colour').count(), await page.getByText('teal').count()])
      .toEqual([1, 1]);
    // The uploaded file, fetched with the token too.
    const [fileDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download notes.txt' }).click(),
    ]);
    expect(fileDownload.suggestedFilename()).toBe('notes.txt');
    expect(await readFile(await fileDownload.path(), 'utf8')).toBe('my notes');

    // A new tab is a new session: it asks again.
    const other = await newTab(`${run.server.url}/`);
    await expect.poll(() => other.page.getByLabel('Token', { exact: true }).count()).toBe(1);
    await other.close();

    expect(errors).toEqual([]);
    await close();
  });
});
