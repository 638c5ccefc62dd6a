import { describe, expect, it } from 'vitest';
import { AllowedOrigins, originMatches, parseOriginPattern } from './origins';

describe('allowed origins', () => {
  it.each([
    'https://app.example.com',
    'http://localhost:5173',
    'https://*.example.com',
    'http://127.0.0.1:8080',
    'http://[::1]:3000',
  ])('accepts %s', (origin) => {
    expect(parseOriginPattern(origin)).not.toBeNull();
  });

  it.each([
    'example.com',
    'https://example.com/',
    'https://example.com/path',
    'ftp://example.com',
    'https://*.com',
    'https://a.*.example.com',
    'https://example.com:99999',
    '*',
  ])('rejects %s', (origin) => {
    expect(parseOriginPattern(origin)).toBeNull();
  });

  it('normalises case and removes duplicates', () => {
    expect(AllowedOrigins.parse(['HTTPS://A.Example.com', 'https://a.example.com'])).toEqual(['https://a.example.com']);
  });

  it('matches exact origins, including scheme and port', () => {
    const allowed = ['https://a.example', 'http://localhost:5173'];
    expect(originMatches('https://a.example', allowed)).toBe(true);
    expect(originMatches('http://a.example', allowed)).toBe(false);
    expect(originMatches('http://localhost:5173', allowed)).toBe(true);
    expect(originMatches('http://localhost:5174', allowed)).toBe(false);
  });

  it('matches one wildcard subdomain level only', () => {
    const allowed = ['https://*.example.com'];
    expect(originMatches('https://shop.example.com', allowed)).toBe(true);
    expect(originMatches('https://example.com', allowed)).toBe(false);
    expect(originMatches('https://a.b.example.com', allowed)).toBe(false);
    expect(originMatches('https://evil-example.com', allowed)).toBe(false);
    expect(originMatches('null', allowed)).toBe(false);
  });
});
