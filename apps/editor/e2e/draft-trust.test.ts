import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { threeSteps } from './support/drafts.ts';
import { expectSaved } from './support/editor-page.ts';
import { startHostSite } from './support/host-page.ts';
import { startProxy } from './support/proxy.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * The draft editor a builder can trust, in real Chromium against the real server: nothing typed
 * is lost (a half-built rule, a removed question, a reload), problems read as sentences, codes
 * follow prompts, lists take commas, and the preview shows the selected screen at a phone's
 * and a desktop page's width.
 */

const run = withServerAndBrowser();
let context: BrowserContext;

beforeAll(async () => {
  context = await run.browser.newContext({ viewport: { width: 1440, height: 1000 } });
});
afterAll(() => context?.close());

/** A draft as the API returns it, read loosely. */
type Draft = { steps: { title: string; questions: Record<string, any>[] }[] };

async function openDraft(publish = false) {
  const api = apiOf(run.server.url);
  const q = await api.questionnaire('Trust', threeSteps(), { publish });
  const page = await context.newPage();
  await page.goto(`${run.server.url}/questionnaires/${q.id}`);
  await page.getByRole('navigation', { name: 'Outline' }).waitFor();
  const serverDraft = async () => (await api.ok<{ draft: Draft }>('GET', `/api/v1/questionnaires/${q.id}`)).draft;
  return { api, q, page, serverDraft };
}

const outlineButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Outline' }).getByRole('button', { name: new RegExp(`^${name} \\(`) });
const statusText = (page: Page) => page.locator('.save-status').textContent();
const problemList = (page: Page) =>
  page
    .getByRole('region', { name: /to fix before this draft can be saved$/ })
    .getByRole('list')
    .textContent();
/** Reloads, saying yes when the page asks whether to leave with unsaved edits. */
async function reloadAnswering(page: Page) {
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  await page.getByRole('navigation', { name: 'Outline' }).waitFor();
  return asked;
}

