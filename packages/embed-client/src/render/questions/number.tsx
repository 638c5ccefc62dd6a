import { useState } from 'preact/hooks';
import { describedBy, ErrorText, Hint, Label, type QuestionProps } from '../field';

/**
 * A number input that keeps what is typed ("1." on the way to "1.5") and answers with the
 * number it reads; text that is not a number yet answers nothing.
 */
export function NumberQuestion({ question, value, onChange, required, error, ids }: QuestionProps<'NUMBER'>) {
  const { min, max, step, unit, placeholder } = question.typeConfig;
  const [draft, setDraft] = useState(typeof value === 'number' ? String(value) : '');
  return (
    <>
      <Label ids={ids} prompt={question.prompt} required={required} />
      <div class="fe-with-unit">
        <input
          class="fe-input"
          id={ids.control}
          type="number"
          inputMode="decimal"
          value={draft}
          min={min}
          max={max}
          step={step ?? 'any'}
          placeholder={placeholder}
          required={required}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(ids, Boolean(unit), error)}
          onInput={(event) => {
            const text = event.currentTarget.value;
            setDraft(text);
            const number = event.currentTarget.valueAsNumber;
            onChange(text.trim() === '' || Number.isNaN(number) ? undefined : number);
          }}
        />
        {unit ? <Hint ids={ids}>{unit}</Hint> : null}
      </div>
      <ErrorText ids={ids} error={error} />
    </>
  );
}
