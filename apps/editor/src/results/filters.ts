/**
 * The filters both results screens (the summary and the responses table) have, and how they sit
 * in the URL (`?status=&version=&language=`), so a link from one screen to the other keeps them. A filter
 * both screens get (language, ending, hidden field) is added here once.
 */

export const STATUSES = ['IN_PROGRESS', 'COMPLETED'] as const;
export type Status = (typeof STATUSES)[number];
export const STATUS_LABELS: Record<Status, string> = { IN_PROGRESS: 'In progress', COMPLETED: 'Completed' };

export interface ResultFilters {
  status?: Status;
  versionNumber?: number;
  /** A recorded language tag (`de`): the responses answered in it. */
  language?: string;
  /** An ending's id: the completed responses that saw it. */
  endingId?: string;
  /** Hidden field key -> the exact value the responses hold (`?hidden.utm_source=newsletter`). */
  hidden?: Record<string, string>;
}

const HIDDEN_PARAM = 'hidden.';

/** The hidden-field filters of the URL (at most 10, as the API takes), empty values left out. */
function hiddenOf(params: URLSearchParams): Record<string, string> | undefined {
  const entries = [...params.entries()]
    .filter(([name, value]) => name.startsWith(HIDDEN_PARAM) && name.length > HIDDEN_PARAM.length && value)
    .slice(0, 10)
    .map(([name, value]) => [name.slice(HIDDEN_PARAM.length), value] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The hidden-field filters as query parameters (`hidden.<key>`), for the URL and the CSV link. */
export function hiddenParams(hidden: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(hidden ?? {})
      .filter(([, value]) => value)
      .map(([key, value]) => [`${HIDDEN_PARAM}${key}`, value]),
  );
}

/** A language tag from the URL or a select's value: well formed (BCP 47), canonical, or none. */
export function languageOf(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
}

/** An ending id from the URL or a select's value (an element id's length), or none. */
export const endingOf = (value: string | null): string | undefined => (value && value.length <= 64 ? value : undefined);

/** A status from the URL or a select's value; anything else is no status. */
export const statusOf = (value: string | null): Status | undefined => STATUSES.find((s) => s === value);

/** A version number from the URL or a select's value: a whole number from 1, or none. */
export function versionOf(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** The shared filters read from the URL's search parameters. */
export function readResultFilters(params: URLSearchParams): ResultFilters {
  const status = statusOf(params.get('status'));
  const versionNumber = versionOf(params.get('version'));
  const language = languageOf(params.get('language'));
  const endingId = endingOf(params.get('ending'));
  const hidden = hiddenOf(params);
  return {
    ...(status ? { status } : {}),
    ...(versionNumber ? { versionNumber } : {}),
    ...(language ? { language } : {}),
    ...(endingId ? { endingId } : {}),
    ...(hidden ? { hidden } : {}),
  };
}

/** The shared filters written into search parameters (the screen adds its own after them). */
export function writeResultFilters(search: URLSearchParams, filters: ResultFilters): URLSearchParams {
  if (filters.status) search.set('status', filters.status);
  if (filters.versionNumber) search.set('version', String(filters.versionNumber));
  if (filters.language) search.set('language', filters.language);
  if (filters.endingId) search.set('ending', filters.endingId);
  for (const [name, value] of Object.entries(hiddenParams(filters.hidden))) search.set(name, value);
  return search;
}
