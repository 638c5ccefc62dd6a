import type { DefinitionInput } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, embed, expectAccessible, heading, type Mode, startE2E } from './support/e2e';

/**
 * Languages in real Chromium, on a host page of another origin, against the real server: the
 * page's `<html lang>` picks the questionnaire's language (de-AT shows German, and `de` is
 * recorded), Arabic is drawn right to left, and axe finds nothing in either.
 */

const required = { mode: 'ALWAYS' as const };
const definition: DefinitionInput = {
  schemaVersion: 1,
  defaultLanguage: 'en',
  languageSwitcher: true,
  steps: [
    {
      id: 'about',
      title: 'About you',
      questions: [
        { id: 'q-name', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name', requirement: required },
        {
          id: 'q-plan',
          code: 'plan',
          type: 'SINGLE_CHOICE',
          prompt: 'Which plan?',
          typeConfig: {
            choices: [
              { value: 'free', label: 'Free' },
              { value: 'pro', label: 'Professional' },
            ],
          },
        },
      ],
    },
    {
      id: 'visit',
      title: 'Your visit',
      questions: [{ id: 'q-note', code: 'note', type: 'LONG_TEXT', prompt: 'Notes' }],
    },
  ],
  translations: {
    de: {
      about: { title: 'Über Sie' },
      'q-name': { prompt: 'Ihr Name' },
      'q-plan': { prompt: 'Welcher Tarif?', typeConfig: { choices: { free: 'Kostenlos', pro: 'Profi' } } },
      visit: { title: 'Ihr Besuch' },
      'q-note': { prompt: 'Anmerkungen' },
    },
    ar: {
      about: { title: 'عنك' },
      'q-name': { prompt: 'اسمك' },
      'q-plan': { prompt: 'أي خطة؟', typeConfig: { choices: { free: 'مجانية', pro: 'احترافية' } } },
      visit: { title: 'زيارتك' },
      'q-note': { prompt: 'ملاحظات' },
    },
  },
};

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe.each<Mode>(['script', 'npm'])('embedded through %s', (mode) => {
  it('shows a page in de-AT German prompts and German buttons, and records de', async () => {
    const q = await e2e.api.publish(definition, { allowedOrigins: [e2e.host.origin] });
    const { page, errors } = await e2e.openPage(mode, [{ publicId: q.publicId }], { lang: 'de-AT' });
    const form = embed(page);
    await expect.poll(() => heading(form, 'Über Sie').isVisible()).toBe(true);
    expect(await form.getByRole('radio', { name: 'Profi' }).count()).toBe(1);
    expect(await form.getByText('Schritt 1 von 2').isVisible()).toBe(true);
    await expectAccessible(page, 'German, step 1');

    await form.getByRole('button', { name: 'Weiter' }).click();
    await expect.poll(() => form.getByText('Diese Angabe ist erforderlich.').first().isVisible()).toBe(true);
    await form.getByRole('textbox', { name: 'Ihr Name' }).fill('Ada');
    await form.getByRole('radio', { name: 'Profi' }).check();
    await form.getByRole('button', { name: 'Weiter' }).click();
    await expect.poll(() => heading(form, 'Ihr Besuch').isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: 'Zurück' }).isVisible()).toBe(true);
    await expect.poll(async () => (await e2e.api.responses(q.id))[0]?.meta.language).toBe('de');
    await expect.poll(async () => (await e2e.api.responses(q.id))[0]?.answers).toEqual({ name: 'Ada', plan: 'pro' });
    await expectAccessible(page, 'German, step 2');

    // The switcher keeps the answers and the place; the next save records the language.
    await form.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await expect.poll(() => heading(form, 'Your visit').isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => heading(form, 'About you').isVisible()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Ada');
    await expect.poll(async () => (await e2e.api.responses(q.id))[0]?.meta.language).toBe('en');
    expect(errors).toEqual([]);
  });

  it('draws a page in ar right to left, in Arabic, with Back and Next in reading order', async () => {
    const q = await e2e.api.publish(definition, { allowedOrigins: [e2e.host.origin] });
    const { page, errors } = await e2e.openPage(mode, [{ publicId: q.publicId }], { lang: 'ar' });
    const form = embed(page);
    await expect.poll(() => heading(form, 'عنك').isVisible()).toBe(true);
    expect(await form.locator('.fe-body').getAttribute('dir')).toBe('rtl');
    await expectAccessible(page, 'Arabic, step 1');
    // Mirrored: the progress fills from the right (half of it on step 1 of 2).
    const box = async (locator: ReturnType<typeof form.locator>) => (await locator.boundingBox()) ?? { x: 0, width: 0 };
    const track = await box(form.locator('.fe-progress-track'));
    const bar = await box(form.locator('.fe-progress-bar'));
    expect(Math.round(bar.x + bar.width)).toBe(Math.round(track.x + track.width));
    expect(bar.x).toBeGreaterThan(track.x + track.width / 4);
    await form.getByRole('textbox', { name: 'اسمك' }).fill('Ada');
    await form.getByRole('button', { name: 'التالي' }).click();
    await expect.poll(() => heading(form, 'زيارتك').isVisible()).toBe(true);

    // Back, first in reading order, is right of Submit.
    const back = await box(form.getByRole('button', { name: 'السابق' }));
    const submit = await box(form.getByRole('button', { name: 'إرسال' }));
    expect(back.x).toBeGreaterThan(submit.x);
    await expectAccessible(page, 'Arabic, step 2');
    await expect.poll(async () => (await e2e.api.responses(q.id))[0]?.meta.language).toBe('ar');
    expect(errors).toEqual([]);
  });
});
