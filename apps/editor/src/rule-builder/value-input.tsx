import type { Condition, Question } from '@forms-engine/schema';
import { isListOperator } from '@forms-engine/schema/rules';
import { oneLine } from '../definition-words/index.ts';
import { ListInput } from '../ui/list-input.tsx';
import { choicesOf } from './words.ts';

const NUMERIC = new Set(['NUMBER', 'RATING']);

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
  question,
  describedBy,
  invalid,
  onChange,
}: {
  id: string;
  condition: Condition;
  /** The question read, when the condition reads a whole answer (not the external reference or an address part). */
  question: Question | undefined;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: Condition['value']) => void;
}) {
  const list = isListOperator(condition.operator);
  const choices = choicesOf(question);
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
          question && NUMERIC.has(question.type) && !Number.isFinite(Number(item))
            ? `“${item}” is not a number.`
            : undefined
        }
        onChange={(next) => onChange(next.map((item) => parseValue(item, question)))}
      />
    );
  }
  const type = question?.type === 'DATE' ? 'date' : question && NUMERIC.has(question.type) ? 'number' : 'text';
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
