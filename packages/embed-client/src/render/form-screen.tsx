import { plainText } from '@forms-engine/schema/text';
import type { SessionState } from '../session/machine';
import { screenView } from '../session/machine';
import { useEmbed } from './context';
import { errorMessage } from './field';
import { format } from './labels';
import { QuestionGrid } from './question';
import { recalledDefinition } from './recall-on-demand';
import { Tabs } from './tabs';

/** One screen: the step's title, progress, its questions and tabs, save status, and Back / Next / Submit. */
export function FormScreen({ state }: { state: SessionState }) {
  const shown = useEmbed();
  const { session, labels, locale } = shown;
  // Every text with its recall tokens filled from the answers so far, as the respondent types.
  const view = screenView(state, recalledDefinition(state, shown));
  const { current, rules, tabs, activeTab } = view;
  const total = view.visible.length;
  const progress = format(labels.stepProgress, { current: view.index + 1, total }, locale);
  const isLast = !view.next;
  const errorCount = Object.keys(state.errors).length;
  const submitting = state.submit.status === 'pending';
  const sectionLevel = current.step ? 3 : 2;
  // The summary names each question by its prompt as text (a list item has no place for links).
  const promptOf = (code: string) =>
    plainText(
      [...current.questions, ...current.tabs.flatMap((tab) => tab.questions)].find((q) => q.code === code)?.prompt ??
        '',
    );

  return (
    <form
      class="fe-form"
      noValidate
      aria-busy={submitting ? 'true' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        session.dispatch({ type: isLast ? 'SUBMIT' : 'NEXT' });
      }}
    >
      {state.notice ? (
        // Focused after an erasure the person ran into, so it is read out first.
        <p class="fe-warning" tabIndex={-1} data-focus="heading">
          {labels.answersErased}
        </p>
      ) : null}
      {current.step ? (
        <h2 class="fe-heading" tabIndex={-1} data-focus="heading">
          {current.step.title || progress}
        </h2>
      ) : null}
      {total > 1 ? (
        <div class="fe-progress-row">
          <span class="fe-progress-text">{progress}</span>
          <div class="fe-progress-track" aria-hidden="true">
            <div class="fe-progress-bar" style={{ inlineSize: `${((view.index + 1) / total) * 100}%` }} />
          </div>
        </div>
      ) : null}
      {/* Re-created on each failed attempt so the summary is announced every time. */}
      <div class="fe-summary" role="alert" key={state.focus?.nonce ?? 0}>
        {errorCount > 0 ? (
          <>
            <p>
              {errorCount === 1 ? labels.errorSummaryOne : format(labels.errorSummary, { count: errorCount }, locale)}
            </p>
            <ul class="fe-sr">
              {Object.entries(state.errors).map(([code, error]) => (
                <li key={code}>
                  {promptOf(code)}: {errorMessage(labels, error, locale)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <QuestionGrid questions={current.questions} rules={rules} errors={state.errors} sectionLevel={sectionLevel} />
      {activeTab ? (
        <Tabs
          tabs={tabs}
          active={activeTab}
          rules={rules}
          errors={state.errors}
          label={current.step?.title ?? ''}
          sectionLevel={sectionLevel}
        />
      ) : null}
      <div class="fe-status" role="status">
        {state.save.problem ? (
          <p class="fe-warning">{state.save.failures > 0 ? labels.saveRetrying : labels.saveRejected}</p>
        ) : null}
        {state.submit.status === 'failed' ? <p class="fe-warning">{labels.submitFailed}</p> : null}
      </div>
      <div class="fe-nav">
        {view.previous ? (
          <button
            type="button"
            class="fe-button fe-button-secondary"
            onClick={() => session.dispatch({ type: 'BACK' })}
          >
            {labels.back}
          </button>
        ) : null}
        <button type="submit" class="fe-button fe-button-primary" disabled={submitting}>
          {isLast ? (submitting ? labels.submitting : labels.submit) : labels.next}
        </button>
      </div>
    </form>
  );
}
