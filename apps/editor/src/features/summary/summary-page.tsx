import type { ResponseSummary } from '@forms-engine/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useTRPC } from '../../data/trpc.ts';
import { languageName } from '../../definition-words/index.ts';
import { writeResultFilters } from '../../results/filters.ts';
import { NoResponsesYet } from '../../results/no-responses-yet.tsx';
import { ProblemMessage } from '../../ui/index.ts';
import { EndingSummary, HiddenFieldSummary } from './endings-and-hidden.tsx';
import { HeadlineFigures } from './headline-figures.tsx';
import { LanguageBreakdown } from './language-breakdown.tsx';
import { LimitProgress } from './limit-progress.tsx';
import { QuestionSummary } from './question-summary.tsx';
import { StepFunnel } from './step-funnel.tsx';
import { SummaryFilterForm } from './summary-filter-form.tsx';
import { useOtherLabels } from './use-other-labels.ts';
import { type SummaryFilters, summaryInput, useSummaryFilters } from './use-summary-filters.ts';
import './summary.css';

/** The responses screen with the summary's status, version and language (it has no day filter). */
function responsesLink(filters: SummaryFilters): string {
  const query = writeResultFilters(new URLSearchParams(), filters).toString();
  return `../responses${query ? `?${query}` : ''}`;
}

/**
 * Results at a glance, the first screen of a questionnaire's results: headline figures, the steps'
 * funnel and one chart per question, counted by the server; filters in the URL, so a summary can
 * be shared as a link.
 */
export function SummaryPage() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const { filters, setFilters } = useSummaryFilters();
  const summary = useQuery({
    ...trpc.responses.summary.queryOptions(summaryInput(id, filters)),
    // New filters keep the last figures on screen until theirs arrive, so nothing jumps.
    placeholderData: keepPreviousData,
  });
  // The header's query: already in the cache, so the bars cost no request of their own.
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  const otherLabels = useOtherLabels(id, summary.data, filters.language);
  const filtered = Boolean(filters.status || filters.versionNumber || filters.language || filters.from || filters.to);

  return (
    <section className="summary-page" aria-labelledby="summary-title" aria-busy={summary.isFetching}>
      <h2 id="summary-title">Summary</h2>
      {questionnaire.data && <LimitProgress questionnaire={questionnaire.data} />}
      <SummaryFilterForm questionnaireId={id} filters={filters} onApply={setFilters} />
      <ProblemMessage error={summary.error} />
      {summary.error ? null : !summary.data ? (
        <p>Loading the summary…</p>
      ) : summary.data.counts.responses === 0 ? (
        filtered ? (
          <p>No responses match these filters.</p>
        ) : (
          <NoResponsesYet id={id} />
        )
      ) : (
        <SummaryBody
          summary={summary.data}
          link={responsesLink(filters)}
          language={filters.language}
          otherLabels={otherLabels}
        />
      )}
    </section>
  );
}

function SummaryBody({
  summary,
  link,
  language,
  otherLabels,
}: {
  summary: ResponseSummary;
  link: string;
  language?: string | undefined;
  /** What each question's “Other” is called, by code (missing: the question's own default). */
  otherLabels: ReadonlyMap<string, string>;
}) {
  const responses = summary.counts.responses;
  return (
    <>
      <p className="muted">
        {summary.versionNumber === null
          ? 'Questions and steps as in the draft (nothing is published yet).'
          : `Questions and steps as in version ${summary.versionNumber}; answers given to other versions count under the same questions.`}
        {language &&
          ` Only responses answered in ${languageName(language)}, with the questions in its words where they are translated.`}
      </p>
      <HeadlineFigures summary={summary} />
      <LanguageBreakdown languages={summary.languages} />
      <StepFunnel steps={summary.steps} responses={responses} />
      <EndingSummary endings={summary.endings} />
      <HiddenFieldSummary hiddenFields={summary.hiddenFields} responses={responses} />
      <section aria-labelledby="questions-title">
        <h3 id="questions-title">Questions</h3>
        {summary.questions.length === 0 ? (
          <p>There are no questions to summarise.</p>
        ) : (
          summary.questions.map((question) => (
            <QuestionSummary
              key={question.code}
              question={question}
              responses={responses}
              responsesLink={link}
              otherLabel={otherLabels.get(question.code)}
            />
          ))
        )}
      </section>
    </>
  );
}
