import type { Database, PrismaClient, SqlDatabase } from '@forms-engine/db';
import type { PublicQuestionnaires } from '../cache/public-questionnaires.ts';
import type { Config } from '../config.ts';
import type { Geocoder } from '../geocode/geocoder.ts';
import type { RateLimitCounters } from '../rate-limits/rate-limit-store.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import type { HostResolver } from '../webhooks/target-policy.ts';
import type { AnswerWrites } from './answer-writes.ts';

/**
 * What service functions need from the outside world; passed in, never imported. Assembled in
 * one place, `src/build-deps.ts`, above every layer it draws from.
 */
export interface Deps {
  prisma: PrismaClient;
  /** Raw SQL for the respondent hot path (services/respondent-sql.ts, services/export-sql.ts, cache/questionnaire-sql.ts). */
  sql: SqlDatabase;
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
