import type { ResponseSummary, SummaryFilter } from '@forms-engine/schema';
import { type Definition, languagesOf, localize, type Question, questionPlaces } from '@forms-engine/schema/rules';
import { AppError } from '../errors/app-error.ts';
import type { Deps } from './deps.ts';
import { findQuestionnaire } from './questionnaires.ts';
import { endingCounts, hiddenValueCounts } from './response-summary-extras-sql.ts';
import { offersOther, planQuestion, type Reader, TEXT_TYPES } from './response-summary-questions.ts';
import { languageCounts, latestAnswers, SummaryScan, topCountries } from './response-summary-sql.ts';

const count = (value: unknown) => Number(value ?? 0);
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The definition the summary describes, and the version it comes from (null: the draft). */
async function describedDefinition(deps: Deps, id: string, filter: SummaryFilter) {
  const questionnaire = await findQuestionnaire(deps.prisma, id);
  const version = await deps.prisma.questionnaireVersion.findFirst({
    where: { questionnaireId: id, ...(filter.versionNumber !== undefined && { versionNumber: filter.versionNumber }) },
    orderBy: { versionNumber: 'desc' },
    select: { versionNumber: true, definition: true },
  });
  if (filter.versionNumber !== undefined && !version) {
    throw new AppError('UNKNOWN_VERSION', `Version ${filter.versionNumber} of this questionnaire is not published`);
  }
  if (version) return { versionNumber: version.versionNumber, definition: version.definition as unknown as Definition };
  return { versionNumber: null, definition: questionnaire.draft as unknown as Definition };
}

/**
 * Plans each question in one of the scans, the costliest first, each into the scan with less work
 * so far (a grid of fifty rows weighs as much as many small questions): the two scans then end at
 * about the same time. A question's work is measured by planning it once in a scratch scan.
 */
function dealQuestions(scans: readonly SummaryScan[], questions: Question[], scratch: () => SummaryScan): Reader[] {
  const sizes = questions.map((question) => {
    const probe = scratch();
    const before = probe.size;
    planQuestion(probe, question);
    return probe.size - before;
  });
  const order = questions.map((_, index) => index).sort((a, b) => (sizes[b] ?? 0) - (sizes[a] ?? 0));
  const readers: Reader[] = [];
  for (const index of order) {
    const lightest = scans.reduce((least, scan) => (scan.size < least.size ? scan : least));
    readers[index] = planQuestion(lightest, questions[index] as Question);
  }
  return readers;
}

/** The counts and the percentiles of the time to complete, read from the scan's row. */
function planTotals(scan: SummaryScan) {
  const columns = {
    responses: scan.add('count(*)::int'),
    completed: scan.add(`count(*) FILTER (WHERE x.status = 'COMPLETED')::int`),
    // Both from one sort of the times.
    percentiles: scan.add(`percentile_cont(ARRAY[0.5, 0.9]::float8[]) WITHIN GROUP (ORDER BY x.seconds)`),
  };
  return (row: Record<string, unknown>) => {
    const responses = count(row[columns.responses]);
    const completed = count(row[columns.completed]);
    const [median, p90] = ((row[columns.percentiles] as unknown[] | null) ?? []).map(numberOrNull);
    return {
      counts: {
        responses,
        inProgress: responses - completed,
        completed,
        completionRate: responses === 0 ? 0 : completed / responses,
      },
      timeToComplete:
        median === null || median === undefined || p90 === null || p90 === undefined
          ? null
          : { medianSeconds: median, p90Seconds: p90 },
      completed,
    };
  };
}

/**
 * The funnel: in-progress responses whose last position is on each step (droppedHere), and how
 * many reached it (those on it or a later step, plus every completed one). A response without a
 * position, or on a step this definition does not have, is on the first step.
 */
function planSteps(scan: SummaryScan, steps: readonly { id: string; title: string }[]) {
  const inProgress = `x.status = 'IN_PROGRESS'`;
  const onStep = steps.map((step) =>
    scan.add(`count(*) FILTER (WHERE ${inProgress} AND x.last_step_id = ${scan.param(step.id)}::text)::int`),
  );
  const anywhere = scan.add(`count(*) FILTER (WHERE ${inProgress})::int`);
  return (row: Record<string, unknown>, completed: number) => {
    const dropped = onStep.map((column) => count(row[column]));
    const placed = dropped.reduce((sum, value) => sum + value, 0);
    if (dropped.length > 0) dropped[0] = (dropped[0] ?? 0) + count(row[anywhere]) - placed;
    let later = completed;
    const reached = dropped.map(() => 0);
    for (let index = dropped.length - 1; index >= 0; index--) {
      later += dropped[index] ?? 0;
      reached[index] = later;
    }
    return steps.map((step, index) => ({
      stepId: step.id,
      title: step.title,
      reached: reached[index] ?? 0,
      droppedHere: dropped[index] ?? 0,
    }));
  };
}

