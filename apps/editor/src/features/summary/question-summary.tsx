import type { SummaryQuestion } from '@forms-engine/schema';
import { useId } from 'react';
import { Link } from 'react-router';
import { dateWords, questionName, typeName } from '../../definition-words/index.ts';
import { bytes } from '../../ui/format.ts';
import { BarTable } from './bar-table.tsx';
import { numberWords } from './summary-words.ts';

const COUNTRY_NAMES = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' });

/** A country code as its name ("FR" → "France"); anything that is not a code stays as it is. */
function countryName(value: string): string {
  try {
    return /^[A-Za-z]{2}$/.test(value) ? (COUNTRY_NAMES.of(value.toUpperCase()) ?? value) : value;
  } catch {
    return value;
  }
}

/** One question of the summary: its prompt, how many answered, and the chart or figures its type has. */
export function QuestionSummary({
  question,
  responses,
  responsesLink,
}: {
  question: SummaryQuestion;
  responses: number;
  /** The responses screen with the same filters, for the text answers. */
  responsesLink: string;
}) {
  const titleId = useId();
  return (
    <section className="panel question-summary" aria-labelledby={titleId}>
      <h4 id={titleId}>{questionName(question)}</h4>
      <p className="muted">
        {typeName(question.type)} · answered by {numberWords(question.answered)} of {numberWords(responses)}{' '}
        {responses === 1 ? 'response' : 'responses'}
      </p>
      <QuestionFigures question={question} titleId={titleId} responsesLink={responsesLink} />
    </section>
  );
}

function QuestionFigures({
  question,
  titleId,
  responsesLink,
}: {
  question: SummaryQuestion;
  titleId: string;
  responsesLink: string;
}) {
  const { choices, distribution, stats, samples, files, countries, answered } = question;
  if (choices) {
    return (
      <>
        <BarTable
          labelledBy={titleId}
          labelHeader="Answer"
          base={answered}
          rows={choices.map((choice) => ({ key: String(choice.value), label: choice.label, count: choice.count }))}
        />
        {question.type === 'MULTI_CHOICE' && (
          <p className="muted hint">
            Each response can choose several answers, so the shares add up to more than 100%.
          </p>
        )}
      </>
    );
  }
  if (distribution) {
    return (
      <>
        {stats && <NumberStats stats={stats} />}
        <BarTable
          labelledBy={titleId}
          labelHeader="Rating"
          base={answered}
          rows={distribution.map((point) => ({
            key: String(point.value),
            label: String(point.value),
            count: point.count,
          }))}
        />
      </>
    );
  }
  if (stats && question.type === 'DATE') {
    return (
      <dl className="stats">
        <Stat label="Earliest" value={typeof stats.min === 'string' ? dateWords(stats.min) : undefined} />
        <Stat label="Latest" value={typeof stats.max === 'string' ? dateWords(stats.max) : undefined} />
      </dl>
    );
  }
  if (stats) return <NumberStats stats={stats} />;
  if (samples) {
    return samples.length === 0 ? (
      <p>No answers yet.</p>
    ) : (
      <>
        <p className="muted">The latest answers, newest first:</p>
        <ul className="samples">
          {samples.map((sample, index) => (
            // Samples may repeat; their place in the list is what tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
            <li key={index}>{sample}</li>
          ))}
        </ul>
        <p>
          <Link to={responsesLink} relative="path">
            All answers in Responses
          </Link>
        </p>
      </>
    );
  }
  if (files) {
    return (
      <p>
        {numberWords(files.count)} {files.count === 1 ? 'file' : 'files'}, {bytes(files.totalBytes)} in total
      </p>
    );
  }
  if (countries) {
    return countries.length === 0 ? (
      <p>No countries given yet.</p>
    ) : (
      <BarTable
        labelledBy={titleId}
        labelHeader="Country"
        base={answered}
        rows={countries.map((country) => ({
          key: country.value,
          label: countryName(country.value),
          count: country.count,
        }))}
      />
    );
  }
  return null;
}

function NumberStats({ stats }: { stats: NonNullable<SummaryQuestion['stats']> }) {
  const n = (value: number | string | null | undefined) => (typeof value === 'number' ? numberWords(value) : undefined);
  return (
    <dl className="stats">
      <Stat label="Mean" value={n(stats.mean)} />
      <Stat label="Median" value={n(stats.median)} />
      <Stat label="Lowest" value={n(stats.min)} />
      <Stat label="Highest" value={n(stats.max)} />
    </dl>
  );
}

function Stat({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? 'No answers yet'}</dd>
    </div>
  );
}
