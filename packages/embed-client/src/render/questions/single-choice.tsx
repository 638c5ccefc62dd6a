import { Group, type QuestionProps } from '../field';
import { ChoiceList } from './choice-list';

export function SingleChoice({ question, value, onChange, required, error, ids }: QuestionProps<'SINGLE_CHOICE'>) {
  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={error} radio>
      <ChoiceList
        ids={ids}
        kind="radio"
        options={question.typeConfig.choices}
        isChecked={(choice) => value === choice}
        onToggle={(choice) => onChange(choice)}
      />
    </Group>
  );
}
