import type { GeocodeSuggestion } from '@forms-engine/schema';
import { z } from 'zod';
import { LruCache } from '../lib/lru-cache.ts';
import { countryName } from './countries.ts';
import type { GeocodeRequest, GeocodeResult, Geocoder } from './geocoder.ts';
import { suggestion } from './geocoder.ts';
import { parseQuery } from './parse-query.ts';

export interface HttpGeocoderOptions {
  /** The search endpoint: Photon's `/api` (a path ending in `/api`) or Nominatim's `/search` (anything else). */
  url: string;
  timeoutMs?: number;
  cacheEntries?: number;
  cacheTtlMs?: number;
  /** Told why an upstream call failed; the client only ever sees an empty, uncacheable list. */
  onUpstreamError?: (error: unknown) => void;
}

const DEFAULTS = { timeoutMs: 2_000, cacheEntries: 1_000, cacheTtlMs: 10 * 60_000 };
/** Successful upstream answers may be cached by clients for an hour. */
const MAX_AGE_SECONDS = 3_600;
const MAX_BODY_BYTES = 1_048_576;
const USER_AGENT = 'forms-engine-geocoder/1 (address suggestions)';

const text = z.string().optional().catch(undefined);

const PhotonResponse = z.object({
  features: z.array(
    z.object({
      properties: z.looseObject({
        type: text,
        name: text,
        housenumber: text,
        street: text,
        postcode: text,
        city: text,
        district: text,
        state: text,
        countrycode: text,
      }),
    }),
  ),
});

const NominatimResponse = z.array(
  z.object({
    address: z
      .looseObject({
        house_number: text,
        road: text,
        pedestrian: text,
        city: text,
        town: text,
        village: text,
        hamlet: text,
        municipality: text,
        state: text,
        province: text,
        postcode: text,
        country_code: text,
      })
      .optional(),
  }),
);

type Fields = Omit<GeocodeSuggestion, 'label'>;
const PLACE_TYPES = new Set(['city', 'town', 'village', 'hamlet', 'locality']);
const joinWords = (...words: Array<string | undefined>) => words.filter(Boolean).join(' ');

class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
}

/**
 * Suggestions from a Photon or Nominatim compatible geocoder over HTTP: a timeout, an LRU cache of
 * successful answers, and no upstream error ever reaching the client (it gets `[]`, not cacheable).
 */
export class HttpGeocoder implements Geocoder {
  readonly kind = 'http';
  private readonly endpoint: URL;
  private readonly photon: boolean;
  private readonly options: Required<Omit<HttpGeocoderOptions, 'onUpstreamError'>> & HttpGeocoderOptions;
  private readonly cache: LruCache<GeocodeSuggestion[]>;

  constructor(options: HttpGeocoderOptions) {
    this.options = { ...DEFAULTS, ...options };
    this.endpoint = new URL(options.url);
    this.photon = /\/api\/?$/.test(this.endpoint.pathname);
    this.cache = new LruCache(this.options.cacheEntries, this.options.cacheTtlMs);
  }

  warmUp(): void {}

  async search({ q, country, limit }: GeocodeRequest): Promise<GeocodeResult> {
    const key = `${country ?? ''}|${limit}|${q}`;
    const cached = this.cache.get(key);
    if (cached) return { suggestions: cached, maxAgeSeconds: MAX_AGE_SECONDS };
    try {
      const fields = await this.fetchFields(q, country, limit);
      const typedLine1 = parseQuery(q).line1;
      const found = new Map<string, GeocodeSuggestion>();
      for (const item of fields) {
        if (!/^[A-Z]{2}$/.test(item.country) || (country && item.country !== country)) continue;
        const built = suggestion({ ...item, line1: item.line1 || typedLine1 }, countryName);
        if (found.size < limit && !found.has(built.label)) found.set(built.label, built);
      }
      const suggestions = [...found.values()];
      this.cache.set(key, suggestions);
      return { suggestions, maxAgeSeconds: MAX_AGE_SECONDS };
    } catch (error) {
      this.options.onUpstreamError?.(error);
      return { suggestions: [], maxAgeSeconds: 0 };
    }
  }

  private async fetchFields(q: string, country: string | undefined, limit: number): Promise<Fields[]> {
    const url = new URL(this.endpoint);
    url.searchParams.set('q', q);
    if (this.photon) {
      // Photon has no country filter: ask for more and filter here.
      url.searchParams.set('limit', String(country ? Math.min(50, limit * 3) : limit));
    } else {
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('limit', String(limit));
      if (country) url.searchParams.set('countrycodes', country.toLowerCase());
    }
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': USER_AGENT },
      signal: AbortSignal.timeout(this.options.timeoutMs),
      redirect: 'error',
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new UpstreamError(`geocoder answered ${response.status}`);
    }
    const body: unknown = JSON.parse(await readCapped(response, MAX_BODY_BYTES));
    return this.photon ? fromPhoton(PhotonResponse.parse(body)) : fromNominatim(NominatimResponse.parse(body));
  }
}

/** The body as text, refusing to hold more than `cap` bytes of it. */
async function readCapped(response: Response, cap: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > cap) throw new UpstreamError('geocoder answer too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function fromPhoton(body: z.infer<typeof PhotonResponse>): Fields[] {
  return body.features.map(({ properties: p }) => ({
    line1: joinWords(p.housenumber, p.street ?? (p.type === 'street' ? p.name : undefined)),
    city: p.city ?? (p.type && PLACE_TYPES.has(p.type) ? p.name : undefined) ?? p.district ?? '',
    state: p.state ?? '',
    postalCode: p.postcode ?? '',
    country: (p.countrycode ?? '').toUpperCase(),
  }));
}

function fromNominatim(body: z.infer<typeof NominatimResponse>): Fields[] {
  return body.map(({ address: a = {} }) => ({
    line1: joinWords(a.house_number, a.road ?? a.pedestrian),
    city: a.city ?? a.town ?? a.village ?? a.hamlet ?? a.municipality ?? '',
    state: a.state ?? a.province ?? '',
    postalCode: a.postcode ?? '',
    country: (a.country_code ?? '').toUpperCase(),
  }));
}
