import {
  allQuestions,
  type CsvExportQuery,
  type Definition,
  type Question,
  type QuestionType,
} from '@forms-engine/schema';
import { ADDRESS_FIELDS } from '@forms-engine/schema/rules';
import { plainText } from '@forms-engine/schema/text';
import { countryName } from '../geocode/countries.ts';
import { csvCell } from './csv-format.ts';

/**
 * The CSV's answer columns: which columns each question code gets, their headers (by code or by
 * prompt) and how an answer becomes those cells, as saved or as a person reads it. One branch per
 * type that spreads over several columns: an address, a grid (a column per row), a ranking (a
 * column per rank), a choice with Other (its text in a column of its own).
 */

export type Values = CsvExportQuery['values'];

interface Labelled {
  value: string;
  label: string;
}

export interface AnswerColumn {
  code: string;
  type: QuestionType;
  prompt: string;
  /** MATRIX: the rows of every version (the newest's order first, then rows only older ones had). */
  rows?: Labelled[];
  /** RANKING: the most ranks any version asks for (`rankCount`, or every choice). */
  ranks?: number;
  /** A choice question that offered Other in some version: the typed text gets a column of its own. */
  other?: boolean;
}

/** What one version's question adds to its code's column (rows, ranks, Other), when it has the column's type. */
function widen(column: AnswerColumn, question: Question) {
  if (question.type !== column.type) return;
  if (question.type === 'MATRIX') {
    column.rows ??= [];
    const { rows } = column;
    for (const row of question.typeConfig?.rows ?? []) {
      if (!rows.some((known) => known.value === row.value)) rows.push({ value: row.value, label: row.label });
    }
  } else if (question.type === 'RANKING') {
    const choices = question.typeConfig?.choices?.length ?? 0;
    column.ranks = Math.max(column.ranks ?? 0, Math.min(question.typeConfig?.rankCount ?? choices, choices));
  } else if (
    (question.type === 'SINGLE_CHOICE' || question.type === 'DROPDOWN' || question.type === 'MULTI_CHOICE') &&
    question.typeConfig?.allowOther === true
  ) {
    column.other = true;
  }
}

/**
 * One column per question code across all versions: the newest version's order first, then
 * codes only older versions had. The newest version decides a code's type and prompt; every
 * version of that type adds its grid rows, ranks and Other.
 */
export function answerColumns(definitionsNewestFirst: Definition[]): AnswerColumn[] {
  const columns = new Map<string, AnswerColumn>();
  for (const definition of definitionsNewestFirst) {
    for (const question of allQuestions(definition)) {
      if (question.type === 'STATEMENT') continue;
      let column = columns.get(question.code);
      if (!column) {
        column = { code: question.code, type: question.type, prompt: question.prompt };
        columns.set(question.code, column);
      }
      widen(column, question);
    }
  }
  return [...columns.values()];
}

const ADDRESS_PART_WORDS: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  line1: 'line 1',
  line2: 'line 2',
  city: 'city',
  state: 'state',
  postalCode: 'postal code',
  country: 'country',
};

/** An address is six columns of its parts when written as saved, one line when written as read. */
const splitsAddress = (column: AnswerColumn, values: Values) => column.type === 'ADDRESS' && values === 'code';

const rankNumbers = (column: AnswerColumn) => Array.from({ length: column.ranks ?? 0 }, (_, index) => index + 1);

/**
 * The headers of one code's columns: `code`, or its parts as `code.<part>`, `code.<row value>`,
 * `code.<rank>`, `code.other`; by prompt, `label` is the column's words and each part is told after a dash.
 */
function headersOf(column: AnswerColumn, values: Values, label: string, byPrompt: boolean): string[] {
  if (splitsAddress(column, values)) {
    return ADDRESS_FIELDS.map((part) => (byPrompt ? `${label} (${ADDRESS_PART_WORDS[part]})` : `${label}.${part}`));
  }
  if (column.type === 'MATRIX') {
    return (column.rows ?? []).map((row) =>
      byPrompt ? `${label} — ${row.label.trim() || row.value}` : `${label}.${row.value}`,
    );
  }
  if (column.type === 'RANKING')
    return rankNumbers(column).map((rank) => (byPrompt ? `${label} — rank ${rank}` : `${label}.${rank}`));
  if (column.other) return [label, byPrompt ? `${label} — Other` : `${label}.other`];
  return [label];
}

export const codeHeaders = (column: AnswerColumn, values: Values) => headersOf(column, values, column.code, false);

/**
 * Answer headers by prompt, as a reader sees it (no markup; the code when there is none). A
 * prompt that another column also has (ignoring case, `taken` included: the fixed columns) gets its code in
 * brackets, so every column stays distinguishable; a column of several parts names each part after it.
 */
