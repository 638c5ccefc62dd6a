import { AppError } from '../../errors/app-error.ts';

/** What a part of accounts mode not built yet answers. */
export function notBuiltYet(): never {
  throw new AppError('NOT_FOUND', 'This part of accounts mode is not available yet');
}
