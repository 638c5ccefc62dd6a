import { launchBrowser, type RunningServer, startServer } from '@forms-engine/browser-testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { focusedName, tabTo } from './support/keyboard.ts';
import { setupCodeFrom } from './support/setup-code.ts';

/**
 * Accounts mode end to end (issue 26): the first owner set up with the code from the server's
 * log, a key for automation, a questionnaire published by the owner, an analyst invited and
 * joining in another browser, who reads the summary and is offered no Publish; an invitation sent to
 * the wrong address seen waiting and cancelled, its link then refused. axe-core on every new screen,
 * light and dark.
 */

let server: RunningServer;
let browser: Browser;
let owner: Page;
let analyst: Page;
let inviteUrl = '';
let questionnaireId = '';
let apiKey = '';

const OWNER_PASSWORD = 'owner password long enough';
const ANALYST_PASSWORD = 'analyst password long enough';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ AUTH_MODE: 'accounts', EDITOR_DIST_DIR: new URL('../dist/', import.meta.url).pathname }),
    launchBrowser(),
  ]);
  owner = await (
    await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    })
  ).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SHOTS = process.env.E2E_SCREENSHOTS;

/** axe on the screen in both schemes; a picture of it for a person to look at when E2E_SCREENSHOTS names a folder. */
async function expectAccessible(page: Page, screen: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${screen.replace(/\W+/g, '-')}.png`, fullPage: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const violations = await accessibilityViolations(page);
    expect({ screen, scheme, violations }).toEqual({ screen, scheme, violations: [] });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('accounts mode', () => {
  it('sets up the first owner with the setup code from the server’s log', async () => {
    // The server may print it just after it starts listening; until then `setupCodeFrom` throws, and says why.
    await expect.poll(() => setupCodeFrom(server.lines), { timeout: 10_000 }).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const code = setupCodeFrom(server.lines);
    await owner.goto(server.url);
    await owner.getByRole('heading', { name: 'Set up Forms Engine' }).waitFor();
    await expectAccessible(owner, 'first-owner setup');
    await owner.getByLabel('Setup code').fill(code);
    await owner.getByLabel('Your email').fill('ana@example.com');
    await owner.getByLabel('Your name').fill('Ana');
    await owner.getByLabel('Password').fill(OWNER_PASSWORD);
    await owner.keyboard.press('Enter');
    await owner.getByRole('heading', { name: 'Questionnaires', exact: true }).waitFor();
    expect(await owner.getByRole('banner').textContent()).toContain('Ana');
  });

  it('creates an API key for automation, its secret shown once', async () => {
    await owner.getByRole('link', { name: 'API keys' }).click();
    await owner.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await expectAccessible(owner, 'API keys, none yet');
    await owner.getByLabel('Name', { exact: true }).fill('Set-up script');
    await owner.getByRole('radio', { name: /^Editor:/ }).check();
    await owner.getByRole('button', { name: 'Create key' }).click();
    const notice = owner.getByRole('region', { name: 'API key “Set-up script”' });
    await notice.waitFor();
    const key = (await notice.locator('code.secret').textContent()) ?? '';
    expect(await notice.textContent()).toContain('it will not be shown again');
    await expectAccessible(owner, 'API keys, a secret shown');

    apiKey = key;
    const api = apiOf(server.url, key);
    const created = await api.questionnaire(
      'Volunteer application',
      { schemaVersion: 1, questions: [{ id: 'q1', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name' }] },
      { publish: false },
    );
    questionnaireId = created.id;
    // Without the key (or a session) the management API refuses.
    expect((await apiOf(server.url).call('GET', '/api/v1/questionnaires')).status).toBe(401);
  });

  it('publishes as the owner, and the versions say who published', async () => {
    await owner.goto(`${server.url}/questionnaires/${questionnaireId}`);
    await owner.getByRole('heading', { name: 'Volunteer application' }).waitFor();
    await owner.getByRole('button', { name: 'Publish' }).click();
    await owner.getByText('Version 1 is published', { exact: false }).waitFor();
    await owner.getByRole('link', { name: 'Versions' }).click();
    const row = owner.getByRole('row', { name: /Version 1/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Ana');
  });

  it('invites an analyst with the keyboard alone and copies the link', async () => {
    await owner.getByRole('link', { name: 'Members' }).click();
    await owner.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await tabTo(owner, 'Their email');
    await owner.keyboard.type('cleo@example.com');
    // Analyst is the role chosen unless the owner picks another.
    await owner.keyboard.press('Tab');
    expect(await owner.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true);
    expect(await owner.evaluate(() => document.activeElement?.parentElement?.textContent)).toMatch(/^ ?Analyst:/);
    await tabTo(owner, 'Make an invitation link');
    await owner.keyboard.press('Enter');
    const notice = owner.getByRole('region', { name: 'Invitation link for cleo@example.com' });
    await notice.waitFor();
    inviteUrl = (await notice.locator('code.secret').textContent()) ?? '';
    expect(inviteUrl).toContain('/invite/');
    // The focus is on the notice: the next Tab reaches Copy link.
    await owner.keyboard.press('Tab');
    expect(await focusedName(owner)).toBe('Copy link');
    await owner.keyboard.press('Enter');
    await notice.getByRole('status').getByText('Copied').waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(inviteUrl);
    await expectAccessible(owner, 'members, an invitation link shown');
  });

  it('the analyst joins in another browser, reads the summary and is offered no Publish', async () => {
    analyst = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // The link as the owner copied it, on this test server's address.
    await analyst.goto(`${server.url}${new URL(inviteUrl).pathname}`);
    await analyst.getByRole('heading', { name: 'Join Forms Engine' }).waitFor();
    await expectAccessible(analyst, 'invitation');
    await analyst.getByLabel('Your name').fill('Cleo');
    await analyst.getByLabel('Password').fill(ANALYST_PASSWORD);
    await analyst.getByRole('button', { name: 'Join and open the editor' }).click();
    await analyst.getByRole('link', { name: 'Volunteer application' }).click();
    await analyst.waitForURL(/\/summary$/);
    await analyst.getByRole('navigation', { name: 'Questionnaire' }).waitFor();
    expect(
      await analyst.getByRole('navigation', { name: 'Questionnaire' }).getByRole('link').allTextContents(),
    ).toEqual(['Versions', 'Summary', 'Responses']);
    expect(await analyst.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    expect(await analyst.getByRole('navigation', { name: 'Team' }).count()).toBe(0);
    await expectAccessible(analyst, 'summary as an analyst');
    // The server refuses what the screen does not offer.
    const refused = await analyst.evaluate(async (id) => {
      const response = await fetch(`/api/v1/questionnaires/${id}/publish`, { method: 'POST' });
      return response.status;
    }, questionnaireId);
    expect(refused).toBe(403);
  });

  it('cancels an invitation sent to the wrong address: it leaves the list, and its link no longer works', async () => {
    await owner.getByRole('link', { name: 'Members' }).click();
    await owner.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await owner.getByLabel('Their email').fill('wrong@example.com');
    await owner.getByRole('button', { name: 'Make an invitation link' }).click();
    const notice = owner.getByRole('region', { name: 'Invitation link for wrong@example.com' });
    const wrongUrl = (await notice.locator('code.secret').textContent()) ?? '';
    const waiting = owner.getByRole('region', { name: 'Invitations waiting' });
    const item = waiting.getByRole('listitem').filter({ hasText: 'wrong@example.com' });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/wrong@example\.comAnalystexpires .+invited by Ana/);
    // Cleo joined: her invitation is no longer waiting.
    expect(await waiting.getByText('cleo@example.com').count()).toBe(0);
    await expectAccessible(owner, 'members, an invitation waiting');

    // By keyboard alone: Escape keeps the invitation and gives the focus back; Enter confirms.
    const cancel = item.getByRole('button', { name: 'Cancel invitation for wrong@example.com' });
    await cancel.focus();
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('dialog', { name: 'Cancel the invitation for wrong@example.com?' });
    expect(await dialog.textContent()).toContain('The link will stop working.');
    await expectAccessible(owner, 'members, cancelling an invitation');
    await owner.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await item.count()).toBe(1);
    await owner.keyboard.press('Enter');
    const confirm = dialog.getByRole('button', { name: 'Cancel invitation' });
    await expect.poll(() => confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    await owner.keyboard.press('Enter');
    await waiting.getByText('No invitations are waiting.').waitFor();
    await waiting.getByRole('status').getByText('The invitation for wrong@example.com is cancelled').waitFor();
    // Its link, dead now, is no longer offered to copy.
    expect(await notice.count()).toBe(0);
    await expectAccessible(owner, 'members, an invitation cancelled');

    const stranger = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await stranger.goto(`${server.url}${new URL(wrongUrl).pathname}`);
    await stranger.getByLabel('Your name').fill('Mallory');
    await stranger.getByLabel('Password').fill('a password long enough');
    await stranger.getByRole('button', { name: 'Join and open the editor' }).click();
    await stranger.getByRole('alert').getByText('This invitation link cannot be used any more').waitFor();
    await expectAccessible(stranger, 'invitation cancelled');
    await stranger.context().close();
  });

  it('the owner sees the team and reads the audit log in words', async () => {
    await owner.getByRole('link', { name: 'Members' }).click();
    await owner.reload();
    await owner.getByRole('cell', { name: 'Cleo', exact: true }).waitFor();
    await expectAccessible(owner, 'members');
    await owner.getByRole('link', { name: 'Audit log' }).click();
    await owner.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await owner.getByText('Ana published version 1 of “Volunteer application”').waitFor();
    await owner.getByText('Ana cancelled the invitation for wrong@example.com to join as an analyst').waitFor();
    await expectAccessible(owner, 'audit log');

    // Who: the API key by its name, then the deployment token in words (this server sets none).
    await owner.getByLabel('Who').selectOption({ label: 'Set-up script' });
    await owner.getByRole('button', { name: 'Show' }).click();
    // The unfiltered log has the key's line too: the filter applied is seen when Ana's lines go.
    await expect.poll(() => owner.getByText(/^Ana published/).count()).toBe(0);
    await owner.getByText(/^The API key “Set-up script” created “Volunteer application”/).waitFor();
    await owner.getByLabel('Who').selectOption({ label: 'The deployment token' });
    await owner.getByRole('button', { name: 'Show' }).click();
    await owner.getByText('Nothing matches these filters.').waitFor();
    expect(new URL(owner.url()).searchParams.get('actor')).toBe('token');
    await expectAccessible(owner, 'audit log filtered by the deployment token');
  });

  it('the owner’s session ends while editing the draft: signing in again in a dialog keeps and saves the edit', async () => {
    await owner.goto(`${server.url}/questionnaires/${questionnaireId}`);
    const outline = owner.getByRole('navigation', { name: 'Outline' });
    await outline.waitFor();
    await outline.getByRole('button', { name: /^Your name \(/ }).click();
    // The session is gone, as after 14 days unused or a role changed by another owner.
    await owner.context().clearCookies();
    await owner.getByLabel('Prompt').fill('Your full name');
    const dialog = owner.getByRole('dialog', { name: 'Your session has ended' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Nothing you typed is lost');
    await expectAccessible(owner, 'session ended');
    await dialog.getByLabel('Email').fill('ana@example.com');
    await dialog.getByLabel('Password').fill(OWNER_PASSWORD);
    await owner.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await owner.getByLabel('Prompt').inputValue()).toBe('Your full name');
    await expect.poll(() => owner.locator('.save-status').textContent(), { timeout: 15_000 }).toBe('Saved');
    const held = await apiOf(server.url, apiKey).ok<{ draft: { questions: { prompt: string }[] } }>(
      'GET',
      `/api/v1/questionnaires/${questionnaireId}`,
    );
    expect(held.draft.questions[0]?.prompt).toBe('Your full name');
  });

  it('signs out, and signs in again where the analyst was (the sign-in screen accessible)', async () => {
    await analyst.getByRole('button', { name: 'Sign out' }).click();
    await analyst.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible(analyst, 'sign in');
    await analyst.getByLabel('Email').fill('cleo@example.com');
    await analyst.getByLabel('Password').fill(ANALYST_PASSWORD);
    await analyst.keyboard.press('Enter');
    // Back where the analyst was, signed in again.
    await analyst.getByRole('heading', { name: 'Volunteer application' }).waitFor();
    expect(await analyst.getByRole('banner').textContent()).toContain('Cleo');
    expect(analyst.url()).toMatch(/\/summary$/);
  });
});
