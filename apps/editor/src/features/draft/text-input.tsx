import type { Definition } from '@forms-engine/schema';
import { useRef } from 'react';
import { FieldErrors } from '../../ui/field-errors.tsx';
import { type RecallOption, tokensInWords } from './recall.ts';

/** What a text field may recall: the earlier answers and hidden fields, and the draft to name its tokens. */
export interface Recall {
  options: readonly RecallOption[];
  definition: Definition;
}

/**
 * One labelled text field of the properties, its problems tied to it; with `recall`, an "Insert
 * answer" list beside it that puts a token at the caret, and the tokens it holds said in words
 * under it ("Recalls: “Your name?” (q_name)").
 */
export function TextInput({
  id,
  label,
  value,
  errors,
  onChange,
  onFocus,
  multiline,
  hint,
  recall,
}: {
  id: string;
  label: string;
  value: string;
  errors: string[];
  onChange: (value: string) => void;
  onFocus?: () => void;
  multiline?: boolean;
  hint?: React.ReactNode;
  recall?: Recall | undefined;
}) {
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const recalls = recall ? tokensInWords(recall.definition, value) : [];
  const describedBy = [
    hint ? `${id}-hint` : '',
    recalls.length > 0 ? `${id}-recalls` : '',
    errors.length > 0 ? `${id}-errors` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    value,
    ref: input,
    'aria-invalid': errors.length > 0 || undefined,
    'aria-describedby': describedBy || undefined,
    onFocus,
  };
  return (
    <div className="field">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      {recall && (
        <InsertAnswer
          labelId={`${id}-label`}
          options={recall.options}
          input={() => input.current}
          value={value}
          onChange={onChange}
        />
      )}
      {hint}
      <Recalls id={`${id}-recalls`} recalls={recalls} />
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

/** The tokens a text holds, in words, under its field. */
export function Recalls({ id, recalls }: { id: string; recalls: readonly string[] }) {
  if (recalls.length === 0) return null;
  return (
    <p id={id} className="muted hint recalls">
      Recalls: {recalls.join('; ')}
    </p>
  );
}

/**
 * The "Insert answer" list beside a text field: the earlier answers and the hidden fields; the one
 * picked goes in at the caret (where it was when the list took the focus; else at the end), and
 * the focus goes back to the field after it.
 */
export function InsertAnswer({
  labelId,
  options,
  input,
  value,
  onChange,
}: {
  /**
   * The id of the field's label: it describes the list. The list's own name stays "Insert answer",
   * so finding a field by its label ("Prompt") finds the field alone.
   */
  labelId: string;
  options: readonly RecallOption[];
  /** The field the token goes into. */
  input: () => HTMLInputElement | HTMLTextAreaElement | null | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  if (options.length === 0) return null;
  const insert = (token: string) => {
    const element = input();
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    onChange(value.slice(0, start) + token + value.slice(end));
    const caret = start + token.length;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };
  return (
    <select
      className="insert-answer"
      aria-label="Insert answer"
      aria-describedby={labelId}
      value=""
      onChange={(event) => {
        if (event.target.value) insert(event.target.value);
      }}
    >
      <option value="">Insert answer…</option>
      {options.map((option) => (
        <option key={option.token} value={option.token}>
          {option.words}
        </option>
      ))}
    </select>
  );
}
