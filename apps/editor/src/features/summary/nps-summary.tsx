import type { SummaryNps } from '@forms-engine/schema';
import { useId } from 'react';
import { Bar } from './bar-table.tsx';
import { numberWords, percentWords, scoreWords } from './summary-words.ts';

const GROUPS = [
  { key: 'promoters', name: 'Promoters', scores: '9–10', kind: 'solid' },
  { key: 'passives', name: 'Passives', scores: '7–8', kind: 'light' },
  { key: 'detractors', name: 'Detractors', scores: '0–6', kind: 'hatched' },
] as const;

/**
 * A Net Promoter Score: the score itself, large, then its three groups with their counts and shares,
 * as one stacked bar for the eye (each group its own fill pattern, not only its hue) and a table
 * with the numbers.
 */
export function NpsSummary({ labelledBy, nps }: { labelledBy: string; nps: SummaryNps }) {
  const total = nps.promoters + nps.passives + nps.detractors;
  const captionId = useId();
  return (
    <div className="nps-summary">
      <dl className="nps-score">
        <dt>Net Promoter Score</dt>
        <dd>{nps.score === null ? 'No answers yet' : scoreWords(nps.score)}</dd>
      </dl>
      <p className="muted hint">% promoters minus % detractors, from −100 to +100.</p>
      {total > 0 && (
        <span className="nps-stack" aria-hidden="true">
          {GROUPS.map((group) => (
            <span
              key={group.key}
              className={`bar bar-${group.kind}`}
              style={{ inlineSize: `${(nps[group.key] / total) * 100}%` }}
            />
          ))}
        </span>
      )}
      <table className="bar-table" aria-labelledby={`${labelledBy} ${captionId}`}>
        <caption id={captionId}>Groups</caption>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Responses</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {GROUPS.map((group) => (
            <tr key={group.key}>
              <th scope="row">
                {group.name} <span className="nowrap">({group.scores})</span>
              </th>
              <td>
                <div className="bar-cell">
                  <Bar share={total > 0 ? nps[group.key] / total : 0} kind={group.kind} />
                  <span className="bar-number">{numberWords(nps[group.key])}</span>
                </div>
              </td>
              <td className="bar-number">{percentWords(nps[group.key], total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
