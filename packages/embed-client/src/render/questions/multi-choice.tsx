import { useEmbed } from '../context';
import { Group, type QuestionProps } from '../field';
import { ChoiceList } from './choice-list';

export function MultiChoice({ question, value, onChange, required, error, ids }: QuestionProps<'MULTI_CHOICE'>) {
  const { labels } = useEmbed();
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const { choices } = question.typeConfig;
  return (
    <Group
      ids={ids}
      prompt={question.prompt}
      required={required}
      error={error}
      // A checkbox group has no aria-required; a screen reader hears "Required" from the description.
      hint={required ? <span class="fe-sr">{labels.required}</span> : undefined}
    >
      <ChoiceList
        ids={ids}
        kind="checkbox"
        options={choices}
        isChecked={(choice) => selected.includes(choice)}
        onToggle={(choice, checked) => {
          // Keep the definition's order whatever order the boxes were ticked in.
          const next = choices
            .map((option) => option.value)
            .filter((option) => (option === choice ? checked : selected.includes(option)));
          onChange(next.length > 0 ? next : undefined);
        }}
      />
    </Group>
  );
}
