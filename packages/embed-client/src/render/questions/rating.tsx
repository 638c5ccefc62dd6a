import type { Ref } from 'preact';
import { Group, type QuestionProps } from '../field';

interface ScaleProps {
  values: readonly number[];
  /** The words under the first and the last button ("Poor", "Great"), when there are any. */
  ends: readonly [string | undefined, string | undefined];
  value: unknown;
  onChange: (value: number) => void;
  name: string;
  /** Classes beside `fe-rating` on the row (the NPS adds its own), and a ref to it. */
  variant?: string;
  rowRef?: Ref<HTMLDivElement>;
}

/**
 * A row of buttons, each a native radio (so arrow keys move and select, and the group is one
 * tab stop) whose label is drawn as the button. The end labels are part of the first and last
 * radios' names, so they are read out; on screen they sit under the row. The rating and the NPS.
 */
export function Scale({ values, ends: [low, high], value, onChange, name, variant, rowRef }: ScaleProps) {
  return (
    <>
      <div class={variant ? `fe-rating ${variant}` : 'fe-rating'} ref={rowRef}>
        {values.map((n, index) => {
          const end = index === 0 ? low : index === values.length - 1 ? high : undefined;
          return (
            <label class="fe-rate" key={n}>
              <input
                class="fe-rate-input"
                type="radio"
                name={name}
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
      {low || high ? (
        <div class="fe-rating-ends" aria-hidden="true">
          <span>{low}</span>
          <span>{high}</span>
        </div>
      ) : null}
    </>
  );
}

export function Rating({ question, value, onChange, required, error, ids }: QuestionProps<'RATING'>) {
  const { min, max, step, minLabel, maxLabel } = question.typeConfig;
  const values: number[] = [];
  for (let n = min; n <= max; n += Math.max(1, step)) values.push(n);
  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={error} radio>
      <Scale values={values} ends={[minLabel, maxLabel]} value={value} onChange={onChange} name={ids.control} />
    </Group>
  );
}
