import { useEmbed } from '../context';
import { Group, type QuestionProps } from '../field';
import { ChoiceList } from './choice-list';

export function YesNo({ question, value, onChange, required, error, ids }: QuestionProps<'YES_NO'>) {
  const { labels } = useEmbed();
  const options = [
    { value: 'true', label: question.typeConfig.yesLabel || labels.yes },
    { value: 'false', label: question.typeConfig.noLabel || labels.no },
  ];
  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={error} radio>
      <ChoiceList
        ids={ids}
        kind="radio"
        inline
        options={options}
        isChecked={(option) => value === (option === 'true')}
        onToggle={(option) => onChange(option === 'true')}
      />
    </Group>
  );
}
