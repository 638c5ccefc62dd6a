import { useEmbed } from '../context';
import { describedBy, ErrorText, Label, type QuestionProps } from '../field';

export function Dropdown({ question, value, onChange, required, error, ids }: QuestionProps<'DROPDOWN'>) {
  const { labels } = useEmbed();
  const current = typeof value === 'string' ? value : '';
  return (
    <>
      <Label ids={ids} prompt={question.prompt} required={required} />
      <select
        class="fe-input fe-select"
        id={ids.control}
        value={current}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, false, error)}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
      >
        <option value="">{question.typeConfig.placeholder ?? labels.selectPlaceholder}</option>
        {question.typeConfig.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <ErrorText ids={ids} error={error} />
    </>
  );
}
