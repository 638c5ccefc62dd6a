import { Definition, type DefinitionInput } from '@forms-engine/schema';
import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePublicApi } from '../test/support/fake-public-api';
import type { Definition as PlainDefinition } from './client/types';
import { defineFormsEngineElement } from './element';
import { labelsFor } from './labels-entry';
import { type MountOptions, mount } from './mount';
import { isRightToLeft } from './render/languages';
import { storageKey } from './session/storage';

/** Choosing the language, the words that follow it, right to left, and switching without losing anything. */

const mounted: { destroy(): void }[] = [];
const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
afterEach(() => {
  for (const handle of mounted.splice(0)) handle.destroy();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  sessionStorage.clear();
  if (languages) Object.defineProperty(Navigator.prototype, 'languages', languages);
});

const browserLanguages = (tags: string[]) =>
  Object.defineProperty(Navigator.prototype, 'languages', { configurable: true, get: () => tags });

const definition = (extra: Partial<DefinitionInput> = {}) =>
  Definition.parse({
    schemaVersion: 1,
    defaultLanguage: 'en',
    steps: [
      {
        id: 's1',
        title: 'About you',
        questions: [
          { id: 'name', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name', requirement: { mode: 'ALWAYS' } },
          { id: 'city', code: 'city', type: 'SHORT_TEXT', prompt: 'Your city' },
        ],
      },
      {
        id: 's2',
        title: 'Your visit',
        questions: [{ id: 'count', code: 'count', type: 'NUMBER', prompt: 'How many?', typeConfig: { max: 1234.5 } }],
      },
    ],
    translations: {
      // German misses the prompt of "Your city": it falls back to English, string by string.
      de: { s1: { title: 'Über Sie' }, name: { prompt: 'Ihr Name' }, s2: { title: 'Ihr Besuch' } },
      ar: { s1: { title: 'عنك' }, name: { prompt: 'اسمك' }, city: { prompt: 'مدينتك' } },
    },
    ...extra,
  } as DefinitionInput) as PlainDefinition;

/** The server's documents carry the embed's words in the questionnaire's languages. */
const tables = { de: labelsFor('de') as Record<string, unknown>, ar: labelsFor('ar') as Record<string, unknown> };

function setUp(options: Partial<MountOptions> = {}, api = fakePublicApi(definition(), { labels: tables })) {
  const target = document.createElement('section');
  document.body.append(target);
  const handle = mount(target, { baseUrl: 'https://forms.test', publicId: 'pub1', fetch: api.fetch, ...options });
  mounted.push(handle);
  const root = (target.querySelector('[data-forms-engine]') as HTMLElement).shadowRoot as ShadowRoot;
  const body = () => root.querySelector('.fe-body') as HTMLElement;
  return {
    api,
    target,
    handle,
    root,
    body,
    ui: within(root.querySelector('.fe') as HTMLElement),
    user: userEvent.setup(),
  };
}

describe('the language shown', () => {
  it('is the mount option, matched by lookup (de-AT shows de), with German texts and German words', async () => {
    browserLanguages(['ar']);
    document.documentElement.lang = 'ar';
    const { ui, body, api, user } = setUp({ language: 'de-AT' });
    expect(await ui.findByRole('heading', { name: 'Über Sie' })).toBeTruthy();
    expect(ui.getByRole('textbox', { name: 'Ihr Name' })).toBeTruthy();
    // A text German does not have falls back to English, string by string.
    expect(ui.getByRole('textbox', { name: 'Your city' })).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Weiter' })).toBeTruthy();
    expect(ui.getByText('Schritt 1 von 2')).toBeTruthy();
    expect(body().lang).toBe('de');
    expect(body().dir).toBe('ltr');
    await user.click(ui.getByRole('button', { name: 'Weiter' }));
    expect(await ui.findByText('Diese Angabe ist erforderlich.')).toBeTruthy();
    await user.type(ui.getByRole('textbox', { name: 'Ihr Name' }), 'Ada');
    await user.click(ui.getByRole('button', { name: 'Weiter' }));
    await ui.findByRole('heading', { name: 'Ihr Besuch' });
    // Create sends the matched tag.
    await vi.waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ versionNumber: 1, language: 'de' });
  });

  it('is the element’s language attribute', async () => {
    defineFormsEngineElement();
    const api = fakePublicApi(definition(), { labels: tables });
    const element = document.createElement('forms-engine-questionnaire');
    element.setAttribute('base-url', 'https://forms.test');
    element.setAttribute('public-id', 'pub1');
    element.setAttribute('language', 'ar');
    vi.stubGlobal('fetch', api.fetch);
    try {
      document.body.append(element);
      const container = await vi.waitFor(() => {
        const found = element.shadowRoot?.querySelector<HTMLElement>('.fe');
        if (!found) throw new Error('not rendered yet');
        return found;
      });
      const ui = within(container);
      expect(await ui.findByRole('heading', { name: 'عنك' })).toBeTruthy();
      expect(ui.getByRole('button', { name: 'التالي' })).toBeTruthy();
      // A new attribute switches without a restart: one live document in all.
      element.setAttribute('language', 'de');
      expect(await ui.findByRole('heading', { name: 'Über Sie' })).toBeTruthy();
      expect(api.count('GET', /live$/)).toBe(1);
    } finally {
      element.remove();
      vi.unstubAllGlobals();
    }
  });

  it('is the page’s <html lang> when the host names none', async () => {
    browserLanguages(['ar']);
    document.documentElement.lang = 'de-CH';
    const { ui } = setUp();
    expect(await ui.findByRole('heading', { name: 'Über Sie' })).toBeTruthy();
  });

  it('is the first of navigator.languages the questionnaire has, when the page’s is not one of them', async () => {
    document.documentElement.lang = 'ja';
    browserLanguages(['fr-FR', 'ar-EG', 'de']);
    const { ui, body } = setUp();
    expect(await ui.findByRole('heading', { name: 'عنك' })).toBeTruthy();
    expect(body().lang).toBe('ar');
  });

  it('is the default language when nothing asked for matches, or the host names one it lacks', async () => {
    browserLanguages(['ja', 'ko']);
    const { ui, api } = setUp(
      { language: 'fr' },
      fakePublicApi(definition({ defaultLanguage: 'de', translations: {} }), { labels: tables }),
    );
    // A German-default questionnaire shown by default has German buttons.
    expect(await ui.findByRole('button', { name: 'Weiter' })).toBeTruthy();
    expect(api.calls).toHaveLength(1);
  });

  it('keeps English words for a questionnaire in English; the labels option overrides every language', async () => {
    browserLanguages(['de']);
    const { ui } = setUp({ labels: { next: 'Continue →', back: 'Zurück!' } });
    expect(await ui.findByRole('heading', { name: 'Über Sie' })).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Continue →' })).toBeTruthy();
    expect(ui.getByText('Schritt 1 von 2')).toBeTruthy();
  });

  it('writes numbers and dates the language’s way', async () => {
    const { ui, user } = setUp({ language: 'de' });
    await user.type(await ui.findByRole('textbox', { name: 'Ihr Name' }), 'Ada');
    await user.click(ui.getByRole('button', { name: 'Weiter' }));
    await user.type(await ui.findByRole('spinbutton', { name: 'How many?' }), '5000');
    await user.click(ui.getByRole('button', { name: 'Absenden' }));
    expect(await ui.findByText('Geben Sie 1.234,5 oder weniger ein.')).toBeTruthy();
  });
});

