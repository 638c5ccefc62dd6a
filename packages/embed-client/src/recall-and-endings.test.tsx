import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePublicApi } from '../test/support/fake-public-api';
import { screening } from '../test/support/screening';
import { type MountOptions, mount } from './mount';
import { navigate } from './navigate';
import { storageKey } from './session/storage';

vi.mock('./navigate', () => ({ navigate: vi.fn() }));

const mounted: { destroy(): void }[] = [];
afterEach(() => {
  for (const handle of mounted.splice(0)) handle.destroy();
  document.body.replaceChildren();
  sessionStorage.clear();
  vi.mocked(navigate).mockReset();
});

function setUp(options: Partial<MountOptions> & { api?: ReturnType<typeof fakePublicApi> } = {}) {
  const api = options.api ?? fakePublicApi(screening());
  const target = document.createElement('section');
  document.body.append(target);
  const handle = mount(target, { baseUrl: 'https://forms.test/', publicId: 'pub1', fetch: api.fetch, ...options });
  mounted.push(handle);
  const root = (target.querySelector('[data-forms-engine]') as HTMLElement).shadowRoot as ShadowRoot;
  return { api, root, target, ui: within(root.querySelector('.fe') as HTMLElement), user: userEvent.setup() };
}

describe('recall', () => {
  it('fills step titles, prompts, choice labels, placeholders and statement bodies, live as the respondent types', async () => {
    const { ui, user } = setUp({ hidden: { utm_source: 'newsletter' } });
    const name = await ui.findByRole('textbox', { name: 'Your name' });
    await user.type(name, 'Ana');
    await user.click(ui.getByRole('radio', { name: 'Yes' }));
    await user.click(ui.getByRole('button', { name: 'Next' }));
    expect(await ui.findByRole('heading', { name: 'Thanks, Ana' })).toBeTruthy();
    expect(ui.getByText('Hello Ana')).toBeTruthy();
    expect(ui.getByText('Member: Yes. From newsletter.')).toBeTruthy();
    expect(ui.getByRole('radiogroup', { name: 'Which plan, Ana?' })).toBeTruthy();
    expect(ui.getByRole('radio', { name: 'Free for Ana' })).toBeTruthy();
    expect(ui.getByRole('textbox', { name: 'More' }).getAttribute('placeholder')).toBe('Tell us, Ana');
    // Back, a new name: step 2 says it.
    await user.click(ui.getByRole('button', { name: 'Back' }));
    const again = await ui.findByRole('textbox', { name: 'Your name' });
    await user.type(again, '{Backspace}{Backspace}{Backspace}Bo');
    await user.click(ui.getByRole('button', { name: 'Next' }));
    expect(await ui.findByRole('heading', { name: 'Thanks, Bo' })).toBeTruthy();
  });

  it('changes as the respondent types on the same screen, and an empty answer gives the fallback', async () => {
    const definition = screening();
    const first = definition.steps[0];
    const live = {
      ...definition,
      steps: [
        {
          ...first,
          questions: [
            ...(first?.questions ?? []),
            { ...(first?.questions[0] as object), id: 'q_hi', code: 'q_hi', prompt: 'Hi {{q_name|stranger}}!' },
          ],
        },
      ],
    } as typeof definition;
    const { ui, user } = setUp({ api: fakePublicApi(live) });
    expect(await ui.findByRole('textbox', { name: 'Hi stranger!' })).toBeTruthy();
    await user.type(ui.getByRole('textbox', { name: 'Your name' }), 'Ana');
    expect(ui.getByRole('textbox', { name: 'Hi Ana!' })).toBeTruthy();
  });

  it('keeps recalled Markdown and HTML as text in rich texts', async () => {
    const { ui, user, root } = setUp();
    await user.type(
      await ui.findByRole('textbox', { name: 'Your name' }),
      '<img src=x onerror=alert(1)> [[x](javascript:alert(1)) **b**',
    );
    await user.click(ui.getByRole('button', { name: 'Next' }));
    await ui.findByRole('heading', { name: /^Thanks, / });
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('a')).toBeNull();
    expect(root.querySelector('.fe-statement strong')).toBeNull();
    expect(ui.getByText('Hello <img src=x onerror=alert(1)> [x](javascript:alert(1)) **b**')).toBeTruthy();
  });

  it('reads a hidden question’s answer as empty', async () => {
    const definition = screening();
    const s2 = definition.steps[1];
    const hiddenPlan = {
      ...definition,
      steps: [
        definition.steps[0],
        {
          ...s2,
          questions: (s2?.questions ?? []).map((q) =>
            q.code === 'q_plan'
              ? { ...q, visibility: { mode: 'NEVER' } }
              : q.code === 'q_more'
                ? { ...q, prompt: 'Plan: {{q_plan|none}}' }
                : q,
          ),
        },
      ],
    } as typeof definition;
    const api = fakePublicApi(hiddenPlan, {
      rehydration: { answers: { q_name: 'Ana', q_plan: 'pro' }, lastPosition: { stepId: 's2' } },
    });
    sessionStorage.setItem(storageKey('pub1', undefined), 'resp-1');
    const { ui } = setUp({ api });
    expect(await ui.findByRole('textbox', { name: 'Plan: none' })).toBeTruthy();
  });

  it('writes yes and no in the respondent’s language', async () => {
    const definition = screening({ translations: { de: { s2: { title: 'Danke, {{q_name}}' } } } } as never);
    const api = fakePublicApi(definition, { labels: { de: { yes: 'Ja', no: 'Nein', next: 'Weiter' } } });
    const { ui, user } = setUp({ api, language: 'de' });
    await user.type(await ui.findByRole('textbox', { name: 'Your name' }), 'Ana');
    await user.click(ui.getByRole('radio', { name: 'Nein' }));
    await user.click(ui.getByRole('button', { name: 'Weiter' }));
    expect(await ui.findByRole('heading', { name: 'Danke, Ana' })).toBeTruthy();
    expect(ui.getByText('Member: Nein. From nowhere.')).toBeTruthy();
  });
});

