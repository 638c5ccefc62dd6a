import { STATUS_LABELS, STATUSES } from './use-response-filters.ts';

/** The options of a status filter: any, then each status by name (responses and summary filters). */
export function StatusOptions() {
  return (
    <>
      <option value="">Any status</option>
      {STATUSES.map((s) => (
        <option key={s} value={s}>
          {STATUS_LABELS[s]}
        </option>
      ))}
    </>
  );
}