/**
 * Every language of the described definition (its default first, zero counts included), then any
 * other language recorded (a version's that this one dropped), in tag order.
 */
function summaryLanguages(
  definition: Definition,
  counted: { language: string; responses: number; completed: number }[],
) {
  const byLanguage = new Map(counted.map((row) => [row.language, row]));
  const own = languagesOf(definition);
  return [
    ...own.map((language) => byLanguage.get(language) ?? { language, responses: 0, completed: 0 }),
    ...counted.filter((row) => !own.includes(row.language)),
  ].map(({ language, responses, completed }) => ({ language, responses, completed }));
}

/** The title of the completed responses that recorded no ending (or the built-in "Thank you"). */
export const NO_ENDING_TITLE = 'No ending recorded';

/**
 * Completed responses per ending: every ending of the (localized) described definition in its
 * order, zero counts included; then endings recorded under other versions that this one dropped (by
 * id, titled by their id); then those that recorded none, always.
 */
function summaryEndings(definition: Definition, counted: { ending_id: string | null; count: number }[]) {
  const byId = new Map(counted.map((row) => [row.ending_id, row.count]));
  const own = definition.endings ?? [];
  const ownIds = new Set(own.map((ending) => ending.id));
  const others = counted
    .map((row) => row.ending_id)
    .filter((id): id is string => id !== null && !ownIds.has(id))
    .sort();
  return [
    ...own.map((ending) => ({ id: ending.id, title: ending.title || ending.id, count: byId.get(ending.id) ?? 0 })),
    ...others.map((id) => ({ id, title: id, count: byId.get(id) ?? 0 })),
    { id: null, title: NO_ENDING_TITLE, count: byId.get(null) ?? 0 },
  ];
}

/**
 * The summary of the questionnaire's responses that match the filter; filtered by a language, its
 * words (prompts, titles, choice labels) are in that language, falling back string by string.
 */
export async function responseSummary(deps: Deps, id: string, filter: SummaryFilter): Promise<ResponseSummary> {
  const described = await describedDefinition(deps, id, filter);
  const { versionNumber } = described;
  const definition = filter.language ? localize(described.definition, filter.language) : described.definition;
  const questions = questionPlaces(definition)
    .map((place) => place.question)
    .filter((question) => question.type !== 'STATEMENT');
  // Two scans side by side, the questions dealt between them: the work is reading answers out of
  // jsonb, one core per statement, so on Postgres two statements take about half the time of one.
  const scans = [new SummaryScan(id, filter, 'a'), new SummaryScan(id, filter, 'b')] as const;
  const [first] = scans;
  const totals = planTotals(first);
  const steps = planSteps(first, definition.steps ?? []);
  const readers = dealQuestions(scans, questions, () => new SummaryScan(id, filter));
  const textCodes = questions.filter((question) => TEXT_TYPES.has(question.type)).map((question) => question.code);
  const otherCodes = questions.filter(offersOther).map((question) => question.code);
  const addressCodes = questions.filter((question) => question.type === 'ADDRESS').map((question) => question.code);

  // On Postgres these run side by side on the pool; PGlite takes them one after another.
  const hiddenFields = definition.hiddenFields ?? [];
  const [rowA, rowB, samples, otherSamples, countries, languages, endings, hidden] = await Promise.all([
    scans[0].run(deps.prisma),
    scans[1].run(deps.prisma),
    latestAnswers(deps.sql, id, filter, textCodes),
    latestAnswers(deps.sql, id, filter, otherCodes, 'other'),
    topCountries(deps.sql, id, filter, addressCodes),
    languageCounts(deps.sql, id, filter),
    endingCounts(deps.sql, id, filter),
    hiddenValueCounts(
      deps.sql,
      id,
      filter,
      hiddenFields.map((field) => field.key),
    ),
  ]);

  const row = { ...rowA, ...rowB };
  const { counts, timeToComplete, completed } = totals(row);
  return {
    counts,
    languages: summaryLanguages(described.definition, languages),
    timeToComplete,
    endings: summaryEndings(definition, endings),
    hiddenFields: hiddenFields.map(({ key, label }) => ({
      key,
      ...(label && { label }),
      answered: hidden.get(key)?.answered ?? 0,
      values: hidden.get(key)?.values ?? [],
    })),
    versionNumber,
    steps: steps(row, completed),
    questions: questions.map((question, index) => {
      const figures = (readers[index] as Reader)(row);
      return {
        code: question.code,
        prompt: question.prompt,
        type: question.type,
        answered: 0,
        ...figures,
        ...(figures.other && { other: { ...figures.other, samples: otherSamples.get(question.code) ?? [] } }),
        ...(TEXT_TYPES.has(question.type) && { samples: samples.get(question.code) ?? [] }),
        ...(question.type === 'ADDRESS' && { countries: countries.get(question.code) ?? [] }),
      };
    }),
  };
}
