import type { Condition, Question } from '@forms-engine/schema';
import { isDateTime, isListOperator, wallClockOf, withLocalOffset } from '@forms-engine/schema/rules';
import { oneLine } from '../definition-words/index.ts';
import { ListInput } from '../ui/list-input.tsx';
import { valueChoicesOf } from './words.ts';

const NUMERIC = new Set(['NUMBER', 'RATING', 'NPS']);
const NPS_SCORES = Array.from({ length: 11 }, (_, score) => score);

/** A value as the question's answers are: numbers for numbers and ratings. */
function parseValue(text: string, question: Question | undefined): string | number {
  if (question && NUMERIC.has(question.type) && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  return text;
}

/** The value a condition compares with, in the control that fits the answer read: choices, yes/no, a list or one value. */
export function ValueInput({
  id,
  condition,
  question: read,
  describedBy,
  invalid,
  onChange,
}: {
  id: string;
  condition: Condition;
  /** The question read (undefined: the external reference or a hidden field); with `condition.subField`, a part of its answer. */
  question: Question | undefined;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: Condition['value']) => void;
}) {
  const list = isListOperator(condition.operator);
  const choices = valueChoicesOf(read, condition.subField);
  // A part of an address and the text of “Other” are text; a grid's row is one of its columns.
  const question = condition.subField ? undefined : read;
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
  if (choices) {
    const selected = Array.isArray(condition.value)
      ? condition.value.map(String)
      : condition.value === undefined
        ? []
        : [String(condition.value)];
    return (
      <select
        id={id}
        {...aria}
        multiple={list}
        value={list ? selected : (selected[0] ?? '')}
        onChange={(event) => {
          const values = [...event.target.selectedOptions].map((option) => option.value);
          onChange(list ? values : values[0] || undefined);
        }}
      >
        {!list && <option value="">Choose…</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {oneLine(choice.label) || choice.value}
          </option>
        ))}
      </select>
    );
  }
  if (question && (question.type === 'YES_NO' || question.type === 'CONSENT') && !list) {
    const config = question.typeConfig as { yesLabel?: string; noLabel?: string };
    const [yes, no] =
      question.type === 'CONSENT'
        ? ['Ticked', 'Not ticked']
        : [oneLine(config.yesLabel ?? '') || 'Yes', oneLine(config.noLabel ?? '') || 'No'];
    return (
      <select
        id={id}
        {...aria}
        value={condition.value === undefined ? '' : String(condition.value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'true')}
      >
        <option value="">Choose…</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </select>
    );
  }
  if (question?.type === 'NPS' && !list) {
    return (
      <select
        id={id}
        {...aria}
        value={condition.value === undefined ? '' : String(condition.value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        <option value="">Choose…</option>
        {NPS_SCORES.map((score) => (
          <option key={score} value={score}>
            {score}
          </option>
        ))}
      </select>
    );
  }
  if (question?.type === 'DATE_TIME' && !list) {
    const value = typeof condition.value === 'string' && isDateTime(condition.value) ? condition.value : undefined;
    return (
      <input
        id={id}
        {...aria}
        type="datetime-local"
        title="In your time zone, saved with its offset"
        value={value ? wallClockOf(value) : ''}
        onChange={(event) =>
          onChange(event.target.value === '' ? undefined : withLocalOffset(event.target.value.slice(0, 16)))
        }
      />
    );
  }
  if (list) {
    const items = Array.isArray(condition.value) ? condition.value.map(String) : [];
    return (
      <ListInput
        id={id}
        label="Values"
        items={items}
        describedBy={describedBy}
        invalid={invalid}
        validate={(item) =>
          question?.type === 'NPS' && !/^(10|\d)$/.test(item.trim())
            ? `“${item}” is not a score from 0 to 10.`
            : question && NUMERIC.has(question.type) && !Number.isFinite(Number(item))
              ? `“${item}” is not a number.`
              : undefined
        }
        onChange={(next) => onChange(next.map((item) => parseValue(item, question)))}
      />
    );
  }
  const type =
    question?.type === 'DATE'
      ? 'date'
      : question?.type === 'TIME'
        ? 'time'
        : question && NUMERIC.has(question.type)
          ? 'number'
          : 'text';
  return (
    <input
      id={id}
      {...aria}
      type={type}
      value={condition.value === undefined ? '' : String(condition.value)}
      onChange={(event) => {
        const raw = event.target.value;
        onChange(raw === '' ? undefined : parseValue(raw, question));
      }}
    />
  );
}
