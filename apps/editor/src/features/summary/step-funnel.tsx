import type { ResponseSummary } from '@forms-engine/schema';
import { sectionName } from '../../definition-words/index.ts';
import { Bar } from './bar-table.tsx';
import { numberWords, percentWords } from './summary-words.ts';

/**
 * Where respondents stop: per step, how many reached it and how many stopped there (in progress,
 * last seen on it). Reached is a solid bar, dropped a hatched one in its own column, so the two
 * never differ by colour alone; the numbers are written beside them.
 */
export function StepFunnel({ steps, responses }: { steps: ResponseSummary['steps']; responses: number }) {
  if (steps.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="funnel-title">
      <h3 id="funnel-title">Steps: reached and dropped</h3>
      <p className="muted" id="funnel-note">
        Reached counts the responses that got to a step or further; dropped here counts the responses still in progress
        that stopped on it.
      </p>
      <table className="bar-table funnel" aria-labelledby="funnel-title" aria-describedby="funnel-note">
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Reached</th>
            <th scope="col">Dropped here</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step, index) => (
            <tr key={step.stepId}>
              <th scope="row">{sectionName(step, 'Step', index)}</th>
              <td>
                <div className="bar-cell">
                  <Bar share={responses > 0 ? step.reached / responses : 0} />
                  <span className="bar-number">
                    {numberWords(step.reached)} ({percentWords(step.reached, responses)})
                  </span>
                </div>
              </td>
              <td>
                <div className="bar-cell">
                  <Bar share={responses > 0 ? step.droppedHere / responses : 0} kind="hatched" />
                  <span className="bar-number">
                    {numberWords(step.droppedHere)} ({percentWords(step.droppedHere, step.reached)} of those who reached
                    it)
                  </span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