describe('right to left', () => {
  it('sets dir="rtl" for Arabic (a regional tag too) with Arabic words; the layout mirrors in Chromium (e2e)', async () => {
    const { ui, body } = setUp({ language: 'ar-EG' });
    await ui.findByRole('heading', { name: 'عنك' });
    expect(body().dir).toBe('rtl');
    expect(body().lang).toBe('ar');
    expect(ui.getByText('الخطوة 1 من 2')).toBeTruthy();
  });

  it('knows the right-to-left languages and scripts by their tags', () => {
    const rtl = ['ar', 'ar-EG', 'he', 'he-IL', 'fa', 'fa-AF', 'ur', 'ur-PK', 'pa-Arab'];
    const ltr = ['en', 'de-AT', 'pt-BR', 'tr', 'hr', 'sr-Latn', 'urd-x'];
    expect(rtl.filter((tag) => !isRightToLeft(tag))).toEqual([]);
    expect(ltr.filter((tag) => isRightToLeft(tag))).toEqual([]);
  });

  it('leaves a questionnaire that names no language to the page’s direction, as before', async () => {
    const plain = Definition.parse({
      schemaVersion: 1,
      questions: [{ id: 'q', code: 'q', type: 'SHORT_TEXT', prompt: 'Name' }],
    } as DefinitionInput) as PlainDefinition;
    document.documentElement.lang = 'ar';
    const { ui, body } = setUp({}, fakePublicApi(plain));
    await ui.findByRole('textbox', { name: 'Name' });
    expect(body().hasAttribute('dir')).toBe(false);
    expect(body().hasAttribute('lang')).toBe(false);
  });
});

