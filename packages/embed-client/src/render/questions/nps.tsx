import { Group, type QuestionProps } from '../field';
import { useMoreWords } from '../more-words';
import { usePartStyles } from '../part-styles';
import { STYLES } from './more-styles';

const SCORES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * Net Promoter Score: 0 to 10 as one radio group drawn as buttons (native radios: one tab stop,
 * arrow keys move and choose), like the rating. The end labels are part of the 0 and 10 radios'
 * names and sit under the ends; on a phone the buttons wrap in two rows, never under 44 px.
 */
export function Nps({ question, value, onChange, required, error, ids }: QuestionProps<'NPS'>) {
  const { words } = useMoreWords();
  const low = question.typeConfig.minLabel ?? words.npsLow;
  const high = question.typeConfig.maxLabel ?? words.npsHigh;
  const ref = usePartStyles<HTMLDivElement>(STYLES);
  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={error} radio>
      <div class="fe-rating fe-nps" ref={ref}>
        {SCORES.map((n) => (
          <label class="fe-rate" key={n}>
            <input
              class="fe-rate-input"
              type="radio"
              name={ids.control}
              value={n}
              checked={value === n}
              aria-label={n === 0 ? `${n}, ${low}` : n === 10 ? `${n}, ${high}` : undefined}
              onChange={() => onChange(n)}
            />
            <span class="fe-rate-face">{n}</span>
          </label>
        ))}
      </div>
      <div class="fe-rating-ends" aria-hidden="true">
        <span>{low}</span>
        <span>{high}</span>
      </div>
    </Group>
  );
}
