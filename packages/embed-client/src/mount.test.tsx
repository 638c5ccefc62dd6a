import { Definition, type DefinitionInput } from '@forms-engine/schema';
import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePublicApi, problemResponse } from '../test/support/fake-public-api';
import { contrast, parseColour, type Rgb } from './appearance';
import type { Definition as PlainDefinition } from './client/types';
import { defineFormsEngineElement } from './element';
import { DOM_EVENT_NAMES } from './events';
import { type MountOptions, mount } from './mount';
import { PALETTE, STYLES } from './render/styles';
import { storageKey } from './session/storage';

const mounted: { destroy(): void }[] = [];

/**
 * Runs `act` under fake timers, then every timer it left (at any delay) and the promises they
 * chain, so "nothing was sent" means never rather than "not within a few milliseconds".
 */
async function runToEnd(act: () => void) {
  vi.useFakeTimers();
  act();
  await vi.runAllTimersAsync();
  vi.useRealTimers();
}
afterEach(() => {
  for (const handle of mounted.splice(0)) handle.destroy();
  document.body.replaceChildren();
  sessionStorage.clear();
  vi.useRealTimers();
});

const text = (code: string, extra: object = {}) => ({ id: code, code, type: 'SHORT_TEXT', prompt: code, ...extra });
const twoSteps = Definition.parse({
  schemaVersion: 1,
  steps: [
    { id: 's1', title: 'First', questions: [text('a', { requirement: { mode: 'ALWAYS' } })] },
    {
      id: 's2',
      title: 'Second',
      tabs: [
        { id: 't1', title: 'One', questions: [text('b')] },
        { id: 't2', title: 'Two', questions: [text('c', { requirement: { mode: 'ALWAYS' } })] },
        { id: 't3', title: 'Three', questions: [text('d')] },
      ],
    },
  ],
} as DefinitionInput) as PlainDefinition;

function setUp(options: Partial<MountOptions> & { api?: ReturnType<typeof fakePublicApi> } = {}) {
  const api = options.api ?? fakePublicApi(twoSteps);
  const target = document.createElement('section');
  target.id = 'target';
  document.body.append(target);
  const domEvents: string[] = [];
  for (const name of Object.values(DOM_EVENT_NAMES)) target.addEventListener(name, () => domEvents.push(name));
  const handle = mount(target, { baseUrl: 'https://forms.test/', publicId: 'pub1', fetch: api.fetch, ...options });
  mounted.push(handle);
  const host = target.querySelector('[data-forms-engine]') as HTMLElement;
  const root = host.shadowRoot as ShadowRoot;
  const ui = within(root.querySelector('.fe') as HTMLElement);
  return { api, target, host, root, ui, handle, domEvents, user: userEvent.setup() };
}

