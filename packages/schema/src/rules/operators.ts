import { isEmptyAnswer } from './empty';
import type { ConditionScalar } from './model';
import { instantOfDateTime, isDateTime, minutesOfTime } from './moments';
import type { Operator, QuestionTypeName } from './vocabulary';

/** What a condition compares: the value it reads, the condition's value, and the question type. */
export interface Operands {
  actual: unknown;
  expected: ConditionScalar | readonly ConditionScalar[] | undefined;
  /** The type of the question read, for IS_EMPTY's CONSENT rule; undefined for EXTERNAL_REF. */
  type: QuestionTypeName | undefined;
}

/** JSON equality: same JSON type and same content; keys holding `undefined` do not count. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEquals(item, b[i]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysOf = (o: object) => Object.keys(o).filter((key) => (o as Record<string, unknown>)[key] !== undefined);
  const aKeys = keysOf(a);
  const bKeys = keysOf(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => jsonEquals((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** A real calendar date written `YYYY-MM-DD` (no 2023-02-30): the date part of a valid date-time. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && isDateTime(`${value}T00:00+00:00`);
}

/**
 * Numbers numerically; ISO dates, date-times (as instants, whatever their offsets) and times of day
 * chronologically; any other pairing cannot be ordered (undefined).
 */
export function compareOrdered(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  if (isIsoDate(a) && isIsoDate(b)) return a < b ? -1 : a > b ? 1 : 0;
  for (const moment of [instantOfDateTime, minutesOfTime]) {
    const [first, second] = [moment(a), moment(b)];
    if (first !== undefined && second !== undefined) return first - second;
  }
  return undefined;
}

function contains({ actual, expected }: Operands): boolean {
  if (typeof actual === 'string') {
    return typeof expected === 'string' && actual.toLowerCase().includes(expected.toLowerCase());
  }
  if (Array.isArray(actual)) return actual.some((item) => jsonEquals(item, expected));
  return false;
}

function isIn({ actual, expected }: Operands): boolean {
  if (actual === undefined || expected === undefined) return false;
  const list: readonly unknown[] = Array.isArray(expected) ? expected : [expected];
  if (Array.isArray(actual)) return actual.some((item) => list.some((entry) => jsonEquals(item, entry)));
  return list.some((entry) => jsonEquals(actual, entry));
}

const ordered =
  (test: (difference: number) => boolean) =>
  ({ actual, expected }: Operands): boolean => {
    const difference = compareOrdered(actual, expected);
    return difference !== undefined && test(difference);
  };

type PositiveOperator = Exclude<Operator, 'NOT_EQUALS' | 'NOT_CONTAINS' | 'NOT_IN' | 'IS_NOT_EMPTY'>;

const POSITIVE: Record<PositiveOperator, (operands: Operands) => boolean> = {
  EQUALS: ({ actual, expected }) => actual !== undefined && jsonEquals(actual, expected),
  CONTAINS: contains,
  IN: isIn,
  GREATER_THAN: ordered((d) => d > 0),
  GREATER_THAN_OR_EQUAL: ordered((d) => d >= 0),
  LESS_THAN: ordered((d) => d < 0),
  LESS_THAN_OR_EQUAL: ordered((d) => d <= 0),
  IS_EMPTY: ({ actual, type }) => isEmptyAnswer(actual, type),
};

/** Each negative operator is, by construction, the exact negation of its positive. */
const NEGATION_OF: Record<Exclude<Operator, PositiveOperator>, PositiveOperator> = {
  NOT_EQUALS: 'EQUALS',
  NOT_CONTAINS: 'CONTAINS',
  NOT_IN: 'IN',
  IS_NOT_EMPTY: 'IS_EMPTY',
};

export function applyOperator(operator: Operator, operands: Operands): boolean {
  if (operator in NEGATION_OF) {
    return !POSITIVE[NEGATION_OF[operator as keyof typeof NEGATION_OF]](operands);
  }
  const test = POSITIVE[operator as PositiveOperator];
  // An operator this version does not know never holds, rather than throwing in a respondent's browser.
  return test ? test(operands) : false;
}
