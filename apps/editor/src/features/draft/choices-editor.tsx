import type { LabelledList } from '@forms-engine/schema/rules';
import { useState } from 'react';
import type { Choice } from '../../rule-builder/words.ts';
import { FieldErrors } from '../../ui/field-errors.tsx';
import { ITEM_WORDS } from './codes.ts';
import { tokensInWords } from './recall.ts';
import { InsertAnswer, type Recall, Recalls } from './text-input.tsx';

/** The words of each list: "Choice 2 label", "Add row", "Columns, one per line". */
const NOUNS: Record<LabelledList, { one: string; many: string }> = {
  choices: { one: 'choice', many: 'choices' },
  rows: { one: 'row', many: 'rows' },
  columns: { one: 'column', many: 'columns' },
};

const capital = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

interface Props {
  /** Which list of the question this is (a grid has rows and columns); choices when absent. */
  list?: LabelledList;
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
export function ChoicesEditor({
  list = 'choices',
  choices,
  path,
  fieldErrors,
  onChange,
  onLabel,
  onValue,
  onPaste,
  recall,
}: Props) {
  const [several, setSeveral] = useState('');
  const { one, many } = NOUNS[list];
  const One = capital(one);
  const words = ITEM_WORDS[list];
  const move = (index: number, offset: number) => {
    const next = [...choices];
    const [moved] = next.splice(index, 1);
    next.splice(index + offset, 0, moved as Choice);
    onChange(next);
  };
  const nextNumber = () => {
    const used = new Set(choices.map((choice) => choice.value));
    let n = choices.length + 1;
    while (used.has(`${words.value}_${n}`)) n++;
    return n;
  };
  return (
    <fieldset>
      <legend>{capital(many)}</legend>
      <FieldErrors id={`${many}-errors`} errors={fieldErrors(path)} />
      <p className="muted hint" id={`${many}-hint`}>
        Paste a list into a label to add one {one} per line; pasted over a label's selected text, the list replaces that{' '}
        {one}. {capital(many)} the editor made ({words.label} 1, {words.label} 2) make way for a pasted list. A value
        follows its label until you change it.
      </p>
      <ol>
        {choices.map((choice, index) => {
          const labelErrors = fieldErrors(`${path}.${index}.label`);
          const valueErrors = fieldErrors(`${path}.${index}.value`);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a choice's value is edited in place, so it cannot be its key
            <li key={index} className="row choice">
              <div className="field">
                <label htmlFor={`${one}-label-${index}`} id={`${one}-label-${index}-label`}>
                  {One} {index + 1} label
                </label>
                <input
                  id={`${one}-label-${index}`}
                  value={choice.label}
                  aria-describedby={[`${many}-hint`, labelErrors.length ? `${one}-label-${index}-errors` : '']
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
                      labelId={`${one}-label-${index}-label`}
                      options={recall.options}
                      input={() => document.getElementById(`${one}-label-${index}`) as HTMLInputElement | null}
                      value={choice.label}
                      onChange={(label) => onLabel(index, label)}
                    />
                    <Recalls
                      id={`${one}-label-${index}-recalls`}
                      recalls={tokensInWords(recall.definition, choice.label)}
                    />
                  </>
                )}
                <FieldErrors id={`${one}-label-${index}-errors`} errors={labelErrors} />
              </div>
              <div className="field">
                <label htmlFor={`${one}-value-${index}`}>
                  {One} {index + 1} value
                </label>
                <input
                  id={`${one}-value-${index}`}
                  value={choice.value}
                  aria-invalid={valueErrors.length > 0 || undefined}
                  aria-describedby={valueErrors.length > 0 ? `${one}-value-${index}-errors` : undefined}
                  onChange={(event) => onValue(index, event.target.value)}
                />
                <FieldErrors id={`${one}-value-${index}-errors`} errors={valueErrors} />
              </div>
              <button
                type="button"
                aria-label={`Move ${one} ${index + 1} up`}
                title={`Move ${one} ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${one} ${index + 1} down`}
                title={`Move ${one} ${index + 1} down`}
                disabled={index === choices.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={`Remove ${one} ${index + 1}`}
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
          id={`${many}-add`}
          onClick={() => {
            const n = nextNumber();
            onChange([...choices, { value: `${words.value}_${n}`, label: `${words.label} ${n}` }]);
          }}
        >
          Add {one}
        </button>
      </div>
      <details className="several">
        <summary>Add several {many} at once</summary>
        <div className="field">
          <label htmlFor={`${many}-several`}>{capital(many)}, one per line</label>
          <textarea
            id={`${many}-several`}
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
          Add these {many}
        </button>
      </details>
    </fieldset>
  );
}
