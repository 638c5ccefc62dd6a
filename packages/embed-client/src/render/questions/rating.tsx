import { Group, type QuestionProps } from '../field';

/**
 * A row of buttons, each a native radio (so arrow keys move and select, and the group is one
 * tab stop) whose label is drawn as the button. The end labels ("Poor", "Great") are part of
 * the first and last radios' names, so they are read out; on screen they sit under the row.
 */
export function Rating({ question, value, onChange, required, error, ids }: QuestionProps<'RATING'>) {
  const { min, max, step, minLabel, maxLabel } = question.typeConfig;
  const values: number[] = [];
  for (let n = min; n <= max; n += Math.max(1, step)) values.push(n);
  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={error} radio>
      <div class="fe-rating">
        {values.map((n) => {
          const end = n === min ? minLabel : n === values.at(-1) ? maxLabel : undefined;
          return (
            <label class="fe-rate" key={n}>
              <input
                class="fe-rate-input"
                type="radio"
                name={ids.control}
                value={n}
                checked={value === n}
                aria-label={end ? `${n}, ${end}` : undefined}
                onChange={() => onChange(n)}
              />
              <span class="fe-rate-face">{n}</span>
            </label>
          );
        })}
      </div>
      {minLabel || maxLabel ? (
        <div class="fe-rating-ends" aria-hidden="true">
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      ) : null}
    </Group>
  );
}
