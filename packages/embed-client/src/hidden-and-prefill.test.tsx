import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePublicApi } from '../test/support/fake-public-api';
import { screening } from '../test/support/screening';
import { defineFormsEngineElement, type ElementDefaults } from './element';
import { type MountOptions, mount } from './mount';
import { storageKey } from './session/storage';

const mounted: { destroy(): void }[] = [];
afterEach(() => {
  for (const handle of mounted.splice(0)) handle.destroy();
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setUp(options: Partial<MountOptions> & { api?: ReturnType<typeof fakePublicApi> } = {}) {
  const api = options.api ?? fakePublicApi(screening());
  const target = document.createElement('section');
  document.body.append(target);
  const handle = mount(target, { baseUrl: 'https://forms.test/', publicId: 'pub1', fetch: api.fetch, ...options });
  mounted.push(handle);
  const root = (target.querySelector('[data-forms-engine]') as HTMLElement).shadowRoot as ShadowRoot;
  return { api, ui: within(root.querySelector('.fe') as HTMLElement), user: userEvent.setup() };
}

const created = (api: ReturnType<typeof fakePublicApi>) => api.calls.find((call) => call.method === 'POST')?.body;

/** Types a name and goes to step 2, which creates the response. */
async function forward(ui: ReturnType<typeof within>, user: ReturnType<typeof userEvent.setup>, name = 'Ana') {
  const field = (await ui.findByRole('textbox', { name: 'Your name' })) as HTMLInputElement;
  if (!field.value) await user.type(field, name);
  await user.click(ui.getByRole('button', { name: 'Next' }));
  await ui.findByRole('heading', { name: /^Thanks, / });
}

describe('hidden values', () => {
  it('are sent with the creation, declared keys only, and a page view creates nothing', async () => {
    const { api, ui, user } = setUp({ hidden: { utm_source: 'newsletter', undeclared: 'x', customer_id: '42' } });
    await ui.findByRole('textbox', { name: 'Your name' });
    expect(api.count('POST', /responses$/)).toBe(0);
    await forward(ui, user);
    await vi.waitFor(() => expect(created(api)).toBeTruthy());
    expect(created(api)).toEqual({
      versionNumber: 1,
      language: 'en',
      hidden: { utm_source: 'newsletter', customer_id: '42' },
    });
  });

  it('come from the host page’s own URL only when it opts in, declared keys only, and the URL fills no answer', async () => {
    history.replaceState(null, '', '/page?utm_source=ad&customer_id=7&q_name=Eve&other=1');
    const off = setUp();
    await forward(off.ui, off.user);
    await vi.waitFor(() => expect(created(off.api)).toBeTruthy());
    expect(created(off.api)).toEqual({ versionNumber: 1, language: 'en' });
    for (const handle of mounted.splice(0)) handle.destroy();
    sessionStorage.clear();

    // Explicit values win over the URL's.
    const on = setUp({ hiddenFromUrl: true, hidden: { customer_id: '42' } });
    expect(((await on.ui.findByRole('textbox', { name: 'Your name' })) as HTMLInputElement).value).toBe('');
    await forward(on.ui, on.user);
    await vi.waitFor(() => expect(created(on.api)).toBeTruthy());
    expect(created(on.api)).toMatchObject({ hidden: { utm_source: 'ad', customer_id: '42' } });
  });

  it('drop a value longer than the server takes, with a warning naming it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api, ui, user } = setUp({ hidden: { utm_source: 'x'.repeat(1001), customer_id: '42' } });
    await forward(ui, user);
    await vi.waitFor(() => expect(created(api)).toBeTruthy());
    expect(created(api)).toMatchObject({ hidden: { customer_id: '42' } });
    expect(warn.mock.calls.join(' ')).toContain('utm_source');
  });

  it('on resume are the stored ones: rules and recall read them, and nothing is sent again', async () => {
    sessionStorage.setItem(storageKey('pub1', undefined), 'resp-1');
    const api = fakePublicApi(screening(), {
      rehydration: { answers: { q_name: 'Ana' }, lastPosition: { stepId: 's2' }, hidden: { utm_source: 'newsletter' } },
    });
    const { ui, user } = setUp({ api, hidden: { utm_source: 'ignored' } });
    expect(await ui.findByText('Member: . From newsletter.')).toBeTruthy();
    await user.click(ui.getByRole('button', { name: 'Back' }));
    await user.click(await ui.findByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(api.patches()).toHaveLength(2));
    expect(api.count('POST', /responses$/)).toBe(0);
    expect(api.patches().some((body) => 'hidden' in (body as object))).toBe(false);
  });
});

describe('the element and the script tag', () => {
  const element = (attributes: Record<string, string>) => {
    const node = document.createElement('forms-engine-questionnaire');
    node.setAttribute('base-url', 'https://forms.test');
    node.setAttribute('public-id', 'pub1');
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    document.body.append(node);
    return node;
  };
  const uiOf = async (node: HTMLElement) =>
    within(
      await vi.waitFor(() => {
        const found = node.shadowRoot?.querySelector<HTMLElement>('.fe');
        if (!found) throw new Error('not rendered yet');
        return found;
      }),
    );

  it('reads hidden-fields and prefill as query strings, and hidden-from-url as a boolean attribute', async () => {
    history.replaceState(null, '', '/page?utm_source=ad');
    defineFormsEngineElement();
    const api = fakePublicApi(screening());
    vi.stubGlobal('fetch', api.fetch);
    const node = element({
      'hidden-fields': 'customer_id=42&utm_source=newsletter',
      'hidden-from-url': '',
      prefill: 'q_name=Ana&q_size=12&q_member=true&q_tools=a&q_tools=c',
    });
    const ui = await uiOf(node);
    const name = (await ui.findByRole('textbox', { name: 'Your name' })) as HTMLInputElement;
    expect(name.value).toBe('Ana');
    expect((ui.getByRole('spinbutton', { name: 'Team size' }) as HTMLInputElement).value).toBe('12');
    expect((ui.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect((ui.getByRole('checkbox', { name: 'Gamma' }) as HTMLInputElement).checked).toBe(true);
    await forward(ui, userEvent.setup());
    await vi.waitFor(() => expect(created(api)).toBeTruthy());
    expect(created(api)).toMatchObject({ hidden: { customer_id: '42', utm_source: 'newsletter' } });
    await vi.waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0]).toMatchObject({
      answers: { q_name: 'Ana', q_size: 12, q_member: true, q_tools: ['a', 'c'] },
    });
  });

  it('takes "false" as off, and the script tag’s data-* settings as every element’s defaults', async () => {
    history.replaceState(null, '', '/page?utm_source=ad');
    const defaults: ElementDefaults = { hiddenFields: 'customer_id=9', hiddenFromUrl: true, prefill: 'q_name=Bo' };
    defineFormsEngineElement('fe-with-defaults', defaults);
    const api = fakePublicApi(screening());
    vi.stubGlobal('fetch', api.fetch);
    const node = document.createElement('fe-with-defaults');
    node.setAttribute('base-url', 'https://forms.test');
    node.setAttribute('public-id', 'pub1');
    node.setAttribute('hidden-from-url', 'false');
    document.body.append(node);
    const ui = await uiOf(node);
    expect(((await ui.findByRole('textbox', { name: 'Your name' })) as HTMLInputElement).value).toBe('Bo');
    await forward(ui, userEvent.setup());
    await vi.waitFor(() => expect(created(api)).toBeTruthy());
    expect(created(api)).toMatchObject({ hidden: { customer_id: '9' } });
    expect((created(api) as { hidden: object }).hidden).not.toHaveProperty('utm_source');
  });
});

describe('prefill', () => {
  it('sets starting answers that are ordinary answers: shown, editable, saved with the first save', async () => {
    const { api, ui, user } = setUp({ prefill: { q_name: 'Ana', q_size: 3, q_when: '2025-05-01' } });
    const name = (await ui.findByRole('textbox', { name: 'Your name' })) as HTMLInputElement;
    expect(name.value).toBe('Ana');
    expect(api.count('POST', /responses$/)).toBe(0);
    await user.type(name, 'bel');
    await forward(ui, user);
    await vi.waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0]).toMatchObject({ answers: { q_name: 'Anabel', q_size: 3, q_when: '2025-05-01' } });
  });

  it('ignores a bad value or an unknown code with a console warning naming it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { ui } = setUp({
      prefill: { q_name: 'Ana', q_size: 'many', q_tools: ['z'], q_nope: 'x', q_when: '2025-13-45' },
    });
    expect(((await ui.findByRole('textbox', { name: 'Your name' })) as HTMLInputElement).value).toBe('Ana');
    expect((ui.getByRole('spinbutton', { name: 'Team size' }) as HTMLInputElement).value).toBe('');
    const warned = warn.mock.calls.map((call) => call.join(' ')).join('\n');
    for (const code of ['q_size', 'q_tools', 'q_nope', 'q_when']) expect(warned).toContain(code);
    expect(warned).not.toContain('q_name');
  });

  it('gives way to a resumed response’s saved answers', async () => {
    sessionStorage.setItem(storageKey('pub1', undefined), 'resp-1');
    const api = fakePublicApi(screening(), { rehydration: { answers: { q_size: 4 }, lastPosition: { stepId: 's1' } } });
    const { ui } = setUp({ api, prefill: { q_name: 'Ana', q_size: 3 } });
    expect(((await ui.findByRole('spinbutton', { name: 'Team size' })) as HTMLInputElement).value).toBe('4');
    expect((ui.getByRole('textbox', { name: 'Your name' }) as HTMLInputElement).value).toBe('');
  });
});
