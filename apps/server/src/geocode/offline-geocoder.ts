import type { GeocodeSuggestion } from '@forms-engine/schema';
import { countryName } from './countries.ts';
import type { GeocodeRequest, GeocodeResult, Geocoder } from './geocoder.ts';
import { suggestion } from './geocoder.ts';
import { defaultPlacesFile, loadRegionNames, readGeoNames, regionFactory } from './load-places.ts';
import { normalize } from './normalize.ts';
import { parseQuery } from './parse-query.ts';
import { type Place, PlaceIndex } from './place-index.ts';
import { loadUsZipCodes, PostalCodeIndex, type PostalPlace } from './postal-codes.ts';

export interface OfflineData {
  places: PlaceIndex;
  postalCodes: PostalCodeIndex;
}

/** Offline answers only change with the data package, so they may be cached for a day. */
const MAX_AGE_SECONDS = 86_400;
const US_ZIP = /^(\d{5})(-\d{4})?$/;
const PARTIAL_ZIP = /^\d{3,5}(-\d{0,4})?$/;

let shared: OfflineData | undefined;
let sharedLoading: Promise<OfflineData> | undefined;

/** The bundled data, indexed once per process (about a second) and shared by every geocoder. */
export function loadOfflineData(): OfflineData {
  shared ??= {
    places: new PlaceIndex(readGeoNames(defaultPlacesFile(), regionFactory(loadRegionNames()))),
    postalCodes: new PostalCodeIndex(loadUsZipCodes()),
  };
  return shared;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The same data, built in slices so that requests keep being answered meanwhile (server start). */
export function loadOfflineDataInSteps(): Promise<OfflineData> {
  if (shared) return Promise.resolve(shared);
  sharedLoading ??= (async () => {
    const places = await PlaceIndex.build(
      readGeoNames(defaultPlacesFile(), regionFactory(loadRegionNames())),
      yieldToEventLoop,
    );
    await yieldToEventLoop();
    shared ??= { places, postalCodes: new PostalCodeIndex(loadUsZipCodes()) };
    return shared;
  })();
  return sharedLoading;
}

/**
 * Suggestions from the in-memory GeoNames place index and US ZIP codes; no network. There is no
 * street data: `line1` is the street part the person typed (see parse-query.ts).
 */
export class OfflineGeocoder implements Geocoder {
  readonly kind = 'offline';
  private data: OfflineData | undefined;

  private loading: Promise<OfflineData> | undefined;

  constructor(
    private readonly load: () => OfflineData = loadOfflineData,
    private readonly loadInSteps: () => Promise<OfflineData> = loadOfflineDataInSteps,
  ) {}

  /** Starts indexing in the background; the first searches wait for it instead of blocking everyone. */
  warmUp(): void {
    this.loading ??= this.loadInSteps().then((data) => {
      this.data = data;
      return data;
    });
  }

  async search(request: GeocodeRequest): Promise<GeocodeResult> {
    if (!this.data && this.loading) await this.loading;
    return { suggestions: this.lookup(request), maxAgeSeconds: MAX_AGE_SECONDS };
  }

  lookup({ q, country, limit }: GeocodeRequest): GeocodeSuggestion[] {
    this.data ??= this.load();
    const { places, postalCodes } = this.data;
    const { line1, place, postalCode, hints } = parseQuery(q);
    const found = new Map<string, GeocodeSuggestion>();
    const add = (item: GeocodeSuggestion) => {
      if (found.size < limit && !found.has(item.label)) found.set(item.label, item);
    };
    const fromPostal = (zip: PostalPlace) =>
      suggestion(
        { line1, city: zip.city, state: zip.state, postalCode: zip.postalCode, country: zip.country },
        countryName,
      );

    const zipDigits = US_ZIP.exec(postalCode)?.[1];
    const zip = zipDigits ? postalCodes.exact(zipDigits) : undefined;
    const usableZip = zip && (!country || zip.country === country) ? zip : undefined;

    if (!place) {
      // Only a postal code so far: complete it from the ZIP list ("627" -> 62701, 62702, ...).
      if (PARTIAL_ZIP.test(postalCode)) {
        for (const match of postalCodes.byPrefix(postalCode.slice(0, 5), limit, country)) add(fromPostal(match));
      }
      return [...found.values()];
    }

    const text = normalize(place);
    if (text.length < 2) return [];
    if (usableZip && normalize(usableZip.city).startsWith(text)) add(fromPostal(usableZip));

    // The typed postal code is carried like the street, unless a known ZIP names another US place.
    const postalFor = (match: Place) =>
      zip &&
      zip.country === match.country &&
      (zip.state !== match.region.display || normalize(zip.city) !== normalize(match.name))
        ? ''
        : postalCode;
    for (const match of places.search({ text, country, hints, limit: limit * 2 })) {
      add(
        suggestion(
          {
            line1,
            city: match.name,
            state: match.region.display,
            postalCode: postalFor(match),
            country: match.country,
          },
          countryName,
        ),
      );
    }
    return [...found.values()];
  }
}
