import { z } from 'zod';

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

/** The officially assigned ISO 3166-1 alpha-2 codes, plus XK (Kosovo, user-assigned but in wide use). */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS ' +
    'MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS ' +
    'RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW ' +
    'TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);

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
  limit: z
    .number()
    .int()
    .min(1)
    .default(GEOCODE_LIMIT_DEFAULT)
    .describe(`How many suggestions at most; values above ${GEOCODE_LIMIT_MAX} are treated as ${GEOCODE_LIMIT_MAX}`),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuery>;
