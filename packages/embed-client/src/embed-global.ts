/**
 * The script-tag bundle (served at /embed/v1/embed.js): `window.FormsEngine.mount`, and the
 * `<forms-engine-questionnaire>` element registered on load. The script tag's own
 * `data-color-scheme` and `data-accent-color` set the look of every questionnaire on the page
 * that does not set its own.
 */
import type { Look } from './appearance';
import { defineFormsEngineElement, ELEMENT_NAME } from './element';
import { type MountOptions, mount } from './mount';

declare global {
  interface Window {
    FormsEngine?: { mount: typeof mount; defineElement: typeof defineFormsEngineElement; elementName: string };
  }
}

const script = document.currentScript as HTMLScriptElement | null;
const defaults: Look = { colorScheme: script?.dataset.colorScheme, accentColor: script?.dataset.accentColor };

window.FormsEngine = {
  mount: (target, options) => mount(target, { ...(defaults as Partial<MountOptions>), ...options }),
  defineElement: defineFormsEngineElement,
  elementName: ELEMENT_NAME,
};
defineFormsEngineElement(ELEMENT_NAME, defaults);
