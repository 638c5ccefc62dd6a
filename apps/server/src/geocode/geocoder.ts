import type { GeocodeSuggestion } from '@forms-engine/schema';

/** A search the route has already cleaned: `q` trimmed and at least 2 characters, `limit` in 1..20. */
export interface GeocodeRequest {
  q: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string | undefined;
  limit: number;
}

export interface GeocodeResult {
  suggestions: GeocodeSuggestion[];
  /** How long clients and proxies may cache the answer; 0 means not at all (a degraded answer). */
  maxAgeSeconds: number;
}

/** Where address suggestions come from: the offline place index, or an HTTP geocoder. */
export interface Geocoder {
  readonly kind: 'offline' | 'http';
  search(request: GeocodeRequest): Promise<GeocodeResult>;
  /** Loads what the first search would otherwise wait for. */
  warmUp(): void;
}

/** A suggestion with its one-line label: "12 Main St, Springfield, IL 62701, United States". */
export function suggestion(
  fields: Omit<GeocodeSuggestion, 'label'>,
  countryName: (code: string) => string,
): GeocodeSuggestion {
  const stateAndCode = [fields.state, fields.postalCode].filter(Boolean).join(' ');
  const label = [fields.line1, fields.city, stateAndCode, fields.country && countryName(fields.country)]
    .filter(Boolean)
    .join(', ');
  return { ...fields, label };
}
