import type { ResponseSummary } from '@forms-engine/schema';
import { durationWords, numberWords, rateWords } from './summary-words.ts';

/** The figures a builder looks at first: how many, how many finished, how long it takes. */
export function HeadlineFigures({ summary }: { summary: ResponseSummary }) {
  const { counts, timeToComplete } = summary;
  const figures = [
    { label: 'Responses', value: numberWords(counts.responses) },
    { label: 'In progress', value: numberWords(counts.inProgress) },
    { label: 'Completed', value: numberWords(counts.completed) },
    { label: 'Completion rate', value: rateWords(counts.completionRate) },
    {
      label: 'Median time to complete',
      value: timeToComplete ? durationWords(timeToComplete.medianSeconds) : 'No completed responses',
    },
    {
      label: 'Time 90% complete within',
      value: timeToComplete ? durationWords(timeToComplete.p90Seconds) : 'No completed responses',
    },
  ];
  return (
    <dl className="headline-figures" aria-label="Headline figures">
      {figures.map((figure) => (
        <div key={figure.label} className="figure">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
