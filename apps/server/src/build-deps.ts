import type { Database } from '@forms-engine/db';
import { PublicQuestionnaires } from './cache/public-questionnaires.ts';
import type { Config } from './config.ts';
import { createGeocoder } from './geocode/index.ts';
import type { Logger } from './logger.ts';
import { createRateLimitCounters } from './rate-limits/rate-limit-store.ts';
import { AnswerWrites } from './services/answer-writes.ts';
import type { Deps } from './services/deps.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import { keyFileFor, SecretBox } from './webhooks/secret-box.ts';
import { systemResolver } from './webhooks/target-policy.ts';

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
