import { useEffect, useId, useState } from 'react';
import { HiddenValueFields, hiddenFilterOf, SharedFilterFields } from '../../results/filter-fields.tsx';
import type { ResultFilters } from '../../results/filters.ts';
import type { SummaryFilters } from './use-summary-filters.ts';

/**
 * The summary's filters: status, version and language apply as soon as they change (arrow keys included),
 * with the days already applied; typed days when the form is applied, so a half-typed date never
 * asks the API.
 */
export function SummaryFilterForm({
  questionnaireId,
  filters,
  onApply,
}: {
  questionnaireId: string;
  filters: SummaryFilters;
  onApply: (next: SummaryFilters) => void;
}) {
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [rangeError, setRangeError] = useState<string>();
  const [hiddenTyped, setHiddenTyped] = useState<Record<string, string>>(filters.hidden ?? {});
  const hiddenKey = JSON.stringify(filters.hidden ?? {});
  useEffect(() => setHiddenTyped(JSON.parse(hiddenKey) as Record<string, string>), [hiddenKey]);
  // The URL is the truth (back, forward, a shared link): the fields follow it.
  useEffect(() => {
    setFrom(filters.from ?? '');
    setTo(filters.to ?? '');
  }, [filters.from, filters.to]);
  const ids = { from: useId(), to: useId(), rangeError: useId() };

  const apply = () => {
    if (from && to && to < from) {
      setRangeError('The last day comes before the first day: choose a last day on or after it.');
      return;
    }
    setRangeError(undefined);
    const hidden = hiddenFilterOf(hiddenTyped);
    onApply({
      ...(hidden ? { hidden } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.versionNumber ? { versionNumber: filters.versionNumber } : {}),
      ...(filters.language ? { language: filters.language } : {}),
      ...(filters.endingId ? { endingId: filters.endingId } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
  };
  const applyAtOnce = (next: ResultFilters) => onApply({ ...filters, ...next });
  return (
    <form
      className="row"
      aria-label="Filter the summary"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <SharedFilterFields questionnaireId={questionnaireId} filters={filters} applyAtOnce={applyAtOnce} />
      <HiddenValueFields questionnaireId={questionnaireId} values={hiddenTyped} onChange={setHiddenTyped} />
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
          setHiddenTyped({});
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
