import { numberWords, percentWords } from './summary-words.ts';

export interface BarRow {
  key: string;
  label: string;
  count: number;
}

/**
 * Horizontal bars drawn with HTML and CSS inside a table, so the chart is its own table view: every
 * bar's count and percentage are written beside it, screen readers read the table, and the bars
 * (decoration, hidden from them) need no chart library: a few lines of CSS are smaller than any.
 * A bar's length is its share of `base` (the responses that answered), so bars of different
 * questions compare.
 */
export function BarTable({
  labelledBy,
  rows,
  base,
  labelHeader,
  countHeader = 'Responses',
  caption,
}: {
  /** The id(s) of what names the table (the question's title; with a caption, the caption's id too). */
  labelledBy: string;
  /** Words shown above the table, when the question has more than one. */
  caption?: { id: string; text: string } | undefined;
  rows: BarRow[];
  base: number;
  labelHeader: string;
  countHeader?: string;
}) {
  return (
    <table className="bar-table" aria-labelledby={caption ? `${labelledBy} ${caption.id}` : labelledBy}>
      {caption && <caption id={caption.id}>{caption.text}</caption>}
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">{countHeader}</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>
              <div className="bar-cell">
                <Bar share={base > 0 ? row.count / base : 0} />
                <span className="bar-number">{numberWords(row.count)}</span>
              </div>
            </td>
            <td className="bar-number">{percentWords(row.count, base)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A bar's fill: solid, light (a paler fill with a solid edge) or hatched. */
export type BarKind = 'solid' | 'light' | 'hatched';

/** One bar: its length is `share` (0 to 1) of the track; `kind` changes its fill pattern, never only its hue. */
export function Bar({ share, kind = 'solid' }: { share: number; kind?: BarKind }) {
  const percent = Math.min(100, Math.max(0, share * 100));
  return (
    <span className="bar-track" aria-hidden="true">
      <span className={`bar bar-${kind}`} style={{ inlineSize: `${percent}%` }} />
    </span>
  );
}
