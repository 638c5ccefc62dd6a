import { resolve } from 'node:path';
import { z } from 'zod';
import { loadWebhookSettings, WebhookEnv, type WebhookSettings } from './webhooks/webhook-settings.ts';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const nonNegativeInt = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** Express's `trust proxy`: false, true, a hop count, or addresses/subnets ("loopback, 10.0.0.0/8"). */
const TrustProxy = z
  .string()
  .default('false')
  .transform((value): boolean | number | string => {
    const trimmed = value.trim().toLowerCase();
    if (trimmed === 'false' || trimmed === '') return false;
    if (trimmed === 'true') return true;
    return /^\d+$/.test(trimmed) ? Number(trimmed) : value.trim();
  });

/** An absolute http(s) base address: embed snippets append `/embed/v1/embed.js` to it. */
function isPublicBase(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash && !url.username;
}

/** Unset and empty are the same: absent. */
const optionalString = z
  .string()
  .optional()
  .transform((value) => value || undefined);

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => !value || /^postgres(ql)?:\/\//.test(value), 'Must be a postgres:// connection string'),
    DATABASE_POOL_SIZE: positiveInt(20),
    DATABASE_CONNECT_TIMEOUT_SECONDS: positiveInt(5),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: positiveInt(30),
    DATA_DIR: z.string().default('.data'),
    MANAGEMENT_API_TOKEN: z
      .string()
      .optional()
      .transform((value) => value || undefined),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JSON_BODY_LIMIT_KB: positiveInt(1024),
    UPLOAD_MAX_FILE_SIZE_MB: positiveInt(10),
    UPLOAD_MAX_FILES_PER_RESPONSE: positiveInt(20),
    UPLOAD_MAX_BYTES_PER_RESPONSE: positiveInt(104_857_600),
    ORPHAN_FILE_GRACE_SECONDS: positiveInt(86_400),
    ORPHAN_SWEEP_INTERVAL_SECONDS: positiveInt(3_600),
    GEOCODER_URL: z.url().optional(),
    ANSWERS_MAX_BYTES: positiveInt(262_144),
    ANSWERS_MAX_KEYS: positiveInt(500),
    ANSWERS_MAX_KEY_LENGTH: positiveInt(128),
    ANSWERS_MAX_STRING_LENGTH: positiveInt(10_000),
    ANSWERS_MAX_ARRAY_ITEMS: positiveInt(200),
    ANSWERS_MAX_DEPTH: positiveInt(4),
    HTTP_HEADERS_TIMEOUT_SECONDS: positiveInt(20),
    HTTP_BODY_TIMEOUT_SECONDS: positiveInt(30),
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt(5),
    SHUTDOWN_GRACE_SECONDS: positiveInt(30),
    UPLOAD_MIN_BYTES_PER_SECOND: positiveInt(32_768),
    PUBLIC_URL: optionalString.refine(
      (value) => value === undefined || isPublicBase(value),
      'Must be an http(s) address without query or fragment, such as https://forms.example.com',
    ),
    RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
    RATE_LIMIT_PUBLIC_WRITES: nonNegativeInt(120),
    RATE_LIMIT_GEOCODE: nonNegativeInt(300),
    TRUST_PROXY: TrustProxy,
    FILE_STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    S3_PREFIX: optionalString.pipe(
      z
        .string()
        .regex(/^\/*[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/*$/, 'Segments of letters, digits, . _ - separated by /')
        .optional(),
    ),
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\/\S+$/, 'Must be a redis:// or rediss:// URL')
        .optional(),
    ),
    MANAGEMENT_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
    MANAGEMENT_HOST: z.string().default('127.0.0.1'),
    /** The built editor (apps/editor/dist); found beside the server when unset. */
    EDITOR_DIST_DIR: z.string().optional(),
    ...WebhookEnv,
    AUTH_MODE: z
      .string()
      .default('open')
      .transform((value) => value.trim().toLowerCase() || 'open')
      .pipe(
        z.enum(['open', 'accounts'], {
          error: 'Must be open (no sign-in, the default) or accounts (members, roles and API keys)',
        }),
      ),
    AUDIT_RETENTION_DAYS: positiveInt(365),
  })
  .refine((e) => e.FILE_STORAGE !== 's3' || e.S3_BUCKET, {
    path: ['S3_BUCKET'],
    message: 'Required when FILE_STORAGE is s3',
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK finds credentials)',
  })
  .refine((e) => e.MANAGEMENT_PORT === undefined || e.MANAGEMENT_PORT === 0 || e.MANAGEMENT_PORT !== e.PORT, {
    path: ['MANAGEMENT_PORT'],
    message: 'Must differ from PORT',
  });

export type Env = z.input<typeof EnvSchema>;

/** Where uploaded bytes live: `DATA_DIR/files`, or an S3-compatible bucket. */
export type FileStorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Config);

