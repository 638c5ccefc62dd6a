import type { PrismaClient } from '@forms-engine/db';
import type { Config } from '../config.ts';
import type { Geocoder } from '../geocode/geocoder.ts';
import type { FileStorage } from '../storage/file-storage.ts';

/** What service functions need from the outside world; passed in, never imported. */
export interface Deps {
  prisma: PrismaClient;
  config: Config;
  /** Uploaded bytes (local disk under DATA_DIR/files). */
  storage: FileStorage;
  /** Address suggestions: offline place index, or the HTTP geocoder at GEOCODER_URL. */
  geocoder: Geocoder;
}
