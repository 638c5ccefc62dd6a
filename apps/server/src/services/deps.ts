import type { Database, PrismaClient, SqlQuery } from '@forms-engine/db';
import { PublicQuestionnaires } from '../cache/public-questionnaires.ts';
import type { Config } from '../config.ts';
import type { Geocoder } from '../geocode/geocoder.ts';
import { createGeocoder } from '../geocode/index.ts';
import { createRateLimitCounters, type RateLimitCounters } from '../http/rate-limit-store.ts';
import type { Logger } from '../logger.ts';
import { createFileStorage } from '../storage/create-file-storage.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { keyFileFor, SecretBox } from '../webhooks/secret-box.ts';
import { type HostResolver, systemResolver } from '../webhooks/target-policy.ts';
import { AnswerWrites } from './answer-writes.ts';

/** What service functions need from the outside world; passed in, never imported. */
export interface Deps {
  prisma: PrismaClient;
  /** Raw SQL for the respondent hot path (services/hot-sql.ts). */
  sql: SqlQuery;
  config: Config;
  /** Uploaded bytes (local disk under DATA_DIR/files, or an S3 bucket: FILE_STORAGE). */
  storage: FileStorage;
  /** Address suggestions: offline place index, or the HTTP geocoder at GEOCODER_URL. */
  geocoder: Geocoder;
  /** Questionnaire settings and live documents in memory, kept current by NOTIFY. */
  publicQuestionnaires: PublicQuestionnaires;
  /** Answer saves, coalesced into batches under load. */
  answerWrites: AnswerWrites;
  /** Where rate-limit counters live: Redis, Postgres (shared by every process), or memory. */
  rateLimitCounters: RateLimitCounters;
  /** On Postgres, one sweeper at a time across processes (advisory lock); PGlite has one process. */
  databaseKind: Database['kind'];
  /** Encrypts webhook signing secrets at rest (key: WEBHOOK_SECRET_KEY or a file in DATA_DIR). */
  webhookSecrets: SecretBox;
  /** Resolves webhook host names before they are checked and called (tests point names anywhere). */
  resolveHost: HostResolver;
}

/** The one place the deps are assembled, so the server and the tests run the same parts. */
export function buildDeps(db: Pick<Database, 'prisma' | 'sql' | 'kind'>, config: Config, logger?: Logger): Deps {
  return {
    prisma: db.prisma,
    sql: db.sql,
    config,
    storage: createFileStorage(config.fileStorage, config.dataDir, logger),
    geocoder: createGeocoder(config, logger),
    publicQuestionnaires: new PublicQuestionnaires(db.sql),
    answerWrites: new AnswerWrites(db.sql),
    rateLimitCounters: createRateLimitCounters(db, config.redisUrl, logger),
    databaseKind: db.kind,
    webhookSecrets: new SecretBox({ key: config.webhooks.secretKey, keyFile: keyFileFor(config.dataDir) }),
    resolveHost: systemResolver,
  };
}
