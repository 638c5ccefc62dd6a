import { describe, expect, it } from 'vitest';
import { OfflineGeocoder } from './offline-geocoder.ts';

// The real bundled data (GeoNames cities500 + US ZIP codes), indexed once for the file.
const geocoder = new OfflineGeocoder();
const lookup = (q: string, limit = 5, country?: string) => geocoder.lookup({ q, limit, country });

describe('OfflineGeocoder on the bundled data', () => {
  it('suggests a city with an empty line1 for a city-only query', () => {
    const [first] = lookup('Springfield');
    expect(first).toMatchObject({ line1: '', city: 'Springfield', country: 'US', postalCode: '' });
    expect(first?.label).toBe(`Springfield, ${first?.state}, United States`);
  });

  it('carries the typed street into line1 and searches the place after it', () => {
    const results = lookup('12 Main Street, Springfield');
    expect(results.length).toBeGreaterThan(1);
    for (const result of results) expect(result).toMatchObject({ line1: '12 Main Street', city: 'Springfield' });
  });

  it('ranks exact names first, then by population', () => {
    expect(lookup('Paris')[0]).toMatchObject({ city: 'Paris', country: 'FR', state: 'Île-de-France' });
    expect(lookup('lond')[0]).toMatchObject({ city: 'London', country: 'GB' });
    expect(lookup('York')[0]).toMatchObject({ city: 'York' });
  });

  it('uses a state or country hint to rank', () => {
    expect(lookup('Paris, Texas')[0]).toMatchObject({ city: 'Paris', state: 'TX', country: 'US' });
    expect(lookup('Springfield, IL')[0]).toMatchObject({ city: 'Springfield', state: 'IL' });
    expect(lookup('London, Canada')[0]).toMatchObject({ city: 'London', state: 'ON', country: 'CA' });
  });

  it('ignores accents and case', () => {
    expect(lookup('ZURICH')[0]).toMatchObject({ city: 'Zürich', country: 'CH' });
    expect(lookup('sao paulo')[0]).toMatchObject({ city: 'São Paulo', country: 'BR' });
    expect(lookup('lodz')[0]).toMatchObject({ city: 'Łódź', country: 'PL' });
  });

  it('filters by country', () => {
    const results = lookup('san', 20, 'ES');
    expect(results).toHaveLength(20);
    for (const result of results) expect(result.country).toBe('ES');
  });

  it('resolves a US ZIP code, alone or after a street and city', () => {
    expect(lookup('90210')).toEqual([
      {
        line1: '',
        city: 'Beverly Hills',
        state: 'CA',
        postalCode: '90210',
        country: 'US',
        label: 'Beverly Hills, CA 90210, United States',
      },
    ]);
    expect(lookup('12 Main St, Springfield, IL 62701')[0]).toMatchObject({
      line1: '12 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      label: '12 Main St, Springfield, IL 62701, United States',
    });
    expect(lookup('627', 3).map((result) => result.postalCode)).toEqual(['62701', '62702', '62703']);
  });

  it('carries a postal code it cannot check as typed', () => {
    expect(lookup('75001 Paris')[0]).toMatchObject({ city: 'Paris', country: 'FR', postalCode: '75001' });
  });

  it('returns nothing for a street alone or a place it does not know', () => {
    expect(lookup('12 Main Street')).toEqual([]);
    expect(lookup('Qqqxyzzy')).toEqual([]);
  });

  it('answers within the limit, each suggestion once', () => {
    for (const limit of [1, 5, 20]) {
      const results = lookup('sa', limit);
      expect(results).toHaveLength(limit);
      expect(new Set(results.map((result) => result.label)).size).toBe(limit);
    }
  });

  it('takes well under a millisecond per lookup once indexed', () => {
    lookup('warm up');
    const queries = ['sa', 'springf', '12 Main St, Springfield, IL', 'mü', 'new y', '627'];
    const rounds = 200;
    const started = performance.now();
    for (let round = 0; round < rounds; round++) for (const q of queries) lookup(q, 20);
    const perLookupMs = (performance.now() - started) / (rounds * queries.length);
    expect(perLookupMs).toBeLessThan(1);
  });
});
