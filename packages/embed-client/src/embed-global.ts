/**
 * The script-tag bundle (served at /embed/v1/embed.js): `window.FormsEngine.mount`, and the
 * `<forms-engine-questionnaire>` element registered on load.
 */
import { defineFormsEngineElement, ELEMENT_NAME } from './element';
import { mount } from './mount';

declare global {
  interface Window {
    FormsEngine?: { mount: typeof mount; defineElement: typeof defineFormsEngineElement; elementName: string };
  }
}

window.FormsEngine = { mount, defineElement: defineFormsEngineElement, elementName: ELEMENT_NAME };
defineFormsEngineElement();
