import type { SummaryRankedChoice } from '@forms-engine/schema';
import { Bar } from './bar-table.tsx';
import { numberWords, rankWords, timesWords } from './summary-words.ts';

/**
 * A ranking question's choices by average rank, best first, each with a bar as long as its average
 * rank (so the shortest bar ranked highest) and its figures in words: "average rank 1.4 · ranked by
 * 120 · first 80 times". Choices nobody ranked come last, said as such.
 */
export function RankingBars({ labelledBy, ranking }: { labelledBy: string; ranking: SummaryRankedChoice[] }) {
  // Every choice can take at most the last place: the bars share that scale.
  const places = Math.max(1, ranking.length);
  return (
    <>
      <p className="muted hint">
        By average rank, best first: rank 1 is the top place, so a lower average and a shorter bar mean ranked higher.
      </p>
      <ul className="ranking-bars" aria-labelledby={labelledBy}>
        {ranking.map((choice) => (
          <li key={choice.value}>
            <span className="ranking-label">{choice.label}</span>
            {choice.meanRank === null ? (
              <span className="ranking-words muted">not ranked yet</span>
            ) : (
              <>
                <Bar share={choice.meanRank / places} />
                <span className="ranking-words">
                  average rank {rankWords(choice.meanRank)} · ranked by {numberWords(choice.count)} ·{' '}
                  {choice.firstPlace === 0 ? 'never first' : `first ${timesWords(choice.firstPlace)}`}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
