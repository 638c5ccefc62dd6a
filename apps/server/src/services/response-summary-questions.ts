import type { SummaryQuestion, SummaryRankedChoice } from '@forms-engine/schema';
import type { Question, QuestionOf, QuestionTypeName } from '@forms-engine/schema/rules';
import {
  dateTimeOrderKey,
  nonEmpty,
  nonEmptyText,
  ORDER_KEY_LENGTH,
  otherText,
  type SummaryScan,
} from './response-summary-sql.ts';

/**
 * Each question type's figures in the summary: the aggregates it adds to the shared scan
 * (response-summary-sql.ts) and how its part of the summary is read back from the scan's row.
 * One branch per type; text samples, countries and Other's texts come from statements of their own.
 */

export const TEXT_TYPES = new Set<QuestionTypeName>(['SHORT_TEXT', 'LONG_TEXT', 'EMAIL', 'PHONE', 'URL']);
/** The types whose answers are strings or booleans: read as text, which is cheaper than jsonb. */
const STRING_TYPES = new Set<QuestionTypeName>([
  ...TEXT_TYPES,
  'SINGLE_CHOICE',
  'DROPDOWN',
  'DATE',
  'YES_NO',
  'CONSENT',
  'DATE_TIME',
  'TIME',
]);

/** Whether a choice question offers "Other (please specify)": its summary then has `other`. */
export function offersOther(question: Question): boolean {
  return (
    (question.type === 'SINGLE_CHOICE' || question.type === 'DROPDOWN' || question.type === 'MULTI_CHOICE') &&
    question.typeConfig?.allowOther === true
  );
}

/** The scale points of a rating, ascending. */
function scalePoints(config: { min?: number; max?: number; step?: number }): number[] {
  const min = config.min ?? 1;
  const max = config.max ?? 5;
  const step = config.step && config.step > 0 ? config.step : 1;
  const points: number[] = [];
  for (let value = min; value <= max; value += step) points.push(value);
  return points;
}

const NPS_POINTS = Array.from({ length: 11 }, (_, index) => index);

export type Reader = (row: Record<string, unknown>) => Partial<SummaryQuestion>;
type Row = Record<string, unknown>;

const count = (value: unknown) => Number(value ?? 0);
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Net Promoter Score: % promoters − % detractors over everyone who answered 0-10, rounded to one
 * decimal (half away from zero, so -12.25 is -12.3 as 12.25 is 12.3); null when nobody did.
 */