export function promptHeaders(columns: AnswerColumn[], values: Values = 'code', taken: string[] = []): string[] {
  const labels = columns.map(
    (column) =>
      plainText(column.prompt ?? '')
        .replace(/\s+/g, ' ')
        .trim() || column.code,
  );
  const seen = new Map<string, number>();
  for (const label of [...taken, ...labels]) {
    seen.set(label.toLowerCase(), (seen.get(label.toLowerCase()) ?? 0) + 1);
  }
  return columns.flatMap((column, index) => {
    const label = labels[index] as string;
    const unique = (seen.get(label.toLowerCase()) ?? 0) > 1 ? `${label} [${column.code}]` : label;
    return headersOf(column, values, unique, true);
  });
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ "other": "…" }`, the Other answer of a choice question. */
const isOther = (value: unknown): value is { other: unknown } => isRecord(value) && 'other' in value;

const fileNames = (value: unknown) =>
  Array.isArray(value)
    ? value.map((file) => text(isRecord(file) ? (file.fileName ?? file) : file)).join('; ')
    : text(value);

/** Writes one answer as its cells, quoted and comma-separated (an address as saved is six cells). */
export type CellWriter = (value: unknown) => string;

/** How a value is written in a cell: as saved, or by its label. */
type Word = (value: unknown) => string;

/** Values joined with "; " (a list), or the one value. */
const joined = (value: unknown, word: Word) => (Array.isArray(value) ? value.map(word).join('; ') : word(value));

/** A grid: one cell per row, the column (or columns, joined) chosen in it. */
const gridCells =
  (column: AnswerColumn, word: Word): CellWriter =>
  (value) =>
    (column.rows ?? []).map((row) => csvCell(isRecord(value) ? joined(value[row.value], word) : '')).join(',');

/** A ranking: one cell per rank, the choice ranked there. */
const rankCells =
  (column: AnswerColumn, word: Word): CellWriter =>
  (value) =>
    rankNumbers(column)
      .map((rank) => csvCell(Array.isArray(value) && value[rank - 1] !== undefined ? word(value[rank - 1]) : ''))
      .join(',');

/** A choice with Other: the chosen values in the first cell, what was typed for Other in the second. */
const choiceCellsWithOther =
  (word: Word): CellWriter =>
  (value) => {
    const items = Array.isArray(value) ? value : [value];
    const other = items.find(isOther);
    const chosen = items.filter((item) => !isOther(item) && item !== undefined);
    return `${csvCell(chosen.map(word).join('; '))},${csvCell(other ? text(other.other) : '')}`;
  };

/** The answer as saved: values, `true`/`false`, an address in six columns. */
export function codeCells(column: AnswerColumn): CellWriter {
  if (column.other) return choiceCellsWithOther(text);
  switch (column.type) {
    case 'ADDRESS':
      return (value) => ADDRESS_FIELDS.map((part) => csvCell(isRecord(value) ? text(value[part]) : '')).join(',');
    case 'MULTI_CHOICE':
      return (value) => csvCell(joined(value, text));
    case 'FILE_UPLOAD':
      return (value) => csvCell(fileNames(value));
    case 'MATRIX':
      return gridCells(column, text);
    case 'RANKING':
      return rankCells(column, text);
    default:
      return (value) => csvCell(typeof value === 'number' ? value : text(value));
  }
}

/** A value by its label in `list`; a value the list does not have is written as saved. */
function labelWord(list: readonly Labelled[] | undefined): Word {
  const labels = new Map((list ?? []).map((item) => [item.value, item.label]));
  return (value) => (typeof value === 'string' ? (labels.get(value) ?? value) : text(value));
}

/**
 * The answer as a person reads it, in the words of `question` (the version the response is pinned
 * to), laid out as `column`: choice labels, the yes/no question's labels, Agreed/Not agreed, an address on
 * one line with the country's name, a grid's column labels, a ranking's choice labels. A value the
 * question does not know (a choice no longer offered) is written as saved.
 */
export function labelCells(question: Question | undefined, column: AnswerColumn): CellWriter {
  // Laid out as the column is: an address read is one cell, whatever shape the answer has.
  const asSaved: CellWriter = column.type === 'ADDRESS' ? (value) => csvCell(text(value)) : codeCells(column);
  if (question?.type !== column.type) return asSaved;
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'DROPDOWN':
    case 'MULTI_CHOICE': {
      const word = labelWord(question.typeConfig?.choices);
      return column.other ? choiceCellsWithOther(word) : (value) => csvCell(joined(value, word));
    }
    case 'MATRIX':
      return gridCells(column, labelWord(question.typeConfig?.columns));
    case 'RANKING':
      return rankCells(column, labelWord(question.typeConfig?.choices));
    case 'YES_NO': {
      const yes = question.typeConfig?.yesLabel || 'Yes';
      const no = question.typeConfig?.noLabel || 'No';
      return (value) => (typeof value === 'boolean' ? csvCell(value ? yes : no) : asSaved(value));
    }
    case 'CONSENT':
      return (value) => (typeof value === 'boolean' ? csvCell(value ? 'Agreed' : 'Not agreed') : asSaved(value));
    case 'ADDRESS':
      return (value) =>
        isRecord(value)
          ? csvCell(
              ADDRESS_FIELDS.map((part) => {
                const saved = typeof value[part] === 'string' ? value[part].trim() : '';
                return part === 'country' && /^[A-Z]{2}$/.test(saved) ? countryName(saved) : saved;
              })
                .filter(Boolean)
                .join(', '),
            )
          : csvCell(text(value)); // one cell, as its header is one column
    default:
      return asSaved;
  }
}
