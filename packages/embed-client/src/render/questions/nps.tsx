import { Group, type QuestionProps } from '../field';
import { useMoreWords } from '../more-words';
import { usePartStyles } from '../part-styles';
import { STYLES } from './more-styles';
import { Scale } from './rating';

const SCORES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * Net Promoter Score: 0 to 10 drawn as the rating's scale, its end labels always shown (the
 * language's words unless the builder wrote their own); on a phone the buttons wrap in two rows,
 * never under 44 px (`more-styles.ts`, `.fe-nps`).
 */
export function Nps({ question, value, onChange, required, error, ids }: QuestionProps<'NPS'>) {
  const { words } = useMoreWords();
  const { minLabel = words.npsLow, maxLabel = words.npsHigh } = question.typeConfig;
  const ref = usePartStyles<HTMLDivElement>(STYLES);
  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={error} radio>
      <Scale
        values={SCORES}
        ends={[minLabel, maxLabel]}
        value={value}
        onChange={onChange}
        name={ids.control}
        variant="fe-nps"
        rowRef={ref}
      />
    </Group>
  );
}
