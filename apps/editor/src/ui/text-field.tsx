import { type InputHTMLAttributes, useId } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  /** A sentence under the label that says what the field wants (a password's rule). */
  hint?: string;
  /** Messages about what was typed, shown under the field and tied to it. */
  errors?: string[];
  onChange: (value: string) => void;
}

/** A labelled input with its hint and its messages tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, hint, errors = [], onChange, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, errors.length > 0 ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="hint muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        {...input}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {errors.length > 0 && (
        <p id={errorId} className="field-error">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
