import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@forms-engine/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { AuditFilters, type AuditFilterValues } from './audit-filters.tsx';
import { auditSentence } from './audit-words.ts';

const PAGE_SIZE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters and page from the URL, so a view of the log can be reloaded and shared. */
function useAuditSearch() {
  const [search, setSearch] = useSearchParams();
  const action = search.get('action') ?? '';
  const values: AuditFilterValues = {
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : '',
    actorId: search.get('actor') ?? '',
    from: DAY.test(search.get('from') ?? '') ? (search.get('from') as string) : '',
    to: DAY.test(search.get('to') ?? '') ? (search.get('to') as string) : '',
  };
  const page = Math.max(0, Number(search.get('page') ?? 0) || 0);
  const go = (next: AuditFilterValues, nextPage = 0) => {
    const params: Record<string, string> = {};
    if (next.action) params.action = next.action;
    if (next.actorId) params.actor = next.actorId;
    if (next.from) params.from = next.from;
    if (next.to) params.to = next.to;
    if (nextPage > 0) params.page = String(nextPage);
    setSearch(params);
  };
  return { values, page, go };
}

/** A day in the owner's zone as the instants the API filters by: from its first moment, to its last. */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const endOf = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

const dayKey = (iso: string) => new Date(iso).toLocaleDateString('en-CA');
function dayHeading(key: string, now: Date): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === now.toLocaleDateString('en-CA')) return 'Today';
  if (key === yesterday.toLocaleDateString('en-CA')) return 'Yesterday';
  return new Date(`${key}T12:00:00`).toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
const clock = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** Entries in order, grouped under their day. */
function byDay(entries: AuditEntry[]): [string, AuditEntry[]][] {
  const days = new Map<string, AuditEntry[]>();
  for (const entry of entries) {
    const key = dayKey(entry.at);
    days.set(key, [...(days.get(key) ?? []), entry]);
  }
  return [...days];
}

/** `/audit` (owners): who did what and when, newest first, as sentences; filters and pages in the URL. */
export function AuditPage() {
  const trpc = useTRPC();
  const { values, page, go } = useAuditSearch();
  const log = useQuery({
    ...trpc.audit.list.queryOptions({
      page,
      size: PAGE_SIZE,
      ...(values.action && { action: values.action }),
      ...(values.actorId && { actorId: values.actorId }),
      ...(values.from && { from: startOf(values.from) }),
      ...(values.to && { to: endOf(values.to) }),
    }),
    // The page stays (and the pager under the reader's hand) while the next one loads.
    placeholderData: keepPreviousData,
  });
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = Boolean(values.action || values.actorId || values.from || values.to);
  const now = new Date();
  return (
    <>
      <title>Audit log · Forms Engine</title>
      <h1>Audit log</h1>
      <p className="muted">
        Every change, every sign-in and every download of responses or files, with who did it and from which address.
        Nobody can change or delete these lines.
      </p>
      <AuditFilters key={JSON.stringify(values)} values={values} onApply={(next) => go(next)} />
      {filtered && (
        <p>
          <Link to="/audit">Show everything</Link>
        </p>
      )}
      <ProblemMessage error={log.error} />
      {log.isPending ? (
        <p>Loading…</p>
      ) : log.data?.items.length === 0 ? (
        <p>{filtered ? 'Nothing matches these filters.' : 'Nothing recorded yet.'}</p>
      ) : (
        log.data &&
        byDay(log.data.items).map(([key, entries]) => (
          <section key={key} aria-labelledby={`audit-day-${key}`} className="audit-day">
            <h2 id={`audit-day-${key}`}>{dayHeading(key, now)}</h2>
            <ul className="audit-lines">
              {entries.map((entry) => (
                <li key={entry.id} className="audit-line">
                  {auditSentence(entry)} ·{' '}
                  <time dateTime={entry.at} title={new Date(entry.at).toLocaleString()}>
                    {clock(entry.at)}
                  </time>
                  {entry.ip && <span className="muted"> · from {entry.ip}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {pages > 1 && (
        <nav className="actions" aria-label="Audit log pages">
          <button type="button" disabled={page === 0} onClick={() => go(values, page - 1)}>
            Newer
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => go(values, page + 1)}>
            Older
          </button>
        </nav>
      )}
    </>
  );
}
