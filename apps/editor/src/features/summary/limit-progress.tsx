import type { QuestionnaireDetail } from '@forms-engine/schema';
import { count } from '../../ui/format.ts';

interface Bar {
  id: string;
  label: string;
  counted: number;
  limit: number;
  full: boolean;
}

/** The limit and each quota as bars to draw; none when the questionnaire has neither. */
export function limitBars(detail: QuestionnaireDetail): Bar[] {
  // A server from before limits sends no availability: nothing to draw.
  if (!detail.availability) return [];
  const bars: Bar[] = [];
  if (detail.maxCompletedResponses !== null && detail.maxCompletedResponses !== undefined) {
    bars.push({
      id: 'limit',
      label: 'Completed responses (the limit)',
      counted: detail.availability.completed,
      limit: detail.maxCompletedResponses,
      full: detail.availability.completed >= detail.maxCompletedResponses,
    });
  }
  for (const quota of detail.quotas ?? []) {
    const counted = detail.availability.quotas.find((entry) => entry.id === quota.id);
    bars.push({
      id: `quota-${quota.id}`,
      label: `Quota “${quota.name}”`,
      counted: counted?.count ?? 0,
      limit: quota.limit,
      full: counted?.full ?? quota.limit === 0,
    });
  }
  return bars;
}

/**
 * How far the limit and each quota are filled: a native <progress> per line, named by its label,
 * with "143 of 200" written beside it (the bar's length is never the only way to read it). Not
 * filtered: the limit counts every completed response that exists.
 */
export function LimitProgress({ questionnaire }: { questionnaire: QuestionnaireDetail }) {
  const bars = limitBars(questionnaire);
  if (bars.length === 0) return null;
  return (
    <section className="limit-progress" aria-labelledby="limit-progress-title">
      <h3 id="limit-progress-title">Limit and quotas</h3>
      <p className="muted hint">Every completed response that exists counts here, whatever the filters below.</p>
      <ul>
        {bars.map((bar) => {
          const id = `progress-${bar.id}`;
          const words = `${count(bar.counted)} of ${count(bar.limit)}${bar.full ? ' · full' : ''}`;
          return (
            <li key={bar.id}>
              <label htmlFor={id}>{bar.label}</label>
              <div className="progress-line">
                {/* A limit of 0 is full from the start: a bar of 1 of 1, so it draws full rather than empty. */}
                <progress
                  id={id}
                  max={Math.max(bar.limit, 1)}
                  value={bar.limit === 0 ? 1 : Math.min(bar.counted, bar.limit)}
                  aria-describedby={`${id}-words`}
                />
                <span id={`${id}-words`} className="progress-words">
                  {words}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
