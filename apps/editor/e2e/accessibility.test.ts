import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { withServerAndBrowser } from './support/setup.ts';

/**
 * axe-core finds nothing on any main screen, each loaded with real content, in the light and the
 * dark colour scheme (the editor follows the system's).
 */

const run = withServerAndBrowser();

const version1 = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        { id: 'a', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name' },
        { id: 'b', code: 'has_pet', type: 'YES_NO', prompt: 'Do you have a pet?' },
        {
          id: 'c',
          code: 'pet_name',
          type: 'SHORT_TEXT',
          prompt: 'Pet name',
          visibility: {
            mode: 'CONDITIONAL',
            rule: {
              combinator: 'ALL',
              conditions: [{ source: 'ANSWER', questionCode: 'has_pet', operator: 'EQUALS', value: true }],
            },
          },
        },
      ],
    },
    {
      id: 's2',
      title: 'More',
      questions: [
        {
          id: 'd',
          code: 'colour',
          type: 'SINGLE_CHOICE',
          prompt: 'Colour',
          typeConfig: {
            choices: [
              { value: 'r', label: 'Red' },
              { value: 'g', label: 'Green' },
            ],
          },
        },
      ],
    },
  ],
};

async function expectNoViolations(page: Page, screen: string) {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

/**
 * Whether the page is drawn dark or light, by its text (always opaque, unlike a background that
 * may be the canvas): light text is a dark page. axe's contrast rule checks the rest.
 */
const drawnScheme = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).color.match(/[\d.]+/g) ?? []).map(Number);
    const channel = (c = 0) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b) > 0.5 ? 'dark' : 'light';
  });

describe('accessibility', () => {
  it.each(['light', 'dark'] as const)(
    'has no axe violations on the list, draft, translate, versions, a version, the diff, settings, the summary, responses, a response and integrations, in the %s scheme',
    async (scheme) => {
      const api = apiOf(run.server.url);
      const q = await api.questionnaire('Accessible survey', version1);
      await api.ok('PUT', `/api/v1/questionnaires/${q.id}/draft`, {
        ...version1,
        steps: [version1.steps[0], { ...version1.steps[1], title: 'More about you' }],
        // Two languages, one written right to left, partly translated (the Translate screen, the diff's words).
        languageSwitcher: true,
        translations: {
          de: { s1: { title: 'Über Sie' }, a: { prompt: 'Ihr Name' }, d: { typeConfig: { choices: { r: 'Rot' } } } },
          ar: { a: { prompt: 'اسمك' } },
        },
      });
      const responseId = await api.respond(q.publicId, 1, { name: 'Ada', has_pet: true, pet_name: 'Rex' }, 'ref-9');
      // Issue 24: a closing time, a limit and a quota, so Settings shows them filled in, the header
      // its status line and the summary its progress bars.
      await api.ok('PATCH', `/api/v1/questionnaires/${q.id}`, {
        closesAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(),
        maxCompletedResponses: 100,
        quotas: [
          {
            id: 'red',
            name: 'Red lovers',
            limit: 10,
            rule: {
              combinator: 'ALL',
              conditions: [{ source: 'ANSWER', questionCode: 'colour', operator: 'EQUALS', value: 'r' }],
            },
          },
        ],
      });

      const context = await run.browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      const base = `${run.server.url}/questionnaires/${q.id}`;
      const screens: [string, string, (page: Page) => Promise<unknown>][] = [
        ['list', `${run.server.url}/`, (p) => p.getByRole('link', { name: 'Accessible survey' }).first().waitFor()],
        ['draft', base, (p) => p.getByRole('navigation', { name: 'Outline' }).waitFor()],
        ['translate', `${base}/translate?language=ar`, (p) => p.getByRole('group', { name: '“Your name”' }).waitFor()],
        [
          'translate, only missing',
          `${base}/translate?language=de&missing=1`,
          (p) => p.getByText('Not translated').first().waitFor(),
        ],
        ['versions', `${base}/versions`, (p) => p.getByRole('button', { name: 'Restore version 1' }).waitFor()],
        ['version 1', `${base}/versions/1`, (p) => p.getByText('Pet name').first().waitFor()],
        [
          'settings',
          `${base}/settings`,
          async (p) => {
            await p.getByText(q.publicId).first().waitFor();
            await p.getByLabel('Quota 1 name').waitFor();
          },
        ],
        [
          'summary',
          `${base}/summary`,
          async (p) => {
            await p.getByRole('table', { name: 'Colour' }).waitFor();
            await p.getByRole('progressbar', { name: 'Quota “Red lovers”' }).waitFor();
          },
        ],
        [
          'responses',
          `${base}/responses`,
          (p) => p.getByRole('table', { name: 'Responses' }).getByText('ref-9').waitFor(),
        ],
        ['response', `${base}/responses/${responseId}`, (p) => p.getByText('Rex').waitFor()],
        ['integrations', `${base}/integrations`, (p) => p.getByRole('button', { name: 'Add webhook' }).waitFor()],
      ];
      for (const [screen, url, ready] of screens) {
        await page.goto(url);
        await ready(page);
        expect({ screen, scheme: await drawnScheme(page) }).toEqual({ screen, scheme });
        await expectNoViolations(page, `${screen} (${scheme})`);
      }

      // The diff between version 1 and the draft, on the versions screen.
      await page.goto(`${base}/versions`);
      await page.getByLabel('From', { exact: true }).selectOption('1');
      await page.getByLabel('To', { exact: true }).selectOption('draft');
      await page.getByRole('region', { name: 'Differences' }).waitFor();
      await expectNoViolations(page, `diff (${scheme})`);
      await context.close();
    },
  );
});
