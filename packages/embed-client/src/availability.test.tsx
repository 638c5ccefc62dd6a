import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakePublicApi, problemResponse, type RecordedCall } from '../test/support/fake-public-api';
import { screening } from '../test/support/screening';
import type { LiveQuestionnaire, Problem } from './client/types';
import { type MountOptions, mount } from './mount';
import { navigate } from './navigate';
import { storageKey } from './session/storage';
import { LABEL_TABLES } from './translations';

/**
 * Issue 24 in the embed: a questionnaire that is scheduled, closed or full says so before anything
 * is asked and creates nothing; a creation or a completion the server refuses (409) says why, a full
 * quota with its own ending; answers already saved stay saved. The network is faked at the client edge.
 */

vi.mock('./navigate', () => ({ navigate: vi.fn() }));

// The respondent's time zone: an opening at 08:00 UTC is 09:00 in Berlin in December.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

const mounted: { destroy(): void }[] = [];
afterEach(() => {
  for (const handle of mounted.splice(0)) handle.destroy();
  document.body.replaceChildren();
  sessionStorage.clear();
  vi.mocked(navigate).mockReset();
});

type Api = ReturnType<typeof fakePublicApi>;

function setUp(options: Partial<MountOptions> & { api: Api }) {
  const target = document.createElement('section');
  document.body.append(target);
  const events: { name: string; detail: unknown }[] = [];
  for (const name of ['ready', 'response-created', 'save', 'complete', 'error']) {
    target.addEventListener(`forms-engine:${name}`, (event) =>
      events.push({ name, detail: (event as CustomEvent).detail }),
    );
  }
  const handle = mount(target, {
    baseUrl: 'https://forms.test/',
    publicId: 'pub1',
    fetch: options.api.fetch,
    ...options,
  });
  mounted.push(handle);
  const root = (target.querySelector('[data-forms-engine]') as HTMLElement).shadowRoot as ShadowRoot;
  return { root, events, ui: within(root.querySelector('.fe') as HTMLElement), user: userEvent.setup() };
}

const availability = (
  status: NonNullable<LiveQuestionnaire['availability']>['status'],
  opensAt: string | null = null,
): LiveQuestionnaire['availability'] => ({ status, opensAt, closesAt: null });

/** A 409 for one request (`POST /…/responses`, `POST /…/complete`); the rest as the fake server answers. */
const refuse =
  (route: RegExp, code: Problem['code'], members: Partial<Problem>) =>
  (call: RecordedCall): Response | undefined =>
    call.method === 'POST' && route.test(call.path) ? problemResponse(409, code, code, {}, members) : undefined;

const CREATE = /\/questionnaires\/pub1\/responses$/;
const COMPLETE = /\/responses\/resp-1\/complete$/;

/** The screening questionnaire with an ending only a full quota shows, recalled, with a panel's return address. */
const withQuotaEnding = (extra: object = {}) =>
  screening({
    endings: [
      {
        id: 'e_full',
        title: 'Enough teams of {{q_size}}, {{q_name}}',
        body: 'Thank you for your time, **{{q_name}}**.',
        redirectUrl: 'https://panel.example/return?status=quotafull&name={{q_name}}',
        visibility: { mode: 'NEVER' },
      },
    ],
    ...extra,
  } as never);

async function answerAndSubmit(ui: ReturnType<typeof within>, user: ReturnType<typeof userEvent.setup>) {
  await user.type(await ui.findByRole('textbox', { name: 'Your name' }), 'Ana');
  await user.type(ui.getByRole('spinbutton', { name: 'Team size' }), '12');
  await user.click(ui.getByRole('button', { name: 'Next' }));
  await user.click(await ui.findByRole('button', { name: 'Submit' }));
}

/** The sentence is the screen's heading, in a status region (announced when it replaces the form). */
async function sentence(ui: ReturnType<typeof within>, text: string | RegExp) {
  const heading = await ui.findByRole('heading', { name: text });
  expect(heading.closest('[role="status"]')).toBeTruthy();
  return heading;
}

