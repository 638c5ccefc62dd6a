import { useState } from 'react';
import type { Choice } from '../../rule-builder/words.ts';
import { FieldErrors } from '../../ui/field-errors.tsx';
import { tokensInWords } from './recall.ts';
import { InsertAnswer, type Recall, Recalls } from './text-input.tsx';

interface Props {
  choices: Choice[];
  path: string;
  fieldErrors: (path: string) => string[];
  /** Add, remove, reorder (values of new choices are made here). */
  onChange: (choices: Choice[]) => void;
  /** A label typed: its value may follow it (codes.ts). */
  onLabel: (index: number, label: string) => void;
  onValue: (index: number, value: string) => void;
  /** Lines pasted into choice `index` (codes.ts `pasteChoices`): replacing it, or after it. */
  onPaste: (index: number, lines: string[], replace: boolean) => void;
  /** What a choice's label may recall. */
  recall?: Recall | undefined;
}

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The choices of a choice question: label and stored value each (the value follows the label
 * until it is typed), add one or several at once (a pasted list, one per line), remove, reorder.
 */
export function ChoicesEditor({ choices, path, fieldErrors, onChange, onLabel, onValue, onPaste, recall }: Props) {
  const [several, setSeveral] = useState('');
  const move = (index: number, offset: number) => {
    const next = [...choices];
    const [moved] = next.splice(index, 1);
    next.splice(index + offset, 0, moved as Choice);
    onChange(next);
  };
  const nextNumber = () => {
    const used = new Set(choices.map((choice) => choice.value));
    let n = choices.length + 1;
    while (used.has(`option_${n}`)) n++;
    return n;
  };
  return (
    <fieldset>
      <legend>Choices</legend>
      <FieldErrors id="choices-errors" errors={fieldErrors(path)} />
      <p className="muted hint" id="choices-hint">
        Paste a list into a label to add one choice per line; pasted over a label's selected text, the list replaces
        that choice. Choices the editor made (Option 1, Option 2) make way for a pasted list. A value follows its label
        until you change it.
      </p>
      <ol>
        {choices.map((choice, index) => {
          const labelErrors = fieldErrors(`${path}.${index}.label`);
          const valueErrors = fieldErrors(`${path}.${index}.value`);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a choice's value is edited in place, so it cannot be its key
            <li key={index} className="row choice">
              <div className="field">
                <label htmlFor={`choice-label-${index}`} id={`choice-label-${index}-label`}>
                  Choice {index + 1} label
                </label>
                <input
                  id={`choice-label-${index}`}
                  value={choice.label}
                  aria-describedby={['choices-hint', labelErrors.length ? `choice-label-${index}-errors` : '']
                    .filter(Boolean)
                    .join(' ')}
                  aria-invalid={labelErrors.length > 0 || undefined}
                  onChange={(event) => onLabel(index, event.target.value)}
                  onPaste={(event) => {
                    const lines = linesOf(event.clipboardData.getData('text'));
                    if (lines.length < 2) return;
                    event.preventDefault();
                    // Pasted over selected text (or into an empty label) the lines replace this choice,
                    // the first one where the selection was; at a caret they follow it.
                    const { selectionStart: start, selectionEnd: end, value } = event.currentTarget;
                    const selected = start !== null && end !== null && start !== end;
                    if (selected || value.trim() === '') {
                      const first = `${value.slice(0, start ?? 0)}${lines[0]}${value.slice(end ?? 0)}`.trim();
                      onPaste(index, [first, ...lines.slice(1)], true);
                    } else onPaste(index, lines, false);
                  }}
                />
                {recall && (
                  <>
                    <InsertAnswer
                      labelId={`choice-label-${index}-label`}
                      options={recall.options}
                      input={() => document.getElementById(`choice-label-${index}`) as HTMLInputElement | null}
                      value={choice.label}
                      onChange={(label) => onLabel(index, label)}
                    />
                    <Recalls
                      id={`choice-label-${index}-recalls`}
                      recalls={tokensInWords(recall.definition, choice.label)}
                    />
                  </>
                )}
                <FieldErrors id={`choice-label-${index}-errors`} errors={labelErrors} />
              </div>
              <div className="field">
                <label htmlFor={`choice-value-${index}`}>Choice {index + 1} value</label>
                <input
                  id={`choice-value-${index}`}
                  value={choice.value}
                  aria-invalid={valueErrors.length > 0 || undefined}
                  aria-describedby={valueErrors.length > 0 ? `choice-value-${index}-errors` : undefined}
                  onChange={(event) => onValue(index, event.target.value)}
                />
                <FieldErrors id={`choice-value-${index}-errors`} errors={valueErrors} />
              </div>
              <button
                type="button"
                aria-label={`Move choice ${index + 1} up`}
                title={`Move choice ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move choice ${index + 1} down`}
                title={`Move choice ${index + 1} down`}
                disabled={index === choices.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={`Remove choice ${index + 1}`}
                onClick={() => onChange(choices.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <div className="actions">
        <button
          type="button"
          id="choices-add"
          onClick={() => {
            const n = nextNumber();
            onChange([...choices, { value: `option_${n}`, label: `Option ${n}` }]);
          }}
        >
          Add choice
        </button>
      </div>
      <details className="several">
        <summary>Add several choices at once</summary>
        <div className="field">
          <label htmlFor="choices-several">Choices, one per line</label>
          <textarea
            id="choices-several"
            rows={4}
            value={several}
            onChange={(event) => setSeveral(event.target.value)}
          />
        </div>
        <button
          type="button"
          disabled={linesOf(several).length === 0}
          onClick={() => {
            onPaste(choices.length - 1, linesOf(several), false);
            setSeveral('');
          }}
        >
          Add these choices
        </button>
      </details>
    </fieldset>
  );
}