export interface S3Config {
  /** Unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** '' or segments ending in '/': every key of this deployment starts with it. */
  prefix: string;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Connections to Postgres per process (saves queue on a full pool). */
  databasePoolSize: number;
  /** Bounds on waiting for Postgres (a connection, a statement), so a hung database is a 503, not a hung request. */
  databaseTimeouts: { connectMs: number; statementMs: number };
  dataDir: string;
  managementToken: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  jsonBodyLimitBytes: number;
  uploads: { maxFileSizeMb: number; maxFilesPerResponse: number; maxBytesPerResponse: number };
  orphanFiles: {
    graceSeconds: number;
    sweepIntervalSeconds: number;
    /** A PENDING upload older than this has died (no upload outlives its request timeout). */
    pendingStaleMs: number;
  };
  http: HttpTimeouts;
  /** After SIGTERM/SIGINT, how long requests in flight may run before they are cut (exit 1). */
  shutdownGraceMs: number;
  rateLimits: RateLimits;
  /** Express's `trust proxy`, so client addresses (rate limits, logs) are right behind a proxy. */
  trustProxy: boolean | number | string;
  geocoderUrl: string | undefined;
  answers: AnswerLimits;
  /** Where the built editor is, if set; otherwise looked up beside the server (http/editor-static.ts). */
  editorDistDir: string | undefined;
  fileStorage: FileStorageConfig;
  /** When set, rate-limit counters live in this Redis (else in Postgres, or in memory on PGlite). */
  redisUrl: string | undefined;
  /** When set, the management API, /trpc, /docs and the editor listen here and not on `port`. */
  management: { port: number; host: string } | undefined;
  webhooks: WebhookSettings;
  /** Where respondents reach the public API and embed.js (`https://forms.example.com`), without a trailing slash. */
  publicUrl: string | undefined;
  /** `open`: the spec's management API without sign-in; `accounts`: members, roles, keys, audit (issue 26). */
  authMode: AuthMode;
  /** Audit entries older than this many days are pruned. */
  auditRetentionDays: number;
}

export type AuthMode = 'open' | 'accounts';

/** Shape-and-size bounds of a response's answers (spec section 1: no content checks in v1). */
export interface AnswerLimits {
  maxBytes: number;
  maxKeys: number;
  maxKeyLength: number;
  maxStringLength: number;
  maxArrayItems: number;
  maxDepth: number;
}

/** Node's HTTP timeouts, in milliseconds; see docs/decisions.md (Operations). */
export interface HttpTimeouts {
  /** Until the request's headers are in (slow-loris guard). */
  headersTimeoutMs: number;
  /** Until a JSON (non-upload) body is in; answered 408. */
  bodyTimeoutMs: number;
  /** Idle time before a kept-alive connection is closed. */
  keepAliveTimeoutMs: number;
  /** Until any request is wholly received: the largest upload at UPLOAD_MIN_BYTES_PER_SECOND. */
  requestTimeoutMs: number;
}

/** Requests per client address per window, per deployment (per process on PGlite); 0 turns a limit off. */
export interface RateLimits {
  windowMs: number;
  /** Create response, upload, complete. */
  publicWrites: number;
  geocode: number;
}

/** Room for multipart framing and the other parts besides the file itself. */
const UPLOAD_OVERHEAD_SECONDS = 30;
/** How long after its request must have ended a PENDING upload is taken for dead. */
const PENDING_MARGIN_MS = 60_000;

/** The only place that reads the environment. Throws with every bad variable named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const maxFileBytes = e.UPLOAD_MAX_FILE_SIZE_MB * 1024 * 1024;
  const requestTimeoutMs =
    (e.HTTP_HEADERS_TIMEOUT_SECONDS +
      Math.ceil(maxFileBytes / e.UPLOAD_MIN_BYTES_PER_SECOND) +
      UPLOAD_OVERHEAD_SECONDS) *
    1000;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    dataDir: resolve(e.DATA_DIR),
    managementToken: e.MANAGEMENT_API_TOKEN,
    logLevel: e.LOG_LEVEL,
    jsonBodyLimitBytes: e.JSON_BODY_LIMIT_KB * 1024,
    uploads: {
      maxFileSizeMb: e.UPLOAD_MAX_FILE_SIZE_MB,
      maxFilesPerResponse: e.UPLOAD_MAX_FILES_PER_RESPONSE,
      maxBytesPerResponse: e.UPLOAD_MAX_BYTES_PER_RESPONSE,
    },
    orphanFiles: {
      graceSeconds: e.ORPHAN_FILE_GRACE_SECONDS,
      sweepIntervalSeconds: e.ORPHAN_SWEEP_INTERVAL_SECONDS,
      pendingStaleMs: requestTimeoutMs + PENDING_MARGIN_MS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      bodyTimeoutMs: e.HTTP_BODY_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
      publicWrites: e.RATE_LIMIT_PUBLIC_WRITES,
      geocode: e.RATE_LIMIT_GEOCODE,
    },
    trustProxy: e.TRUST_PROXY,
    geocoderUrl: e.GEOCODER_URL,
    answers: {
      maxBytes: e.ANSWERS_MAX_BYTES,
      maxKeys: e.ANSWERS_MAX_KEYS,
      maxKeyLength: e.ANSWERS_MAX_KEY_LENGTH,
      maxStringLength: e.ANSWERS_MAX_STRING_LENGTH,
      maxArrayItems: e.ANSWERS_MAX_ARRAY_ITEMS,
      maxDepth: e.ANSWERS_MAX_DEPTH,
    },
    editorDistDir: e.EDITOR_DIST_DIR ? resolve(e.EDITOR_DIST_DIR) : undefined,
    fileStorage:
      e.FILE_STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? '',
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/^\/+|\/+$/g, '')}/` : '',
          }
        : { kind: 'local' },
    redisUrl: e.REDIS_URL,
    management: e.MANAGEMENT_PORT === undefined ? undefined : { port: e.MANAGEMENT_PORT, host: e.MANAGEMENT_HOST },
    webhooks: loadWebhookSettings(e),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    authMode: e.AUTH_MODE,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
  };
}

/** Settings that start but probably not as meant: one sentence each, logged as warnings at start. */
export function startWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.management && !config.publicUrl) {
    warnings.push(
      'MANAGEMENT_PORT is set but PUBLIC_URL is not: the embed snippets in the editor use the address the editor ' +
        'is opened at, the management one; set PUBLIC_URL to the address respondents reach (https://forms.example.com)',
    );
  }
  return warnings;
}
