import { COUNTRY_CODES } from '@forms-engine/schema';
import { normalize } from './normalize.ts';

const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
const names = new Map<string, string>();

/** English short name of an ISO 3166-1 alpha-2 code ("US" -> "United States"), from the runtime's ICU data. */
export function countryName(code: string): string {
  let name = names.get(code);
  if (name === undefined) {
    try {
      name = displayNames.of(code) ?? code;
    } catch {
      name = code;
    }
    names.set(code, name);
  }
  return name;
}

/** Everyday names that are not the ICU name's prefix. */
const ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  britain: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  holland: 'NL',
  deutschland: 'DE',
  espana: 'ES',
  italia: 'IT',
  schweiz: 'CH',
  suisse: 'CH',
  osterreich: 'AT',
};

let normalizedNames: Array<[code: string, name: string]> | undefined;

/**
 * Country codes a normalised hint names: its code ("fr"), an alias ("usa"), or the start of its
 * English name ("united k", "france").
 */
export function countriesNamedBy(hint: string): Set<string> {
  normalizedNames ??= [...COUNTRY_CODES].map((code) => [code, normalize(countryName(code))]);
  const codes = new Set<string>();
  if (hint.length === 2 && COUNTRY_CODES.has(hint.toUpperCase())) codes.add(hint.toUpperCase());
  const alias = ALIASES[hint];
  if (alias) codes.add(alias);
  if (hint.length >= 3) for (const [code, name] of normalizedNames) if (name.startsWith(hint)) codes.add(code);
  return codes;
}
