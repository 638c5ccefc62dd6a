/**
 * The embed's look on the host page: its colour scheme (the host's, unless chosen) and its
 * accent colour. DOM reads only; the stylesheet does the rest (`.fe[data-scheme]`).
 */

import { PALETTE } from './render/styles';

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
  const computed = (of: Element) => getComputedStyle(of).colorScheme;
  return (
    schemeOf(computed(element)) ??
    schemeOf(computed(document.documentElement)) ??
    schemeOf(document.querySelector('meta[name="color-scheme"]')?.getAttribute('content')) ??
    'light'
  );
}

/** A colour as sRGB channels, 0..255. */
export type Rgb = readonly [number, number, number];

/** WCAG asks this contrast of normal text (1.4.3, AA); links and focus rings are held to it too. */
export const READABLE = 4.5;

/** WCAG relative luminance. */
export function luminance(colour: Rgb): number {
  const [r, g, b] = colour.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
}

/** WCAG contrast ratio, 1..21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `#abc`, `#aabbcc`, or a computed `rgb(1, 2, 3)` / `rgba(…, 1)`; undefined for anything else or see-through. */
export function parseColour(text: string): Rgb | undefined {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(text.trim())?.[1];
  if (hex) {
    const full = hex.length === 3 ? hex.replace(/./g, '$&$&') : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const parts = /^rgba?\((.*)\)$/.exec(text.trim())?.[1]?.match(/[\d.]+%?/g);
  if (!parts || parts.length < 3) return undefined;
  const alpha = parts[3] ? Number.parseFloat(parts[3]) / (parts[3].endsWith('%') ? 100 : 1) : 1;
  return alpha < 1 ? undefined : (parts.slice(0, 3).map(Number) as unknown as Rgb);
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const toHex = (colour: Rgb) => `#${colour.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
const mix = (from: Rgb, to: Rgb, t: number): Rgb =>
  from.map((c, i) => Math.round(c + ((to[i] as number) - c) * t)) as unknown as Rgb;
const worst = (colour: Rgb, backgrounds: readonly Rgb[]) =>
  Math.min(...backgrounds.map((background) => contrast(colour, background)));

/**
 * The colour itself when it reads on every background (`ratio`, 4.5:1 by default); else the
 * nearest shade that does, mixed towards black or towards white, whichever takes less (the hue
 * stays). One of the two always reaches 4.58:1 on any one background; backgrounds that no one
 * colour reads on (black and white together) get the shade that reads best on them all.
 */
export function readableShade(colour: Rgb, backgrounds: readonly Rgb[], ratio = READABLE): Rgb {
  // Contrast need not grow all the way (a dark accent on a dark form mixed towards white first
  // loses some), so every step is tried, from the least mix up, towards both ends at once.
  let best = colour;
  for (let step = 0; step <= 256; step++) {
    for (const end of [BLACK, WHITE]) {
      const shade = mix(colour, end, step / 256);
      if (worst(shade, backgrounds) >= ratio) return shade;
      if (worst(shade, backgrounds) > worst(best, backgrounds)) best = shade;
    }
  }
  return best;
}

/** Black or white, whichever reads better on `background`: always at least 4.58:1. */
export const readableOn = (background: Rgb): string =>
  contrast(BLACK, background) >= contrast(WHITE, background) ? '#000' : '#fff';

/** A scheme's colours as the stylesheet and the host's theme make them. */
export interface SchemeColours {
  accent: Rgb;
  /** The form's background and the fields' (links and focus rings sit on either). */
  background: Rgb;
  field: Rgb;
  focus: Rgb;
}

/** What the embed draws from a scheme's accent and focus colour so that each reads where it sits. */
export interface SchemeShades {
  /** The accent as text and lines on the form: links, the selected tab, ticked boxes. */
  accentText: string;
  focusRing: string;
  /** Text on the accent (buttons, the active suggestion): black or white. */
  onAccent: string;
}

export function schemeShades({ accent, background, field, focus }: SchemeColours): SchemeShades {
  const surfaces = [background, field];
  return {
    accentText: toHex(readableShade(accent, surfaces)),
    focusRing: toHex(readableShade(focus, surfaces)),
    onAccent: readableOn(accent),
  };
}

/** A computed colour as sRGB: read directly, or drawn on a canvas when the browser keeps its space (`oklch(…)`). */
function drawnColour(computed: string): Rgb | undefined {
  const parsed = parseColour(computed);
  if (parsed || !/^(color|ok|lab|lch|hwb)/.test(computed)) return parsed;
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.fillStyle = computed;
  context.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
  return a === 255 ? [r, g, b] : undefined;
}

/** A CSS colour as the browser draws it in `container`; undefined when it is not one, or is see-through. */
export function resolveColour(container: Element, colour: string): Rgb | undefined {
  const probe = document.createElement('i');
  probe.style.color = colour;
  if (!probe.style.color) return undefined;
  container.append(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  return drawnColour(computed);
}

export type Scheme = 'light' | 'dark';
const MEASURED = { accent: 'accent', background: 'bg', field: 'field', focus: 'focus' } as const;

/**
 * Each scheme's colours as the stylesheet and the host's `--fe-*` properties make them, read
 * from a hidden copy of the form in each scheme inside `container`. What the browser does not
 * resolve (no layout engine; a see-through background) is the scheme's default, and the host's
 * `accent` when given. One string per scheme says whether anything changed since the last read.
 */
export function measureSchemes(
  container: HTMLElement,
  accent: Rgb | undefined,
): Record<Scheme, { key: string; colours: SchemeColours }> {
  const schemes = (['light', 'dark'] as const).map((scheme) => {
    const probe = document.createElement('div');
    probe.className = 'fe';
    probe.dataset.scheme = scheme;
    probe.style.display = 'none';
    for (const name of Object.values(MEASURED)) {
      const swatch = document.createElement('i');
      swatch.style.color = `var(--_${name})`;
      probe.append(swatch);
    }
    container.append(probe);
    return { scheme, probe };
  });
  const measured = schemes.map(({ scheme, probe }) => {
    const computed = [...probe.children].map((swatch) => getComputedStyle(swatch).color);
    probe.remove();
    const column = scheme === 'light' ? 1 : 2;
    const entries = Object.entries(MEASURED).map(([role, name], index) => {
      const fallback = role === 'accent' && accent ? accent : (parseColour(PALETTE[name][column]) as Rgb);
      return [role, drawnColour(computed[index] ?? '') ?? fallback] as const;
    });
    return [scheme, { key: computed.join('|'), colours: Object.fromEntries(entries) as unknown as SchemeColours }];
  });
  return Object.fromEntries(measured) as Record<Scheme, { key: string; colours: SchemeColours }>;
}

/** Whether a colour is the scheme's own default accent (its text colour is then the designed one). */
export const isDefaultAccent = (colour: Rgb, scheme: Scheme) =>
  toHex(colour) === PALETTE.accent[scheme === 'light' ? 1 : 2];
