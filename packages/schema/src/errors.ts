import { z } from 'zod';

/**
 * Every machine-readable error code the service returns. Kept short on purpose:
 * a client should be able to switch over all of them.
 */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_PUBLISHED',
  'UNKNOWN_VERSION',
  'UNKNOWN_LANGUAGE',
  'UNKNOWN_ENDING',
  'EXTERNAL_REF_REQUIRED',
  'ALREADY_SUBMITTED',
  'QUESTIONNAIRE_CLOSED',
  'QUOTA_FULL',
  'RESPONSE_COMPLETED',
  'CONFLICT',
  'ORIGIN_NOT_ALLOWED',
  'FILE_TOO_LARGE',
  'TOO_MANY_FILES',
  'RESPONSE_STORAGE_FULL',
  'SERVICE_UNAVAILABLE',
  'INSUFFICIENT_STORAGE',
  'INTERNAL_ERROR',
  // Accounts mode (issue 26).
  'FORBIDDEN',
  'INVALID_CREDENTIALS',
  'ALREADY_SET_UP',
  'INVITE_EXPIRED',
  'LAST_OWNER',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** `reason` of a 409 QUESTIONNAIRE_CLOSED (see availability.ts). */
export const CLOSED_REASONS = ['NOT_YET_OPEN', 'CLOSED', 'FULL'] as const;

export const ProblemField = z.object({
  path: z.string().describe('Dotted path of the offending field; empty for the whole body'),
  message: z.string(),
});
export type ProblemField = z.infer<typeof ProblemField>;

/** RFC 9457 problem details, served as `application/problem+json`. */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int32(),
    code: ErrorCode,
    detail: z.string(),
    instance: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.array(ProblemField).optional(),
    reason: z.enum(CLOSED_REASONS).optional().describe('QUESTIONNAIRE_CLOSED: why no response is taken'),
    opensAt: z.string().optional().describe('QUESTIONNAIRE_CLOSED with reason NOT_YET_OPEN: when it opens'),
    quotaId: z.string().optional().describe('QUOTA_FULL: the first matching quota that is full'),
    endingId: z.string().optional().describe("QUOTA_FULL: that quota's ending, when it has one"),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof Problem>;
