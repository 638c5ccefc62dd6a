import { useState } from 'react';

export interface ListInputProps {
  /** The text box's id (its `<label htmlFor>` is the caller's). */
  id: string;
  /** What the list is called ("Accepted file types"): names the list of added items. */
  label: string;
  items: string[];
  onChange: (items: string[]) => void;
  /** Applied to each item before it is added (`de` → `DE`). */
  normalize?: ((item: string) => string) | undefined;
  /** What an added item is called on screen (`application/pdf` → "PDF document (.pdf)"); the item itself otherwise. */
  itemName?: ((item: string) => string) | undefined;
  /** A sentence when the item cannot be added; it then stays in the box. */
  validate?: ((item: string) => string | undefined) | undefined;
  /** Told what is typed but not added yet, so a page can count it as unsaved. */
  onPendingChange?: ((text: string) => void) | undefined;
  /** Ids of more descriptions (a field error) for the text box. */
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  placeholder?: string | undefined;
  type?: 'text' | 'url' | undefined;
}

const SEPARATORS = /[,\n]/;

/**
 * A list typed as text: a comma, Enter, a paste of several lines or leaving the box adds what
 * was typed; each item is shown with a button that removes it.
 */
export function ListInput({
  id,
  label,
  items,
  onChange,
  normalize = (item) => item,
  itemName = (item) => item,
  validate,
  onPendingChange,
  describedBy,
  invalid,
  placeholder,
  type = 'text',
}: ListInputProps) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const setPending = (next: string) => {
    setText(next);
    onPendingChange?.(next);
  };

  /** Adds the complete entries of `parts`; returns what could not be added. */
  const add = (parts: string[]): string[] => {
    const next = [...items];
    const refused: string[] = [];
    let message: string | undefined;
    for (const part of parts) {
      const item = normalize(part.trim());
      if (!item) continue;
      const problem = validate?.(item);
      if (problem) {
        refused.push(part.trim());
        message ??= problem;
      } else if (!next.includes(item)) next.push(item);
    }
    setRefusal(message);
    if (next.length !== items.length) onChange(next);
    return refused;
  };
  const commit = () => {
    if (!text.trim()) return;
    setPending(add([text]).join(', '));
  };

  const errorId = `${id}-refusal`;
  const hintId = `${id}-hint`;
  return (
    <div className="list-input">
      {items.length > 0 && (
        <ul aria-label={`Added ${label.toLowerCase()}`} className="chips">
          {items.map((item) => (
            <li key={item}>
              <span>{itemName(item)}</span>
              <button
                type="button"
                aria-label={`Remove ${itemName(item)}`}
                title={`Remove ${itemName(item)}`}
                onClick={() => onChange(items.filter((i) => i !== item))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type={type}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={refusal || invalid ? true : undefined}
        aria-describedby={[hintId, refusal ? errorId : undefined, describedBy].filter(Boolean).join(' ')}
        onChange={(event) => {
          const value = event.target.value;
          if (!SEPARATORS.test(value)) {
            setRefusal(undefined);
            setPending(value);
            return;
          }
          // Everything before the last separator is complete; what follows is still being typed.
          const parts = value.split(SEPARATORS);
          const rest = parts.pop() ?? '';
          const refused = add(parts);
          setPending([...refused, rest].filter((part, i, all) => part || i === all.length - 1).join(', '));
        }}
        onPaste={(event) => {
          // A text box drops line breaks from a paste, so a pasted list is split here: all of it is complete.
          const pasted = event.clipboardData.getData('text');
          if (!/[,\n\r\t;]/.test(pasted)) return;
          event.preventDefault();
          setPending(add(`${text}${pasted}`.split(/[,\n\r\t;]/)).join(', '));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        onBlur={commit}
      />
      <p id={hintId} className="muted hint">
        Type a comma or press Enter after each one.
      </p>
      {refusal && (
        <p id={errorId} className="field-error">
          {refusal}
        </p>
      )}
    </div>
  );
}
