import { STATUS_CODES } from 'node:http';
import { isDatabaseUnavailable, isUniqueViolation } from '@forms-engine/db';
import type { ErrorCode, Problem, ProblemField } from '@forms-engine/schema';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { StorageFullError, StorageUnavailableError } from '../storage/file-storage.ts';
import { AppError, type ProblemExtras } from './app-error.ts';
import { ERROR_CODES, statusOf } from './error-codes.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

function problem(code: ErrorCode, detail: string, errors?: ProblemField[], extras?: ProblemExtras): Problem {
  const status = statusOf(code);
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    code,
    detail,
    ...(errors && { errors }),
    ...extras,
  };
}

const fieldsOf = (error: ZodError): ProblemField[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

// tRPC's own codes, for errors it raises itself (bad method, unparsable body...): the first
// error code whose tRPC code it is (the table lists the general code of each status first).
const TRPC_CODES = new Map<TRPCError['code'], ErrorCode>();
for (const [code, kind] of Object.entries(ERROR_CODES) as [ErrorCode, { trpc: TRPCError['code'] }][]) {
  if (code !== 'INTERNAL_ERROR' && !TRPC_CODES.has(kind.trpc)) TRPC_CODES.set(kind.trpc, code);
}

// Errors from Express's body parsers carry a `type` and a `status`.
const BODY_PARSER_CODES: Record<string, ErrorCode> = {
  'entity.parse.failed': 'MALFORMED_JSON',
  'entity.too.large': 'PAYLOAD_TOO_LARGE',
  'encoding.unsupported': 'UNSUPPORTED_MEDIA_TYPE',
  'charset.unsupported': 'UNSUPPORTED_MEDIA_TYPE',
  'request.aborted': 'VALIDATION_FAILED',
};

/** Maps anything thrown anywhere to the one error body. Unknown errors become a bare 500. */
export function toProblem(error: unknown): Problem {
  if (error instanceof AppError) return problem(error.problemCode, error.message, error.fields, error.extras);
  if (error instanceof ZodError) return problem('VALIDATION_FAILED', 'The request is not valid', fieldsOf(error));
  if (error instanceof TRPCError) {
    // What a procedure threw arrives as the cause; it knows better than tRPC's generic code.
    if (error.cause) {
      const inner = toProblem(error.cause);
      if (inner.status !== 500) return inner;
    }
    const mapped = TRPC_CODES.get(error.code);
    if (mapped) return problem(mapped, error.message);
    return internal();
  }
  const dependency = unavailableDependency(error);
  if (dependency)
    return problem('SERVICE_UNAVAILABLE', `The ${dependency} is not reachable right now; try again shortly`);
  if (error instanceof StorageFullError) {
    return problem('INSUFFICIENT_STORAGE', 'There is no room to store the file right now; try again later');
  }
  if (isUniqueViolation(error)) return problem('CONFLICT', 'A record with these values already exists');
  if (isPrismaKnownError(error) && error.code === 'P2025') return problem('NOT_FOUND', 'Not found');
  if (isMulterError(error)) {
    return error.code === 'LIMIT_FILE_SIZE'
      ? problem('FILE_TOO_LARGE', 'The file is larger than the upload limit')
      : problem('VALIDATION_FAILED', `Invalid multipart body: ${error.message}`);
  }
  // Something could not percent-decode a path or query (canonicalTarget refuses most first).
  if (error instanceof URIError) return problem('VALIDATION_FAILED', 'The request target is not validly encoded');
  // zlib could not decode a body sent with Content-Encoding gzip, deflate or br.
  if (isZlibError(error)) return problem('VALIDATION_FAILED', 'The body does not match its Content-Encoding');
  if (isBodyParserError(error)) {
    const code = BODY_PARSER_CODES[error.type] ?? 'VALIDATION_FAILED';
    const detail = code === 'MALFORMED_JSON' ? 'The body is not valid JSON' : error.message;
    return problem(code, detail);
  }
  return internal();
}

/** Which dependency an error says is down (database or file store), if any. */
export function unavailableDependency(error: unknown): 'database' | 'file store' | undefined {
  if (error instanceof StorageUnavailableError) return 'file store';
  if (error instanceof TRPCError) return error.cause ? unavailableDependency(error.cause) : undefined;
  return isDatabaseUnavailable(error) ? 'database' : undefined;
}

const internal = () => problem('INTERNAL_ERROR', 'An unexpected error occurred');

function isPrismaKnownError(error: unknown): error is Error & { code: string } {
  return (
    error instanceof Error &&
    error.name === 'PrismaClientKnownRequestError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

// multer's errors (file upload): `name` MulterError and a LIMIT_* / MISSING_FIELD_NAME code.
function isMulterError(error: unknown): error is Error & { code: string } {
  return (
    error instanceof Error && error.name === 'MulterError' && typeof (error as { code?: unknown }).code === 'string'
  );
}

function isBodyParserError(error: unknown): error is Error & { type: string; status: number } {
  return error instanceof Error && typeof (error as { type?: unknown }).type === 'string' && 'status' in error;
}

function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // Z_DATA_ERROR and friends from inflate; ERR__ERROR_FORMAT_* and the like from Brotli.
  return error instanceof Error && typeof code === 'string' && /^(Z_|ERR__)/.test(code);
}
