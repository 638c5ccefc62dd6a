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

/**
 * The embed's own words in the questionnaire's languages that it has them for: language tag ->
 * a label table (`labelsFor` of `@forms-engine/embed-client/labels`). English is never in it.
 */
export type EmbedLabelTables = Record<string, Record<string, unknown>>;

/** Whether responses are taken now: SCHEDULED before `opensAt`, CLOSED after `closesAt`, FULL at the limit. */
export type AvailabilityStatus = 'SCHEDULED' | 'OPEN' | 'CLOSED' | 'FULL';

/** Why a 409 `QUESTIONNAIRE_CLOSED` took no response (or refused a completion). */
export type ClosedReason = 'NOT_YET_OPEN' | 'CLOSED' | 'FULL';

/** What respondents may know of the schedule and the limit: no counts, no quota rules. */
export interface PublicAvailability {
  status: AvailabilityStatus;
  /** ISO 8601 UTC timestamps, null when unset. */
  opensAt: string | null;
  closesAt: string | null;
}

export interface LiveQuestionnaire {
  publicId: string;
  name: string;
  versionNumber: number;
  /** With its `translations`: one document for every language. */
  definition: Definition;
  submissionPolicy: SubmissionPolicy;
  labels: EmbedLabelTables;
  /** Absent from servers older than the schedule and limit: taken as OPEN. */
  availability?: PublicAvailability | undefined;
}

export interface ResponseRehydration {
  status: ResponseStatus;
  versionNumber: number;
  answers: Answers;
  lastPosition?: Position | undefined;
  definition: Definition;
  submissionPolicy: SubmissionPolicy;
  /** The language recorded for the response (one of the version's). */
  language: string;
  labels: EmbedLabelTables;
  /** The hidden values stored when the response was created (`{}` when none). */
  hidden: HiddenValues;
}

export interface RefStatus {
  /** NONE: no response with that ref; IN_PROGRESS: only unfinished ones; COMPLETED: at least one completed. */
  status: 'NONE' | 'IN_PROGRESS' | 'COMPLETED';
}

/** Hidden field key -> value (e.g. `utm_source`), passed by the host page; never shown. */
export type HiddenValues = Record<string, string>;

export interface CreateResponseRequest {
  versionNumber: number;
  externalRef?: string | undefined;
  /** The respondent's language; the server matches it to the version's (`de-CH` records `de`). */
  language?: string | undefined;
  /** Stored once (keys the version does not declare are dropped); values up to 1,000 characters. */
  hidden?: HiddenValues | undefined;
}

export interface CompleteResponseRequest {
  /** The ending shown (one of the pinned version's, else 400 `UNKNOWN_ENDING`); the first one recorded stays. */
  endingId?: string | undefined;
}

export interface CreateResponseResult {
  responseId: string;
}

export interface PatchResponseRequest {
  answers: Answers;
  lastPosition?: Position | undefined;
  /** The language shown now; absent leaves the recorded one. */
  language?: string | undefined;
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
  | 'FORBIDDEN'
  | 'INVALID_CREDENTIALS'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_PUBLISHED'
  | 'UNKNOWN_VERSION'
  | 'UNKNOWN_LANGUAGE'
  | 'UNKNOWN_ENDING'
  | 'EXTERNAL_REF_REQUIRED'
  | 'ALREADY_SUBMITTED'
  | 'QUESTIONNAIRE_CLOSED'
  | 'QUOTA_FULL'
  | 'RESPONSE_COMPLETED'
  | 'CONFLICT'
  | 'ALREADY_SET_UP'
  | 'LAST_OWNER'
  | 'INVITE_EXPIRED'
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
  /** `QUESTIONNAIRE_CLOSED`: why no response is taken (or completed). */
  reason?: ClosedReason | undefined;
  /** `QUESTIONNAIRE_CLOSED` with reason `NOT_YET_OPEN`: when it opens. */
  opensAt?: string | undefined;
  /** `QUOTA_FULL`: the first matching quota that is full. */
  quotaId?: string | undefined;
  /** `QUOTA_FULL`: that quota's ending, when it has one. */
  endingId?: string | undefined;
}
