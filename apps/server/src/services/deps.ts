import type { Database, PrismaClient, SqlQuery } from '@forms-engine/db';
import { PublicQuestionnaires } from '../cache/public-questionnaires.ts';
import type { Config } from '../config.ts';
import type { Geocoder } from '../geocode/geocoder.ts';
import { createGeocoder } from '../geocode/index.ts';
import type { Logger } from '../logger.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createLocalDiskStorage, filesDirFor } from '../storage/local-disk.ts';
import { AnswerWrites } from './answer-writes.ts';

/** What service functions need from the outside world; passed in, never imported. */
export interface Deps {
  prisma: PrismaClient;
  /** Raw SQL for the respondent hot path (services/hot-sql.ts). */
  sql: SqlQuery;
  config: Config;
  /** Uploaded bytes (local disk under DATA_DIR/files). */
  storage: FileStorage;
  /** Address suggestions: offline place index, or the HTTP geocoder at GEOCODER_URL. */
  geocoder: Geocoder;
  /** Questionnaire settings and live documents in memory, kept current by NOTIFY. */
  publicQuestionnaires: PublicQuestionnaires;
  /** Answer saves, coalesced into batches under load. */
  answerWrites: AnswerWrites;
}

/** The one place the deps are assembled, so the server and the tests run the same parts. */
export function buildDeps(db: Pick<Database, 'prisma' | 'sql'>, config: Config, logger?: Logger): Deps {
  return {
    prisma: db.prisma,
    sql: db.sql,
    config,
    storage: createLocalDiskStorage(filesDirFor(config.dataDir)),
    geocoder: createGeocoder(config, logger),
    publicQuestionnaires: new PublicQuestionnaires(db.sql),
    answerWrites: new AnswerWrites(db.sql),
  };
}
