import type { ErrorCode, Problem, ProblemField } from '@forms-engine/schema';
import { TRPCError } from '@trpc/server';
import { ERROR_CODES, statusOf } from './error-codes.ts';

/** Members a problem body carries besides the usual ones, for a client to act on (issue 24). */
export type ProblemExtras = Partial<Pick<Problem, 'reason' | 'opensAt' | 'quotaId' | 'endingId'>>;

/**
 * The one error type services throw; its status comes from the code (errors/error-codes.ts).
 * A TRPCError with the matching tRPC code, so tRPC passes it through as it is (the /trpc
 * status follows the code) without a middleware translating it on every call.
 */
export class AppError extends TRPCError {
  override readonly name = 'AppError';
  readonly status: number;
  constructor(
    readonly problemCode: ErrorCode,
    message: string,
    readonly fields?: ProblemField[],
    readonly extras?: ProblemExtras,
  ) {
    super({ code: ERROR_CODES[problemCode].trpc, message });
    this.status = statusOf(problemCode);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

export const validationFailed = (message: string, fields?: ProblemField[]) =>
  new AppError('VALIDATION_FAILED', message, fields);
