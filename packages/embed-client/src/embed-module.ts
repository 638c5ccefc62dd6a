/**
 * The script tag's real code (served at /embed/v1/embed-module.js beside its chunks), imported by
 * the loader `embed-global.ts`. An ES module, so the file upload, recall, the address suggestions
 * and the language switcher load on demand as in the npm build. `start` is the one thing the
 * loader calls: keep its shape, as a loader cached before a deploy may call the next build's.
 */
import { defineFormsEngineElement, ELEMENT_NAME, type ElementDefaults, parseQuery } from './element';
import { type MountOptions, mount } from './mount';

export interface EmbedApi {
  mount: typeof mount;
  defineElement: typeof defineFormsEngineElement;
}

/** Registers `<forms-engine-questionnaire>` with the script tag's `data-*` defaults; returns `mount` with them. */
export function start(defaults: ElementDefaults): EmbedApi {
  // Only what it names: a loader passes the script tag's every `data-*`.
  const { colorScheme, accentColor, language, hiddenFields, hiddenFromUrl, prefill, allowRedirect } = defaults;
  const mountDefaults: Partial<MountOptions> = {
    colorScheme: colorScheme as MountOptions['colorScheme'],
    accentColor,
    language,
    hiddenFromUrl,
    allowRedirect,
    hidden: parseQuery(hiddenFields) as Record<string, string>,
    prefill: parseQuery(prefill),
  };
  defineFormsEngineElement(ELEMENT_NAME, defaults);
  return {
    mount: (target, options) => mount(target, { ...mountDefaults, ...options }),
    defineElement: defineFormsEngineElement,
  };
}
