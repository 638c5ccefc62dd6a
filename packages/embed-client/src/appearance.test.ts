import { afterEach, describe, expect, it } from 'vitest';
import { hostScheme, readableOn, schemeOf } from './appearance';

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
    expect(readableOn(container, '#ffd400')).toBe('#000');
    expect(readableOn(container, '#1d4ed8')).toBe('#fff');
    expect(readableOn(container, 'rgb(10, 125, 79)')).toBe('#fff');
    expect(readableOn(container, 'not a colour')).toBeUndefined();
  });
});
