import type { Choice } from '@forms-engine/schema/rules';
import { useLayoutEffect, useState } from 'preact/hooks';
import { useEmbed } from '../context';
import { Group, type QuestionProps } from '../field';
import { usePartStyles } from '../part-styles';
import { STYLES } from './more-styles';
import { shuffledOrder } from './on-demand-rules';

type Cells = Record<string, string | string[]>;

/**
 * A grid: a real table (each radio named by its row and column headers), one radio group per row
 * (checkboxes with `multiple`), arrow keys inside a row. Narrower than the table needs (a phone),
 * each row becomes its own group of options, stacked, so nothing scrolls sideways: measured, since
 * what the table needs depends on its labels.
 */
export function Matrix({ question, value, onChange, required, error, ids }: QuestionProps<'MATRIX'>) {
  const { shuffleSeed } = useEmbed();
  const { columns, multiple, shuffle } = question.typeConfig;
  const rows = shuffledOrder(question.typeConfig.rows, shuffle, `${shuffleSeed}:${question.id}`);
  const cells: Cells = value && typeof value === 'object' && !Array.isArray(value) ? (value as Cells) : {};
  const missing = new Set(error?.code === 'ROWS_UNANSWERED' ? (error.rows ?? []) : []);
  const ref = usePartStyles<HTMLDivElement>(STYLES);
  const stacked = useStacked(ref);

  const isChecked = (row: string, column: string) => {
    const cell = cells[row];
    return Array.isArray(cell) ? cell.includes(column) : cell === column;
  };
  const toggle = (row: string, column: string, checked: boolean) => {
    const next: Cells = { ...cells };
    if (multiple) {
      const chosen = columns.map((c) => c.value).filter((c) => (c === column ? checked : isChecked(row, c)));
      if (chosen.length > 0) next[row] = chosen;
      else delete next[row];
    } else next[row] = column;
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  const cell = (row: Choice, rowIndex: number, column: Choice, columnIndex: number, labelled: boolean) => {
    const id = `${ids.control}-${rowIndex}-${columnIndex}`;
    const input = (
      <input
        class="fe-check"
        type={multiple ? 'checkbox' : 'radio'}
        id={id}
        name={`${ids.control}-${rowIndex}`}
        value={column.value}
        checked={isChecked(row.value, column.value)}
        aria-invalid={missing.has(row.value) ? 'true' : undefined}
        aria-labelledby={labelled ? undefined : `${ids.control}-r${rowIndex} ${ids.control}-c${columnIndex}`}
        onChange={(event) => toggle(row.value, column.value, event.currentTarget.checked)}
        onKeyDown={multiple ? moveInRow : undefined}
      />
    );
    return labelled ? (
      <div class="fe-choice" key={column.value}>
        {input}
        <label for={id}>{column.label}</label>
      </div>
    ) : (
      <td key={column.value}>
        <label class="fe-cell" for={id}>
          {input}
        </label>
      </td>
    );
  };

  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={error}>
      <div class="fe-matrix" ref={ref}>
        {stacked ? (
          <div class="fe-matrix-rows">
            {rows.map((row, r) => (
              <fieldset class={`fe-matrix-row${missing.has(row.value) ? ' fe-matrix-missing' : ''}`} key={row.value}>
                <legend>{row.label}</legend>
                <div class="fe-choices" data-row="">
                  {columns.map((column, c) => cell(row, r, column, c, true))}
                </div>
              </fieldset>
            ))}
          </div>
        ) : (
          <table>
            <thead>
              <tr>
                <td />
                {columns.map((column, c) => (
                  <th scope="col" id={`${ids.control}-c${c}`} key={column.value}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={row.value} class={missing.has(row.value) ? 'fe-matrix-missing' : undefined} data-row="">
                  <th scope="row" id={`${ids.control}-r${r}`}>
                    {row.label}
                  </th>
                  {columns.map((column, c) => cell(row, r, column, c, false))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Group>
  );
}

/** Checkboxes have no arrow keys of their own: left and right (and up and down) move inside the row. */
function moveInRow(event: KeyboardEvent) {
  const target = event.target as HTMLInputElement;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  const row = target.closest('[data-row]');
  if (!step || !row || target.type !== 'checkbox') return;
  const mirrored = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
  const rtl = mirrored && getComputedStyle(target).direction === 'rtl';
  const boxes = [...row.querySelectorAll<HTMLInputElement>('input')];
  const next = boxes[boxes.indexOf(target) + (rtl ? -step : step)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/**
 * Whether the rows stack: when the table is wider than the room it has. The width it needed is
 * kept, so it comes back once there is room again.
 */
function useStacked(ref: { current: HTMLDivElement | null }): boolean {
  const [needed, setNeeded] = useState(0);
  const [room, setRoom] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver !== 'function') return;
    const measure = () => {
      const table = box.querySelector('table');
      setRoom(box.clientWidth);
      if (table && table.offsetWidth > box.clientWidth) setNeeded(table.offsetWidth);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    measure();
    return () => observer.disconnect();
  }, []);
  return needed > 0 && room < needed;
}