export function npsScore(promoters: number, passives: number, detractors: number): number | null {
  const total = promoters + passives + detractors;
  if (total === 0) return null;
  // Tenths of a percent from integers first: no binary fraction decides the rounding.
  const tenths = ((promoters - detractors) * 1000) / total;
  return (Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10;
}

/** Count, mean, median, min and max of a number, and a count per point (RATING's scale, NPS's 0-10). */
function numberFigures(scan: SummaryScan, value: string, points: number[]) {
  const columns = {
    count: scan.add(`count(${value})::int`),
    mean: scan.add(`avg(${value})::float8`),
    median: scan.add(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${value})`),
    min: scan.add(`min(${value})`),
    max: scan.add(`max(${value})`),
  };
  const pointColumns = points.map((point) =>
    scan.add(`count(*) FILTER (WHERE ${value} = ${scan.param(point)}::float8)::int`),
  );
  return {
    stats: (row: Row) => ({
      count: count(row[columns.count]),
      mean: numberOrNull(row[columns.mean]),
      median: numberOrNull(row[columns.median]),
      min: numberOrNull(row[columns.min]),
      max: numberOrNull(row[columns.max]),
    }),
    distribution: (row: Row) =>
      points.map((point, index) => ({ value: point, count: count(row[pointColumns[index] as string]) })),
  };
}

/** Count, earliest and latest of values that order as text (C collation: bytes, as ISO strings order). */
function orderedTextFigures(scan: SummaryScan, value: string, read = (saved: string) => saved) {
  const columns = {
    count: scan.add(`count(${value})::int`),
    min: scan.add(`min(${value})`),
    max: scan.add(`max(${value})`),
  };
  const saved = (cell: unknown) => (typeof cell === 'string' ? read(cell) : null);
  return (row: Row) => ({
    count: count(row[columns.count]),
    min: saved(row[columns.min]),
    max: saved(row[columns.max]),
  });
}

/**
 * MATRIX: per row, how many answered it and how many chose each column. A row's cell is read once
 * per response: in a grid of one column per row as text, compared with each column's value (an
 * answer saved as a list, before the grid allowed only one, counts as answered but in no column); in
 * a grid of several as jsonb, where `jsonb_exists` finds a column in the list (or a lone string).
 */
function planMatrix(scan: SummaryScan, question: QuestionOf<'MATRIX'>, answer: string): Reader {
  const { rows = [], columns = [], multiple = false } = question.typeConfig ?? {};
  const planned = rows.map((row) => {
    const key = `${scan.param(row.value)}::text`;
    const cell = scan.derive(multiple ? `${answer} -> ${key}` : `${answer} ->> ${key}`);
    const chose = (column: string) => (multiple ? `jsonb_exists(${cell}, ${column})` : `${cell} = ${column}`);
    return {
      answered: scan.add(`count(*) FILTER (WHERE ${multiple ? nonEmpty(cell) : nonEmptyText(cell)})::int`),
      columns: columns.map((column) =>
        scan.add(`count(*) FILTER (WHERE ${chose(`${scan.param(column.value)}::text`)})::int`),
      ),
    };
  });
  return (row) => ({
    rows: rows.map((matrixRow, index) => {
      const plan = planned[index] as (typeof planned)[number];
      return {
        value: matrixRow.value,
        label: matrixRow.label,
        answered: count(row[plan.answered]),
        columns: columns.map((column, columnIndex) => ({
          value: column.value,
          label: column.label,
          count: count(row[plan.columns[columnIndex] as string]),
        })),
      };
    }),
  });
}

/**
 * RANKING: per choice, how many ranked it, its mean rank (unrounded) and how often it came first.
 * The ranked list becomes a text[] once per response (`->> 0`, `->> 1`, …: a third of the cost of
 * unnesting it), whose `array_position` is the choice's rank. Ordered by mean rank (ties in
 * definition order), choices nobody ranked last.
 */
function planRanking(scan: SummaryScan, question: QuestionOf<'RANKING'>, answer: string): Reader {
  const choices = question.typeConfig?.choices ?? [];
  // A ranking lists each choice at most once: as many places as choices.
  const places = choices.map((_, index) => `${answer} ->> ${index}`).join(', ');
  const ranked = scan.derive(`CASE WHEN jsonb_typeof(${answer}) = 'array' THEN ARRAY[${places}] END`);
  const planned = choices.map((choice) => {
    const value = `${scan.param(choice.value)}::text`;
    const rank = `array_position(${ranked}, ${value})`;
    return {
      count: scan.add(`count(${rank})::int`),
      rankSum: scan.add(`sum(${rank})::int8`),
      firstPlace: scan.add(`count(*) FILTER (WHERE ${ranked}[1] = ${value})::int`),
    };
  });
  return (row) => {
    const ranking: SummaryRankedChoice[] = choices.map((choice, index) => {
      const plan = planned[index] as (typeof planned)[number];
      const ranks = count(row[plan.count]);
      return {
        value: choice.value,
        label: choice.label,
        count: ranks,
        // The division in one step: the closest number to the exact mean.
        meanRank: ranks === 0 ? null : count(row[plan.rankSum]) / ranks,
        firstPlace: count(row[plan.firstPlace]),
      };
    });
    // Array.prototype.sort is stable: equal mean ranks keep the definition's order.
    ranking.sort((a, b) => (a.meanRank ?? Number.POSITIVE_INFINITY) - (b.meanRank ?? Number.POSITIVE_INFINITY));
    return { ranking };
  };
}

/** NPS: the figures of a 0-10 rating, and the score with its three groups. */
function planNps(scan: SummaryScan, answer: string): Reader {
  const value = scan.derive(`CASE WHEN jsonb_typeof(${answer}) = 'number' THEN (${answer})::float8 END`);
  const figures = numberFigures(scan, value, NPS_POINTS);
  const groups = {
    promoters: scan.add(`count(*) FILTER (WHERE ${value} >= 9 AND ${value} <= 10)::int`),
    passives: scan.add(`count(*) FILTER (WHERE ${value} >= 7 AND ${value} < 9)::int`),
    detractors: scan.add(`count(*) FILTER (WHERE ${value} >= 0 AND ${value} < 7)::int`),
  };
  return (row) => {
    const promoters = count(row[groups.promoters]);
    const passives = count(row[groups.passives]);
    const detractors = count(row[groups.detractors]);
    return {
      stats: figures.stats(row),
      distribution: figures.distribution(row),
      nps: { score: npsScore(promoters, passives, detractors), promoters, passives, detractors },
    };
  };
}

/**
 * How many chose Other with some text: read from the jsonb answer (`{ "other": … }`, or such an
 * item in a list). Its 5 latest texts come from their own statement.
 */
function planOtherCount(scan: SummaryScan, answer: string) {
  const text = scan.derive(otherText(answer));
  const column = scan.add(`count(*) FILTER (WHERE btrim(${text}) <> '')::int`);
  return (row: Row) => count(row[column]);
}

/**
 * Adds the aggregates one question needs to the shared statement, and returns how to read its
 * part of the summary from the statement's row. Text samples, countries and Other's texts come
 * from their own statements (they need ordering and grouping, not a single-row aggregate).
 */
export function planQuestion(scan: SummaryScan, question: Question): Reader {
  const withOther = offersOther(question);
  const asText = STRING_TYPES.has(question.type);
  const answer = asText ? scan.answerText(question.code) : scan.answer(question.code);
  // With Other, `{ "other": "" }` and `[{ "other": "" }]` are no answer: read the jsonb, which sees inside.
  const given = withOther ? nonEmptyDeep(scan.answer(question.code)) : asText ? nonEmptyText(answer) : nonEmpty(answer);
  const answered = scan.add(`count(*) FILTER (WHERE ${scan.derive(given)})::int`);
  const otherCount = withOther ? planOtherCount(scan, scan.answer(question.code)) : undefined;
  const base: Reader = (row) => ({
    answered: count(row[answered]),
    ...(otherCount && { other: { count: otherCount(row), samples: [] } }),
  });
  const choiceCounts = (choices: { value: string | boolean; label: string; test: string }[]): Reader => {
    const columns = choices.map((choice) => scan.add(`count(*) FILTER (WHERE ${choice.test})::int`));
    return (row) => ({
      ...base(row),
      choices: choices.map((choice, index) => ({
        value: choice.value,
        label: choice.label,
        count: count(row[columns[index] as string]),
      })),
    });
  };
  const also =
    (reader: Reader): Reader =>
    (row) => ({ ...base(row), ...reader(row) });
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'DROPDOWN': {
      // An Other answer reads as its JSON text (`{"other": …}`), which equals no choice's value.
      const text = scan.derive(answer);
      return choiceCounts(
        (question.typeConfig?.choices ?? []).map((choice) => ({
          ...choice,
          test: `${text} = ${scan.param(choice.value)}::text`,
        })),
      );
    }
    case 'MULTI_CHOICE': {
      // `jsonb_exists` matches string items only: an Other item (an object) is no choice.
      const list = scan.derive(`CASE WHEN jsonb_typeof(${answer}) = 'array' THEN ${answer} END`);
      return choiceCounts(
        (question.typeConfig?.choices ?? []).map((choice) => ({
          ...choice,
          test: `jsonb_exists(${list}, ${scan.param(choice.value)}::text)`,
        })),
      );
    }
    case 'YES_NO':
    case 'CONSENT': {
      // Read as text: JSON true and false are `true` and `false`.
      const flag = scan.derive(`CASE ${answer} WHEN 'true' THEN true WHEN 'false' THEN false END`);
      if (question.type === 'CONSENT') return choiceCounts([{ value: true, label: 'Agreed', test: flag }]);
      return choiceCounts([
        { value: true, label: question.typeConfig?.yesLabel || 'Yes', test: flag },
        { value: false, label: question.typeConfig?.noLabel || 'No', test: `NOT ${flag}` },
      ]);
    }
    case 'RATING':
    case 'NUMBER': {
      const value = scan.derive(`CASE WHEN jsonb_typeof(${answer}) = 'number' THEN (${answer})::float8 END`);
      const points = question.type === 'RATING' ? scalePoints(question.typeConfig ?? {}) : [];
      const figures = numberFigures(scan, value, points);
      return also((row) => ({
        stats: figures.stats(row),
        ...(question.type === 'RATING' && { distribution: figures.distribution(row) }),
      }));
    }
    case 'NPS':
      return also(planNps(scan, answer));
    case 'DATE': {
      // ISO dates order as text; the C collation compares bytes, the fastest and the right order here.
      // LIKE rather than a regular expression: the answers were checked as dates when saved.
      const value = scan.derive(`CASE WHEN ${answer} LIKE '____-__-__%' THEN left(${answer}, 10) COLLATE "C" END`);
      const stats = orderedTextFigures(scan, value);
      return also((row) => ({ stats: stats(row) }));
    }
    case 'TIME': {
      // `HH:mm` orders as text, as DATE does.
      const value = scan.derive(`CASE WHEN ${answer} LIKE '__:__' THEN ${answer} COLLATE "C" END`);
      const stats = orderedTextFigures(scan, value);
      return also((row) => ({ stats: stats(row) }));
    }
    case 'DATE_TIME': {
      // Ordered by instant: each saved string behind a fixed-width key of its instant, cut off when read.
      const value = scan.derive(dateTimeOrderKey(answer));
      const stats = orderedTextFigures(scan, value, (keyed) => keyed.slice(ORDER_KEY_LENGTH));
      return also((row) => ({ stats: stats(row) }));
    }
    case 'MATRIX':
      return also(planMatrix(scan, question, answer));
    case 'RANKING':
      return also(planRanking(scan, question, answer));
    case 'FILE_UPLOAD': {
      const files = `(CASE WHEN jsonb_typeof(${answer}) = 'array' THEN ${answer} END)`;
      const fileCount = scan.derive(`jsonb_array_length(${files})`);
      const bytes = scan.derive(
        `(SELECT sum(CASE WHEN jsonb_typeof(f -> 'size') = 'number' THEN (f -> 'size')::numeric END)
          FROM jsonb_array_elements(${files}) f)`,
      );
      const columns = {
        count: scan.add(`coalesce(sum(${fileCount}), 0)::float8`),
        totalBytes: scan.add(`coalesce(sum(${bytes}), 0)::float8`),
      };
      return also((row) => ({
        files: { count: count(row[columns.count]), totalBytes: count(row[columns.totalBytes]) },
      }));
    }
    default:
      return base;
  }
}

/** Whether a jsonb answer holds a non-blank string anywhere in it (a choice, or Other's text). */
function nonEmptyDeep(answer: string): string {
  return `coalesce(jsonb_path_exists(${answer}, 'lax $.** ? (@.type() == "string" && @ like_regex "\\\\S")'), false)`;
}