describe('mount', () => {
  it('renders inside an open shadow root, creates nothing on a page view, and reports ready', async () => {
    const onReady = vi.fn();
    const { ui, api, domEvents, host } = setUp({ onReady });
    expect(await ui.findByRole('heading', { name: 'First' })).toBeTruthy();
    expect(host.shadowRoot?.mode).toBe('open');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /public/v1/questionnaires/pub1/live']);
    expect(onReady).toHaveBeenCalledWith({ versionNumber: 1, status: 'IN_PROGRESS' });
    expect(domEvents).toEqual(['forms-engine:ready']);
    expect(ui.getByText('Step 1 of 2')).toBeTruthy();
  });

  it('sends no header but Content-Type (the server CORS preflight admits only a few)', async () => {
    const { ui, api, user } = setUp();
    await user.type(await ui.findByRole('textbox', { name: 'a' }), 'x');
    await user.click(ui.getByRole('button', { name: 'Next' }));
    await ui.findByRole('heading', { name: 'Second' });
    await vi.waitFor(() => expect(api.patches()).toHaveLength(1));
    for (const call of api.calls) {
      expect(Object.keys(call.headers).filter((name) => name !== 'content-type')).toEqual([]);
    }
  });

  it('walks the steps: creates on the first Next, saves per step change, reports each event, moves focus to the heading', async () => {
    const calls: Record<string, unknown[]> = { created: [], step: [], save: [], complete: [] };
    const { ui, api, user, root, domEvents } = setUp({
      externalRef: ' crm-1 ',
      onResponseCreated: (d) => calls.created?.push(d),
      onStepChange: (d) => calls.step?.push(d),
      onSave: (d) => calls.save?.push(d),
      onComplete: (d) => calls.complete?.push(d),
    });
    await user.type(await ui.findByRole('textbox', { name: 'a' }), 'A');
    await user.click(ui.getByRole('button', { name: 'Next' }));
    const heading = await ui.findByRole('heading', { name: 'Second' });
    expect(root.activeElement).toBe(heading);
    await vi.waitFor(() => expect(calls.save).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      versionNumber: 1,
      externalRef: 'crm-1',
      language: 'en',
    });
    expect(sessionStorage.getItem(storageKey('pub1', 'crm-1'))).toBe('resp-1');

    // Tabs: a tablist whose arrow keys select; switching saves nothing.
    const tabs = ui.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    tabs[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(ui.getByRole('tab', { name: 'Two' }).getAttribute('aria-selected')).toBe('true');
    expect(root.activeElement).toBe(ui.getByRole('tab', { name: 'Two' }));
    await user.keyboard('{End}');
    expect(ui.getByRole('tab', { name: 'Three' }).getAttribute('aria-selected')).toBe('true');
    expect(ui.getByRole('tabpanel', { name: 'Three' })).toBeTruthy();
    expect(api.patches()).toHaveLength(1);

    // A failed Submit opens the tab of the first error and focuses its control.
    await user.click(ui.getByRole('button', { name: 'Submit' }));
    expect(ui.getByRole('tab', { name: 'Two' }).getAttribute('aria-selected')).toBe('true');
    expect(root.activeElement).toBe(ui.getByRole('textbox', { name: 'c' }));
    await user.type(ui.getByRole('textbox', { name: 'c' }), 'C');
    await user.click(ui.getByRole('button', { name: 'Back' }));
    await ui.findByRole('heading', { name: 'First' });
    await user.click(ui.getByRole('button', { name: 'Next' }));
    await user.click(await ui.findByRole('button', { name: 'Submit' }));
    expect(await ui.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(root.activeElement).toBe(ui.getByRole('heading', { name: 'Thank you' }));
    expect(calls.created).toEqual([{ responseId: 'resp-1' }]);
    expect(calls.step).toEqual([
      { stepId: 's2', index: 1 },
      { stepId: 's1', index: 0 },
      { stepId: 's2', index: 1 },
    ]);
    expect(calls.complete).toEqual([{ responseId: 'resp-1' }]);
    expect(api.patches()).toEqual([
      { answers: { a: 'A' }, lastPosition: { stepId: 's2', tabId: 't1' }, language: 'en' },
      { answers: { a: 'A', c: 'C' }, lastPosition: { stepId: 's1' }, language: 'en' },
      { answers: { a: 'A', c: 'C' }, lastPosition: { stepId: 's2', tabId: 't1' }, language: 'en' },
      { answers: { a: 'A', c: 'C' }, lastPosition: { stepId: 's2', tabId: 't1' }, language: 'en' },
    ]);
    expect(domEvents.filter((e) => e === 'forms-engine:save')).toHaveLength(4);
  });

  it('resumes a stored response on its saved step, tab and answers', async () => {
    sessionStorage.setItem(storageKey('pub1', undefined), 'resp-1');
    const api = fakePublicApi(twoSteps, {
      rehydration: { answers: { a: 'A', c: 'C' }, lastPosition: { stepId: 's2', tabId: 't2' } },
    });
    const { ui } = setUp({ api });
    expect(await ui.findByRole('heading', { name: 'Second' })).toBeTruthy();
    expect(ui.getByRole('tab', { name: 'Two' }).getAttribute('aria-selected')).toBe('true');
    expect((ui.getByRole('textbox', { name: 'c' }) as HTMLInputElement).value).toBe('C');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /public/v1/responses/resp-1']);
  });

  it.each([
    [problemResponse(403, 'ORIGIN_NOT_ALLOWED'), 'This questionnaire is not available on this site.'],
    [problemResponse(404, 'NOT_PUBLISHED'), 'This questionnaire is not open yet.'],
    ['network', 'The questionnaire could not be loaded. Check your connection and try again.'],
  ] as const)('says clearly when it cannot load (%#)', async (answer, message) => {
    const onError = vi.fn();
    const api = fakePublicApi(twoSteps, {
      override: () => {
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return answer.clone();
      },
    });
    const { ui } = setUp({ api, onError });
    expect(await ui.findByText(message)).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a failed save keeps the answers, says it is retrying, and retries with backoff', async () => {
    let failPatches = 2;
    const api = fakePublicApi(twoSteps, {
      override: (call) => {
        if (call.method === 'PATCH' && failPatches-- > 0) throw new TypeError('offline');
        return undefined;
      },
    });
    const { ui, user } = setUp({ api });
    await user.type(await ui.findByRole('textbox', { name: 'a' }), 'kept');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(ui.getByRole('button', { name: 'Next' }));
    expect(await ui.findByText(/Saving… retrying/)).toBeTruthy();
    expect(ui.getByRole('heading', { name: 'Second' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(ui.queryByText(/Saving… retrying/)).toBeNull());
    expect(api.count('PATCH', /resp-1$/)).toBe(3);
    expect(api.patches().at(-1)).toEqual({
      answers: { a: 'kept' },
      lastPosition: { stepId: 's2', tabId: 't1' },
      language: 'en',
    });
  });

  it('a save answered 503 with Retry-After waits that long, says it is retrying, and loses nothing', async () => {
    let busy = 2;
    const api = fakePublicApi(twoSteps, {
      override: (call) =>
        call.method === 'PATCH' && busy-- > 0
          ? problemResponse(503, 'INTERNAL_ERROR', 'down', { 'Retry-After': '5' })
          : undefined,
    });
    const { ui, user } = setUp({ api });
    await user.type(await ui.findByRole('textbox', { name: 'a' }), 'kept');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(ui.getByRole('button', { name: 'Next' }));
    expect(await ui.findByText('Saving… retrying. Your answers are kept on this page.')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(4000);
    expect(api.count('PATCH', /resp-1$/)).toBe(1); // the server asked for 5 s, not the 1 s backoff
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(api.count('PATCH', /resp-1$/)).toBe(2));
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(() => expect(ui.queryByText(/Saving… retrying/)).toBeNull());
    expect(api.patches()).toEqual(
      Array(3).fill({ answers: { a: 'kept' }, lastPosition: { stepId: 's2', tabId: 't1' }, language: 'en' }),
    );
  });

  it('retries the completion when the server is briefly unavailable, then shows the completion screen', async () => {
    let busy = 1;
    sessionStorage.setItem(storageKey('pub1', undefined), 'resp-1');
    const api = fakePublicApi(twoSteps, {
      rehydration: { answers: { a: 'A', c: 'C' }, lastPosition: { stepId: 's2' } },
      override: (call) =>
        call.path.endsWith('/complete') && busy-- > 0
          ? problemResponse(503, 'INTERNAL_ERROR', 'down', { 'Retry-After': '1' })
          : undefined,
    });
    const { ui, user } = setUp({ api });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(await ui.findByRole('button', { name: 'Submit' }));
    expect(await ui.findByText(/Saving… retrying/)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await ui.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(api.count('POST', /complete$/)).toBe(2);
  });

  describe('erasure stays erased', () => {
    it('a save answered 404 drops the answers and the stored id, says so in one sentence, and starts from the first screen', async () => {
      let erased = false;
      const api = fakePublicApi(twoSteps, {
        override: (call) => (erased && call.path.includes('/resp-1') ? problemResponse(404, 'NOT_FOUND') : undefined),
      });
      const onError = vi.fn();
      const { ui, user, root } = setUp({ api, onError });
      await user.type(await ui.findByRole('textbox', { name: 'a' }), 'old answer');
      await user.click(ui.getByRole('button', { name: 'Next' }));
      await ui.findByRole('heading', { name: 'Second' });
      await vi.waitFor(() => expect(api.patches()).toHaveLength(1));
      await user.click(ui.getByRole('tab', { name: 'Two' }));
      await user.type(ui.getByRole('textbox', { name: 'c' }), 'old too');
      erased = true; // the operator erases the response now
      const sentBefore = api.calls.length;
      await user.click(ui.getByRole('button', { name: 'Back' }));

      const notice = await ui.findByText(
        'Your earlier answers are no longer available, so the questionnaire starts again from the beginning.',
      );
      expect(ui.getByRole('heading', { name: 'First' })).toBeTruthy();
      expect((ui.getByRole('textbox', { name: 'a' }) as HTMLInputElement).value).toBe('');
      expect(root.activeElement).toBe(notice);
      expect(sessionStorage.getItem(storageKey('pub1', undefined))).toBeNull();
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 404 }));

      erased = false;
      await user.type(ui.getByRole('textbox', { name: 'a' }), 'new');
      await user.click(ui.getByRole('button', { name: 'Next' }));
      await ui.findByRole('heading', { name: 'Second' });
      await vi.waitFor(() => expect(api.patches()).toHaveLength(3));
      expect(ui.queryByText(/no longer available/)).toBeNull();
      const later = api.calls.slice(sentBefore + 1);
      expect(later.map((c) => `${c.method} ${c.path}`)).toEqual([
        'GET /public/v1/questionnaires/pub1/live',
        'POST /public/v1/questionnaires/pub1/responses',
        'PATCH /public/v1/responses/resp-1',
      ]);
      expect(JSON.stringify(later.map((c) => c.body))).not.toContain('old');
    });

    it('the form is drawn anew, so no control keeps what was typed before', async () => {
      const withNumber = Definition.parse({
        schemaVersion: 1,
        steps: [
          { id: 's1', title: 'First', questions: [{ id: 'n', code: 'n', type: 'NUMBER', prompt: 'n' }] },
          { id: 's2', title: 'Second', questions: [text('b')] },
        ],
      } as DefinitionInput) as PlainDefinition;
      let erased = false;
      const api = fakePublicApi(withNumber, {
        override: (call) => (erased && call.method === 'PATCH' ? problemResponse(404, 'NOT_FOUND') : undefined),
      });
      const { ui, user } = setUp({ api });
      await user.type(await ui.findByRole('spinbutton', { name: 'n' }), '42');
      await user.click(ui.getByRole('button', { name: 'Next' }));
      await ui.findByRole('heading', { name: 'Second' });
      erased = true;
      await user.click(ui.getByRole('button', { name: 'Back' }));
      await ui.findByText(/no longer available/);
      expect((ui.getByRole('spinbutton', { name: 'n' }) as HTMLInputElement).value).toBe('');
    });

    it('a stored response that is gone on reload shows the sentence and an empty first screen, without moving focus', async () => {
      sessionStorage.setItem(storageKey('pub1', undefined), 'resp-gone');
      const { ui, root } = setUp();
      expect(await ui.findByText(/no longer available/)).toBeTruthy();
      expect(ui.getByRole('heading', { name: 'First' })).toBeTruthy();
      expect(root.activeElement).toBeNull();
      expect(sessionStorage.getItem(storageKey('pub1', undefined))).toBeNull();
    });
  });

  describe('nothing typed is lost when the page is hidden or unloaded', () => {
    const hide = () => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('pagehide'));
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    };

    it('before the first Next nothing is sent: a page view creates nothing', async () => {
      const { ui, user, api } = setUp();
      await user.type(await ui.findByRole('textbox', { name: 'a' }), 'typed');
      await runToEnd(hide);
      expect(api.calls.map((c) => c.method)).toEqual(['GET']);
    });

    it('once a response exists, the screen is saved once with keepalive, and nothing after destroy()', async () => {
      const { ui, user, api, handle } = setUp();
      await user.type(await ui.findByRole('textbox', { name: 'a' }), 'A');
      await user.click(ui.getByRole('button', { name: 'Next' }));
      await vi.waitFor(() => expect(api.patches()).toHaveLength(1));
      await user.type(ui.getByRole('textbox', { name: 'b' }), 'typed on step 2');
      hide();
      await vi.waitFor(() => expect(api.patches()).toHaveLength(2));
      const last = api.calls.at(-1);
      expect(last).toMatchObject({
        method: 'PATCH',
        keepalive: true,
        body: { answers: { a: 'A', b: 'typed on step 2' }, lastPosition: { stepId: 's2', tabId: 't1' } },
      });
      await runToEnd(() => {
        hide(); // unchanged: nothing more
        handle.destroy();
        hide();
      });
      expect(api.patches()).toHaveLength(2);
    });
  });

  it('a save the server refuses keeps the answers and says so; the next step change tries again', async () => {
    let refuse = true;
    const api = fakePublicApi(twoSteps, {
      override: (call) => (call.method === 'PATCH' && refuse ? problemResponse(400, 'VALIDATION_FAILED') : undefined),
    });
    const onError = vi.fn();
    const { ui, user } = setUp({ api, onError });
    await user.type(await ui.findByRole('textbox', { name: 'a' }), 'kept');
    await user.click(ui.getByRole('button', { name: 'Next' }));
    expect(await ui.findByText(/could not be saved\. They are kept/)).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    refuse = false;
    await user.click(ui.getByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(ui.queryByText(/could not be saved/)).toBeNull());
    expect((ui.getByRole('textbox', { name: 'a' }) as HTMLInputElement).value).toBe('kept');
  });

  it('shows "Already submitted" for a completed ref under ONE_PER_REF and creates nothing', async () => {
    const api = fakePublicApi(twoSteps, {
      submissionPolicy: 'ONE_PER_REF',
      override: (call) =>
        call.path.endsWith('/ref-status')
          ? new Response(JSON.stringify({ status: 'COMPLETED' }), { status: 200 })
          : undefined,
    });
    const { ui } = setUp({ api, externalRef: 'crm-9' });
    expect(await ui.findByRole('heading', { name: 'Already submitted' })).toBeTruthy();
    expect(api.calls.find((c) => c.path.endsWith('/ref-status'))?.search).toBe('?ref=crm-9');
    expect(api.count('POST', /responses$/)).toBe(0);
  });

  it('follows the host page: light unless it says otherwise; colorScheme and accentColor options win', async () => {
    const plain = setUp();
    await plain.ui.findByRole('heading', { name: 'First' });
    expect((plain.root.querySelector('.fe') as HTMLElement).dataset.scheme).toBe('light');
    const chosen = setUp({ colorScheme: 'dark', accentColor: '#ffd400' });
    const container = chosen.root.querySelector('.fe') as HTMLElement;
    expect(container.dataset.scheme).toBe('dark');
    expect(container.style.getPropertyValue('--fe-accent')).toBe('#ffd400');
    expect(container.style.getPropertyValue('--fe-on-accent')).toBe('#000');
  });

  it("gives links, ticked boxes and focus rings a shade of the host's accent that reads on each scheme's form", async () => {
    // jsdom resolves no var(): the theme's own colours are measured in Chromium (e2e).
    const { root, ui } = setUp({ accentColor: '#1d4ed8' });
    await ui.findByRole('heading', { name: 'First' });
    const container = root.querySelector('.fe') as HTMLElement;
    const shade = (property: string) => parseColour(container.style.getPropertyValue(property)) as Rgb;
    const form = (scheme: 1 | 2) => parseColour(PALETTE.bg[scheme]) as Rgb;
    expect(container.style.getPropertyValue('--_accent-text-light')).toBe('#1d4ed8'); // reads already
    expect(contrast(shade('--_accent-text-dark'), form(2))).toBeGreaterThanOrEqual(4.5);
    expect(container.style.getPropertyValue('--_focus-ring-dark')).toBe(PALETTE.focus[2]);
    expect(STYLES).toContain('.fe-link { color: var(--_accent-text);');
  });

  it('labels override any string; theme sets --fe-* properties; dark scheme on request', async () => {
    const { ui, root } = setUp({
      labels: { next: 'Weiter', stepProgress: 'Schritt {current}/{total}', errors: { REQUIRED: 'Pflichtfeld' } },
      theme: { '--fe-accent': 'rgb(1, 2, 3)' },
      colorScheme: 'dark',
    });
    const next = await ui.findByRole('button', { name: 'Weiter' });
    expect(ui.getByText('Schritt 1/2')).toBeTruthy();
    await userEvent.setup().click(next);
    expect(ui.getAllByText('Pflichtfeld').length).toBeGreaterThan(0);
    const container = root.querySelector('.fe') as HTMLElement;
    expect(container.style.getPropertyValue('--fe-accent')).toBe('rgb(1, 2, 3)');
    expect(container.dataset.scheme).toBe('dark');
  });

  it('follows a right-to-left page', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const { root } = setUp();
      expect((root.querySelector('.fe') as HTMLElement).dir).toBe('rtl');
    } finally {
      document.documentElement.dir = '';
    }
  });

  it('destroy() removes its DOM and stops; reset() forgets the response and starts fresh', async () => {
    const { ui, user, target, handle, api } = setUp();
    await user.type(await ui.findByRole('textbox', { name: 'a' }), 'A');
    await user.click(ui.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(sessionStorage.getItem(storageKey('pub1', undefined))).toBe('resp-1'));
    handle.reset();
    expect(sessionStorage.getItem(storageKey('pub1', undefined))).toBeNull();
    expect(await ui.findByRole('heading', { name: 'First' })).toBeTruthy();
    expect((ui.getByRole('textbox', { name: 'a' }) as HTMLInputElement).value).toBe('');
    handle.destroy();
    expect(target.children).toHaveLength(0);
    const before = api.calls.length;
    await runToEnd(() => handle.reset());
    expect(api.calls.length).toBe(before);
  });

  it('rejects missing options and unknown targets', () => {
    expect(() => mount('#nowhere', { baseUrl: 'https://x', publicId: 'p' })).toThrow(/no element/);
    const target = document.createElement('div');
    document.body.append(target);
    expect(() => mount(target, { baseUrl: '', publicId: 'p' })).toThrow(/baseUrl/);
    expect(() => mount(target, { baseUrl: 'https://x', publicId: '' })).toThrow(/publicId/);
    expect(target.children).toHaveLength(0);
  });

  it('two embeds on one page are independent', async () => {
    const first = setUp();
    const second = setUp({ api: fakePublicApi(twoSteps) });
    await first.user.type(await first.ui.findByRole('textbox', { name: 'a' }), 'one');
    await second.ui.findByRole('textbox', { name: 'a' });
    expect((second.ui.getByRole('textbox', { name: 'a' }) as HTMLInputElement).value).toBe('');
    await first.user.click(first.ui.getByRole('button', { name: 'Next' }));
    await first.ui.findByRole('heading', { name: 'Second' });
    expect(second.ui.getByRole('heading', { name: 'First' })).toBeTruthy();
    expect(second.api.count('POST', /responses$/)).toBe(0);
  });
});

