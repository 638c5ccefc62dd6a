/**
 * The embed's look on the host page: its colour scheme (the host's, unless chosen) and its
 * accent colour. DOM reads only; the stylesheet does the rest (`.fe[data-scheme]`).
 */

export type ColorScheme = 'auto' | 'light' | 'dark';

export interface Look {
  /** `light` or `dark`; anything else follows the host page. */
  colorScheme?: string | undefined;
  /** Any CSS colour, for buttons, links, progress and the selected tab. */
  accentColor?: string | undefined;
}

/** What a CSS `color-scheme` value asks for; `auto` when it offers both; null when it says nothing (`normal`). */
export function schemeOf(value: string | null | undefined): ColorScheme | null {
  const words = ` ${value ?? ''} `;
  const light = words.includes(' light ');
  const dark = words.includes(' dark ');
  return light && dark ? 'auto' : dark ? 'dark' : light ? 'light' : null;
}

/**
 * The host's scheme: the computed `color-scheme` of the element the embed sits in, else the
 * document's (its root, then `<meta name="color-scheme">`), else light. A page that offers both
 * gives `auto`, which follows the visitor's setting. The visitor's setting alone never turns a
 * light page's embed dark.
 */
export function hostScheme(element: Element): ColorScheme {
  const computed = (of: Element) => getComputedStyle(of).getPropertyValue('color-scheme');
  return (
    schemeOf(computed(element)) ??
    schemeOf(computed(document.documentElement)) ??
    schemeOf(document.querySelector('meta[name="color-scheme"]')?.getAttribute('content')) ??
    'light'
  );
}

/**
 * Text colour for the accent: black or white, whichever contrasts more (WCAG relative
 * luminance), measured by the browser through a probe in `container`. Undefined when the
 * colour is not one the browser accepts.
 */
export function readableOn(container: Element, color: string): string | undefined {
  const probe = document.createElement('i');
  probe.style.color = color;
  if (!probe.style.color) return undefined;
  container.append(probe);
  const channels = getComputedStyle(probe)
    .color.match(/[\d.]+/g)
    ?.slice(0, 3)
    .map(Number);
  probe.remove();
  if (channels?.length !== 3) return undefined;
  const [r, g, b] = channels.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  // Above this luminance black text has the higher contrast ratio.
  return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number) > 0.179 ? '#000' : '#fff';
}
