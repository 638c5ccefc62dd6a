import type { Look } from './appearance';
import { type EmbedInstance, type MountOptions, renderEmbed } from './mount';

/** The custom element's tag name. */
export const ELEMENT_NAME = 'forms-engine-questionnaire';

/**
 * What restarts the embed when it changes: a different questionnaire or respondent (the first three), and
 * what a new response starts with and where completion may lead (a stored response resumes).
 */
const RESTART_ATTRIBUTES = [
  'base-url',
  'public-id',
  'external-ref',
  'hidden-fields',
  'hidden-from-url',
  'prefill',
  'allow-redirect',
];
/** What changes without a restart; each may also be written with a `data-` prefix. */
const LOOK_ATTRIBUTES = ['color-scheme', 'accent-color', 'language'];

/**
 * The script tag's `data-*` defaults for every element: its look, its language, hidden values and
 * prefill (query strings), and whether hidden values come from the page URL and redirects are allowed.
 */
export type ElementDefaults = Look & {
  language?: string | undefined;
  hiddenFields?: string | undefined;
  hiddenFromUrl?: boolean | undefined;
  prefill?: string | undefined;
  allowRedirect?: boolean | undefined;
};

/** A boolean attribute: on when present, off when absent or "false". */
export const isOn = (value: string | null | undefined) => value != null && value !== 'false';

/** A query string (`utm_source=newsletter&customer_id=42`) as an object; a repeated key gives a list (several choices). */
export function parseQuery(query: string | undefined): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const before = values[key];
    values[key] = before === undefined ? value : [before, value].flat();
  }
  return values;
}

/**
 * Registers `<forms-engine-questionnaire base-url public-id external-ref color-scheme
 * accent-color language max-file-size-mb>` (once; a second call is harmless). The element is its
 * own shadow host; events are dispatched on it. `defaults` is the look and language of every such
 * element that does not set its own (the script tag's `data-color-scheme`, `data-accent-color`
 * and `data-language`).
 */
export function defineFormsEngineElement(name: string = ELEMENT_NAME, defaults: ElementDefaults = {}): void {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;

  class FormsEngineQuestionnaire extends HTMLElement {
    static observedAttributes = [
      ...RESTART_ATTRIBUTES,
      ...LOOK_ATTRIBUTES,
      ...LOOK_ATTRIBUTES.map((attribute) => `data-${attribute}`),
      'max-file-size-mb',
    ];
    #handle: EmbedInstance | undefined;
    /** The session attributes the running embed was started with ('' when none runs). */
    #running = '';
    /** The language the running embed was last asked for. */
    #language: string | undefined;
    #queued = false;

    connectedCallback() {
      this.#queue();
    }

    disconnectedCallback() {
      this.#queue();
    }

    attributeChangedCallback() {
      this.#queue();
    }

    /** Forgets the response and starts fresh. */
    reset() {
      this.#handle?.reset();
    }

    /**
     * Changes arrive one at a time (an element parsed with five attributes reports five changes
     * and a connection): settled together in a microtask, they start the embed once, and a
     * move within the page (removed, then added) keeps the session and its answers.
     */
    #queue() {
      if (this.#queued) return;
      this.#queued = true;
      queueMicrotask(() => {
        this.#queued = false;
        this.#settle();
      });
    }

    #settle() {
      const [baseUrl, publicId, externalRef, hiddenFields, hiddenFromUrl, prefill, allowRedirect] =
        RESTART_ATTRIBUTES.map((attribute) => this.getAttribute(attribute));
      const flag = (value: string | null | undefined, fallback: boolean | undefined) =>
        value == null ? fallback : isOn(value);
      const start = {
        hidden: parseQuery(hiddenFields ?? defaults.hiddenFields) as Record<string, string>,
        hiddenFromUrl: flag(hiddenFromUrl, defaults.hiddenFromUrl),
        prefill: parseQuery(prefill ?? defaults.prefill),
        allowRedirect: flag(allowRedirect, defaults.allowRedirect),
      };
      const session =
        this.isConnected && baseUrl && publicId ? JSON.stringify([baseUrl, publicId, externalRef, start]) : '';
      const look: Look = {
        colorScheme: this.#lookAttribute('color-scheme') ?? defaults.colorScheme,
        accentColor: this.#lookAttribute('accent-color') ?? defaults.accentColor,
      };
      const language = this.#lookAttribute('language') ?? defaults.language;
      if (session === this.#running) {
        this.#handle?.restyle(look);
        // A new language is a switch, not a restart: answers and place stay.
        if (language && language !== this.#language) this.#handle?.setLanguage(language);
        this.#language = language;
        return;
      }
      this.#language = language;
      this.#handle?.destroy();
      this.#handle = undefined;
      this.#running = session;
      if (!session) return;
      const maxFileSizeMb = Number(this.getAttribute('max-file-size-mb')) || undefined;
      this.#handle = renderEmbed(this, this, {
        baseUrl: baseUrl as string,
        publicId: publicId as string,
        externalRef: externalRef ?? undefined,
        language,
        // Any value but light or dark follows the host page.
        colorScheme: look.colorScheme as MountOptions['colorScheme'],
        accentColor: look.accentColor,
        maxFileSizeMb,
        ...start,
      });
    }

    #lookAttribute(attribute: string): string | undefined {
      return this.getAttribute(attribute) ?? this.getAttribute(`data-${attribute}`) ?? undefined;
    }
  }

  customElements.define(name, FormsEngineQuestionnaire);
}
