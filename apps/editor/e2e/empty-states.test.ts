import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/browser.ts';
import { focusedName, tabTo } from './support/keyboard.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * A new builder on an empty server: every empty screen says what to do next, and the way on
 * works with the keyboard alone. Chromium against the real server, axe-core on each screen.
 */

const run = withServerAndBrowser();
let page: Page;

async function expectAccessible(screen: string) {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

beforeAll(async () => {
  const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

describe('empty states', () => {
  it('the list says how to make the first questionnaire, and takes the keyboard to its name', async () => {
    await page.goto(run.server.url);
    await page.getByRole('heading', { name: 'No questionnaires yet' }).waitFor();
    await expectAccessible('list, empty');
    await tabTo(page, 'Name your first questionnaire');
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('New questionnaire');
    await page.keyboard.type('First survey');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/questionnaires\/[0-9a-f-]+$/);
    await page.getByRole('heading', { name: 'First survey' }).waitFor();
  });

  it('the versions screen says nothing is published yet and how to publish', async () => {
    await page.getByRole('link', { name: 'Versions' }).click();
    const panel = page.getByRole('region', { name: 'No versions yet' });
    await panel.waitFor();
    expect(await panel.textContent()).toContain('press Publish above: the draft becomes version 1');
    await expectAccessible('versions, none yet');
  });

  it('the responses screen says how to get the first one and links to the embed code', async () => {
    await page.getByRole('link', { name: 'Responses' }).click();
    const steps = page.getByRole('list', { name: 'How to get the first response' });
    await steps.waitFor();
    expect(await steps.getByRole('listitem').allTextContents()).toEqual([
      'Publish the questionnaire with the Publish button above.',
      'Put it on your site with the embed code in Settings.',
    ]);
    expect(await page.getByText('No responses match.').count()).toBe(0);
    await expectAccessible('responses, none yet');
    await tabTo(page, 'the embed code in Settings');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings#embed-title$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('embed-title');
    await expectAccessible('settings, reached from the responses');
  });

  it('the summary screen says how to get the first response', async () => {
    await page.getByRole('link', { name: 'Summary' }).click();
    const steps = page.getByRole('list', { name: 'How to get the first response' });
    await steps.waitFor();
    expect(await steps.getByRole('listitem').count()).toBe(2);
    await expectAccessible('summary, none yet');
  });
});
