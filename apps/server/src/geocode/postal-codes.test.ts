import { describe, expect, it } from 'vitest';
import { loadUsZipCodes, PostalCodeIndex } from './postal-codes.ts';

const index = new PostalCodeIndex([
  { postalCode: '62703', city: 'Springfield', state: 'IL', country: 'US' },
  { postalCode: '62701', city: 'Springfield', state: 'IL', country: 'US' },
  { postalCode: '00901', city: 'San Juan', state: 'PR', country: 'PR' },
  { postalCode: '62801', city: 'Centralia', state: 'IL', country: 'US' },
]);

describe('PostalCodeIndex', () => {
  it('looks codes up exactly', () => {
    expect(index.exact('62701')?.city).toBe('Springfield');
    expect(index.exact('62702')).toBeUndefined();
  });

  it('completes a prefix in code order, optionally within one country', () => {
    expect(index.byPrefix('627', 5).map((place) => place.postalCode)).toEqual(['62701', '62703']);
    expect(index.byPrefix('62', 1).map((place) => place.postalCode)).toEqual(['62701']);
    expect(index.byPrefix('00', 5, 'US')).toEqual([]);
  });
});

describe('loadUsZipCodes', () => {
  it('loads the bundled US ZIP codes, with territories under their own ISO code', () => {
    const zips = loadUsZipCodes();
    expect(zips.length).toBeGreaterThan(40_000);
    const all = new PostalCodeIndex(zips);
    expect(all.exact('90210')).toMatchObject({ city: 'Beverly Hills', state: 'CA', country: 'US' });
    expect(all.exact('00901')).toMatchObject({ state: 'PR', country: 'PR' });
  });
});
