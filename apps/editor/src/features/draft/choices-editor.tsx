import { FieldErrors } from './field-errors.tsx';

interface Choice {
  value: string;
  label: string;
}

interface Props {
  choices: Choice[];
  path: string;
  fieldErrors: (path: string) => string[];
  onChange: (choices: Choice[]) => void;
}

/** The choices of a choice question: label and stored value each, add, remove, reorder. */
export function ChoicesEditor({ choices, path, fieldErrors, onChange }: Props) {
  const update = (index: number, change: Partial<Choice>) =>
    onChange(choices.map((choice, i) => (i === index ? { ...choice, ...change } : choice)));
  const move = (index: number, offset: number) => {
    const next = [...choices];
    const [moved] = next.splice(index, 1);
    next.splice(index + offset, 0, moved as Choice);
    onChange(next);
  };
  const used = new Set(choices.map((choice) => choice.value));
  let n = choices.length + 1;
  while (used.has(`option_${n}`)) n++;
  return (
    <fieldset>
      <legend>Choices</legend>
      <FieldErrors id={`${path}-errors`} errors={fieldErrors(path)} />
      <ol>
        {choices.map((choice, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a choice's value is edited in place, so it cannot be its key
          <li key={index} className="row">
            <div className="field">
              <label htmlFor={`choice-label-${index}`}>Choice {index + 1} label</label>
              <input
                id={`choice-label-${index}`}
                value={choice.label}
                onChange={(event) => update(index, { label: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`choice-value-${index}`}>Choice {index + 1} value</label>
              <input
                id={`choice-value-${index}`}
                value={choice.value}
                onChange={(event) => update(index, { value: event.target.value })}
              />
              <FieldErrors id={`choice-value-${index}-errors`} errors={fieldErrors(`${path}.${index}.value`)} />
            </div>
            <button
              type="button"
              aria-label={`Move choice ${index + 1} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move choice ${index + 1} down`}
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
        ))}
      </ol>
      <button type="button" onClick={() => onChange([...choices, { value: `option_${n}`, label: `Option ${n}` }])}>
        Add choice
      </button>
    </fieldset>
  );
}
