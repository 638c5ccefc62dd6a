import { STATUS_CODES } from 'node:http';
import type { ErrorCode, Problem, ProblemField } from '@forms-engine/schema';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError } from './app-error.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

function problem(status: number, code: ErrorCode, detail: string, errors?: ProblemField[]): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    code,
    detail,
    ...(errors && { errors }),
  };
}

const fieldsOf = (error: ZodError): ProblemField[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

// tRPC's own codes, for errors it raises itself (bad method, unparsable body...).
const TRPC_CODES: Partial<Record<TRPCError['code'], [number, ErrorCode]>> = {
  PARSE_ERROR: [400, 'MALFORMED_JSON'],
  BAD_REQUEST: [400, 'VALIDATION_FAILED'],
  NOT_FOUND: [404, 'NOT_FOUND'],
  UNAUTHORIZED: [401, 'UNAUTHORIZED'],
  PAYLOAD_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  METHOD_NOT_SUPPORTED: [405, 'METHOD_NOT_ALLOWED'],
};

// Errors from Express's body parsers carry a `type` and a `status`.
const BODY_PARSER_CODES: Record<string, [number, ErrorCode]> = {
  'entity.parse.failed': [400, 'MALFORMED_JSON'],
  'entity.too.large': [413, 'PAYLOAD_TOO_LARGE'],
  'encoding.unsupported': [415, 'UNSUPPORTED_MEDIA_TYPE'],
  'charset.unsupported': [415, 'UNSUPPORTED_MEDIA_TYPE'],
  'request.aborted': [400, 'VALIDATION_FAILED'],
};

/** Maps anything thrown anywhere to the one error body. Unknown errors become a bare 500. */
export function toProblem(error: unknown): Problem {
  if (error instanceof AppError) return problem(error.status, error.code, error.message, error.fields);
  if (error instanceof ZodError) return problem(400, 'VALIDATION_FAILED', 'The request is not valid', fieldsOf(error));
  if (error instanceof TRPCError) {
    // What a procedure threw arrives as the cause; it knows better than tRPC's generic code.
    if (error.cause) {
      const inner = toProblem(error.cause);
      if (inner.status !== 500) return inner;
    }
    const mapped = TRPC_CODES[error.code];
    if (mapped) return problem(mapped[0], mapped[1], error.message);
    return internal();
  }
  if (isPrismaKnownError(error)) {
    if (error.code === 'P2025') return problem(404, 'NOT_FOUND', 'Not found');
    if (error.code === 'P2002') return problem(409, 'CONFLICT', 'A record with these values already exists');
    return internal();
  }
  if (isMulterError(error)) {
    return error.code === 'LIMIT_FILE_SIZE'
      ? problem(413, 'FILE_TOO_LARGE', 'The file is larger than the upload limit')
      : problem(400, 'VALIDATION_FAILED', `Invalid multipart body: ${error.message}`);
  }
  // Express could not percent-decode a path segment: such a path names nothing.
  if (error instanceof URIError) return problem(404, 'NOT_FOUND', 'The path is not validly encoded');
  if (isBodyParserError(error)) {
    const [status, code] = BODY_PARSER_CODES[error.type] ?? [400, 'VALIDATION_FAILED'];
    const detail = code === 'MALFORMED_JSON' ? 'The body is not valid JSON' : error.message;
    return problem(status, code, detail);
  }
  return internal();
}

const internal = () => problem(500, 'INTERNAL_ERROR', 'An unexpected error occurred');

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
