import { GEOCODE_LIMIT_MAX, GEOCODE_QUERY_MIN_LENGTH, type GeocodeQuery } from '@forms-engine/schema';
import type { GeocodeResult, Geocoder } from './geocoder.ts';

const EMPTY_MAX_AGE_SECONDS = 86_400;

/**
 * The geocode operation: `q` trimmed (fewer than 2 characters gives `[]` without asking the provider),
 * `limit` clamped to 20, `country` already upper-cased and checked by the schema.
 */
export async function suggestAddresses(deps: { geocoder: Geocoder }, input: GeocodeQuery): Promise<GeocodeResult> {
  const q = (input.q ?? '').trim();
  if ([...q].length < GEOCODE_QUERY_MIN_LENGTH) return { suggestions: [], maxAgeSeconds: EMPTY_MAX_AGE_SECONDS };
  return deps.geocoder.search({ q, country: input.country, limit: Math.min(input.limit, GEOCODE_LIMIT_MAX) });
}
