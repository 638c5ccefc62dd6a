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
}: QuestionProps<TextLike> & { type: 'text' | 'email' | 'tel' | 'url' }) {
  // An email, phone or web address input also names what the browser may fill in and the keyboard it shows.
  const kind = type === 'text' ? undefined : type;
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
        autoComplete={kind}
        inputMode={kind}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, false, error)}
        onInput={(event) => onChange(event.currentTarget.value || undefined)}
      />
      <ErrorText ids={ids} error={error} />
    </>
  );
}
