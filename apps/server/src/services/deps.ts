import type { PrismaClient } from '@forms-engine/db';
import type { Config } from '../config.ts';

/** What service functions need from the outside world; passed in, never imported. */
export interface Deps {
  prisma: PrismaClient;
  config: Config;
}
