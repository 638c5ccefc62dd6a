/**
 * The script tag (served at /embed/v1/embed.js): a small classic script that loads the real code,
 * `embed-module.ts`, as an ES module served beside it, so that what a questionnaire does not use
 * (the file upload, recall, address suggestions, the language switcher) loads on demand, as in the
 * npm build. Synchronously it defines `window.FormsEngine`: `mount` returns a handle at once and
 * starts the embed when the module is there (calls on the handle before then wait; `destroy`
 * cancels). The script tag's own `data-color-scheme`, `data-accent-color` and `data-language` set
 * the look and the language of every questionnaire on the page that does not set its own
 * (`data-language` counts as named by the host); so do `data-hidden-fields` and `data-prefill`
 * (query strings), `data-hidden-from-url` and `data-allow-redirect` (on when present, off when
 * absent or "false"). Only types are imported here: anything else would bring the renderer along.
 */
import type { Problem } from './client/types';
import type { ElementDefaults } from './element';
import type { EmbedApi } from './embed-module';
import type { EmbedHandle, MountOptions } from './mount';

declare global {
  interface Window {
    FormsEngine?: EmbedApi & { elementName: string };
  }
}

const ELEMENT = 'forms-engine-questionnaire';
const script = document.currentScript as HTMLScriptElement | null;
const dataset = script?.dataset ?? {};
// `isOn` of element.ts, written again: importing it would bundle element.ts here.
const on = (value: string | undefined) => value != null && value !== 'false';
// Every `data-*` goes: `start` takes only what it knows.
const defaults: ElementDefaults = {
  ...dataset,
  hiddenFromUrl: on(dataset.hiddenFromUrl),
  allowRedirect: on(dataset.allowRedirect),
};

/** The module's API once loaded; `null` when it could not be (offline, blocked by a CSP). */
let api: EmbedApi | null | undefined;
const waiting: (() => void)[] = [];
const whenLoaded = (run: () => void) => (api === undefined ? waiting.push(run) : run());

/** As the embed reports a questionnaire it cannot load: its words in the target, the `error` callback and event. */
const problem: Problem = {
  type: 'about:blank',
  title: 'Network error',
  status: 0,
  code: 'NETWORK_ERROR',
  detail: 'The embed could not be loaded',
};
function fail(target: Element, onError?: (problem: Problem) => void) {
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = 'The questionnaire could not be loaded. Check your connection and try again.';
  target.append(message);
  onError?.(problem);
  target.dispatchEvent(new CustomEvent('forms-engine:error', { detail: problem, bubbles: true }));
}

const FormsEngine = {
  elementName: ELEMENT,
  defineElement: (...args) => whenLoaded(() => api?.defineElement(...args)),
  mount(target: HTMLElement | string, options: MountOptions) {
    const element = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!element) throw new TypeError(`Forms Engine: no element matches ${String(target)}`);
    let handle: EmbedHandle | undefined;
    let destroyed = false;
    const calls: (() => void)[] = [];
    whenLoaded(() => {
      if (destroyed) return;
      if (!api) return fail(element, options?.onError);
      handle = api.mount(element, options);
      for (const call of calls) call();
    });
    const forward =
      <K extends keyof EmbedHandle>(name: K) =>
      (...args: Parameters<EmbedHandle[K]>) => {
        const call = () => (handle![name] as (...args: unknown[]) => void)(...args);
        if (handle) call();
        else if (name === 'destroy') destroyed = true;
        else calls.push(call);
      };
    return { destroy: forward('destroy'), reset: forward('reset'), setLanguage: forward('setLanguage') };
  },
} satisfies Window['FormsEngine'];
window.FormsEngine = FormsEngine;

const settle = (loaded: EmbedApi | null) => {
  api = loaded;
  if (loaded) Object.assign(FormsEngine, loaded);
  // Each in a task of its own: a mount that throws (no `baseUrl`) must not stop the others.
  for (const run of waiting.splice(0)) queueMicrotask(run);
};
import(new URL('embed-module.js', script?.src || location.href).href).then(
  (module: typeof import('./embed-module')) => settle(module.start(defaults)),
  () => {
    settle(null);
    // Elements still waiting for their definition say so too (once the page is parsed).
    const report = () => {
      for (const element of document.querySelectorAll(ELEMENT)) fail(element);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', report);
    else report();
  },
);
