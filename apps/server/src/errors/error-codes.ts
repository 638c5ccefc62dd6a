import type { ErrorCode } from '@forms-engine/schema';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

interface ErrorKind {
  /** HTTP status on the REST paths and in the problem body. */
  status: number;
  /** tRPC code on /trpc, so tRPC clients see the same status. */
  trpc: TRPC_ERROR_CODE_KEY;
  /** What the code means, for the OpenAPI document. */
  meaning: string;
}

/** The one table from error code to HTTP status and tRPC code. Services name codes, never statuses. */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, trpc: 'BAD_REQUEST', meaning: 'The input is not valid' },
  MALFORMED_JSON: { status: 400, trpc: 'PARSE_ERROR', meaning: 'The body is not valid JSON' },
  UNKNOWN_VERSION: { status: 400, trpc: 'BAD_REQUEST', meaning: 'The version named is not published' },
  UNKNOWN_LANGUAGE: { status: 400, trpc: 'BAD_REQUEST', meaning: "The language named is not one of the version's" },
  UNKNOWN_ENDING: { status: 400, trpc: 'BAD_REQUEST', meaning: "The ending named is not one of the version's" },
  EXTERNAL_REF_REQUIRED: { status: 400, trpc: 'BAD_REQUEST', meaning: 'ONE_PER_REF needs an externalRef' },
  UNAUTHORIZED: {
    status: 401,
    trpc: 'UNAUTHORIZED',
    meaning: 'Missing or wrong management token, API key or session',
  },
  INVALID_CREDENTIALS: { status: 401, trpc: 'UNAUTHORIZED', meaning: 'The email and password do not match' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN', meaning: 'Signed in, but the role does not allow this' },
  ORIGIN_NOT_ALLOWED: { status: 403, trpc: 'FORBIDDEN', meaning: 'Origin not in the allowedOrigins list' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND', meaning: 'No such resource' },
  NOT_PUBLISHED: { status: 404, trpc: 'NOT_FOUND', meaning: 'Nothing published yet' },
  METHOD_NOT_ALLOWED: { status: 405, trpc: 'METHOD_NOT_SUPPORTED', meaning: 'The path exists, the method does not' },
  REQUEST_TIMEOUT: { status: 408, trpc: 'TIMEOUT', meaning: 'The body arrived too slowly' },
  CONFLICT: { status: 409, trpc: 'CONFLICT', meaning: 'The change conflicts with existing data' },
  ALREADY_SET_UP: { status: 409, trpc: 'CONFLICT', meaning: 'The first owner exists already' },
  LAST_OWNER: { status: 409, trpc: 'CONFLICT', meaning: 'The last owner cannot be removed or demoted' },
  ALREADY_SUBMITTED: { status: 409, trpc: 'CONFLICT', meaning: 'This external reference already submitted' },
  RESPONSE_COMPLETED: { status: 409, trpc: 'CONFLICT', meaning: 'The response is completed' },
  QUESTIONNAIRE_CLOSED: {
    status: 409,
    trpc: 'CONFLICT',
    meaning: 'Not taking responses now: `reason` NOT_YET_OPEN (with `opensAt`), CLOSED or FULL',
  },
  QUOTA_FULL: {
    status: 409,
    trpc: 'CONFLICT',
    meaning: "The response matches a full quota: `quotaId`, and the quota's `endingId` when it has one",
  },
  // tRPC has no 410; /trpc clients read `data.problem.code`.
  INVITE_EXPIRED: { status: 410, trpc: 'NOT_FOUND', meaning: 'The invite link was used or is too old' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE', meaning: 'The body is too large' },
  FILE_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE', meaning: 'The file exceeds maxFileSizeMb' },
  TOO_MANY_FILES: { status: 413, trpc: 'PAYLOAD_TOO_LARGE', meaning: 'The response holds maxFilesPerResponse' },
  RESPONSE_STORAGE_FULL: { status: 413, trpc: 'PAYLOAD_TOO_LARGE', meaning: 'The response holds maxBytesPerResponse' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE', meaning: 'Content type not accepted' },
  HEADERS_TOO_LARGE: { status: 431, trpc: 'BAD_REQUEST', meaning: 'The request headers are too large' },
  RATE_LIMITED: { status: 429, trpc: 'TOO_MANY_REQUESTS', meaning: 'Too many requests from this client' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    trpc: 'SERVICE_UNAVAILABLE',
    meaning: 'A dependency (database, file store) is down or too slow for now; try again after Retry-After',
  },
  // tRPC has no 507; its nearest is 503 (uploads never go through /trpc).
  INSUFFICIENT_STORAGE: { status: 507, trpc: 'SERVICE_UNAVAILABLE', meaning: 'The disk or object store is full' },
  INTERNAL_ERROR: { status: 500, trpc: 'INTERNAL_SERVER_ERROR', meaning: 'A bug; the body says nothing more' },
} as const satisfies Record<ErrorCode, ErrorKind>;

export const statusOf = (code: ErrorCode): number => ERROR_CODES[code].status;
