import type { Answers, Definition, FileReference } from '@forms-engine/schema/rules';

/**
 * The wire types of the public API (`/public/v1`), written out as plain TypeScript so the
 * published package needs neither Zod nor the private schema package. A type test in
 * `test/wire-types.ts` proves the server's Zod schemas produce values of these types.
 */

export type { Answers, Definition, FileReference };

export type SubmissionPolicy = 'MULTIPLE' | 'ONE_PER_REF';
export type ResponseStatus = 'IN_PROGRESS' | 'COMPLETED';

/** Where the respondent was: the step and the tab, each optional. */
export interface Position {
  stepId?: string | undefined;
  tabId?: string | undefined;
}

export interface LiveQuestionnaire {
  publicId: string;
  name: string;
  versionNumber: number;
  definition: Definition;
  submissionPolicy: SubmissionPolicy;
}

export interface ResponseRehydration {
  status: ResponseStatus;
  versionNumber: number;
  answers: Answers;
  lastPosition?: Position | undefined;
  definition: Definition;
  submissionPolicy: SubmissionPolicy;
}

export interface RefStatus {
  /** NONE: no response with that ref; IN_PROGRESS: only unfinished ones; COMPLETED: at least one completed. */
  status: 'NONE' | 'IN_PROGRESS' | 'COMPLETED';
}

export interface CreateResponseRequest {
  versionNumber: number;
  externalRef?: string | undefined;
}

export interface CreateResponseResult {
  responseId: string;
}

export interface PatchResponseRequest {
  answers: Answers;
  lastPosition?: Position | undefined;
}

export interface GeocodeQuery {
  q?: string | undefined;
  /** ISO 3166-1 alpha-2 country filter. */
  country?: string | undefined;
  limit?: number | undefined;
}

export interface GeocodeSuggestion {
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  label: string;
}

/** Every code the server may put in a problem body. */
export type ServerErrorCode =
  | 'VALIDATION_FAILED'
  | 'MALFORMED_JSON'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'REQUEST_TIMEOUT'
  | 'HEADERS_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_PUBLISHED'
  | 'UNKNOWN_VERSION'
  | 'EXTERNAL_REF_REQUIRED'
  | 'ALREADY_SUBMITTED'
  | 'RESPONSE_COMPLETED'
  | 'CONFLICT'
  | 'ORIGIN_NOT_ALLOWED'
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_FILES'
  | 'RESPONSE_STORAGE_FULL'
  | 'SERVICE_UNAVAILABLE'
  | 'INSUFFICIENT_STORAGE'
  | 'INTERNAL_ERROR';

/**
 * Codes the client adds for failures that carry no problem body: the request never got an
 * answer (offline, DNS, CORS refusal, timeout), was aborted, or got an answer that is not
 * the documented one.
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'ABORTED' | 'UNEXPECTED_RESPONSE';

export type ProblemCode = ServerErrorCode | ClientErrorCode;

/** RFC 9457 problem details, as the server sends them (status 0 for client-side failures). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ProblemCode;
  detail: string;
  instance?: string | undefined;
  requestId?: string | undefined;
  errors?: { path: string; message: string }[] | undefined;
}
