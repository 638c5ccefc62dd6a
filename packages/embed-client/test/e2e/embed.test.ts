import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast, parseColour, type Rgb } from '../../src/appearance';
import { recordedEvents } from './support/browser';
import { everyType, journey, keyboardOnly, links } from './support/definitions';
import {
  contrastVerdicts,
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

/**
 * The embed in real Chromium, on a host page of another origin under a strict CSP, against
 * the real server on a real database. Every scenario runs twice: through the npm build
 * (mount() from the package's ESM) and through the script tag served by the server.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());
describe.each<Mode>(['npm', 'script'])('embedded through %s', (mode) => {
  it('creates nothing on a page view, one response on the first Next, and resumes answers and position on reload', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page, errors } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
    await expectAccessible(page, 'step 1');
    expect(await e2e.api.responses(q.id)).toEqual([]);

    await form.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'Email address' }).fill('ada@example.org');
    // A conditional question appears and disappears with its rule.
    const pets = form.getByRole('group', { name: 'Which pets?' });
    expect(await pets.count()).toBe(0);
    await form.getByRole('radio', { name: 'Yes' }).check();
    await expect.poll(() => pets.count()).toBe(1);
    await form.getByRole('radio', { name: 'No' }).check();
    await expect.poll(() => pets.count()).toBe(0);
    await form.getByRole('radio', { name: 'Yes' }).check();
    await pets.getByRole('checkbox', { name: 'Cat' }).check();
    expect(await e2e.api.responses(q.id)).toEqual([]);

    await form.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading(form, 'Details').isVisible()).toBe(true);
    await expect.poll(() => isFocused(heading(form, 'Details'))).toBe(true);
    await expect
      .poll(async () => (await e2e.api.responses(q.id))[0]?.lastPosition)
      .toEqual({ stepId: 'details', tabId: 'where' });
    const [created, ...others] = await e2e.api.responses(q.id);
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      versionNumber: 1,
      status: 'IN_PROGRESS',
      answers: { name: 'Ada Lovelace', email: 'ada@example.org', hasPets: true, whichPets: ['cat'] },
      meta: { origin: e2e.host.origin },
    });
    await expectAccessible(page, 'step 2, first tab');
    await form.getByRole('tab', { name: 'Files' }).click();
    await expectAccessible(page, 'step 2, second tab');

    // Reload: the stored id is rehydrated onto the step and tab the person was on (a tab switch saves
    // nothing by itself; the page being unloaded saves the screen once).
    await reloadAsOnTheWeb(page);
    await expect.poll(() => heading(form, 'Details').isVisible()).toBe(true);
    expect(await form.getByRole('tab', { name: 'Files' }).getAttribute('aria-selected')).toBe('true');
    await form.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Ada Lovelace');
    expect(await form.getByRole('checkbox', { name: 'Cat' }).isChecked()).toBe(true);

    // Hiding a question drops its answer from what is saved.
    await form.getByRole('radio', { name: 'No' }).check();
    await form.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(async () => (await e2e.api.responses(q.id))[0]?.answers)
      .toEqual({
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        hasPets: false,
      });
    expect(await e2e.api.responses(q.id)).toHaveLength(1);
    await expectNoCspViolations(page);
    expect(errors).toEqual([]);
  });

  it('moves focus to the new step heading without scrolling the host page to the top', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }], { spacer: true });
    const form = embed(page);
    await form.getByRole('textbox', { name: 'Your name' }).fill('Ada');
    await form.getByRole('radio', { name: 'No' }).check();
    await form.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading(form, 'Details').isVisible()).toBe(true);
    await expect.poll(() => isFocused(heading(form, 'Details'))).toBe(true);
    const { scrollY, top, viewport } = await heading(form, 'Details').evaluate((el) => ({
      scrollY: window.scrollY,
      top: el.getBoundingClientRect().top,
      viewport: window.innerHeight,
    }));
    expect(scrollY).toBeGreaterThan(1000);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(viewport);
  });

  it('starts fresh when the stored response was hard-deleted', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await form.getByRole('textbox', { name: 'Your name' }).fill('Grace');
    await form.getByRole('radio', { name: 'No' }).check();
    await form.getByRole('button', { name: 'Next' }).click();
    await expect.poll(async () => (await e2e.api.responses(q.id)).length).toBe(1);
    const [response] = await e2e.api.responses(q.id);
    await e2e.api.deleteResponse(q.id, response!.responseId);

    await page.reload();
    await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('');
    await expect.poll(() => sessionKeys(page)).toEqual([]);
    expect(await e2e.api.responses(q.id)).toEqual([]);
  });

  it('uploads a file as soon as it is chosen and removes it from the server', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await form.getByRole('textbox', { name: 'Your name' }).fill('Ada');
    await form.getByRole('radio', { name: 'No' }).check();
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('tab', { name: 'Files' }).click();
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: /^Supporting documents/ }).click();
    await (await chooser).setFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Some supporting notes'),
    });
    const remove = form.getByRole('button', { name: 'Remove notes.txt' });
    await expect.poll(() => e2e.api.fileCount(q.id)).toBe(1);
    await expect.poll(() => form.getByRole('progressbar').count()).toBe(0);
    await remove.click();
    await expect.poll(() => remove.count()).toBe(0);
    expect(await e2e.api.fileCount(q.id)).toBe(0);
  });

  it('fills an address from a suggestion picked with the keyboard', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await form.getByRole('textbox', { name: 'Your name' }).fill('Ada');
    await form.getByRole('radio', { name: 'No' }).check();
    await form.getByRole('button', { name: 'Next' }).click();
    const street = form.getByRole('combobox', { name: 'Street address' });
    await street.click();
    await page.keyboard.type('12 Main Street, Springfield, IL');
    const options = form.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect(await street.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'address suggestions open');
    await page.keyboard.press('ArrowDown');
    expect(await street.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    await page.keyboard.press('Enter');
    expect(await form.getByRole('listbox').count()).toBe(0);
    expect(await street.inputValue()).toBe('12 Main Street');
    expect(await form.getByRole('combobox', { name: 'City' }).inputValue()).toBe('Springfield');
    expect(await form.getByRole('textbox', { name: 'State / region' }).inputValue()).toBe('IL');
    expect(await form.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('US');
    expect(await heading(form, 'Details').isVisible()).toBe(true); // Enter picked; it did not submit
  });

  it('can be completed with the keyboard alone, and then shows the completion screen', async () => {
    const q = await e2e.api.publish(keyboardOnly, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await expect.poll(() => heading(form, 'Start').isVisible()).toBe(true);
    const press = (key: string) => page.keyboard.press(key);
    await press('Tab'); // the name field
    await page.keyboard.type('Ada');
    await press('Tab'); // the radio group
    await press('ArrowDown'); // Chromium moves to and selects the next radio: "Green"
    await press('Tab'); // Next
    await press('Enter');
    // A failed Next would have focused the first invalid control; success focuses the heading.
    await expect.poll(() => heading(form, 'More').isVisible()).toBe(true);
    await press('Tab'); // the first checkbox
    await press('Space');
    await press('Tab'); // the second checkbox
    await press('Tab'); // the dropdown
    await press('ArrowDown');
    await press('Tab'); // consent
    await press('Space');
    await press('Tab'); // Back
    await press('Tab'); // Submit
    await press('Enter');
    await expect.poll(() => heading(form, 'Thank you').isVisible()).toBe(true);
    await expectAccessible(page, 'completion');
    const [response] = await e2e.api.responses(q.id);
    expect(response).toMatchObject({
      status: 'COMPLETED',
      answers: { name: 'Ada', colour: 'green', extras: ['a'], size: 's', consent: true },
    });
    // One save per step change, except that saves asked for while one is in flight are coalesced.
    const names = (await recordedEvents(page)).map((event) => event.name);
    expect(names.slice(0, 3)).toEqual(['ready', 'step-change', 'response-created']);
    expect(names.slice(3, -1)).toEqual(names.length === 6 ? ['save', 'save'] : ['save']);
    expect(names.at(-1)).toBe('complete');
  });

  it('shows "Already submitted" for a reference that completed under ONE_PER_REF, creating nothing', async () => {
    const q = await e2e.api.publish(keyboardOnly, {
      allowedOrigins: [e2e.host.origin],
      submissionPolicy: 'ONE_PER_REF',
    });
    const created = await e2e.api.call<{ responseId: string }>(
      'POST',
      `/public/v1/questionnaires/${q.publicId}/responses`,
      {
        versionNumber: 1,
        externalRef: 'crm-1',
      },
    );
    await e2e.api.call('POST', `/public/v1/responses/${created.body.responseId}/complete`);
    const { page } = await e2e.openPage(mode, [
      { id: 'done', publicId: q.publicId, externalRef: 'crm-1' },
      { id: 'open', publicId: q.publicId, externalRef: 'crm-2' },
    ]);
    await expect.poll(() => heading(embed(page, 'done'), 'Already submitted').isVisible()).toBe(true);
    await expect.poll(() => heading(embed(page, 'open'), 'Start').isVisible()).toBe(true);
    await expectAccessible(page, 'already submitted');
    expect(await e2e.api.responses(q.id)).toHaveLength(1);
  });

  it('says the questionnaire is not available on a site that is not allowed', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: ['https://elsewhere.example'] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }]);
    const form = embed(page);
    await expect.poll(() => form.getByText('This questionnaire is not available on this site.').isVisible()).toBe(true);
    await expectAccessible(page, 'not available');
    const errors = (await recordedEvents(page)).filter((event) => event.name === 'error');
    expect(errors.map((event) => event.detail.code)).toEqual(['ORIGIN_NOT_ALLOWED']);
  });

  it('keeps its look whatever a hostile host stylesheet says', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const snapshot = async (hostile: boolean) => {
      const { page, context } = await e2e.openPage(mode, [{ publicId: q.publicId }], { hostile });
      await expect.poll(() => heading(embed(page), 'About you').isVisible()).toBe(true);
      await embed(page).getByRole('button', { name: 'Next' }).click(); // shows error styles too
      await expect.poll(() => embed(page).getByText('This answer is required.').first().isVisible()).toBe(true);
      const styles = await embed(page).evaluate((target) => {
        const host = target.querySelector('[data-forms-engine]') ?? target;
        const root = host.shadowRoot as ShadowRoot;
        const properties = [
          'display',
          'visibility',
          'color',
          'background-color',
          'font-family',
          'font-size',
          'font-style',
          'line-height',
          'letter-spacing',
          'text-transform',
          'margin-top',
          'padding-left',
          'border-top-width',
          'border-top-style',
          'border-top-color',
          'box-sizing',
          'direction',
        ];
        return [host, ...root.querySelectorAll('*')].map((element) => {
          const style = getComputedStyle(element);
          return `${element.tagName.toLowerCase()}.${element.className}: ${properties.map((p) => style.getPropertyValue(p)).join(' | ')}`;
        });
      });
      await context.close();
      return styles;
    };
    const clean = await snapshot(false);
    const hostile = await snapshot(true);
    expect(clean.length).toBeGreaterThan(20);
    expect(hostile).toEqual(clean);
  });

  it('runs two embeds on one page independently', async () => {
    const first = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const second = await e2e.api.publish(keyboardOnly, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [
      { id: 'one', publicId: first.publicId },
      { id: 'two', publicId: second.publicId },
    ]);
    const one = embed(page, 'one');
    const two = embed(page, 'two');
    await expect.poll(() => heading(two, 'Start').isVisible()).toBe(true);
    await one.getByRole('textbox', { name: 'Your name' }).fill('One');
    await two.getByRole('textbox', { name: 'Your name' }).fill('Two');
    await one.getByRole('radio', { name: 'No' }).check();
    await one.getByRole('button', { name: 'Next' }).click();
    await expect.poll(async () => (await e2e.api.responses(first.id)).length).toBe(1);
    expect(await heading(two, 'Start').isVisible()).toBe(true);
    expect(await two.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Two');
    expect(await e2e.api.responses(second.id)).toEqual([]);
    const targets = new Set((await recordedEvents(page)).filter((e) => e.name !== 'ready').map((e) => e.target));
    expect([...targets]).toEqual(['one']);
    await expectAccessible(page, 'two embeds');
  });
});

describe('every question type', () => {
  it.each([
    ['light', {}],
    ['dark', { look: { colorScheme: 'dark' } }],
    [
      'dark (a page that offers both, in a dark browser)',
      { hostScheme: 'light-dark', context: { colorScheme: 'dark' } },
    ],
  ] as const)('has no accessibility violations, empty or with every error showing: %s', async (scheme, options) => {
    const q = await e2e.api.publish(everyType, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage('npm', [{ publicId: q.publicId }], options);
    const form = embed(page);
    await expect.poll(() => form.getByRole('button', { name: 'Submit' }).isVisible()).toBe(true);
    const background = await form.locator('.fe').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe(scheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(13, 17, 23)');
    await expectAccessible(page, `every type, ${scheme}`);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => form.getByText('15 answers need your attention.').isVisible()).toBe(true);
    await expect.poll(() => isFocused(form.getByRole('textbox', { name: 'Short text' }))).toBe(true);
    // Each part of the address says what it needs, under itself.
    const cityBox = form.locator('.fe-address-part', { has: page.getByRole('textbox', { name: 'City' }) });
    expect(await cityBox.getByText('Enter the city.').isVisible()).toBe(true);
    await expectAccessible(page, `every type, every error, ${scheme}`);
    await expectNoCspViolations(page);
  });

  // A host's accent that reads on one background may not on the other: a pale yellow on white,
  // a brand blue on the dark form. Links and focus rings take a shade of it that reads (4.5:1).
  it.each([
    ['light, a pale yellow accent', 'npm', { look: { accentColor: '#ffd400' } }],
    ['dark, a brand blue accent', 'npm', { look: { colorScheme: 'dark', accentColor: '#1d4ed8' } }],
    [
      'dark (a page that offers both, in a dark browser), a brand blue accent',
      'script',
      { hostScheme: 'light-dark', context: { colorScheme: 'dark' }, look: { accentColor: '#1d4ed8' } },
    ],
    [
      "dark, the host stylesheet's own purple accent and focus colour",
      'npm',
      { look: { colorScheme: 'dark' }, theme: 'purple' },
    ],
  ] as const)('links in prompts and consent labels read on the form: %s', async (_scheme, mode, options) => {
    const q = await e2e.api.publish(links, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage(mode, [{ publicId: q.publicId }], options);
    const form = embed(page);
    await expect.poll(() => form.getByRole('link', { name: 'privacy policy' }).isVisible()).toBe(true);
    expect(await form.getByRole('link').count()).toBe(2);
    await expectAccessible(page, `links, ${_scheme}`);
    // axe judged both links (inside the shadow root), rather than leaving them undecided.
    const host = mode === 'npm' ? '#embed-1 > [data-forms-engine]' : '#embed-1';
    expect(await contrastVerdicts(page, host, 'a.fe-link')).toEqual({ passes: 2, violations: 0, incomplete: 0 });
    // The focus ring, which axe does not judge: the first Tab lands on the prompt's link.
    const link = form.getByRole('link', { name: 'member directory' });
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(link)).toBe(true);
    const [ring, background] = await link.evaluate((el) => [
      getComputedStyle(el).outlineColor,
      getComputedStyle(el.closest('.fe') as Element).backgroundColor,
    ]);
    expect(contrast(parseColour(ring) as Rgb, parseColour(background) as Rgb)).toBeGreaterThanOrEqual(4.5);
  });

  it("follows the browser's switch to dark with the host's dark accent", async () => {
    const q = await e2e.api.publish(links, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage('npm', [{ publicId: q.publicId }], {
      hostScheme: 'light-dark',
      theme: 'by-scheme',
      context: { colorScheme: 'light' },
    });
    const link = embed(page).getByRole('link', { name: 'privacy policy' });
    const colour = () => link.evaluate((el) => getComputedStyle(el).color);
    await expect.poll(colour).toBe('rgb(10, 125, 79)'); // the light accent reads on white as it is
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(colour).toBe('rgb(45, 212, 191)'); // and the dark one on the dark form
    await expectAccessible(page, 'links, switched to dark');
  });

  it('mirrors its layout on a right-to-left page', async () => {
    const q = await e2e.api.publish(journey, { allowedOrigins: [e2e.host.origin] });
    const { page } = await e2e.openPage('npm', [{ publicId: q.publicId }], { rtl: true });
    const form = embed(page);
    await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
    const name = await form.getByRole('textbox', { name: 'Your name' }).boundingBox();
    const email = await form.getByRole('textbox', { name: 'Email address' }).boundingBox();
    // HALF-width questions: the first sits on the right in a right-to-left flow.
    expect(name!.x).toBeGreaterThan(email!.x);
  });
});