describe('a questionnaire that takes no responses now', () => {
  it('SCHEDULED: says when it opens, the date and time the language’s way in the respondent’s time zone; nothing asked, nothing created', async () => {
    const api = fakePublicApi(screening(), { availability: availability('SCHEDULED', '2026-12-01T08:00:00Z') });
    const { ui, events, root } = setUp({ api });
    await sentence(ui, /^This questionnaire opens on December 1, 2026 at 9:00\sAM\.$/);
    expect(ui.queryByRole('textbox')).toBeNull();
    expect(ui.queryByRole('button')).toBeNull();
    expect(api.count('POST', /\/responses$/)).toBe(0);
    expect(events).toEqual([{ name: 'ready', detail: { versionNumber: 1, status: 'CLOSED', reason: 'NOT_YET_OPEN' } }]);
    // A page view moves no focus.
    expect(root.activeElement).toBeNull();
  });

  it('SCHEDULED: opens by itself at its opening time, without a reload, and says so to the host once', async () => {
    const api = fakePublicApi(screening(), {
      availability: availability('SCHEDULED', new Date(Date.now() + 1000).toISOString()),
    });
    const { ui, events } = setUp({ api });
    await sentence(ui, /^This questionnaire opens on /);
    api.live.availability = availability('OPEN');
    await ui.findByRole('textbox', { name: 'Your name' }, { timeout: 6000 });
    expect(api.count('GET', /\/live$/)).toBe(2);
    expect(api.count('POST', /\/responses$/)).toBe(0);
    expect(events.map((event) => event.name)).toEqual(['ready', 'ready']);
    expect(events[1]?.detail).toMatchObject({ status: 'IN_PROGRESS' });
  }, 10_000);

  it('SCHEDULED past its opening by this device’s clock: asks again every few seconds, never in a loop', async () => {
    const api = fakePublicApi(screening(), {
      availability: availability('SCHEDULED', new Date(Date.now() - 60_000).toISOString()),
    });
    const { ui, events } = setUp({ api });
    await sentence(ui, /^This questionnaire opens on /);
    // Asked again within 1–3 s; a loop would ask hundreds of times in the next 1.5 s, a pause of 1–3 s at most once.
    await vi.waitFor(() => expect(api.count('GET', /\/live$/)).toBeGreaterThanOrEqual(2), { timeout: 6000 });
    const asked = api.count('GET', /\/live$/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(api.count('GET', /\/live$/)).toBeLessThanOrEqual(asked + 1);
    // The host heard it was closed once, not at every question asked of the server.
    expect(events.map((event) => event.name)).toEqual(['ready']);
    await sentence(ui, /^This questionnaire opens on /);
  }, 10_000);

  it('SCHEDULED in German: German words and a German date', async () => {
    const definition = screening({ defaultLanguage: 'de' } as never);
    const api = fakePublicApi(definition, {
      availability: availability('SCHEDULED', '2026-12-01T08:00:00Z'),
      labels: { de: LABEL_TABLES.de as never },
    });
    const { ui } = setUp({ api });
    await sentence(ui, 'Dieser Fragebogen öffnet am 1. Dezember 2026 um 09:00.');
  });

  it('SCHEDULED in English on a German page: the date in the language of the words around it', async () => {
    document.documentElement.lang = 'de';
    try {
      const api = fakePublicApi(screening(), { availability: availability('SCHEDULED', '2026-12-01T08:00:00Z') });
      const { ui } = setUp({ api });
      await sentence(ui, /^This questionnaire opens on December 1, 2026 at 9:00\sAM\.$/);
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  it('CLOSED: "This questionnaire is closed."', async () => {
    const api = fakePublicApi(screening(), { availability: availability('CLOSED') });
    const { ui, events } = setUp({ api });
    await sentence(ui, 'This questionnaire is closed.');
    expect(ui.queryByRole('textbox')).toBeNull();
    expect(api.count('POST', /\/responses$/)).toBe(0);
    expect(events).toEqual([{ name: 'ready', detail: { versionNumber: 1, status: 'CLOSED', reason: 'CLOSED' } }]);
  });

  it('FULL: "This questionnaire has all the responses it needs.", in Arabic too, right to left', async () => {
    const api = fakePublicApi(screening(), { availability: availability('FULL') });
    const { ui } = setUp({ api });
    await sentence(ui, 'This questionnaire has all the responses it needs.');
    expect(api.count('POST', /\/responses$/)).toBe(0);

    document.body.replaceChildren();
    const arabic = fakePublicApi(screening({ defaultLanguage: 'ar' } as never), {
      availability: availability('FULL'),
      labels: { ar: LABEL_TABLES.ar as never },
    });
    const shown = setUp({ api: arabic });
    const heading = await sentence(shown.ui, 'حصل هذا الاستبيان على كل الإجابات التي يحتاجها.');
    expect(heading.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
  });

  it('a SCHEDULED date that is missing says "not open yet" rather than a wrong date', async () => {
    const api = fakePublicApi(screening(), { availability: availability('SCHEDULED', null) });
    const { ui } = setUp({ api });
    await sentence(ui, 'This questionnaire is not open yet.');
  });

  it('under one response per reference, a reference that already submitted is told that first', async () => {
    const api = fakePublicApi(screening(), {
      submissionPolicy: 'ONE_PER_REF',
      availability: availability('FULL'),
      override: (call) =>
        call.path.endsWith('/ref-status')
          ? new Response(JSON.stringify({ status: 'COMPLETED' }), { headers: { 'content-type': 'application/json' } })
          : undefined,
    });
    const { ui } = setUp({ api, externalRef: 'order-1' });
    expect(await ui.findByRole('heading', { name: 'Already submitted' })).toBeTruthy();

    document.body.replaceChildren();
    const fresh = fakePublicApi(screening(), { submissionPolicy: 'ONE_PER_REF', availability: availability('FULL') });
    const other = setUp({ api: fresh, externalRef: 'order-2' });
    await sentence(other.ui, 'This questionnaire has all the responses it needs.');
    expect(fresh.count('POST', /\/responses$/)).toBe(0);

    // Without a reference: closed is the truer reason than "needs a personal link".
    document.body.replaceChildren();
    const anonymous = fakePublicApi(screening(), {
      submissionPolicy: 'ONE_PER_REF',
      availability: availability('CLOSED'),
    });
    await sentence(setUp({ api: anonymous }).ui, 'This questionnaire is closed.');
  });

  it('a server that sends no availability is taken as open', async () => {
    const api = fakePublicApi(screening(), { availability: undefined });
    const { ui } = setUp({ api });
    expect(await ui.findByRole('textbox', { name: 'Your name' })).toBeTruthy();
  });
});

describe('a creation refused with 409 QUESTIONNAIRE_CLOSED', () => {
  it.each([
    ['FULL', {}, 'This questionnaire has all the responses it needs.'],
    ['CLOSED', {}, 'This questionnaire is closed.'],
    [
      'NOT_YET_OPEN',
      { opensAt: '2026-12-01T08:00:00Z' },
      /^This questionnaire opens on December 1, 2026 at 9:00\sAM\.$/,
    ],
  ] as const)('reason %s shows its sentence, moves focus to it and tells the host', async (reason, more, text) => {
    const problem = { reason, ...more } as Partial<Problem>;
    const api = fakePublicApi(screening(), { override: refuse(CREATE, 'QUESTIONNAIRE_CLOSED', problem) });
    const { ui, user, events, root } = setUp({ api });
    await user.type(await ui.findByRole('textbox', { name: 'Your name' }), 'Ana');
    await user.click(ui.getByRole('button', { name: 'Next' }));
    const heading = await sentence(ui, text);
    expect(root.activeElement).toBe(heading);
    expect(ui.queryByRole('textbox')).toBeNull();
    expect(events.filter((event) => event.name === 'error').map((event) => event.detail)).toEqual([
      expect.objectContaining({ status: 409, code: 'QUESTIONNAIRE_CLOSED', reason }),
    ]);
    expect(events.some((event) => event.name === 'response-created')).toBe(false);
    expect(sessionStorage.getItem(storageKey('pub1', undefined))).toBeNull();
  });
});

describe('a completion refused with 409', () => {
  const completions = (api: Api) => api.calls.filter((call) => COMPLETE.test(call.path));

  it('QUESTIONNAIRE_CLOSED: the sentence for its reason; the answers stay saved and the response is kept', async () => {
    const api = fakePublicApi(screening(), {
      override: refuse(COMPLETE, 'QUESTIONNAIRE_CLOSED', { reason: 'CLOSED' }),
    });
    const { ui, user, events, root } = setUp({ api });
    await answerAndSubmit(ui, user);
    const heading = await sentence(ui, 'This questionnaire is closed.');
    expect(root.activeElement).toBe(heading);
    // Saved before the completion was asked for, and nothing erased since.
    expect(api.patches().at(-1)).toMatchObject({ answers: { q_name: 'Ana', q_size: 12 } });
    expect(completions(api)).toHaveLength(1);
    expect(api.count('DELETE', /.*/)).toBe(0);
    expect(sessionStorage.getItem(storageKey('pub1', undefined))).toBe('resp-1');
    expect(events.map((event) => event.name)).not.toContain('complete');
    expect(events.at(-1)).toEqual({
      name: 'error',
      detail: expect.objectContaining({ status: 409, code: 'QUESTIONNAIRE_CLOSED', reason: 'CLOSED' }),
    });
  });

  it('QUESTIONNAIRE_CLOSED FULL: "all the responses it needs"', async () => {
    const api = fakePublicApi(screening(), { override: refuse(COMPLETE, 'QUESTIONNAIRE_CLOSED', { reason: 'FULL' }) });
    const { ui, user } = setUp({ api });
    await answerAndSubmit(ui, user);
    await sentence(ui, 'This questionnaire has all the responses it needs.');
  });

  it('QUOTA_FULL with an ending: the quota’s ending, recalled, with a link to its address; the host page stays', async () => {
    const api = fakePublicApi(withQuotaEnding(), {
      override: refuse(COMPLETE, 'QUOTA_FULL', { quotaId: 'big', endingId: 'e_full' }),
    });
    const { ui, user, events, root } = setUp({ api });
    await answerAndSubmit(ui, user);
    const heading = await ui.findByRole('heading', { name: 'Enough teams of 12, Ana' });
    expect(root.activeElement).toBe(heading);
    expect(root.querySelector('strong')?.textContent).toBe('Ana');
    expect(ui.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      'https://panel.example/return?status=quotafull&name=Ana',
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(storageKey('pub1', undefined))).toBe('resp-1');
    expect(api.patches().at(-1)).toMatchObject({ answers: { q_name: 'Ana', q_size: 12 } });
    expect(events.map((event) => event.name)).not.toContain('complete');
    expect(events.at(-1)).toEqual({
      name: 'error',
      detail: expect.objectContaining({ status: 409, code: 'QUOTA_FULL', quotaId: 'big', endingId: 'e_full' }),
    });
  });

  it('QUOTA_FULL with an ending, in the language shown; the host page goes to its address when it allows redirects', async () => {
    const definition = withQuotaEnding({
      translations: {
        de: { e_full: { title: 'Genug Teams mit {{q_size}}, {{q_name}}', body: 'Danke, **{{q_name}}**.' } },
      },
    });
    const api = fakePublicApi(definition, {
      labels: { de: LABEL_TABLES.de as never },
      override: refuse(COMPLETE, 'QUOTA_FULL', { quotaId: 'big', endingId: 'e_full' }),
    });
    const { ui, user } = setUp({ api, language: 'de', allowRedirect: true });
    await user.type(await ui.findByRole('textbox', { name: 'Your name' }), 'Ana');
    await user.type(ui.getByRole('spinbutton', { name: 'Team size' }), '12');
    await user.click(ui.getByRole('button', { name: 'Weiter' }));
    await user.click(await ui.findByRole('button', { name: 'Absenden' }));
    expect(await ui.findByRole('heading', { name: 'Genug Teams mit 12, Ana' })).toBeTruthy();
    expect(ui.getByText(/^Danke,/)).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith('https://panel.example/return?status=quotafull&name=Ana');
  });

  it('QUOTA_FULL without an ending: the built-in thank you, translated', async () => {
    const api = fakePublicApi(screening(), { override: refuse(COMPLETE, 'QUOTA_FULL', { quotaId: 'big' }) });
    const { ui, user, root } = setUp({ api, allowRedirect: true });
    await answerAndSubmit(ui, user);
    const heading = await sentence(ui, 'Thank you — we already have enough responses from people like you.');
    expect(root.activeElement).toBe(heading);
    // Not the ending its answers would have chosen at a completion (e_qualified), and no redirect.
    expect(ui.queryByRole('link')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    document.body.replaceChildren();
    sessionStorage.clear();
    const german = fakePublicApi(screening({ defaultLanguage: 'de' } as never), {
      labels: { de: LABEL_TABLES.de as never },
      override: refuse(COMPLETE, 'QUOTA_FULL', { quotaId: 'big' }),
    });
    const shown = setUp({ api: german });
    await shown.user.click(await shown.ui.findByRole('button', { name: 'Weiter' }));
    await shown.user.click(await shown.ui.findByRole('button', { name: 'Absenden' }));
    await sentence(shown.ui, 'Vielen Dank — wir haben bereits genug Antworten von Personen wie Ihnen.');
  });

  it('QUOTA_FULL naming an ending the pinned version lacks: the built-in thank you', async () => {
    const api = fakePublicApi(screening(), {
      override: refuse(COMPLETE, 'QUOTA_FULL', { quotaId: 'big', endingId: 'e_added_later' }),
    });
    const { ui, user } = setUp({ api });
    await answerAndSubmit(ui, user);
    await sentence(ui, 'Thank you — we already have enough responses from people like you.');
  });
});

describe('a returning respondent', () => {
  it('with a stored IN_PROGRESS response continues while the questionnaire is closed; the completion decides', async () => {
    sessionStorage.setItem(storageKey('pub1', undefined), 'resp-1');
    const api = fakePublicApi(screening(), {
      availability: availability('CLOSED'),
      rehydration: { answers: { q_name: 'Ana', q_size: 12 }, lastPosition: { stepId: 's2' } },
    });
    const onComplete = vi.fn();
    const { ui, user } = setUp({ api, onComplete });
    expect(await ui.findByRole('heading', { name: 'Thanks, Ana' })).toBeTruthy();
    await user.click(ui.getByRole('button', { name: 'Submit' }));
    expect(await ui.findByRole('heading', { name: 'You qualify, Ana' })).toBeTruthy();
    expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ responseId: 'resp-1', endingId: 'e_qualified' }));
  });

  it('past the grace: the completion’s 409 says it is closed, and a reload shows the saved answers again', async () => {
    sessionStorage.setItem(storageKey('pub1', undefined), 'resp-1');
    const api = fakePublicApi(screening(), {
      availability: availability('CLOSED'),
      rehydration: { answers: { q_name: 'Ana' }, lastPosition: { stepId: 's2' } },
      override: refuse(COMPLETE, 'QUESTIONNAIRE_CLOSED', { reason: 'CLOSED' }),
    });
    const { ui, user } = setUp({ api });
    await user.click(await ui.findByRole('button', { name: 'Submit' }));
    await sentence(ui, 'This questionnaire is closed.');
    for (const handle of mounted.splice(0)) handle.destroy();
    document.body.replaceChildren();
    const again = setUp({ api });
    expect(await again.ui.findByRole('heading', { name: 'Thanks, Ana' })).toBeTruthy();
  });

  it('without a stored response sees the sentence', async () => {
    const api = fakePublicApi(screening(), { availability: availability('CLOSED') });
    const { ui } = setUp({ api });
    await sentence(ui, 'This questionnaire is closed.');
    expect(api.count('GET', /\/responses\//)).toBe(0);
  });
});
