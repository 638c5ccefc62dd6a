import { countriesNamedBy } from './countries.ts';
import { normalize } from './normalize.ts';

/** A first-level administrative division (state, province, region), shared by its places. */
export interface Region {
  /** What a suggestion's `state` shows: the postal abbreviation in the US and Canada, the name elsewhere. */
  display: string;
  /** Normalised code and name; a hint matches the code exactly or the start of the name. */
  code: string;
  name: string;
}

export interface Place {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  region: Region;
  population: number;
}

export interface PlaceRecord {
  place: Place;
  /** Every spelling to find it by (the name, its ASCII form); normalised and de-duplicated here. */
  names: string[];
}

export interface PlaceQuery {
  /** Normalised place text. */
  text: string;
  country?: string | undefined;
  /** Normalised state or country hints: places matching more of them rank higher within a match class. */
  hints?: string[];
  limit: number;
}

enum Match {
  EXACT = 0,
  PREFIX = 1,
  LATER_WORD = 2,
}

interface Candidate {
  id: number;
  rank: number;
  population: number;
}

/**
 * Places, column by column, and their unsorted keys: each normalised name, and each name from
 * every later word on. A place is a row of the columns, not an object: 193,000 Place objects and
 * their two-letter country strings held 15 MB (the offline data's heap: 42.1 -> 27.4 MiB in
 * bench/geocode.bench.ts; docs/performance.md, "Memory"). Searches make the few they return.
 */
export class PlaceKeys {
  readonly names: string[] = [];
  readonly countries: number[] = [];
  readonly regionIds: number[] = [];
  readonly populations: number[] = [];
  /** Each distinct Region once (the loader shares one per country and admin1 code). */
  readonly regions: Region[] = [];
  private readonly regionIdOf = new Map<Region, number>();
  readonly keys: string[] = [];
  readonly owners: number[] = [];
  readonly laterWord: number[] = [];

  static of(records: Iterable<PlaceRecord>): PlaceKeys {
    const table = new PlaceKeys();
    for (const record of records) table.add(record);
    return table;
  }

  add({ place, names }: PlaceRecord): void {
    const id = this.names.push(place.name) - 1;
    this.countries.push(packCountry(place.country));
    this.populations.push(place.population);
    let regionId = this.regionIdOf.get(place.region);
    if (regionId === undefined) {
      regionId = this.regions.push(place.region) - 1;
      this.regionIdOf.set(place.region, regionId);
    }
    this.regionIds.push(regionId);
    const seen = new Set<string>();
    for (const name of names) {
      const key = normalize(name);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      this.keys.push(key);
      this.owners.push(id);
      this.laterWord.push(0);
      for (let space = key.indexOf(' '); space !== -1; space = key.indexOf(' ', space + 1)) {
        this.keys.push(key.slice(space + 1));
        this.owners.push(id);
        this.laterWord.push(1);
      }
    }
  }
}

/**
 * An in-memory place-name index: one sorted array of normalised keys (each name, and each name from
 * every later word on, so "york" finds "New York"), searched by binary search for the prefix range.
 * Ranking: exact name, then name prefix, then a later word's prefix; within each, places matching more
 * hints first, then larger population.
 */
export class PlaceIndex {
  // The places' columns, by place id; `placeAt` makes a Place of a row.
  private readonly names: string[];
  private readonly placeCountries: Uint16Array;
  private readonly regionIds: Uint32Array;
  private readonly regions: Region[];
  private readonly populations: Float64Array;
  // One entry per key, in key order; the typed arrays let a prefix range be scanned without touching places.
  private readonly keys: string[];
  private readonly owners: Int32Array;
  private readonly laterWord: Uint8Array;
  private readonly keyLength: Uint16Array;
  private readonly population: Float64Array;
  private readonly country: Uint16Array;

