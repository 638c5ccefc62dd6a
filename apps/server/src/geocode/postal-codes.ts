import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface PostalPlace {
  postalCode: string;
  city: string;
  /** USPS state or territory abbreviation. */
  state: string;
  /** ISO 3166-1 alpha-2: US, or the territory's own code (PR, GU, VI, AS, MP, FM, MH, PW). */
  country: string;
}

/** Territories with a USPS abbreviation that ISO 3166-1 lists as countries of their own. */
const TERRITORIES = new Set(['PR', 'GU', 'VI', 'AS', 'MP', 'FM', 'MH', 'PW']);

const CODES_START = 'exports.codes = ';

/**
 * US ZIP codes from the `zipcodes` package (BSD; see docs/THIRD_PARTY_DATA.md). Its `lib/codes.js` is
 * `exports.codes = {JSON object};` followed by other exports: the object is read as JSON rather than
 * required, so the 5 MB module source is not kept alive (requiring it costs about 75 MB of RSS).
 */
export function loadUsZipCodes(): PostalPlace[] {
  const text = readFileSync(require.resolve('zipcodes/lib/codes.js'), 'utf8');
  const start = text.indexOf(CODES_START) + CODES_START.length;
  const next = text.indexOf('\nexports.', start);
  const json = text
    .slice(start, next === -1 ? undefined : next)
    .trim()
    .replace(/;$/, '');
  const codes = JSON.parse(json) as Record<string, { zip: string; city: string; state: string }>;
  return Object.values(codes).map((row) => ({
    postalCode: row.zip,
    city: row.city,
    state: row.state,
    country: TERRITORIES.has(row.state) ? row.state : 'US',
  }));
}

/** Postal codes sorted as strings: exact lookup and prefix ranges by binary search. */
export class PostalCodeIndex {
  private readonly sorted: PostalPlace[];

  constructor(places: PostalPlace[]) {
    this.sorted = [...places].sort((a, b) => (a.postalCode < b.postalCode ? -1 : a.postalCode > b.postalCode ? 1 : 0));
  }

  get size(): number {
    return this.sorted.length;
  }

  /** Up to `limit` places whose code starts with `prefix` (upper-cased, spaces kept), in code order. */
  byPrefix(prefix: string, limit: number, country?: string): PostalPlace[] {
    const code = prefix.toUpperCase();
    const found: PostalPlace[] = [];
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.sorted[mid] as PostalPlace).postalCode < code) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sorted.length && found.length < limit; i++) {
      const place = this.sorted[i] as PostalPlace;
      if (!place.postalCode.startsWith(code)) break;
      if (!country || place.country === country) found.push(place);
    }
    return found;
  }

  exact(code: string): PostalPlace | undefined {
    const [first] = this.byPrefix(code, 1);
    return first?.postalCode === code.toUpperCase() ? first : undefined;
  }
}
