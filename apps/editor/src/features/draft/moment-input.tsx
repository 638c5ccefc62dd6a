import { isDateTime, wallClockOf, withLocalOffset } from '@forms-engine/schema/rules';

/** The builder's time zone by its name ("Europe/Berlin"), as the browser knows it. */
const builderTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

interface Props {
  id: string;
  /** `DATE_TIME`: `YYYY-MM-DDTHH:mm±hh:mm`; `TIME`: `HH:mm`. */
  kind: 'DATE_TIME' | 'TIME';
  value: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: string | undefined) => void;
}

/**
 * A limit of a date-and-time or time question in the browser's own picker. A date and time is
 * typed as a wall clock in the builder's time zone and saved with that zone's offset at that
 * moment (`withLocalOffset`, as the embed saves a respondent's answer), and the note under it says
 * so: the limit is one moment, whatever zone a respondent is in.
 */
export function MomentInput({ id, kind, value, describedBy, invalid, onChange }: Props) {
  if (kind === 'TIME') {
    return (
      <input
        id={id}
        type="time"
        value={value ?? ''}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    );
  }
  const noteId = `${id}-zone`;
  const saved = value && isDateTime(value) ? value : undefined;
  return (
    <>
      <input
        id={id}
        type="datetime-local"
        value={saved ? wallClockOf(saved) : ''}
        aria-describedby={[noteId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const raw = event.target.value;
          if (raw === '') onChange(undefined);
          else {
            const withOffset = withLocalOffset(raw.slice(0, 16));
            if (withOffset) onChange(withOffset);
          }
        }}
      />
      <p id={noteId} className="muted hint">
        {saved
          ? `In the time zone it was typed in, saved with its offset: ${saved.slice(0, 10)} at ${saved.slice(11, 16)} (UTC${saved.slice(16)}).`
          : `Typed in your time zone (${builderTimeZone()}) and saved with its offset at that moment.`}
      </p>
    </>
  );
}
