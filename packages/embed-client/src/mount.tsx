import { render } from 'preact';
import {
  hostScheme,
  isDefaultAccent,
  type Look,
  measureSchemes,
  readableOn,
  resolveColour,
  schemeShades,
} from './appearance';
import { createPublicClient } from './client/public-client';
import type { Problem } from './client/types';
import { DOM_EVENT_NAMES, type EmbedEventDetails } from './events';
import { navigate } from './navigate';
import { App } from './render/app';
import { type EmbedContext, EmbedContextValue } from './render/context';
import { type LabelOverrides, mergeLabels } from './render/labels';
import { shownIn } from './render/languages';
import { redirectOf } from './render/recall-on-demand';
import { STYLES } from './render/styles';
import { createSession } from './session/controller';
import type { EmittedEvent } from './session/machine';
import { sessionStore } from './session/storage';

/** A `--fe-*` custom property and its value, e.g. `{ '--fe-accent': '#0a7d4f' }`. */
export type Theme = { [property: `--fe-${string}`]: string };

export interface MountOptions {
  /** Where Forms Engine runs, e.g. `https://forms.example.org`. */
  baseUrl: string;
  /** The questionnaire's public id. */
  publicId: string;
  /** Your reference for the respondent (an order or customer number); rules may read it. */
  externalRef?: string | undefined;
  /**
   * The language to show (BCP 47, matched to the questionnaire's: `de-AT` shows `de`). Else the
   * page's `lang`, then the browser's languages, then the questionnaire's default.
   */
  language?: string | undefined;
  /** Override any UI string, in every language (the embed's own words otherwise follow the language shown). */
  labels?: LabelOverrides | undefined;
  /** CSS custom properties set on the embed (see README, "Theming"). */
  theme?: Theme | undefined;
  /** `auto` (default) follows the host page's `color-scheme` (light when it sets none). */
  colorScheme?: 'auto' | 'light' | 'dark' | undefined;
  /** The accent colour (buttons, links, progress); text on it is black or white, whichever reads better. */
  accentColor?: string | undefined;
  /**
   * Hidden field values for a new response (`{ utm_source: 'newsletter' }`): rules and recall read
   * them, the response stores them. Only the questionnaire's declared keys are sent.
   */
  hidden?: Record<string, string> | undefined;
  /** Also take the declared hidden fields from this page's own URL query (`?utm_source=…`); `hidden` wins. Never answers. */
  hiddenFromUrl?: boolean | undefined;
  /**
   * Starting answers by question code (`{ q_name: 'Ana' }`), each checked like a typed answer (a bad
   * one is left out with a console warning). Saved with the first save; a resumed response keeps its own.
   */
  prefill?: Record<string, unknown> | undefined;
  /** On completion, send this page to the chosen ending's redirect address; otherwise the ending links to it. */
  allowRedirect?: boolean | undefined;
  /** The largest file the server takes, in MB (its `UPLOAD_MAX_FILE_SIZE_MB`); 10 by default. */
  maxFileSizeMb?: number | undefined;
  /** A fetch implementation (the global one by default). */
  fetch?: typeof fetch | undefined;
  onReady?: ((detail: EmbedEventDetails['ready']) => void) | undefined;
  onResponseCreated?: ((detail: EmbedEventDetails['responseCreated']) => void) | undefined;
  onStepChange?: ((detail: EmbedEventDetails['stepChange']) => void) | undefined;
  onSave?: ((detail: EmbedEventDetails['save']) => void) | undefined;
  onComplete?: ((detail: EmbedEventDetails['complete']) => void) | undefined;
  onError?: ((problem: Problem) => void) | undefined;
}

export interface EmbedHandle {
  /** Removes the embed's DOM, timers and every listener it added. */
  destroy(): void;
  /** Forgets the response (here and in session storage) and starts fresh. */
  reset(): void;
  /**
   * Shows another of the questionnaire's languages (matched as `language` is), keeping every
   * answer and the place; the next save records it. A language it does not have changes nothing.
   */
  setLanguage(language: string): void;
}

/** What the custom element also needs: a new look without a restart. */
export interface EmbedInstance extends EmbedHandle {
  restyle(look: Look): void;
}

/** The server's default `UPLOAD_MAX_FILE_SIZE_MB`. */
const DEFAULT_MAX_FILE_SIZE_MB = 10;