describe('switching', () => {
  const switchable = () => fakePublicApi(definition({ languageSwitcher: true }), { labels: tables });

  it('is a labelled select of each language in its own name, only with the switcher on', async () => {
    const { ui } = setUp({ language: 'en' }, switchable());
    const select = (await ui.findByRole('combobox', { name: 'Language' })) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.textContent, option.lang])).toEqual([
      ['en', 'English', 'en'],
      ['de', 'Deutsch', 'de'],
      ['ar', 'العربية', 'ar'],
    ]);
    const off = setUp({ language: 'en' });
    await off.ui.findByRole('heading', { name: 'About you' });
    expect(off.ui.queryByRole('combobox')).toBeNull();
  });

  it('keeps every answer and the place, and the next save records the language', async () => {
    const { ui, api, user, body } = setUp({ language: 'en' }, switchable());
    await user.type(await ui.findByRole('textbox', { name: 'Your name' }), 'Ada');
    await user.type(ui.getByRole('textbox', { name: 'Your city' }), 'Paris');
    await user.click(ui.getByRole('button', { name: 'Next' }));
    await ui.findByRole('heading', { name: 'Your visit' });
    await user.type(ui.getByRole('spinbutton', { name: 'How many?' }), '3');
    await vi.waitFor(() => expect(api.patches()).toHaveLength(1));

    await user.selectOptions(ui.getByRole('combobox', { name: 'Language' }), 'de');
    expect(await ui.findByRole('heading', { name: 'Ihr Besuch' })).toBeTruthy();
    expect((ui.getByRole('spinbutton', { name: 'How many?' }) as HTMLInputElement).value).toBe('3');
    expect(ui.getByRole('combobox', { name: 'Sprache' })).toBeTruthy();
    expect(api.patches()).toHaveLength(1); // a switch alone sends nothing

    await user.click(ui.getByRole('button', { name: 'Zurück' }));
    expect(await ui.findByRole('heading', { name: 'Über Sie' })).toBeTruthy();
    expect((ui.getByRole('textbox', { name: 'Ihr Name' }) as HTMLInputElement).value).toBe('Ada');
    expect((ui.getByRole('textbox', { name: 'Your city' }) as HTMLInputElement).value).toBe('Paris');
    await vi.waitFor(() => expect(api.patches()).toHaveLength(2));
    expect(api.patches()[1]).toMatchObject({ answers: { name: 'Ada', city: 'Paris', count: 3 }, language: 'de' });

    await user.selectOptions(ui.getByRole('combobox', { name: 'Sprache' }), 'ar');
    expect(await ui.findByRole('heading', { name: 'عنك' })).toBeTruthy();
    expect(body().dir).toBe('rtl');
  });

  it('setLanguage on the handle does the same; a language the questionnaire lacks changes nothing', async () => {
    const { ui, handle, user } = setUp({ language: 'en' });
    await user.type(await ui.findByRole('textbox', { name: 'Your name' }), 'Ada');
    handle.setLanguage('de-DE');
    expect(await ui.findByRole('heading', { name: 'Über Sie' })).toBeTruthy();
    expect((ui.getByRole('textbox', { name: 'Ihr Name' }) as HTMLInputElement).value).toBe('Ada');
    handle.setLanguage('ja');
    expect(ui.getByRole('heading', { name: 'Über Sie' })).toBeTruthy();
  });
});

describe('resuming', () => {
  const resumed = (extra: object = {}) => {
    sessionStorage.setItem(storageKey('pub1', undefined), 'resp-1');
    return fakePublicApi(definition(), {
      labels: tables,
      rehydration: { answers: { name: 'Ada' }, lastPosition: { stepId: 's1' }, language: 'ar', ...extra },
    });
  };

  it('shows the recorded language, not the page’s or the browser’s', async () => {
    document.documentElement.lang = 'de';
    browserLanguages(['de']);
    const { ui } = setUp({}, resumed());
    expect(await ui.findByRole('heading', { name: 'عنك' })).toBeTruthy();
    expect((ui.getByRole('textbox', { name: 'اسمك' }) as HTMLInputElement).value).toBe('Ada');
  });

  it('shows the language the host names explicitly over the recorded one', async () => {
    const { ui } = setUp({ language: 'de' }, resumed());
    expect(await ui.findByRole('heading', { name: 'Über Sie' })).toBeTruthy();
  });
});
