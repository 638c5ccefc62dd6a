import type { Config } from '../config.ts';
import type { Geocoder } from './geocoder.ts';
import { HttpGeocoder } from './http-geocoder.ts';
import { OfflineGeocoder } from './offline-geocoder.ts';

export type { GeocodeRequest, GeocodeResult, Geocoder } from './geocoder.ts';
export { suggestAddresses } from './suggest.ts';

interface Warner {
  warn(details: object, message: string): void;
}

/** The HTTP geocoder when GEOCODER_URL is set, the offline place index otherwise. */
export function createGeocoder(config: Pick<Config, 'geocoderUrl'>, logger?: Warner): Geocoder {
  if (!config.geocoderUrl) return new OfflineGeocoder();
  return new HttpGeocoder({
    url: config.geocoderUrl,
    onUpstreamError: (error) =>
      logger?.warn(
        { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
        'geocoder upstream failed; answered with no suggestions',
      ),
  });
}
