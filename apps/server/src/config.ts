import { resolve } from 'node:path';
import { z } from 'zod';

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

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => !value || /^postgres(ql)?:\/\//.test(value), 'Must be a postgres:// connection string'),
  DATABASE_POOL_SIZE: positiveInt(20),
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
  UPLOAD_MIN_BYTES_PER_SECOND: positiveInt(32_768),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  RATE_LIMIT_PUBLIC_WRITES: nonNegativeInt(120),
  RATE_LIMIT_GEOCODE: nonNegativeInt(300),
  TRUST_PROXY: TrustProxy,
  /** The built editor (apps/editor/dist); found beside the server when unset. */
  EDITOR_DIST_DIR: z.string().optional(),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Connections to Postgres per process (saves queue on a full pool). */
  databasePoolSize: number;
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
  rateLimits: RateLimits;
  /** Express's `trust proxy`, so client addresses (rate limits, logs) are right behind a proxy. */
  trustProxy: boolean | number | string;
  geocoderUrl: string | undefined;
  answers: AnswerLimits;
  /** Where the built editor is, if set; otherwise looked up beside the server (http/editor-static.ts). */
  editorDistDir: string | undefined;
}

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

/** Requests per client address per window, per process; 0 turns a limit off. */
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
  };
}