/** The option called for an event: `onReady` for `ready`, `onResponseCreated` for `responseCreated`. */
const callbackOf = (name: EmittedEvent['name']) => `on${name[0]?.toUpperCase()}${name.slice(1)}` as const;

function resolveTarget(target: HTMLElement | string): HTMLElement {
  const element = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
  if (!element) throw new TypeError(`Forms Engine: no element matches ${String(target)}`);
  return element;
}

function adoptStyles(shadow: ShadowRoot): () => void {
  // A constructed stylesheet works under a Content-Security-Policy without 'unsafe-inline'.
  if (shadow.adoptedStyleSheets && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES);
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    return () => {
      shadow.adoptedStyleSheets = shadow.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }
  const style = document.createElement('style');
  style.textContent = STYLES;
  shadow.append(style);
  return () => style.remove();
}

/** Right-to-left when the host element or page is: by CSS, or by a `dir` attribute above it. */
function directionOf(host: HTMLElement): 'ltr' | 'rtl' {
  if (getComputedStyle(host).direction === 'rtl') return 'rtl';
  return host.closest('[dir]')?.getAttribute('dir')?.toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
}

/** The language of the page where the embed sits: the nearest `lang` (usually `<html lang>`). */
const pageLanguage = (element: HTMLElement) => element.closest('[lang]')?.getAttribute('lang') || undefined;

/** What the embed asks for, best first: the host's named language, the page's, then the browser's. */
function wantedLanguages(host: HTMLElement, named: string | undefined): readonly string[] {
  const browser = globalThis.navigator?.languages ?? [];
  return [named, pageLanguage(host), ...browser].filter((tag): tag is string => !!tag);
}

/**
 * Renders into `host`'s open shadow root and dispatches events on `eventTarget`. `mount`
 * uses a fresh child of the target as host; the custom element is its own host.
 */
