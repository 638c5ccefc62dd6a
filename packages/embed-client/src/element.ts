import type { Look } from './appearance';
import { type EmbedInstance, type MountOptions, renderEmbed } from './mount';

/** The custom element's tag name. */
export const ELEMENT_NAME = 'forms-engine-questionnaire';

/** What restarts the embed when it changes (a different questionnaire or respondent). */
const SESSION_ATTRIBUTES = ['base-url', 'public-id', 'external-ref'];
/** What only changes the look; each may also be written with a `data-` prefix. */
const LOOK_ATTRIBUTES = ['color-scheme', 'accent-color'];

/**
 * Registers `<forms-engine-questionnaire base-url public-id external-ref color-scheme
 * accent-color max-file-size-mb>` (once; a second call is harmless). The element is its own
 * shadow host; events are dispatched on it. `defaults` is the look of every such element that
 * does not set its own (the script tag's `data-color-scheme` and `data-accent-color`).
 */
export function defineFormsEngineElement(name: string = ELEMENT_NAME, defaults: Look = {}): void {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;

  class FormsEngineQuestionnaire extends HTMLElement {
    static observedAttributes = [
      ...SESSION_ATTRIBUTES,
      ...LOOK_ATTRIBUTES,
      ...LOOK_ATTRIBUTES.map((attribute) => `data-${attribute}`),
      'max-file-size-mb',
    ];
    #handle: EmbedInstance | undefined;
    /** The session attributes the running embed was started with ('' when none runs). */
    #running = '';
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
      const [baseUrl, publicId, externalRef] = SESSION_ATTRIBUTES.map((attribute) => this.getAttribute(attribute));
      const session = this.isConnected && baseUrl && publicId ? JSON.stringify([baseUrl, publicId, externalRef]) : '';
      const look: Look = {
        colorScheme: this.#lookAttribute('color-scheme') ?? defaults.colorScheme,
        accentColor: this.#lookAttribute('accent-color') ?? defaults.accentColor,
      };
      if (session === this.#running) {
        this.#handle?.restyle(look);
        return;
      }
      this.#handle?.destroy();
      this.#handle = undefined;
      this.#running = session;
      if (!session) return;
      const maxFileSizeMb = Number(this.getAttribute('max-file-size-mb')) || undefined;
      this.#handle = renderEmbed(this, this, {
        baseUrl: baseUrl as string,
        publicId: publicId as string,
        externalRef: externalRef ?? undefined,
        // Any value but light or dark follows the host page.
        colorScheme: look.colorScheme as MountOptions['colorScheme'],
        accentColor: look.accentColor,
        maxFileSizeMb,
      });
    }

    #lookAttribute(attribute: string): string | undefined {
      return this.getAttribute(attribute) ?? this.getAttribute(`data-${attribute}`) ?? undefined;
    }
  }

  customElements.define(name, FormsEngineQuestionnaire);
}
