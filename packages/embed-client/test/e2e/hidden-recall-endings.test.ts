import type { DefinitionInput } from '@forms-engine/schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, embed, expectAccessible, heading, type Mode, startE2E } from './support/e2e';

/** RFC 4180 rows: quoted cells may hold commas (a user agent does), quotes doubled. */
function csvRows(csv: string): string[][] {
  const rows: string[][] = [];
  for (const line of csv.trim().split(/\r\n/)) {
    const cells = [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell = '']) =>
      cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
    );
    rows.push(cells);
  }
  return rows;
}

/**
 * Issue 23 in real Chromium, on a host page of another origin, against the real server: the
 * host's own URL gives the source (`hidden-from-url`), the name is prefilled, step 2 says
 * "Thanks, Ana", the qualified ending shows, and the page goes to the booking address only
 * with `allow-redirect`. The CSV and the summary then show the source and the ending.
 */

const sizeOver10 = {
  mode: 'CONDITIONAL' as const,
  rule: {
    combinator: 'ALL' as const,
    conditions: [{ source: 'ANSWER' as const, questionCode: 'q_size', operator: 'GREATER_THAN' as const, value: 10 }],
  },
};

function screening(bookingUrl: string): DefinitionInput {
  return {
    schemaVersion: 1,
    hiddenFields: [{ key: 'utm_source', label: 'Source' }],
    endings: [
      {
        id: 'e_qualified',
        title: 'You qualify, {{q_name}}',
        body: 'Pick a time on the next page, **{{q_name}}**.',
        redirectUrl: `${bookingUrl}?source={{hidden.utm_source}}&name={{q_name}}`,
        visibility: sizeOver10,
      },
      { id: 'e_default', title: 'Thank you', body: 'We will be in touch.', visibility: { mode: 'ALWAYS' } },
    ],
    steps: [
      {
        id: 's1',
        title: 'About you',
        questions: [
          { id: 'q_name', code: 'q_name', type: 'SHORT_TEXT', prompt: 'Your name', requirement: { mode: 'ALWAYS' } },
          { id: 'q_size', code: 'q_size', type: 'NUMBER', prompt: 'Team size' },
        ],
      },
      {
        id: 's2',
        title: 'Thanks, {{q_name}}',
        questions: [
          {
            id: 'q_plan',
            code: 'q_plan',
            type: 'SINGLE_CHOICE',
            prompt: 'Which plan do you use, {{q_name}}?',
            typeConfig: {
              choices: [
                { value: 'free', label: 'Free' },
                { value: 'pro', label: 'Professional' },
              ],
            },
          },
        ],
      },
    ],
  };
}

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

/** A booking page on the host's server, addressed as `localhost` (a redirect may be https:, or http://localhost). */
const bookingPage = () =>
  e2e.host.page('<!doctype html><title>Booking</title><h1>Book a time</h1>').replace('127.0.0.1', 'localhost');

async function answerAndFinish(page: Page) {
  const form = embed(page);
  await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
  // Prefilled by the host, and still the respondent's to change.
  expect(await form.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Ana');
  await form.getByRole('spinbutton', { name: 'Team size' }).fill('12');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => heading(form, 'Thanks, Ana').isVisible()).toBe(true);
  await form.getByRole('radio', { name: 'Professional' }).check();
  expect(await form.getByRole('radiogroup', { name: 'Which plan do you use, Ana?' }).count()).toBe(1);
  await form.getByRole('button', { name: 'Submit' }).click();
}

describe.each<Mode>(['script', 'npm'])('embedded through %s', (mode) => {
  it('records the source from the page URL, recalls the prefilled name, and shows the qualified ending with a link', async () => {
    const booking = bookingPage();
    const q = await e2e.api.publish(screening(booking), { allowedOrigins: [e2e.host.origin] });
    const attributes = { 'hidden-from-url': '', prefill: 'q_name=Ana&utm_source=ignored' };
    const { page, errors } = await e2e.openPage(mode, [{ publicId: q.publicId, attributes }], {
      query: '?utm_source=newsletter&q_size=99',
    });
    await answerAndFinish(page);
    const form = embed(page);
    await expect.poll(() => heading(form, 'You qualify, Ana').isVisible()).toBe(true);
    expect(await form.locator('strong').textContent()).toBe('Ana');
    // Not allowed to redirect: the ending links to the address, the host page stays.
    const expected = `${booking}?source=newsletter&name=Ana`;
    expect(await form.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(expected);
    expect(page.url()).toContain(e2e.host.origin);
    const completed = await page.evaluate(
      () => (window as unknown as { __events: { name: string; detail: unknown }[] }).__events,
    );
    expect(completed.find((event) => event.name === 'complete')?.detail).toMatchObject({
      endingId: 'e_qualified',
      redirectUrl: expected,
    });
    await expectAccessible(page, 'the qualified ending');
    expect(errors).toEqual([]);

    // What the server recorded (needs the server part of issue 23).
    await expect
      .poll(async () => (await e2e.api.responses(q.id))[0])
      .toMatchObject({ status: 'COMPLETED', hidden: { utm_source: 'newsletter' }, endingId: 'e_qualified' });
    const csv = await (await fetch(`${e2e.server.url}/api/v1/questionnaires/${q.id}/responses/export.csv`)).text();
    const [columns = [], cells = []] = csvRows(csv);
    expect(cells[columns.indexOf('hidden.utm_source')]).toBe('newsletter');
    expect(cells[columns.indexOf('ending')]).toBe('e_qualified');
    const summary = await e2e.api.call<{
      endings: { id: string | null; count: number }[];
      hiddenFields: { key: string; values: { value: string; count: number }[] }[];
    }>('GET', `/api/v1/questionnaires/${q.id}/summary`);
    expect(summary.body.endings).toContainEqual(expect.objectContaining({ id: 'e_qualified', count: 1 }));
    expect(summary.body.hiddenFields).toContainEqual(
      expect.objectContaining({ key: 'utm_source', values: [{ value: 'newsletter', count: 1 }] }),
    );
  });

  it('sends the host page to the booking address only with allow-redirect', async () => {
    const booking = bookingPage();
    const q = await e2e.api.publish(screening(booking), { allowedOrigins: [e2e.host.origin] });
    const attributes = { 'hidden-from-url': '', prefill: 'q_name=Ana', 'allow-redirect': '' };
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId, attributes }], {
      query: '?utm_source=newsletter',
    });
    await answerAndFinish(page);
    await page.waitForURL(`${booking}?source=newsletter&name=Ana`);
    expect(await page.getByRole('heading', { name: 'Book a time' }).isVisible()).toBe(true);
  });
});
