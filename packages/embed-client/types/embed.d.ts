/**
 * `@forms-engine/embed-client/embed.js`: the script tag's loader (the file the server serves at
 * /embed/v1/embed.js). Imported, it runs for its effect: `window.FormsEngine` is set, and the
 * module beside it (`dist/script/`) is imported, which registers `<forms-engine-questionnaire>`. Written by hand beside the build: it names
 * only the published entries' types, as `src/embed-global.ts` declares them.
 */
import type { defineFormsEngineElement } from '../dist/element.js';
import type { mount } from '../dist/index.js';

declare global {
  interface Window {
    FormsEngine?: { mount: typeof mount; defineElement: typeof defineFormsEngineElement; elementName: string };
  }
}
