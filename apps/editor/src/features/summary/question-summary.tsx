import type { SummaryQuestion } from '@forms-engine/schema';
import { useId } from 'react';
import { Link } from 'react-router';
import { dateWords, otherName, questionName, typeName } from '../../definition-words/index.ts';
import { dateTimeWords } from '../../results/moment-words.ts';
import { bytes } from '../../ui/format.ts';
import { BarTable } from './bar-table.tsx';
import { MatrixHeatTable } from './matrix-heat-table.tsx';
import { NpsSummary } from './nps-summary.tsx';
import { RankingBars } from './ranking-bars.tsx';
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
  otherLabel = otherName(undefined),
}: {
  question: SummaryQuestion;
  responses: number;
  /** The responses screen with the same filters, for the text answers. */
  responsesLink: string;
  /** What the question's “Other” is called: the builder's label, else “Other”. */
  otherLabel?: string | undefined;
}) {
  const titleId = useId();
  return (
    <section className="panel question-summary" aria-labelledby={titleId}>
      <h4 id={titleId}>{questionName(question)}</h4>
      <p className="muted">
        {typeName(question.type)} · answered by {numberWords(question.answered)} of {numberWords(responses)}{' '}
        {responses === 1 ? 'response' : 'responses'}
      </p>
      <QuestionFigures question={question} titleId={titleId} responsesLink={responsesLink} otherLabel={otherLabel} />
    </section>
  );
}

function QuestionFigures({
  question,
  titleId,
  responsesLink,
  otherLabel,
}: {
  question: SummaryQuestion;
  titleId: string;
  responsesLink: string;
  otherLabel: string;
}) {
  const { choices, distribution, stats, samples, files, countries, answered, other } = question;
  const distributionCaptionId = useId();
  if (question.rows) {
    return <MatrixHeatTable labelledBy={titleId} rows={question.rows} multiple={severalColumnsChosen(question)} />;
  }
  if (question.ranking) {
    return question.ranking.every((choice) => choice.meanRank === null) ? (
      <p>No answers yet.</p>
    ) : (
      <RankingBars labelledBy={titleId} ranking={question.ranking} />
    );
  }
  if (choices) {
    return (
      <>
        <BarTable
          labelledBy={titleId}
          labelHeader="Answer"
          base={answered}
          rows={[
            ...choices.map((choice) => ({ key: String(choice.value), label: choice.label, count: choice.count })),
            // Other is no choice of the definition: it comes last, with what people typed listed below.
            ...(other ? [{ key: ' other', label: otherLabel, count: other.count }] : []),
          ]}
        />
        {question.type === 'MULTI_CHOICE' && (
          <p className="muted hint">
            Each response can choose several answers, so the shares add up to more than 100%.
          </p>
        )}
        {other && other.samples.length > 0 && (
          <>
            <p className="muted">What people typed for “{otherLabel}”, newest first:</p>
            <Samples samples={other.samples} />
          </>
        )}
      </>
    );
  }
  if (distribution) {
    const isNps = question.type === 'NPS';
    return (
      <>
        {question.nps && <NpsSummary labelledBy={titleId} nps={question.nps} />}
        {stats && !isNps && <NumberStats stats={stats} />}
        <BarTable
          labelledBy={titleId}
          caption={isNps ? { id: distributionCaptionId, text: 'Every score' } : undefined}
          labelHeader={isNps ? 'Score' : 'Rating'}
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
  if (stats && MOMENT_WORDS[question.type]) {
    const words = MOMENT_WORDS[question.type] as (value: string) => string;
    return (
      <dl className="stats">
        <Stat label="Earliest" value={typeof stats.min === 'string' ? words(stats.min) : undefined} />
        <Stat label="Latest" value={typeof stats.max === 'string' ? words(stats.max) : undefined} />
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
        <Samples samples={samples} />
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

/**
 * How the earliest and latest answers of a type are written: a date long, a date and time on the
 * respondent's wall clock with its offset named (the server orders them as instants), a time as saved.
 */
const MOMENT_WORDS: Partial<Record<SummaryQuestion['type'], (value: string) => string>> = {
  DATE: dateWords,
  DATE_TIME: dateTimeWords,
  TIME: (value) => value,
};

/**
 * Whether some response chose several columns in one row: the summary does not carry the grid's
 * `multiple`, and the note about shares over 100% matters only once it happens.
 */
function severalColumnsChosen(question: SummaryQuestion): boolean {
  return (question.rows ?? []).some(
    (row) => row.columns.reduce((total, column) => total + column.count, 0) > row.answered,
  );
}

function Samples({ samples }: { samples: string[] }) {
  return (
    <ul className="samples">
      {samples.map((sample, index) => (
        // Samples may repeat; their place in the list is what tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
        <li key={index}>{sample}</li>
      ))}
    </ul>
  );
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
