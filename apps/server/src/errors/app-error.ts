import type { ErrorCode, ProblemField } from '@forms-engine/schema';

/** The one error type services throw; the mapper turns it into problem details. */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: ProblemField[],
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', 404, `${what} not found`);

export const validationFailed = (message: string, fields?: ProblemField[]) =>
  new AppError('VALIDATION_FAILED', 400, message, fields);
