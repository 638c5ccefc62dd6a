import { describedBy, ErrorText, Label, type QuestionProps } from '../field';

export function DateQuestion({ question, value, onChange, required, error, ids }: QuestionProps<'DATE'>) {
  return (
    <>
      <Label ids={ids} prompt={question.prompt} required={required} />
      <input
        class="fe-input fe-date"
        id={ids.control}
        type="date"
        value={typeof value === 'string' ? value : ''}
        min={question.typeConfig.min}
        max={question.typeConfig.max}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, false, error)}
        onInput={(event) => onChange(event.currentTarget.value || undefined)}
      />
      <ErrorText ids={ids} error={error} />
    </>
  );
}
