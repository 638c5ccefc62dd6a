import { allQuestions, type Definition } from '@forms-engine/schema';
import { useRef, useState } from 'react';
import { FieldErrors } from '../../ui/field-errors.tsx';
import {
  addHiddenField,
  freeHiddenKey,
  hiddenFieldUses,
  removeHiddenField,
  setHiddenKey,
  setHiddenLabel,
  usesInWords,
} from './hidden-fields.ts';
import { type DraftProblem, problemsAt } from './problems.ts';

interface Props {
  definition: Definition;
  problems: readonly DraftProblem[];
  onChange: (change: (definition: Definition) => Definition, key: string) => void;
}

/**
 * The draft's hidden fields: values the page that embeds the questionnaire passes in (where a
 * respondent came from, a customer id), stored with each response, never shown to respondents.
 * Declared here with a key and an optional label; rules can read them and texts can recall them.
 */
export function HiddenFieldsPanel({ definition, problems, onChange }: Props) {
  const errors = (path: string) => problemsAt(problems, path).map((problem) => problem.message);
  const fields = definition.hiddenFields ?? [];
  // The name the rules and tokens of the key being typed follow (see setHiddenKey).
  const following = useRef<{ index: number; from: string }>(undefined);
  const [removing, setRemoving] = useState<{ key: string; uses: string }>();
  const codes = new Set(allQuestions(definition).map((question) => question.code));

  const remove = (index: number, update: boolean) => {
    setRemoving(undefined);
    onChange((d) => removeHiddenField(d, index, update), `hiddenFields.${index}.remove`);
  };

  return (
    <section className="panel properties" aria-labelledby="properties-title">
      <h2 id="properties-title" tabIndex={-1}>
        Hidden fields
      </h2>
      <p className="muted hint">
        Values the page that embeds this questionnaire passes in, such as where a respondent came from (utm_source) or a
        customer id. They are stored with each response and never shown. Rules can read them and texts can recall them.
        Settings shows how to pass them.
      </p>
      <FieldErrors id="hidden-fields-errors" errors={errors('hiddenFields')} />
      {fields.length === 0 ? (
        <p className="muted empty">No hidden fields yet.</p>
      ) : (
        <ol className="hidden-fields">
          {fields.map((field, index) => {
            const keyErrors = errors(`hiddenFields.${index}.key`);
            const labelErrors = errors(`hiddenFields.${index}.label`);
            const name = field.label || field.key || `hidden field ${index + 1}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a key is typed in place, so it cannot be the identity
              <li key={index}>
                <fieldset>
                  <legend>Hidden field {index + 1}</legend>
                  <div className="row">
                    <div className="field">
                      <label htmlFor={`hidden-key-${index}`}>Key</label>
                      <input
                        id={`hidden-key-${index}`}
                        value={field.key}
                        aria-invalid={keyErrors.length > 0 || undefined}
                        aria-describedby={keyErrors.length > 0 ? `hidden-key-${index}-errors` : undefined}
                        onFocus={() => {
                          following.current = { index, from: field.key };
                        }}
                        onChange={(event) => {
                          const key = event.target.value;
                          const captured = following.current?.index === index ? following.current : undefined;
                          const from = captured?.from ?? field.key;
                          const result = setHiddenKey(definition, index, key, from);
                          if (captured) captured.from = result.follows;
                          onChange((d) => setHiddenKey(d, index, key, from).definition, `hiddenFields.${index}.key`);
                        }}
                      />
                      <FieldErrors id={`hidden-key-${index}-errors`} errors={keyErrors} />
                    </div>
                    <div className="field">
                      <label htmlFor={`hidden-label-${index}`}>Label (optional)</label>
                      <input
                        id={`hidden-label-${index}`}
                        value={field.label ?? ''}
                        aria-invalid={labelErrors.length > 0 || undefined}
                        onChange={(event) =>
                          onChange((d) => setHiddenLabel(d, index, event.target.value), `hiddenFields.${index}.label`)
                        }
                      />
                      <FieldErrors id={`hidden-label-${index}-errors`} errors={labelErrors} />
                    </div>
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Remove the hidden field ${name}`}
                      onClick={() => {
                        const uses = usesInWords(hiddenFieldUses(definition, field.key));
                        if (uses) setRemoving({ key: field.key, uses });
                        else remove(index, false);
                      }}
                    >
                      Remove
                    </button>
                  </div>
                  {removing?.key === field.key && (
                    <div className="warning" role="alert">
                      <p>
                        “{field.key}” is in use: {removing.uses}. Removing it also removes those conditions, and the
                        recalled values give way to their fallback text.
                      </p>
                      <div className="actions">
                        <button type="button" className="danger" onClick={() => remove(index, true)}>
                          Remove it and update them
                        </button>
                        <button type="button" onClick={() => setRemoving(undefined)}>
                          Keep it
                        </button>
                      </div>
                    </div>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        onClick={() => {
          const key = freeHiddenKey(definition, codes);
          onChange((d) => addHiddenField(d, key), 'hiddenFields.add');
          requestAnimationFrame(() => document.getElementById(`hidden-key-${fields.length}`)?.focus());
        }}
      >
        Add hidden field
      </button>
    </section>
  );
}
