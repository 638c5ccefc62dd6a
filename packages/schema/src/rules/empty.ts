import type { QuestionTypeName } from './vocabulary';

/**
 * Whether an answer counts as "not given": absent, `""` or blank, a list or an object whose
 * items are all empty (`[]`, `{}`, a blank address, Other chosen with nothing typed), or
 * `false` for a CONSENT question (an unticked box). `false` for YES_NO is a real answer ("No"), and numbers are never empty.
 */
export function isEmptyAnswer(value: unknown, type?: QuestionTypeName): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'boolean') return type === 'CONSENT' && value === false;
  if (Array.isArray(value)) return value.every((item) => isEmptyAnswer(item));
  if (typeof value === 'object') return Object.values(value).every((part) => isEmptyAnswer(part));
  return false;
}
