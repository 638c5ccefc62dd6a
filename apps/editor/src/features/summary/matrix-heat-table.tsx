import type { SummaryMatrixRow } from '@forms-engine/schema';
import { useId } from 'react';
import { numberWords, percentWords } from './summary-words.ts';

/** Five shades, from none to the darkest; each keeps the text's contrast (see summary.css). */
const SHADES = 5;

/** The shade of a share (0 to 1): 0 only for none, then by fifths of the remaining scale. */
export function heatShade(count: number, answered: number): number {
  if (count <= 0 || answered <= 0) return 0;
  return Math.min(SHADES - 1, 1 + Math.floor((count / answered) * (SHADES - 1)));
}

/**
 * A grid question as a heat table: its rows and columns as a real table with headers, each cell the
 * number of responses that chose that column in that row and its share of the row's answers. The
 * shading only repeats the share for the eye; the numbers are written in every cell.
 */
export function MatrixHeatTable({
  labelledBy,
  rows,
  multiple,
}: {
  labelledBy: string;
  rows: SummaryMatrixRow[];
  /** Some row took several columns, so a row's shares can add up to more than 100%. */
  multiple: boolean;
}) {
  const columns = rows[0]?.columns ?? [];
  const hintId = useId();
  return (
    <>
      {/*
        A grid of up to 12 columns is wider than a phone: the table scrolls sideways in its own
        frame, not the page, and the frame takes the focus so the keyboard can scroll it too.
      */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="heat-table-frame" aria-labelledby={`${labelledBy} ${hintId}`} tabIndex={0}>
        <table className="heat-table" aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">Row</th>
              {columns.map((column) => (
                <th scope="col" key={column.value}>
                  {column.label}
                </th>
              ))}
              <th scope="col">Answered</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <th scope="row">{row.label}</th>
                {row.columns.map((cell) => (
                  <td key={cell.value} className={`heat heat-${heatShade(cell.count, row.answered)}`}>
                    <span className="bar-number">{numberWords(cell.count)}</span>{' '}
                    <span className="heat-share">({percentWords(cell.count, row.answered)})</span>
                  </td>
                ))}
                <td className="bar-number">{numberWords(row.answered)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="muted hint" id={hintId}>
        Each cell: how many responses chose that column for the row, and their share of the row’s answers (darker is a
        larger share).
        {multiple && ' A response can choose several columns in a row, so a row’s shares can add up to more than 100%.'}
      </p>
    </>
  );
}
