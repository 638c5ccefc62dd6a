import type { ResponseSummary } from '@forms-engine/schema';
import { useId } from 'react';
import { oneLine } from '../../definition-words/index.ts';
import { BarTable } from './bar-table.tsx';
import { numberWords } from './summary-words.ts';

/**
 * The completed responses by the ending they saw (every ending in its order, then those that
 * recorded none), as bars whose shares are of the completed responses. Absent when the
 * questionnaire has no endings and no response recorded one.
 */
export function EndingSummary({ endings }: { endings: ResponseSummary['endings'] }) {
  if (!endings || endings.every((ending) => ending.id === null)) return null;
  const completed = endings.reduce((sum, ending) => sum + ending.count, 0);
  return (
    <section aria-labelledby="endings-title">
      <h3 id="endings-title">Endings</h3>
      <p className="muted">What the {numberWords(completed)} completed responses saw at the end.</p>
      <BarTable
        labelledBy="endings-title"
        labelHeader="Ending"
        base={completed}
        rows={endings.map((ending, index) => ({
          key: ending.id ?? '(none)',
          label: oneLine(ending.title) || `Ending ${index + 1} (untitled)`,
          count: ending.count,
        }))}
      />
    </section>
  );
}

/** Each hidden field's most frequent values (top 10) as bars, shares of the responses that have a value. */
export function HiddenFieldSummary({
  hiddenFields,
  responses,
}: {
  hiddenFields: ResponseSummary['hiddenFields'];
  responses: number;
}) {
  if (!hiddenFields || hiddenFields.length === 0) return null;
  return (
    <section aria-labelledby="hidden-fields-title">
      <h3 id="hidden-fields-title">Hidden fields</h3>
      {hiddenFields.map((field) => (
        <HiddenField key={field.key} field={field} responses={responses} />
      ))}
    </section>
  );
}

function HiddenField({ field, responses }: { field: ResponseSummary['hiddenFields'][number]; responses: number }) {
  const titleId = useId();
  const name = oneLine(field.label ?? '') || field.key;
  return (
    <section className="panel question-summary" aria-labelledby={titleId}>
      <h4 id={titleId}>{name}</h4>
      <p className="muted">
        Passed for {numberWords(field.answered)} of {numberWords(responses)}{' '}
        {responses === 1 ? 'response' : 'responses'}
      </p>
      {field.values.length === 0 ? (
        <p>No response has a value for it yet.</p>
      ) : (
        <BarTable
          labelledBy={titleId}
          labelHeader="Value"
          base={field.answered}
          rows={field.values.map((value) => ({ key: value.value, label: value.value, count: value.count }))}
        />
      )}
    </section>
  );
}