async function finish(
  ui: ReturnType<typeof within>,
  user: ReturnType<typeof userEvent.setup>,
  answers: { name?: string; size?: string },
) {
  if (answers.name) await user.type(await ui.findByRole('textbox', { name: 'Your name' }), answers.name);
  if (answers.size) await user.type(await ui.findByRole('spinbutton', { name: 'Team size' }), answers.size);
  await user.click(await ui.findByRole('button', { name: 'Next' }));
  await user.click(await ui.findByRole('button', { name: 'Submit' }));
}

const completion = (api: ReturnType<typeof fakePublicApi>) => api.calls.find((call) => call.path.endsWith('/complete'));

describe('endings', () => {
  it('shows the first ending whose rule holds, recalled, sends its id, and tells the host where it leads', async () => {
    const onComplete = vi.fn();
    const { api, ui, user, root, target } = setUp({ hidden: { utm_source: 'news letter' }, onComplete });
    const events: unknown[] = [];
    target.addEventListener('forms-engine:complete', (event) => events.push((event as CustomEvent).detail));
    await finish(ui, user, { name: 'Ana & Bo', size: '12' });
    const heading = await ui.findByRole('heading', { name: 'You qualify, Ana & Bo' });
    expect(root.activeElement).toBe(heading);
    expect(root.querySelector('strong')?.textContent).toBe('Ana & Bo');
    expect(completion(api)?.body).toEqual({ endingId: 'e_qualified' });
    const redirectUrl = 'https://example.org/book?source=news%20letter&name=Ana%20%26%20Bo';
    const detail = { responseId: 'resp-1', endingId: 'e_qualified', redirectUrl };
    expect(onComplete).toHaveBeenCalledWith(detail);
    expect(events).toEqual([detail]);
    // Not opted in: no navigation, a link instead.
    expect(navigate).not.toHaveBeenCalled();
    expect(ui.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(redirectUrl);
  });

  it('navigates the host page only when it allows redirects', async () => {
    const { ui, user } = setUp({ allowRedirect: true, hidden: { utm_source: 'ad' } });
    await finish(ui, user, { name: 'Ana', size: '12' });
    await ui.findByRole('heading', { name: 'You qualify, Ana' });
    expect(navigate).toHaveBeenCalledWith('https://example.org/book?source=ad&name=Ana');
  });

  it('reads hidden fields in ending rules; an ending without a redirect says nothing of one', async () => {
    const onComplete = vi.fn();
    const { api, ui, user } = setUp({ hidden: { utm_source: 'newsletter' }, onComplete, allowRedirect: true });
    await finish(ui, user, { name: 'Ana', size: '2' });
    expect(await ui.findByRole('heading', { name: 'Thanks, newsletter reader' })).toBeTruthy();
    expect(ui.getByText('See you.')).toBeTruthy();
    expect(completion(api)?.body).toEqual({ endingId: 'e_news' });
    expect(onComplete).toHaveBeenCalledWith({ responseId: 'resp-1', endingId: 'e_news' });
    expect(ui.queryByRole('link')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the built-in thank you, and completes without a body, when no ending holds', async () => {
    const onComplete = vi.fn();
    const { api, ui, user } = setUp({ onComplete });
    await finish(ui, user, { name: 'Ana', size: '2' });
    expect(await ui.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(completion(api)?.body).toBeUndefined();
    expect(onComplete).toHaveBeenCalledWith({ responseId: 'resp-1' });
  });

  it('shows a resumed completed response its ending again, from its saved answers and hidden values, without navigating', async () => {
    sessionStorage.setItem(storageKey('pub1', undefined), 'resp-1');
    const api = fakePublicApi(screening(), {
      rehydration: { status: 'COMPLETED', answers: { q_name: 'Ana', q_size: 40 }, hidden: { utm_source: 'ad' } },
    });
    const { ui } = setUp({ api, allowRedirect: true });
    expect(await ui.findByRole('heading', { name: 'You qualify, Ana' })).toBeTruthy();
    expect(ui.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      'https://example.org/book?source=ad&name=Ana',
    );
    expect(navigate).not.toHaveBeenCalled();
  });
});
