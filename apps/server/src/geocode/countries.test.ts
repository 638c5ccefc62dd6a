import { COUNTRY_CODES } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { countriesNamedBy, countryName } from './countries.ts';

describe('countries', () => {
  it('names every accepted code', () => {
    for (const code of COUNTRY_CODES) expect(countryName(code)).not.toBe(code);
    expect(countryName('US')).toBe('United States');
  });

  it('finds countries by code, alias or name prefix', () => {
    expect(countriesNamedBy('fr')).toEqual(new Set(['FR']));
    expect(countriesNamedBy('usa')).toEqual(new Set(['US']));
    expect(countriesNamedBy('france')).toEqual(new Set(['FR']));
    expect(countriesNamedBy('united k')).toEqual(new Set(['GB']));
    expect(countriesNamedBy('texas')).toEqual(new Set());
  });
});
