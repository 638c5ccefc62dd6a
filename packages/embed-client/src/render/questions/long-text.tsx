import { describedBy, ErrorText, Label, type QuestionProps } from '../field';

export function LongText({ question, value, onChange, required, error, ids }: QuestionProps<'LONG_TEXT'>) {
  return (
    <>
      <Label ids={ids} prompt={question.prompt} required={required} />
      <textarea
        class="fe-input fe-textarea"
        id={ids.control}
        rows={4}
        value={typeof value === 'string' ? value : ''}
        placeholder={question.typeConfig.placeholder}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, false, error)}
        onInput={(event) => onChange(event.currentTarget.value || undefined)}
      />
      <ErrorText ids={ids} error={error} />
    </>
  );
}
