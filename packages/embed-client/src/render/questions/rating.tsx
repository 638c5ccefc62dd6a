import { Group, type QuestionProps } from '../field';
import { ChoiceList } from './choice-list';

export function Rating({ question, value, onChange, required, error, ids }: QuestionProps<'RATING'>) {
  const { min, max, step, minLabel, maxLabel } = question.typeConfig;
  const options = [];
  for (let n = min; n <= max; n += Math.max(1, step)) options.push({ value: String(n), label: String(n) });
  const ends = minLabel || maxLabel ? `${min}: ${minLabel ?? ''} · ${max}: ${maxLabel ?? ''}` : undefined;
  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={error} radio hint={ends}>
      <ChoiceList
        ids={ids}
        kind="radio"
        inline
        options={options}
        isChecked={(option) => value === Number(option)}
        onToggle={(option) => onChange(Number(option))}
      />
    </Group>
  );
}
