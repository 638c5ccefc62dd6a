import { useLayoutEffect, useRef } from 'preact/hooks';

const sheets = new Map<string, CSSStyleSheet>();

/**
 * The stylesheet of a part loaded on demand (a question type, the address suggestions), kept out of
 * the first load's: the returned ref goes on the part's outer element, and its first drawing adds
 * the sheet to the embed's shadow root, once per root. A constructed stylesheet where there are (it
 * works under a Content-Security-Policy without 'unsafe-inline', as `mount`'s own), else a `<style>`.
 */
export function usePartStyles<E extends Element>(css: string) {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode() as (ShadowRoot & { adoptedStyleSheets?: CSSStyleSheet[] }) | undefined;
    if (root?.nodeType !== 11) return; // 11: a shadow root (never the host page's document)
    if (root.adoptedStyleSheets && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      let sheet = sheets.get(css);
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        sheets.set(css, sheet);
      }
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    } else if (![...root.querySelectorAll('style')].some((style) => style.textContent === css)) {
      const style = document.createElement('style');
      style.textContent = css;
      root.append(style);
    }
  }, []);
  return ref;
}
