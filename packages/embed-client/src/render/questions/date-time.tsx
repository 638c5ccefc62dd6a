import { describedBy, ErrorText, Label, type QuestionProps } from '../field';
import { dateTimeInZone, instantOfDateTime, wallClockOf, withLocalOffset } from './on-demand-rules';

/** A limit as the respondent's own wall clock (the builder may have written it in another zone). */
const localLimit = (limit: string | undefined) => {
  const instant = instantOfDateTime(limit);
  return instant === undefined ? undefined : wallClockOf(dateTimeInZone(instant));
};

/**
 * A date and a time: the browser's own `datetime-local` input. The answer is the wall-clock time
 * chosen with the offset of the respondent's time zone at that moment (summer time included);
 * limits and errors are written the respondent's way (`format` in `labels.ts`).
 */
export function DateTime({ question, value, onChange, required, error, ids }: QuestionProps<'DATE_TIME'>) {
  return (
    <>
      <Label ids={ids} prompt={question.prompt} required={required} />
      <input
        class="fe-input fe-date"
        id={ids.control}
        type="datetime-local"
        value={typeof value === 'string' ? wallClockOf(value) : ''}
        min={localLimit(question.typeConfig.min)}
        max={localLimit(question.typeConfig.max)}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, false, error)}
        onInput={(event) => onChange(withLocalOffset(event.currentTarget.value))}
      />
      <ErrorText ids={ids} error={error} />
    </>
  );
}

/** A time of day (`HH:mm`): the browser's `time` input, its step in seconds from `stepMinutes`. */
export function Time({ question, value, onChange, required, error, ids }: QuestionProps<'TIME'>) {
  const { min, max, stepMinutes } = question.typeConfig;
  return (
    <>
      <Label ids={ids} prompt={question.prompt} required={required} />
      <input
        class="fe-input fe-date"
        id={ids.control}
        type="time"
        value={typeof value === 'string' ? value : ''}
        min={min}
        max={max}
        step={stepMinutes ? stepMinutes * 60 : undefined}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, false, error)}
        onInput={(event) => onChange(event.currentTarget.value.slice(0, 5) || undefined)}
      />
      <ErrorText ids={ids} error={error} />
    </>
  );
}