async function expectAccessible(page: Page, screen: string) {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

describe('no edit is lost', () => {
  it('keeps a half-built rule and another edit across a reload, and explains the rule in words', async () => {
    const { page, serverDraft } = await openDraft();
    await outlineButton(page, 'Anything else\\?').click();
    await page.getByLabel('Operator').selectOption('NOT_EQUALS');
    await page.getByLabel('Value').selectOption('');
    await outlineButton(page, 'Your name').click();
    await page.getByLabel('Prompt').fill('Your full name');
    await expect.poll(() => statusText(page)).toMatch(/^Not saved yet: one problem needs fixing/);
    await expectAccessible(page, 'draft with a problem');

    expect(await reloadAnswering(page)).toEqual(['beforeunload']);
    await expect.poll(() => outlineButton(page, 'Your full name').count()).toBe(1);
    expect(await problemList(page)).toBe(
      '“Anything else?”, visibility condition 1: Choose the value this condition compares with.',
    );
    // The server still has the last draft it could take.
    expect((await serverDraft()).steps[0]?.questions[0]?.prompt).toBe('Your name');

    await page.getByRole('link', { name: '“Anything else?”, visibility condition 1', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('visibility-condition-0-value');
    await page.getByLabel('Value').selectOption('blue');
    await expectSaved(page);
    const saved = await serverDraft();
    expect(saved.steps[0]?.questions[0]?.prompt).toBe('Your full name');
    expect(saved.steps[2]?.questions[0]?.visibility.rule.conditions[0]).toMatchObject({
      operator: 'NOT_EQUALS',
      value: 'blue',
    });
    await page.close();
  });

  it('removing a question a rule reads: the rule says so in words, and nothing is lost', async () => {
    const { page, serverDraft } = await openDraft();
    await page.getByRole('button', { name: 'Remove Do you have a pet?' }).click();
    await expect
      .poll(() => problemList(page))
      .toBe(
        '“Pet name”, visibility condition 1: This condition reads a question that no longer exists. Choose another question, or remove the condition.',
      );
    await reloadAnswering(page);
    await expect.poll(() => outlineButton(page, 'Do you have a pet\\?').count()).toBe(0);
    await expect.poll(() => problemList(page)).toMatch(/^“Pet name”, visibility condition 1: This condition reads/);
    expect((await serverDraft()).steps[0]?.questions.map((q) => q.code)).toContain('has_pet');
    // Undo goes back to what the server holds.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => outlineButton(page, 'Do you have a pet\\?').count()).toBe(1);
    await expectSaved(page);
    await page.close();
  });
});

describe('the server goes away and comes back', () => {
  /** The draft opened through a relay to the server, the relay stopped, and `question`'s prompt typed meanwhile. */
  async function editWhileAway(question: string, prompt: string) {
    const api = apiOf(run.server.url);
    const q = await api.questionnaire('Away', threeSteps(), { publish: false });
    const proxy = await startProxy(run.server.url);
    const page = await context.newPage();
    await page.goto(`${proxy.url}/questionnaires/${q.id}`);
    await page.getByRole('navigation', { name: 'Outline' }).waitFor();
    await proxy.stop();
    await outlineButton(page, question).click();
    await page.getByLabel('Prompt').fill(prompt);
    await expect.poll(() => statusText(page)).toMatch(/^Not saved yet\. The server cannot be reached/);
    return { api, q, proxy, page };
  }

  it('keeps an edit while the server cannot be reached and saves it by itself once it is back', async () => {
    const { api, q, proxy, page } = await editWhileAway('Your name', 'Your name, typed while the server was away');
    try {
      await proxy.start();
      await expect.poll(() => statusText(page), { timeout: 30_000 }).toBe('Saved');
      const { draft } = await api.ok<{ draft: Draft }>('GET', `/api/v1/questionnaires/${q.id}`);
      expect(draft.steps[0]?.questions[0]?.prompt).toBe('Your name, typed while the server was away');
      await page.close();
    } finally {
      await proxy.close();
    }
  });

  it('keeps an edit made while the server was away through closing the tab, and saves it on reopening', async () => {
    const { api, q, proxy, page } = await editWhileAway('Your email', 'Your work email');
    try {
      await page.close();

      await proxy.start();
      const again = await context.newPage();
      await again.goto(`${proxy.url}/questionnaires/${q.id}`);
      await expect.poll(() => outlineButton(again, 'Your work email').count()).toBe(1);
      await expectSaved(again);
      const { draft } = await api.ok<{ draft: Draft }>('GET', `/api/v1/questionnaires/${q.id}`);
      expect(draft.steps[0]?.questions[1]).toMatchObject({ prompt: 'Your work email', code: 'email' });
      await again.close();
    } finally {
      await proxy.close();
    }
  });
});

describe('codes and lists', () => {
  it('a new question "Work email" gets the code work_email; accepted types typed with a comma become two', async () => {
    const { page, serverDraft } = await openDraft();
    await page.getByLabel('New question type (About you)').selectOption('EMAIL');
    await page.getByRole('button', { name: 'Add question to About you' }).click();
    // Selected, its prompt focused: typing names it.
    await page.keyboard.type('Work email');
    await expect.poll(() => page.getByLabel('Code', { exact: true }).inputValue()).toBe('work_email');
    await page.getByLabel('New question type (Colours)').selectOption('FILE_UPLOAD');
    await page.getByRole('button', { name: 'Add question to Colours' }).click();
    await page.keyboard.type('Your CV');
    await page.getByLabel('Accepted file types').pressSequentially('image/png, application/pdf');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.getByRole('list', { name: 'Added accepted file types' }).getByRole('listitem').allTextContents())
      .toEqual(['PNG image (.png)✕', 'PDF document (.pdf)✕']);
    await expectSaved(page);
    const saved = await serverDraft();
    expect(saved.steps[0]?.questions.at(-1)).toMatchObject({ code: 'work_email', prompt: 'Work email' });
    expect(saved.steps[1]?.questions.at(-1)).toMatchObject({
      code: 'your_cv',
      typeConfig: { acceptedContentTypes: ['image/png', 'application/pdf'], maxFiles: 1 },
    });
    await page.close();
  });
});

describe('the preview', () => {
  it('shows a new rating from 1 to 5, a link as a link, and hostile markup as text', async () => {
    const { page } = await openDraft();
    await page.getByLabel('New question type (Colours)').selectOption('RATING');
    await page.getByRole('button', { name: 'Add question to Colours' }).click();
    await page.keyboard.type('How likely are you to recommend us? See [our terms](https://example.com/terms)');
    await page.getByLabel('Label at the lowest rating').fill('Not at all');
    expect(await page.getByLabel('Lowest rating', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('Highest rating', { exact: true }).inputValue()).toBe('5');
    const preview = page.getByTestId('preview');
    await expect
      .poll(() =>
        preview
          .getByRole('radiogroup', { name: /^How likely/ })
          .getByRole('radio')
          .evaluateAll((radios) => radios.map((r) => r.getAttribute('value'))),
      )
      .toEqual(['1', '2', '3', '4', '5']);
    // The lowest point is read out with its label, and the label is shown under the row.
    expect(await preview.getByRole('radio', { name: '1, Not at all' }).count()).toBe(1);
    expect(await preview.getByText('Not at all', { exact: true }).count()).toBe(1);
    const link = preview.getByRole('link', { name: 'our terms' });
    await expect.poll(() => link.getAttribute('href')).toBe('https://example.com/terms');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');

    const hostile = '<img src=x onerror=alert(1)> [x](javascript:alert(1))';
    await page.getByLabel('Prompt').fill(hostile);
    await expect.poll(() => preview.getByText(hostile).count()).toBe(1);
    expect(await preview.locator('img').count()).toBe(0);
    expect(await preview.locator('a[href^="javascript"]').count()).toBe(0);
    await page.close();
  });

  it('shows the selected question’s step, even where a rule hides it, and a link in the embed on a host page', async () => {
    const { page, q, api } = await openDraft(true);
    const preview = page.getByTestId('preview');
    await outlineButton(page, 'Anything else\\?').click();
    await expect.poll(() => preview.getByRole('heading', { name: 'Last words' }).count()).toBe(1);
    expect(await preview.getByText('Step 3 of 3').count()).toBe(1);
    expect(await preview.getByLabel('Anything else?').count()).toBe(1);
    expect(await page.locator('.preview-notes').textContent()).toBe(
      'This question is shown only when “Favourite colour” is “Red”. The preview shows it anyway.',
    );

    // What respondents get: the same link in the embed on another site.
    await outlineButton(page, 'Your name').click();
    await page.getByLabel('Prompt').fill('Your name (see our [privacy policy](https://example.com/privacy))');
    await expectSaved(page);
    await api.ok('POST', `/api/v1/questionnaires/${q.id}/publish`);
    const host = await startHostSite(run.server.url, q.publicId);
    try {
      const respondent = await context.newPage();
      await respondent.goto(host.origin);
      const policy = respondent.getByRole('link', { name: 'privacy policy' });
      await expect.poll(() => policy.getAttribute('href'), { timeout: 15_000 }).toBe('https://example.com/privacy');
      expect(await policy.getAttribute('rel')).toBe('noopener noreferrer');
      await respondent.close();
    } finally {
      await host.close();
    }
    await page.close();
  });

  it('lays half widths side by side at a desktop width and one under the other on a phone', async () => {
    const { page } = await openDraft();
    const preview = page.getByTestId('preview');
    await outlineButton(page, 'Your name').click();
    await expect.poll(() => preview.getByLabel('Your email').count()).toBe(1);
    const tops = async () => {
      const name = await preview.getByLabel('Your name').boundingBox();
      const email = await preview.getByLabel('Your email').boundingBox();
      return {
        sameRow: Math.abs((name?.y ?? 0) - (email?.y ?? 1000)) < 2,
        frame: await preview.evaluate((e) => (e as HTMLElement).offsetWidth),
      };
    };
    expect(await tops()).toEqual({ sameRow: false, frame: 375 });
    await expectAccessible(page, 'draft, phone preview');
    await page.getByLabel('Desktop (800 px)').check();
    await expect.poll(tops).toEqual({ sameRow: true, frame: 800 });
    await expectAccessible(page, 'draft, desktop preview');
    await page.close();
  });
});

describe('settings', () => {
  it('an origin typed and the tab switched is saved before the page changes', async () => {
    const { page, q, api } = await openDraft();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Site to allow').pressSequentially('https://shop.example.com');
    await page.getByRole('link', { name: 'Draft' }).click();
    await page.getByRole('navigation', { name: 'Outline' }).waitFor();
    const detail = await api.ok<{ allowedOrigins: string[] }>('GET', `/api/v1/questionnaires/${q.id}`);
    expect(detail.allowedOrigins).toEqual(['https://shop.example.com']);
    await page.close();
  });
});