export function renderEmbed(host: HTMLElement, eventTarget: HTMLElement, options: MountOptions): EmbedInstance {
  for (const required of ['baseUrl', 'publicId'] as const) {
    const value = options?.[required];
    if (typeof value !== 'string' || !value) throw new TypeError(`Forms Engine: mount() needs options.${required}`);
  }
  const externalRef = options.externalRef?.trim() || undefined;
  const named = options.language?.trim() || undefined;
  const client = createPublicClient({ baseUrl: options.baseUrl, fetch: options.fetch });

  const emit = (event: EmittedEvent) => {
    // The ending's address, filled with the answers in the words shown, goes with the completion. A full
    // quota's ending leads on the same way (a panel's "quota full" return address), told by the error event.
    const state = session.getState();
    const endsHere = event.name === 'complete' || (event.name === 'error' && event.detail.code === 'QUOTA_FULL');
    const redirectUrl = endsHere ? redirectOf(state, shownIn(context, state)) : undefined;
    if (redirectUrl && event.name === 'complete') event.detail = { ...event.detail, redirectUrl };
    const callback = options[callbackOf(event.name) as `on${Capitalize<EmittedEvent['name']>}`] as
      | ((detail: unknown) => void)
      | undefined;
    try {
      callback?.(event.detail);
    } catch (error) {
      // A host callback that throws must not break the questionnaire.
      queueMicrotask(() => {
        throw error;
      });
    }
    eventTarget.dispatchEvent(new CustomEvent(DOM_EVENT_NAMES[event.name], { detail: event.detail, bubbles: true }));
    if (redirectUrl && options.allowRedirect) navigate(redirectUrl);
  };
  // Explicit values win over the page URL's (the host's code knows better than a link's query).
  const fromUrl = options.hiddenFromUrl ? Object.fromEntries(new URLSearchParams(globalThis.location?.search)) : {};

  const store = sessionStore(options.publicId, externalRef);
  const session = createSession({
    client,
    publicId: options.publicId,
    externalRef,
    languages: { wanted: wantedLanguages(host, named), hostNamed: named !== undefined },
    given: { hidden: { ...fromUrl, ...options.hidden }, prefill: options.prefill ?? {} },
    store,
    onEvent: emit,
  });

  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const removeStyles = adoptStyles(shadow);
  const container = document.createElement('div');
  container.className = 'fe';
  container.dir = directionOf(host);
  // An empty value removes a property (CSSOM): one call sets or clears it.
  const setProperty = (property: string, value: string | undefined) =>
    container.style.setProperty(property, value || '');
  const theme = options.theme ?? {};
  for (const [property, value] of Object.entries(theme)) {
    if (property.startsWith('--fe-')) setProperty(property, value);
  }
  shadow.append(container);

  // The custom element is reset by its own stylesheet (`all: initial`): the page's scheme is its parent's.
  const schemeSource = host === eventTarget ? (host.parentElement ?? host) : eventTarget;
  let look: Look = options;
  let measuredKey = '';
  const applyLook = () => {
    const chosen = look.colorScheme;
    container.dataset.scheme = chosen === 'light' || chosen === 'dark' ? chosen : hostScheme(schemeSource);
    const accent = look.accentColor?.trim();
    const accentColour = accent ? resolveColour(container, accent) : undefined;
    // An accent colour wins over the theme's; text on it follows unless the theme names it.
    setProperty('--fe-accent', (accentColour && accent) || theme['--fe-accent']);
    setProperty('--fe-on-accent', theme['--fe-on-accent'] ?? (accentColour && readableOn(accentColour)));
    // Links, focus rings and text on the accent, in a shade that reads on each scheme's form.
    const measured = measureSchemes(container, accentColour);
    const key = `${measured.light.key}/${measured.dark.key}/${accentColour}`;
    if (key === measuredKey) return;
    measuredKey = key;
    for (const scheme of ['light', 'dark'] as const) {
      const { colours } = measured[scheme];
      const shades = schemeShades(colours);
      setProperty(`--_accent-text-${scheme}`, shades.accentText);
      setProperty(`--_focus-ring-${scheme}`, shades.focusRing);
      // For an accent set by CSS alone (a theme's --fe-accent); the default ones keep their designed text.
      setProperty(`--_on-accent-${scheme}`, isDefaultAccent(colours.accent, scheme) ? undefined : shades.onAccent);
    }
  };
  applyLook();
  // A page that switches between light and dark (a class or style on <html> or <body>) is followed.
  const pageChanges = new MutationObserver(applyLook);
  for (const element of [document.documentElement, document.body]) {
    if (element) pageChanges.observe(element, { attributes: true });
  }
  // So does the visitor's switch between light and dark, which may change the host's --fe-* colours.
  const darkPreference = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
  darkPreference?.addEventListener('change', applyLook);

  // Hidden or unloading: one save that outlives the page, when a response exists (never a new one).
  const onHide = (event: Event) => {
    if (event.type === 'pagehide' || document.visibilityState === 'hidden') session.dispatch({ type: 'PAGE_HIDDEN' });
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onHide);

  const context: EmbedContext = {
    labels: mergeLabels(options.labels),
    overrides: options.labels,
    session,
    client,
    locale: pageLanguage(host) || globalThis.navigator?.language || 'en',
    maxFileBytes: (options.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB) * 1024 * 1024,
    shuffleSeed: store.seed(),
  };
  render(
    <EmbedContextValue.Provider value={context}>
      <App />
    </EmbedContextValue.Provider>,
    container,
  );
  session.start();

  let destroyed = false;
  return {
    destroy() {
      if (destroyed) return;
      destroyed = true;
      pageChanges.disconnect();
      darkPreference?.removeEventListener('change', applyLook);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
      session.stop();
      render(null, container);
      container.remove();
      removeStyles();
    },
    // After destroy() the stopped session takes no event: reset and setLanguage change nothing.
    reset: session.reset,
    setLanguage(language) {
      session.dispatch({ type: 'SET_LANGUAGE', language });
    },
    restyle(next) {
      look = next;
      if (!destroyed) applyLook();
    },
  };
}

/**
 * Shows a published questionnaire inside `target` (an element or a CSS selector), in its
 * own shadow root. Returns a handle to destroy or reset it.
 */
export function mount(target: HTMLElement | string, options: MountOptions): EmbedHandle {
  const element = resolveTarget(target);
  const host = document.createElement('div');
  host.setAttribute('data-forms-engine', '');
  element.append(host);
  try {
    const handle = renderEmbed(host, element, options);
    return {
      destroy() {
        handle.destroy();
        host.remove();
      },
      reset: handle.reset,
      setLanguage: handle.setLanguage,
    };
  } catch (error) {
    host.remove();
    throw error;
  }
}
