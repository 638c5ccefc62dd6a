import { describedBy, ErrorText, Label, type QuestionProps } from '../field';

type TextLike = 'SHORT_TEXT' | 'EMAIL' | 'PHONE' | 'URL';

/** The single-line input the text-like question types share; each type picks its input type. */
export function TextInput({
  question,
  value,
  onChange,
  required,
  error,
  ids,
  type,
  autoComplete,
  inputMode,
}: QuestionProps<TextLike> & {
  type: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  inputMode?: 'email' | 'tel' | 'url';
}) {
  return (
    <>
      <Label ids={ids} prompt={question.prompt} required={required} />
      <input
        class="fe-input"
        id={ids.control}
        // One component for four input types; Preact's types want one literal per element.
        type={type as 'text'}
        value={typeof value === 'string' ? value : ''}
        placeholder={question.typeConfig.placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, false, error)}
        onInput={(event) => onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
      />
      <ErrorText ids={ids} error={error} />
    </>
  );
}
