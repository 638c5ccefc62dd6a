import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { chooseWithArrows, focusedName, tabTo } from './support/keyboard.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * Publishing and the versions as a builder meets them, in Chromium against the real server:
 * Publish says why it is disabled when nothing changed, Enter in the note never publishes, and
 * the comparison of two versions reads in words, old and new values side by side.
 */

const run = withServerAndBrowser();

const contactBy = {
  id: 'a',
  code: 'question_1',
  type: 'SINGLE_CHOICE',
  prompt: 'How should we contact you?',
  typeConfig: {
    choices: [
      { value: 'option_1', label: 'Phone' },
      { value: 'option_2', label: 'E-mail' },
    ],
  },
};
const version1 = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'Contact',
      questions: [contactBy, { id: 'b', code: 'question_5', type: 'PHONE', prompt: 'Your number' }],
    },
  ],
};
const version2 = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'Contact',
      questions: [
        contactBy,
        {
          id: 'b',
          code: 'question_5',
          type: 'PHONE',
          prompt: 'Your phone number',
          visibility: {
            mode: 'CONDITIONAL',
            rule: {
              combinator: 'ALL',
              conditions: [{ source: 'ANSWER', questionCode: 'question_1', operator: 'EQUALS', value: 'option_1' }],
            },
          },
        },
        { id: 'c', code: 'question_14', type: 'EMAIL', prompt: 'Work email', width: 'HALF' },
      ],
    },
  ],
};

/** Codes, JSON paths and type constants a builder must never read. */
const MACHINE_WORDS = /question_\d|option_\d|[A-Z]{2,}_[A-Z]|steps\.\d|\bEQUALS\b|\bPHONE\b|\bEMAIL\b/;

let page: Page;
let versionsUrl: string;
let questionnaireId: string;

async function expectAccessible(screen: string) {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

const publishButton = () => page.getByRole('button', { name: 'Publish', exact: true });

beforeAll(async () => {
  const api = apiOf(run.server.url);
  const q = await api.questionnaire('Contact form', version1);
  questionnaireId = q.id;
  versionsUrl = `${run.server.url}/questionnaires/${q.id}/versions`;
  const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

describe('publishing', () => {
  it('is disabled with its reason while the draft is the published version', async () => {
    await page.goto(versionsUrl);
    await page
      .getByRole('status')
      .filter({ hasText: 'Version 1 is published. The draft is the same: nothing to publish.' })
      .waitFor();
    expect(await publishButton().isDisabled()).toBe(true);
    expect(await publishButton().getAttribute('aria-describedby')).toBe('publish-state');
    await expectAccessible('versions, nothing to publish');
  });

  it('never publishes on Enter in the note; a press of the button does, once', async () => {
    const api = apiOf(run.server.url);
    await api.ok('PUT', `/api/v1/questionnaires/${questionnaireId}/draft`, version2);
    await page.reload();
    await expect.poll(() => publishButton().isDisabled()).toBe(false);
    // The page writes down, in order, each Enter and each publish it sends to the server (the
    // editor's tRPC client looks up \`fetch\` per request), so the test reads what happened in what
    // order instead of waiting a while for a stray publish.
    await page.evaluate(() => {
      const events: string[] = [];
      (window as unknown as { publishEvents: string[] }).publishEvents = events;
      document.addEventListener(
        'keydown',
        (event) => {
          const target = event.target as HTMLElement;
          if (event.key === 'Enter') events.push(`Enter on ${target.id || target.textContent}`);
        },
        true,
      );
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        const path = decodeURIComponent(new URL(url, location.href).pathname);
        for (const op of path.replace(/^\/trpc\//, '').split(','))
          if (op === 'questionnaires.publish') events.push('publish sent');
        return send(input, init);
      };
    });
    await tabTo(page, 'Publish note (optional)');
    await page.keyboard.type('Phone rule');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Publish note (optional)').inputValue()).toBe('Phone rule');

    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Publish');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Version 2 is published (just now).' }).waitFor();
    // One publish, sent after Enter on the button and not after Enter in the note.
    expect(await page.evaluate(() => (window as unknown as { publishEvents: string[] }).publishEvents)).toEqual([
      'Enter on publish-note',
      'Enter on Publish',
      'publish sent',
    ]);
    await expect.poll(() => publishButton().isDisabled()).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: 'Version 2 is published (just now). The draft is the same: nothing to publish.' })
      .waitFor();
    const versions = await api.ok<{ versionNumber: number; note: string }[]>(
      'GET',
      `/api/v1/questionnaires/${questionnaireId}/versions`,
    );
    expect(versions.map((v) => [v.versionNumber, v.note ?? ''])).toEqual([
      [2, 'Phone rule'],
      [1, ''],
    ]);
  });
});

describe('the comparison of two versions', () => {
  it('shows the old and new prompt and the rule in words, reached with the keyboard alone', async () => {
    await page.goto(versionsUrl);
    await tabTo(page, 'What changed in version 2');
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('Compare');
    const differences = page.getByRole('region', { name: 'Differences' });
    const table = differences.getByRole('table', { name: 'Your phone number' });
    await table.waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(rows).toEqual([
      ['Prompt', '“Your number”', '“Your phone number”'],
      ['Shown', 'Always shown', 'Shown when “How should we contact you?” is “Phone”'],
    ]);
    expect(await table.locator('thead th').allTextContents()).toEqual(['What', 'Version 1', 'Version 2']);
    expect(await differences.getByText('Work email').count()).toBe(1);
    expect(await differences.textContent()).not.toMatch(MACHINE_WORDS);
    await expectAccessible('versions, comparison');

    await tabTo(page, 'From');
    await chooseWithArrows(page, 'Version 2');
    await tabTo(page, 'To');
    await chooseWithArrows(page, 'The draft');
    await page.getByText('No differences: Version 2 and the draft are the same.').waitFor();
  });

  it('shows one version in words', async () => {
    await page.goto(`${versionsUrl}/2`);
    await page.getByRole('heading', { name: 'Version 2' }).waitFor();
    const text = await page.locator('main').textContent();
    expect(text).toContain('Phone · Full row · Shown when “How should we contact you?” is “Phone” · Optional');
    expect(text).toContain('Email · Half · Always shown · Optional');
    expect(text).not.toMatch(MACHINE_WORDS);
    await expectAccessible('version 2');
  });
});
