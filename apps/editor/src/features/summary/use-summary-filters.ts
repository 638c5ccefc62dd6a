import { useSearchParams } from 'react-router';
import { type ResultFilters, readResultFilters, writeResultFilters } from '../../results/filters.ts';

/** What a builder picks: a status, a version, and a range of whole days (both days included). */
export interface SummaryFilters extends ResultFilters {
  /** `YYYY-MM-DD`, the first day included. */
  from?: string;
  /** `YYYY-MM-DD`, the last day included. */
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight at the start of a `YYYY-MM-DD` day in the builder's time zone, or undefined for a bad day. */
function startOfDay(day: string, addDays = 0): Date | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d + addDays);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export const isDay = (value: string) => startOfDay(value) !== undefined;

/**
 * The API's input for the filters: the days become instants in the builder's own time zone, `from`
 * at the start of its day (inclusive) and `to` at the start of the day after (the API's `to` is
 * exclusive), so "from 1 to 3 November" covers three whole days where the builder is.
 */
export function summaryInput(id: string, filters: SummaryFilters) {
  const from = filters.from ? startOfDay(filters.from) : undefined;
  const to = filters.to ? startOfDay(filters.to, 1) : undefined;
  return {
    id,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.versionNumber ? { versionNumber: filters.versionNumber } : {}),
    ...(filters.language ? { language: filters.language } : {}),
    ...(filters.endingId ? { endingId: filters.endingId } : {}),
    ...(filters.hidden ? { hidden: filters.hidden } : {}),
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
  };
}

/** The summary's filters live in the URL (`?status=&version=&language=&from=&to=`), so a summary can be shared. */
export function useSummaryFilters() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const filters: SummaryFilters = {
    ...readResultFilters(params),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
  const setFilters = (next: SummaryFilters) => {
    const search = writeResultFilters(new URLSearchParams(), next);
    if (next.from) search.set('from', next.from);
    if (next.to) search.set('to', next.to);
    setParams(search);
  };
  return { filters, setFilters };
}
