import type { ErrorCode, ProblemField } from '@forms-engine/schema';
import { statusOf } from './error-codes.ts';

/** The one error type services throw; its status comes from the code (errors/error-codes.ts). */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: ProblemField[],
  ) {
    super(message);
    this.status = statusOf(code);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

export const validationFailed = (message: string, fields?: ProblemField[]) =>
  new AppError('VALIDATION_FAILED', message, fields);
