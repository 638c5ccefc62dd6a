import { type EmbedHandle, renderEmbed } from './mount';

/** The custom element's tag name. */
export const ELEMENT_NAME = 'forms-engine-questionnaire';

const ATTRIBUTES = ['base-url', 'public-id', 'external-ref'] as const;

/**
 * Registers `<forms-engine-questionnaire base-url public-id external-ref>` (once; a second
 * call is harmless). The element is its own shadow host; changing an attribute starts over.
 * Events are dispatched on the element.
 */
export function defineFormsEngineElement(name: string = ELEMENT_NAME): void {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;

  class FormsEngineQuestionnaire extends HTMLElement {
    static observedAttributes = [...ATTRIBUTES];
    #handle: EmbedHandle | undefined;

    connectedCallback() {
      this.#start();
    }

    disconnectedCallback() {
      this.#handle?.destroy();
      this.#handle = undefined;
    }

    attributeChangedCallback(_name: string, before: string | null, after: string | null) {
      if (before !== after && this.isConnected) this.#start();
    }

    /** Forgets the response and starts fresh. */
    reset() {
      this.#handle?.reset();
    }

    #start() {
      this.#handle?.destroy();
      this.#handle = undefined;
      const baseUrl = this.getAttribute('base-url');
      const publicId = this.getAttribute('public-id');
      if (!baseUrl || !publicId) return; // waits for both attributes
      this.#handle = renderEmbed(this, this, {
        baseUrl,
        publicId,
        externalRef: this.getAttribute('external-ref') ?? undefined,
      });
    }
  }

  customElements.define(name, FormsEngineQuestionnaire);
}
