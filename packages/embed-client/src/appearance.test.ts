import { afterEach, describe, expect, it } from 'vitest';
import {
  contrast,
  hostScheme,
  parseColour,
  type Rgb,
  readableOn,
  readableShade,
  resolveColour,
  schemeOf,
  schemeShades,
} from './appearance';
import { PALETTE } from './render/styles';

afterEach(() => document.head.replaceChildren());

describe('the host page look', () => {
  it.each([
    ['light', 'light'],
    ['only light', 'light'],
    ['dark', 'dark'],
    ['light dark', 'auto'],
    ['dark light', 'auto'],
    ['normal', null],
    ['', null],
    [null, null],
    ['darkness', null],
  ] as const)('color-scheme %j asks for %j', (value, scheme) => {
    expect(schemeOf(value)).toBe(scheme);
  });

  it('falls back to the document meta tag, then to light (never the browser setting alone)', () => {
    const target = document.createElement('div');
    document.body.append(target);
    expect(hostScheme(target)).toBe('light');
    const meta = document.createElement('meta');
    meta.name = 'color-scheme';
    meta.content = 'dark';
    document.head.append(meta);
    expect(hostScheme(target)).toBe('dark');
  });

  it('picks black or white text for an accent, whichever reads better; ignores what is not a colour', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const on = (colour: string) => readableOn(resolveColour(container, colour) as Rgb);
    expect(on('#ffd400')).toBe('#000');
    expect(on('#1d4ed8')).toBe('#fff');
    expect(on('rgb(10, 125, 79)')).toBe('#fff');
    expect(resolveColour(container, 'not a colour')).toBeUndefined();
    expect(container.children).toHaveLength(0);
  });

  it.each([
    ['#1d4ed8', [29, 78, 216]],
    ['#ABC', [170, 187, 204]],
    ['rgb(1, 2, 3)', [1, 2, 3]],
    ['rgba(1, 2, 3, 1)', [1, 2, 3]],
    ['rgb(1 2 3 / 100%)', [1, 2, 3]],
    ['rgba(0, 0, 0, 0)', undefined],
    ['rgb(1 2 3 / 0.5)', undefined],
    ['color(srgb 1 0.5 0)', undefined], // computed styles keep these; a canvas draws them (in browsers)
    ['var(--x)', undefined],
    ['', undefined],
  ] as const)('reads the colour %j as %j', (text, rgb) => {
    expect(parseColour(text)).toEqual(rgb);
  });
});

/** The stylesheet's own colours of a scheme, as sRGB. */
const schemeDefault = (name: keyof typeof PALETTE, scheme: 'light' | 'dark') =>
  parseColour(PALETTE[name][scheme === 'light' ? 1 : 2]) as Rgb;
const hex = (text: string) => parseColour(text) as Rgb;

describe('accent and focus shades that read on the form (WCAG 4.5:1), for any accent, in both schemes', () => {
  const accents = [
    ['the light default', PALETTE.accent[1]],
    ['the dark default', PALETTE.accent[2]],
    ['pale yellow', '#ffd400'],
    ['butter', '#fff3b0'],
    ['pure blue', '#0000ff'],
    ['a brand blue', '#2563eb'],
    ['mid grey', '#808080'],
    ['grey at the black/white crossover', '#767676'],
    ['red', '#ff0000'],
    ['dark red', '#7f1d1d'],
    ['green', '#0a7d4f'],
    ['lime', '#84cc16'],
    ['orange', '#f97316'],
    ['purple', '#7c3aed'],
    ['near-black', '#111111'],
    ['black', '#000000'],
    ['near-white', '#f5f5f5'],
    ['white', '#ffffff'],
  ] as const;
  const schemes = ['light', 'dark'] as const;
  const cases = schemes.flatMap((scheme) => accents.map(([name, accent]) => [scheme, name, accent] as const));

  it.each(cases)('%s scheme, %s accent (%s)', (scheme, _name, accent) => {
    const background = schemeDefault('bg', scheme);
    const field = schemeDefault('field', scheme);
    // A host's accent is also a host's focus colour here (--fe-focus), the harder case.
    const shades = schemeShades({ accent: hex(accent), background, field, focus: hex(accent) });
    for (const surface of [background, field]) {
      expect(contrast(hex(shades.accentText), surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex(shades.focusRing), surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(hex(shades.onAccent), hex(accent))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps an accent that already reads, and the stylesheet default focus colours', () => {
    for (const scheme of schemes) {
      const colours = {
        accent: hex('#0a7d4f'),
        background: schemeDefault('bg', 'light'),
        field: schemeDefault('field', 'light'),
        focus: schemeDefault('focus', 'light'),
      };
      expect(schemeShades(colours)).toMatchObject({ accentText: '#0a7d4f', focusRing: PALETTE.focus[1] });
      const own = {
        accent: schemeDefault('accent', scheme),
        background: schemeDefault('bg', scheme),
        field: schemeDefault('field', scheme),
        focus: schemeDefault('focus', scheme),
      };
      const column = scheme === 'light' ? 1 : 2;
      expect(schemeShades(own)).toMatchObject({ accentText: PALETTE.accent[column], focusRing: PALETTE.focus[column] });
    }
  });

  it('changes an accent only as far as it must, keeping its hue: a brand blue on the dark form turns a lighter blue', () => {
    const dark = schemeDefault('bg', 'dark');
    const [r, g, b] = readableShade(hex('#1d4ed8'), [dark]);
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
    expect(contrast([r, g, b], dark)).toBeGreaterThanOrEqual(4.5);
    expect(contrast([r, g, b], dark)).toBeLessThan(4.7);
  });

  it.each([
    ['beige', '#f0e6d2', '#ffffff'],
    ['slate', '#1e293b', '#0f172a'],
    ['mid grey', '#767676', '#767676'],
    ['red', '#b91c1c', '#b91c1c'],
  ])("reads on a host's own %s background too", (_name, background, field) => {
    for (const [, accent] of accents) {
      const shades = schemeShades({
        accent: hex(accent),
        background: hex(background),
        field: hex(field),
        focus: hex(accent),
      });
      expect(contrast(hex(shades.accentText), hex(background))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex(shades.accentText), hex(field))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('a form and fields no one colour reads on both (black and white) get the shade that reads best on both', () => {
    const shade = readableShade(hex('#ffd400'), [hex('#000000'), hex('#ffffff')]);
    const worst = Math.min(contrast(shade, [0, 0, 0]), contrast(shade, [255, 255, 255]));
    expect(worst).toBeGreaterThan(3.5);
  });
});
