import { useLayoutEffect, useRef } from 'preact/hooks';
import { STYLES } from './more-styles';

let sheet: CSSStyleSheet | undefined;

/**
 * A ref for a question's outer element: the first drawing adds this chunk's stylesheet to the
 * embed's shadow root, once per root. A constructed stylesheet where there are (it works under a
 * Content-Security-Policy without 'unsafe-inline', as `mount`'s own), else a `<style>`.
 */
export function useMoreStyles<E extends Element>() {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode() as (ShadowRoot & { adoptedStyleSheets?: CSSStyleSheet[] }) | undefined;
    if (root?.nodeType !== 11) return; // 11: a shadow root (never the host page's document)
    if (root.adoptedStyleSheets && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(STYLES);
      }
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    } else if (!root.querySelector('style[data-more]')) {
      const style = document.createElement('style');
      style.dataset.more = '';
      style.textContent = STYLES;
      root.append(style);
    }
  }, []);
  return ref;
}
