import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, richText } from './support/definitions';
import {
  type E2E,
  embed,
  expectAccessible,
  expectNoCspViolations,
  heading,
  isFocused,
  type Mode,
  reloadAsOnTheWeb,
  sessionKeys,
  startE2E,
} from './support/e2e';
import { startFlakyProxy } from './support/flaky-proxy';

/**
 * What a respondent meets beyond the happy path, in real Chromium on a host page of another
 * origin, against the real server: erasure, reloads, the host page's look, flaky networks,
 * keyboard-only controls, addresses and rich text. Through the npm build and the script tag.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const ERASED = 'Your earlier answers are no longer available, so the questionnaire starts again from the beginning.';
const RETRYING = 'Saving… retrying. Your answers are kept on this page.';

/** Every request the page sent to the server, in order, with its body. */
function recordRequests(page: Page, serverUrl: string) {
  const sent: { method: string; url: string; body: string; status?: number }[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(serverUrl)) {
      sent.push({ method: request.method(), url: request.url(), body: request.postData() ?? '' });
    }
  });
  page.on('response', (response) => {
    const entry = sent.find((s) => s.url === response.url() && s.status === undefined);
    if (entry) entry.status = response.status();
  });
  return sent;
}

/** Step 1 of the journey: a name and no pets, then Next onto step 2. */
async function toStep2(form: Locator, name = 'Ada Lovelace') {
  await form.getByRole('textbox', { name: 'Your name' }).fill(name);
  await form.getByRole('radio', { name: 'No' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => heading(form, 'Details').isVisible()).toBe(true);
}

async function fillAddress(form: Locator, street: string, city: string) {
  await form.getByRole('combobox', { name: 'Street address' }).fill(street);
  await form.getByRole('combobox', { name: 'Street address' }).press('Escape');
  await form.getByRole('combobox', { name: 'City' }).fill(city);
  await form.getByRole('combobox', { name: 'City' }).press('Escape');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('GB');
}

const background = (form: Locator) => form.locator('.fe').evaluate((el) => getComputedStyle(el).backgroundColor);
const WHITE = 'rgb(255, 255, 255)';
const DARK = 'rgb(13, 17, 23)';

describe.each<Mode>(['npm', 'script'])('the respondent through %s', (mode) => {
  it('a response erased while on step 2: Next starts afresh, and no request carries the old answers again', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page, errors } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const sent = recordRequests(page, e2e.server.url);
    const form = embed(page);
    await toStep2(form);
    await expect.poll(async () => (await e2e.api.responses(q.id)).length).toBe(1);
    const [erased] = await e2e.api.responses(q.id);
    await fillAddress(form, '1 Old Road', 'Oldtown');
    await e2e.api.deleteResponse(q.id, erased!.responseId); // the operator's data-subject erasure

    await form.getByRole('button', { name: 'Next' }).click();
    const notice = form.getByText(ERASED);
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expect.poll(() => isFocused(notice)).toBe(true);
    expect(await heading(form, 'About you').isVisible()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('');
    expect(await sessionKeys(page)).toEqual([]);
    await expectAccessible(page, 'answers erased');

    await toStep2(form, 'Grace Hopper');
    await expect
      .poll(async () => (await e2e.api.responses(q.id)).map((r) => r.answers))
      .toEqual([{ name: 'Grace Hopper', hasPets: false }]);
    const [fresh] = await e2e.api.responses(q.id);
    expect(fresh!.responseId).not.toBe(erased!.responseId);
    expect(await form.getByText(ERASED).count()).toBe(0);

    const erasure = sent.findIndex((s) => s.status === 404);
    expect(sent[erasure]).toMatchObject({ method: 'PATCH' });
    const after = sent.slice(erasure + 1);
    expect(after.map((s) => s.method)).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH']));
    for (const request of after) {
      for (const old of ['Ada', 'Old Road', 'Oldtown', erased!.responseId]) {
        expect(`${request.url} ${request.body}`).not.toContain(old);
      }
    }
    expect(errors).toEqual([]);
  });

  it('type on step 2, reload: the answers are back on step 2', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await toStep2(form);
    await expect.poll(async () => (await e2e.api.responses(q.id))[0]?.lastPosition?.stepId).toBe('details');
    await fillAddress(form, '12 Main Street', 'Springfield');

    await reloadAsOnTheWeb(page); // the page is unloaded: one keepalive save of the screen
    await expect.poll(() => heading(form, 'Details').isVisible()).toBe(true);
    expect(await form.getByRole('combobox', { name: 'Street address' }).inputValue()).toBe('12 Main Street');
    expect(await form.getByRole('combobox', { name: 'City' }).inputValue()).toBe('Springfield');
    const [saved] = await e2e.api.responses(q.id);
    expect(saved?.answers).toMatchObject({ address: { line1: '12 Main Street', city: 'Springfield', country: 'GB' } });
    expect(await e2e.api.responses(q.id)).toHaveLength(1);
  });

  it('a reload before the first Next creates nothing and sends nothing', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const sent = recordRequests(page, e2e.server.url);
    const form = embed(page);
    await form.getByRole('textbox', { name: 'Your name' }).fill('Ada');
    await page.reload();
    await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
    expect(sent.filter((s) => s.method !== 'GET' && s.method !== 'OPTIONS')).toEqual([]);
    expect(await e2e.api.responses(q.id)).toEqual([]);
  });

  it('requests the live questionnaire once per mount', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const sent = recordRequests(page, e2e.server.url);
    await page.reload();
    await expect.poll(() => heading(embed(page), 'About you').isVisible()).toBe(true);
    // The person's first Next is a barrier: the browser reports requests in the order they leave,
    // so any second /live from this mount would be listed before the response it creates.
    await toStep2(embed(page));
    await expect.poll(() => sent.some((s) => s.method === 'POST' && s.url.endsWith('/responses'))).toBe(true);
    const beforeCreate = sent.slice(
      0,
      sent.findIndex((s) => s.method === 'POST'),
    );
    expect(beforeCreate.filter((s) => s.url.endsWith('/live'))).toHaveLength(1);
  });

  it('follows the host page, not the browser: a light page in a dark browser gets a light form', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    for (const hostScheme of ['light', undefined] as const) {
      const { page, context } = await e2e.openPage(mode, [{ publicId: q.publicId }], {
        hostScheme,
        context: { colorScheme: 'dark' },
      });
      await expect.poll(() => heading(embed(page), 'About you').isVisible()).toBe(true);
      expect(await background(embed(page))).toBe(WHITE);
      await context.close();
    }
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }], {
      hostScheme: 'dark',
      context: { colorScheme: 'light' },
    });
    await expect.poll(() => heading(embed(page), 'About you').isVisible()).toBe(true);
    expect(await background(embed(page))).toBe(DARK);
  });

  it('takes its colour scheme and accent colour from the embed code: data-color-scheme="dark" is dark', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }], {
      hostScheme: 'light',
      look: { colorScheme: 'dark', accentColor: '#ffd400' },
    });
    const form = embed(page);
    await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
    expect(await background(form)).toBe(DARK);
    const next = await form
      .getByRole('button', { name: 'Next' })
      .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(next).toEqual(['rgb(255, 212, 0)', 'rgb(0, 0, 0)']); // black reads better on yellow
    await expectAccessible(page, 'dark, yellow accent');
  });

  it('a server answering 503 twice, then 200, to a save loses nothing, saying it is retrying; completion too', async () => {
    const proxy = await startFlakyProxy(e2e.server.url);
    try {
      const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
      const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }], { serverUrl: proxy.url });
      const form = embed(page);
      proxy.failNext('PATCH', /^\/public\/v1\/responses\//, 2, 503, 1);
      await toStep2(form);
      await expect.poll(() => form.getByText(RETRYING).isVisible()).toBe(true);
      await expectAccessible(page, 'saving, retrying');
      await expect
        .poll(async () => (await e2e.api.responses(q.id))[0]?.answers)
        .toEqual({ name: 'Ada Lovelace', hasPets: false });
      await expect.poll(() => form.getByText(RETRYING).count()).toBe(0);
      expect(proxy.refused.filter((r) => r.startsWith('PATCH'))).toHaveLength(2);

      await fillAddress(form, '1 High Street', 'Leeds');
      await form.getByRole('button', { name: 'Next' }).click();
      await form.getByRole('checkbox', { name: 'I agree to the terms' }).check();
      proxy.failNext('POST', /\/complete$/, 1, 503, 1);
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => heading(form, 'Thank you').isVisible()).toBe(true);
      const [done] = await e2e.api.responses(q.id);
      expect(done).toMatchObject({ status: 'COMPLETED', answers: { name: 'Ada Lovelace', consent: true } });
      expect(proxy.refused.filter((r) => r.endsWith('/complete'))).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('rating and file upload work with the keyboard alone', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    const press = (key: string) => page.keyboard.press(key);
    // Playwright intercepts file pickers while something listens: listening from the start means a key
    // press (a single message, unlike a click) cannot reach the page before the interception does.
    page.on('filechooser', () => undefined);
    await toStep2(form);
    await expect.poll(() => isFocused(heading(form, 'Details'))).toBe(true);
    await press('Tab'); // the selected tab
    await press('ArrowRight'); // "Files"
    const zone = form.getByRole('button', { name: /^Supporting documents/ });
    // As a person would: the drop zone is seen before Tab moves to it (its part may still be arriving).
    await expect.poll(() => zone.isVisible()).toBe(true);
    await press('Tab'); // the drop zone
    expect(await isFocused(zone)).toBe(true);
    expect(await zone.getAttribute('aria-describedby')).toBeTruthy();
    expect(await form.getByText(/Accepted: TXT, images\. Up to 10 MB per file\. Files allowed: 2\./).isVisible()).toBe(
      true,
    );
    const upload = async (key: string, name: string) => {
      const chooser = page.waitForEvent('filechooser');
      await press(key);
      await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(`notes in ${name}`) });
      await expect.poll(() => e2e.api.fileCount(q.id)).toBe(1);
    };
    await upload('Enter', 'first.txt');
    await expect.poll(() => form.getByText('first.txt').isVisible()).toBe(true);
    await expectAccessible(page, 'a file listed');
    await press('Tab'); // its remove button
    expect(await isFocused(form.getByRole('button', { name: 'Remove first.txt' }))).toBe(true);
    await press('Enter');
    await expect.poll(() => e2e.api.fileCount(q.id)).toBe(0);
    await expect.poll(() => isFocused(zone)).toBe(true); // focus returns to the drop zone
    await upload('Space', 'second.txt');

    await form.getByRole('tab', { name: 'Where' }).click();
    await fillAddress(form, '1 High Street', 'Leeds');
    await form.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading(form, 'Finish').isVisible()).toBe(true);
    await press('Tab'); // the first rating
    const first = form.getByRole('radio', { name: '1, Poor' });
    expect(await isFocused(first)).toBe(true);
    await press('Space');
    await press('ArrowRight');
    await press('ArrowRight');
    await press('ArrowRight');
    expect(await isFocused(form.getByRole('radio', { name: '4', exact: true }))).toBe(true);
    expect(await form.getByRole('radio', { name: '5, Great' }).count()).toBe(1);
    await expectAccessible(page, 'rating chosen');
    await press('Tab'); // consent
    await press('Space');
    await press('Tab'); // Back
    await press('Tab'); // Submit
    await press('Enter');
    await expect.poll(() => heading(form, 'Thank you').isVisible()).toBe(true);
    const [response] = await e2e.api.responses(q.id);
    expect(response).toMatchObject({ status: 'COMPLETED', answers: { rating: 4, consent: true } });
    expect((response!.answers.documents as { fileName: string }[]).map((f) => f.fileName)).toEqual(['second.txt']);
  });

  it('an address picked from the postcode suggestions keeps the street typed before', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await toStep2(form);
    const street = form.getByRole('combobox', { name: 'Street address' });
    await street.fill('742 Evergreen Terrace');
    await street.press('Escape');
    const postal = form.getByRole('combobox', { name: 'Postal code' });
    await postal.click();
    await page.keyboard.type('6270');
    const options = form.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect(await options.first().textContent()).toMatch(/Springfield, IL 6270\d/);
    await expectAccessible(page, 'postcode suggestions');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await form.getByRole('listbox').count()).toBe(0);
    expect(await postal.inputValue()).toMatch(/^6270\d$/);
    expect(await form.getByRole('combobox', { name: 'City' }).inputValue()).toBe('Springfield');
    expect(await form.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('US');
    expect(await street.inputValue()).toBe('742 Evergreen Terrace');
  });

  it('choosing three files where two are allowed uploads two and names the one left out', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await toStep2(form);
    await form.getByRole('tab', { name: 'Files' }).click();
    // The picker is told the extensions of known types as well as the types.
    expect(await form.locator('input[type="file"]').getAttribute('accept')).toBe('text/plain,.txt,image/*');
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: /^Supporting documents/ }).click();
    const text = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(name) });
    await (await chooser).setFiles([text('a.txt'), text('b.txt'), text('c.txt')]);
    await expect.poll(() => form.getByText('c.txt was not added: up to 2 files.').isVisible()).toBe(true);
    await expect.poll(() => e2e.api.fileCount(q.id)).toBe(2);
    await expect.poll(() => form.getByRole('button', { name: /^Remove [ab]\.txt$/ }).count()).toBe(2);
    await expectAccessible(page, 'a file left out');
  });

  it('a city picked from the City suggestions fills its region and country, keeping the street', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await toStep2(form);
    const street = form.getByRole('combobox', { name: 'Street address' });
    await street.fill('1 High Street');
    await street.press('Escape');
    const cityField = form.getByRole('combobox', { name: 'City' });
    await cityField.click();
    await page.keyboard.type('Leeds');
    const options = form.getByRole('listbox', { name: 'City' }).getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    const first = (await options.first().textContent()) ?? '';
    expect(first).toMatch(/^Leeds, /);
    await expectAccessible(page, 'city suggestions');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await form.getByRole('listbox').count()).toBe(0);
    expect(await cityField.inputValue()).toBe('Leeds');
    expect(await form.getByRole('textbox', { name: 'State / region' }).inputValue()).not.toBe('');
    expect(await form.getByRole('combobox', { name: 'Country' }).inputValue()).not.toBe('');
    expect(await street.inputValue()).toBe('1 High Street');
  });

  it('a link in a consent label opens in a new tab; hostile markup shows as text', async () => {
    const q = await e2e.api.publish(richText, { allowedOrigins: [e2e.host.origin] });
    const { page, context } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    await context.route('https://example.com/**', (route) =>
      route.fulfill({ body: 'The policy', contentType: 'text/plain' }),
    );
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const form = embed(page);
    const hostile = form.getByText('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    await expect.poll(() => hostile.isVisible()).toBe(true);
    expect(await form.getByText('<script>alert(2)</script>').isVisible()).toBe(true);
    expect(await form.locator('img, script, a[href^="javascript"]').count()).toBe(0);
    expect(await form.getByRole('checkbox', { name: 'I accept the privacy policy and the terms' }).count()).toBe(1);
    await expectAccessible(page, 'rich text');

    const opened = context.waitForEvent('page');
    await form.getByRole('link', { name: 'privacy policy' }).click();
    const policy = await opened;
    expect(policy.url()).toBe('https://example.com/privacy');
    expect(await policy.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toContain(e2e.host.origin); // the form's page stays where it was
    expect(await form.getByRole('checkbox').isChecked()).toBe(false); // following the link ticks nothing
    expect(dialogs).toEqual([]);
    await expectNoCspViolations(page);
  });

  it.each([
    ['light', {}],
    ['dark', { look: { colorScheme: 'dark' } }],
  ] as const)('every screen of a questionnaire has no accessibility violations: %s', async (_scheme, options) => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }], options);
    const form = embed(page);
    await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
    await expectAccessible(page, 'step 1');
    await form.getByRole('button', { name: 'Next' }).click(); // every error of step 1 showing
    await expect.poll(() => form.getByText('This answer is required.').first().isVisible()).toBe(true);
    await expectAccessible(page, 'step 1, errors');
    await toStep2(form);
    await form.getByRole('combobox', { name: 'Street address' }).fill('12 Main Street, Springf');
    await expect.poll(() => form.getByRole('listbox').getByRole('option').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'step 2, suggestions');
    await form.getByRole('tab', { name: 'Files' }).click();
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: /^Supporting documents/ }).click();
    await (await chooser).setFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('a') });
    await expect.poll(() => form.getByRole('button', { name: 'Remove a.txt' }).count()).toBe(1);
    await expectAccessible(page, 'step 2, files');
    await form.getByRole('tab', { name: 'Where' }).click();
    await fillAddress(form, '1 High Street', 'Leeds');
    await form.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading(form, 'Finish').isVisible()).toBe(true);
    await form.getByRole('radio', { name: '3' }).check();
    await expectAccessible(page, 'step 3');
    await form.getByRole('checkbox', { name: 'I agree to the terms' }).check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => heading(form, 'Thank you').isVisible()).toBe(true);
    await expectAccessible(page, 'completed');
  });
});
