import type { VersionSummary } from '@forms-engine/schema';
import { useEffect, useId, useState } from 'react';
import { StatusOptions } from '../responses/status-options.tsx';
import { STATUSES } from '../responses/use-response-filters.ts';
import type { SummaryFilters } from './use-summary-filters.ts';

/**
 * The summary's filters: status and version apply as soon as they change (arrow keys included),
 * the days when the form is applied, so a half-typed date never asks the API.
 */
export function SummaryFilterForm({
  filters,
  versions,
  onApply,
}: {
  filters: SummaryFilters;
  versions: VersionSummary[];
  onApply: (next: SummaryFilters) => void;
}) {
  const [status, setStatus] = useState<string>(filters.status ?? '');
  const [version, setVersion] = useState(filters.versionNumber ? String(filters.versionNumber) : '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [rangeError, setRangeError] = useState<string>();
  // The URL is the truth (back, forward, a shared link): the fields follow it.
  useEffect(() => {
    setStatus(filters.status ?? '');
    setVersion(filters.versionNumber ? String(filters.versionNumber) : '');
    setFrom(filters.from ?? '');
    setTo(filters.to ?? '');
  }, [filters.status, filters.versionNumber, filters.from, filters.to]);
  const ids = { status: useId(), version: useId(), from: useId(), to: useId(), rangeError: useId() };

  const apply = (next: { status: string; version: string }) => {
    if (from && to && to < from) {
      setRangeError('The last day comes before the first day: choose a last day on or after it.');
      return;
    }
    setRangeError(undefined);
    const chosen = STATUSES.find((s) => s === next.status);
    const n = Number(next.version);
    onApply({
      ...(chosen ? { status: chosen } : {}),
      ...(next.version && Number.isInteger(n) ? { versionNumber: n } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
  };
  const newestFirst = [...versions].sort((a, b) => b.versionNumber - a.versionNumber);

  return (
    <form
      className="row"
      aria-label="Filter the summary"
      onSubmit={(event) => {
        event.preventDefault();
        apply({ status, version });
      }}
    >
      <div className="field">
        <label htmlFor={ids.status}>Status</label>
        <select
          id={ids.status}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            apply({ status: event.target.value, version });
          }}
        >
          <StatusOptions />
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.version}>Version</label>
        <select
          id={ids.version}
          value={version}
          onChange={(event) => {
            setVersion(event.target.value);
            apply({ status, version: event.target.value });
          }}
        >
          <option value="">Every version</option>
          {newestFirst.map((v) => (
            <option key={v.versionNumber} value={String(v.versionNumber)}>
              Version {v.versionNumber}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.from}>Started from</label>
        <input
          id={ids.from}
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? ids.rangeError : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>Started until</label>
        <input
          id={ids.to}
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? ids.rangeError : undefined}
        />
      </div>
      <button type="submit" className="primary">
        Apply filters
      </button>
      <button
        type="button"
        onClick={() => {
          setRangeError(undefined);
          onApply({});
        }}
      >
        Clear filters
      </button>
      {rangeError && (
        <p id={ids.rangeError} className="field-error" role="alert">
          {rangeError}
        </p>
      )}
    </form>
  );
}
