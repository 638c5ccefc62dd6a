import { z } from 'zod';
import { INT32_MAX, IntegerParamWithDefault } from './common';
import { COUNTRY_CODE_LIST } from './rules/countries';

export const GeocodeSuggestion = z
  .object({
    line1: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    label: z.string(),
  })
  .meta({ id: 'GeocodeSuggestion' });
export type GeocodeSuggestion = z.infer<typeof GeocodeSuggestion>;

export const GeocodeSuggestions = z.array(GeocodeSuggestion);

export const GEOCODE_LIMIT_DEFAULT = 5;
export const GEOCODE_LIMIT_MAX = 20;
export const GEOCODE_QUERY_MIN_LENGTH = 2;
export const GEOCODE_QUERY_MAX_LENGTH = 256;

/** The officially assigned ISO 3166-1 alpha-2 codes, plus XK (one list, kept with the rule engine). */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRY_CODE_LIST);

/** `GET /public/v1/geocode` query. `limit` above the maximum is clamped by the server, not rejected. */
export const GeocodeQuery = z.object({
  q: z
    .string()
    .max(GEOCODE_QUERY_MAX_LENGTH)
    .describe('What the person typed; trimmed. Fewer than 2 characters returns an empty list')
    .optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Must be an ISO 3166-1 alpha-2 country code')
    .toUpperCase()
    .refine((code) => COUNTRY_CODES.has(code), 'Must be an ISO 3166-1 alpha-2 country code')
    .describe('ISO 3166-1 alpha-2 country filter, any case')
    .optional(),
  limit: IntegerParamWithDefault(1, INT32_MAX, GEOCODE_LIMIT_DEFAULT).describe(
    `How many suggestions at most; values above ${GEOCODE_LIMIT_MAX} are treated as ${GEOCODE_LIMIT_MAX}`,
  ),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuery>;
