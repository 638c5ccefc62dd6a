import { describedBy, ErrorText, Label, type QuestionProps } from '../field';
import { instantOfDateTime, wallClockOf, withLocalOffset } from './on-demand-rules';

/**
 * A limit as the respondent's own wall clock (the builder may have written it in another zone): the
 * instant moved by their zone's offset at that moment, then written as UTC is.
 */
const localLimit = (limit: string | undefined) => {
  const instant = instantOfDateTime(limit);
  return instant === undefined
    ? undefined
    : wallClockOf(new Date(instant - new Date(instant).getTimezoneOffset() * 60_000).toISOString());
};

/** The browser's own date-time or time input, with the question's label and error. */
function ClockInput({
  field: { question, required, error, ids },
  onInput,
  ...input
}: {
  field: QuestionProps<'DATE_TIME' | 'TIME'>;
  type: 'datetime-local' | 'time';
  value: string;
  min: string | undefined;
  max: string | undefined;
  step?: number | undefined;
  onInput: (value: string) => void;
}) {
  return (
    <>
      <Label ids={ids} prompt={question.prompt} required={required} />
      <input
        {...input}
        class="fe-input fe-date"
        id={ids.control}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, false, error)}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <ErrorText ids={ids} error={error} />
    </>
  );
}

/**
 * A date and a time: the browser's own `datetime-local` input. The answer is the wall-clock time
 * chosen with the offset of the respondent's time zone at that moment (summer time included);
 * limits and errors are written the respondent's way (`format` in `labels.ts`).
 */
export function DateTime(props: QuestionProps<'DATE_TIME'>) {
  const { question, value, onChange } = props;
  return (
    <ClockInput
      field={props}
      type="datetime-local"
      value={typeof value === 'string' ? wallClockOf(value) : ''}
      min={localLimit(question.typeConfig.min)}
      max={localLimit(question.typeConfig.max)}
      onInput={(wallClock) => onChange(withLocalOffset(wallClock))}
    />
  );
}

/** A time of day (`HH:mm`): the browser's `time` input, its step in seconds from `stepMinutes`. */
export function Time(props: QuestionProps<'TIME'>) {
  const { min, max, stepMinutes } = props.question.typeConfig;
  return (
    <ClockInput
      field={props}
      type="time"
      value={typeof props.value === 'string' ? props.value : ''}
      min={min}
      max={max}
      step={stepMinutes ? stepMinutes * 60 : undefined}
      onInput={(time) => props.onChange(time.slice(0, 5) || undefined)}
    />
  );
}
