import { z } from 'zod';

/** The retry schedule when WEBHOOK_RETRY_SCHEDULE_SECONDS is unset: about three days in all. */
const DEFAULT_SCHEDULE = '5,300,1800,7200,18000,36000,50400,72000,86400';

const seconds = z.coerce.number().finite().min(0);

/** The webhook variables of the environment; config.ts validates them with the rest. */
export const WebhookEnv = {
  WEBHOOK_RETRY_SCHEDULE_SECONDS: z
    .string()
    .default(DEFAULT_SCHEDULE)
    .transform((value, ctx) => {
      const waits = value.split(',').map((part) => seconds.safeParse(part.trim()));
      if (value.trim() === '' || waits.some((wait) => !wait.success)) {
        ctx.addIssue({ code: 'custom', message: 'A comma-separated list of seconds, e.g. 5,300,1800' });
        return z.NEVER;
      }
      return waits.map((wait) => wait.data as number);
    }),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().finite().positive().default(10),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().finite().positive().default(30),
  /** 32 bytes, base64: encrypts the signing secrets at rest; unset: a key file in DATA_DIR. */
  WEBHOOK_SECRET_KEY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const key = Buffer.from(value, 'base64');
      if (key.length !== 32) {
        ctx.addIssue({ code: 'custom', message: 'Must be 32 bytes in base64 (openssl rand -base64 32)' });
        return z.NEVER;
      }
      return key;
    }),
};

type ParsedWebhookEnv = { [K in keyof typeof WebhookEnv]: z.output<(typeof WebhookEnv)[K]> };

export interface WebhookSettings {
  /** The waits between attempts: attempt n + 1 comes retryScheduleMs[n - 1] after attempt n fails. */
  retryScheduleMs: number[];
  /** The hard deadline of one attempt, from DNS lookup to the last byte read. */
  timeoutMs: number;
  /** Deliver to loopback, private, link-local and metadata addresses (tests, closed networks). */
  allowPrivateTargets: boolean;
  /** Deliveries (and events left without any) older than this are removed. */
  retentionMs: number;
  /** The key that encrypts signing secrets at rest; undefined: DATA_DIR/webhook-secrets.key. */
  secretKey: Buffer | undefined;
}

export function loadWebhookSettings(env: ParsedWebhookEnv): WebhookSettings {
  return {
    retryScheduleMs: env.WEBHOOK_RETRY_SCHEDULE_SECONDS.map((wait) => Math.round(wait * 1000)),
    timeoutMs: Math.round(env.WEBHOOK_TIMEOUT_SECONDS * 1000),
    allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    retentionMs: Math.round(env.WEBHOOK_DELIVERY_RETENTION_DAYS * 86_400_000),
    secretKey: env.WEBHOOK_SECRET_KEY,
  };
}