describe('<forms-engine-questionnaire>', () => {
  const stubbed = () => {
    defineFormsEngineElement();
    const api = fakePublicApi(twoSteps);
    vi.stubGlobal('fetch', api.fetch);
    return api;
  };
  const lives = (api: ReturnType<typeof fakePublicApi>) => api.count('GET', /\/live$/);
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the questionnaire once per mount, whether parsed from HTML or built attribute by attribute', async () => {
    const api = stubbed();
    await runToEnd(() => {
      document.body.innerHTML =
        '<forms-engine-questionnaire base-url="https://forms.test" public-id="pub1" external-ref="r" color-scheme="dark" accent-color="#0a7d4f"></forms-engine-questionnaire>';
    });
    expect(lives(api)).toBe(1);
    await runToEnd(() => {
      const element = document.createElement('forms-engine-questionnaire');
      element.setAttribute('base-url', 'https://forms.test');
      element.setAttribute('public-id', 'pub1');
      element.setAttribute('external-ref', 'other');
      document.body.append(element);
    });
    expect(lives(api)).toBe(2);
  });

  it('restyles without restarting when its look changes, keeps its session when moved, and restarts for another questionnaire', async () => {
    const api = stubbed();
    document.body.innerHTML = '<div id="a"></div><div id="b"></div>';
    const element = document.createElement('forms-engine-questionnaire');
    element.setAttribute('base-url', 'https://forms.test');
    element.setAttribute('public-id', 'pub1');
    document.querySelector('#a')?.append(element);
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('.fe')).toBeTruthy());
    const ui = within(element.shadowRoot?.querySelector('.fe') as HTMLElement);
    await userEvent.setup().type(await ui.findByRole('textbox', { name: 'a' }), 'typed');
    const container = element.shadowRoot?.querySelector('.fe') as HTMLElement;
    await runToEnd(() => {
      element.setAttribute('color-scheme', 'dark');
      element.setAttribute('accent-color', '#0a7d4f');
      document.querySelector('#b')?.append(element); // moved within the page
    });
    expect(lives(api)).toBe(1);
    expect(element.shadowRoot?.querySelector('.fe')).toBe(container);
    expect(container.dataset.scheme).toBe('dark');
    expect(container.style.getPropertyValue('--fe-accent')).toBe('#0a7d4f');
    expect(container.style.getPropertyValue('--fe-on-accent')).toBe('#fff');
    expect((ui.getByRole('textbox', { name: 'a' }) as HTMLInputElement).value).toBe('typed');
    await runToEnd(() => element.setAttribute('data-color-scheme', 'light')); // the attribute wins over its data- twin
    expect(container.dataset.scheme).toBe('dark');
    element.setAttribute('public-id', 'other');
    await vi.waitFor(() => expect(lives(api)).toBe(2));
  });

  it('renders from its attributes into its own shadow root, dispatches events on itself, and cleans up when removed', async () => {
    defineFormsEngineElement();
    defineFormsEngineElement(); // a second call is harmless
    const api = fakePublicApi(twoSteps);
    vi.stubGlobal('fetch', api.fetch);
    try {
      const element = document.createElement('forms-engine-questionnaire');
      const ready = new Promise((resolve) => element.addEventListener('forms-engine:ready', resolve));
      element.setAttribute('base-url', 'https://forms.test');
      element.setAttribute('public-id', 'pub1');
      document.body.append(element);
      await ready;
      const ui = within(element.shadowRoot?.querySelector('.fe') as HTMLElement);
      expect(await ui.findByRole('heading', { name: 'First' })).toBeTruthy();
      element.remove();
      await Promise.resolve(); // a removal is settled in a microtask (a move keeps the session)
      expect(element.shadowRoot?.querySelector('.fe')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