  constructor(records: Iterable<PlaceRecord> | PlaceKeys) {
    const table = records instanceof PlaceKeys ? records : PlaceKeys.of(records);
    this.names = table.names;
    this.placeCountries = Uint16Array.from(table.countries);
    this.regionIds = Uint32Array.from(table.regionIds);
    this.regions = table.regions;
    this.populations = Float64Array.from(table.populations);
    const { keys, owners, laterWord } = table;
    const order = Array.from(keys.keys()).sort((a, b) => {
      const ka = keys[a] as string;
      const kb = keys[b] as string;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    this.keys = order.map((i) => keys[i] as string);
    this.owners = Int32Array.from(order, (i) => owners[i] as number);
    this.laterWord = Uint8Array.from(order, (i) => laterWord[i] as number);
    this.keyLength = Uint16Array.from(this.keys, (key) => Math.min(key.length, 0xffff));
    this.population = Float64Array.from(this.owners, (id) => this.populations[id] ?? 0);
    this.country = Uint16Array.from(this.owners, (id) => this.placeCountries[id] ?? 0);
  }

  /**
   * The same index, built without holding the event loop for long: the records are read and
   * their keys made in slices, with `pause()` between them (the sort is the one long step).
   * The server starts answering while its place index is still being built.
   */
  static async build(records: Iterable<PlaceRecord>, pause: () => Promise<void>, slice = 2_000): Promise<PlaceIndex> {
    const table = new PlaceKeys();
    let count = 0;
    for (const record of records) {
      table.add(record);
      if (++count % slice === 0) await pause();
    }
    await pause();
    return new PlaceIndex(table);
  }

  /** How many keys (names and later-word suffixes) are indexed. */
  get keyCount(): number {
    return this.keys.length;
  }

  get placeCount(): number {
    return this.names.length;
  }

  /** Place `id` as an object, made when a search returns it. */
  private placeAt(id: number): Place {
    return {
      name: this.names[id] as string,
      country: unpackCountry(this.placeCountries[id] as number),
      region: this.regions[this.regionIds[id] as number] as Region,
      population: this.populations[id] as number,
    };
  }

  /** Up to `limit` places, best first; a place appears once. */
  search({ text, country, hints = [], limit }: PlaceQuery): Place[] {
    if (!text || limit < 1) return [];
    const hintCount = hints.length;
    const matchesHints = hintCount ? this.hintMatcher(hints) : undefined;
    const wanted = country ? packCountry(country) : 0;
    const best: Candidate[] = [];
    const { owners, laterWord, keyLength, population } = this;
    const end = lowerBound(this.keys, `${text}\uffff`);
    for (let i = lowerBound(this.keys, text); i < end; i++) {
      if (wanted && this.country[i] !== wanted) continue;
      const match = laterWord[i] ? Match.LATER_WORD : keyLength[i] === text.length ? Match.EXACT : Match.PREFIX;
      const id = owners[i] as number;
      const rank = match * (hintCount + 1) + (matchesHints ? hintCount - matchesHints(id) : 0);
      const people = population[i] as number;
      const worst = best.length >= limit ? best[best.length - 1] : undefined;
      if (worst && (rank > worst.rank || (rank === worst.rank && people <= worst.population))) continue;
      offer(best, limit, { id, rank, population: people });
    }
    return best.map((candidate) => this.placeAt(candidate.id));
  }

  /** How many of the hints place `id` matches (its country, its region's code or name). */
  private hintMatcher(hints: string[]): (id: number) => number {
    const countries = hints.map((hint) => new Set([...countriesNamedBy(hint)].map(packCountry)));
    return (id) => {
      const country = this.placeCountries[id] as number;
      const region = this.regions[this.regionIds[id] as number] as Region;
      let matched = 0;
      hints.forEach((hint, index) => {
        if (countries[index]?.has(country) || region.code === hint || region.name.startsWith(hint)) matched++;
      });
      return matched;
    };
  }
}

const better = (a: Candidate, b: Candidate) =>
  a.rank !== b.rank ? a.rank < b.rank : a.population !== b.population ? a.population > b.population : a.id < b.id;

const packCountry = (code: string) => ((code.charCodeAt(0) || 0) << 8) | (code.charCodeAt(1) || 0);
const unpackCountry = (packed: number) =>
  String.fromCharCode(...[packed >> 8, packed & 0xff].filter((code) => code !== 0));

/** Keeps `best` sorted and at most `limit` long, each place once at its best rank. */
function offer(best: Candidate[], limit: number, candidate: Candidate): void {
  const existing = best.findIndex((other) => other.id === candidate.id);
  if (existing !== -1) {
    if (!better(candidate, best[existing] as Candidate)) return;
    best.splice(existing, 1);
  }
  let at = best.length;
  while (at > 0 && better(candidate, best[at - 1] as Candidate)) at--;
  best.splice(at, 0, candidate);
  if (best.length > limit) best.pop();
}

/** First index whose key is >= text. */
function lowerBound(keys: string[], text: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
