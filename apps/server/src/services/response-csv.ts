import {
  allQuestions,
  type CsvExportQuery,
  type Definition,
  type Question,
  type QuestionType,
  type ResponseFilter,
} from '@forms-engine/schema';
import { ADDRESS_FIELDS, localize } from '@forms-engine/schema/rules';
import { plainText } from '@forms-engine/schema/text';
import { countryName } from '../geocode/countries.ts';
import { csvCell, csvLine } from './csv-format.ts';
import {
  ENDING_HEADER,
  endingWriter,
  type HiddenColumn,
  hiddenCells,
  hiddenColumns,
  hiddenHeaders,
} from './csv-hidden-endings.ts';
import type { Deps } from './deps.ts';
import { csvBatch, type ResponseRow } from './export-sql.ts';
import { findQuestionnaire } from './questionnaires.ts';

const FIXED_COLUMNS = [
  'responseId',
  'externalRef',
  'status',
  'versionNumber',
  'createdAt',
  'updatedAt',
  'completedAt',
  'origin',
  'userAgent',
  'language',
];
const BATCH_SIZE = 500;

type Values = CsvExportQuery['values'];

interface AnswerColumn {
  code: string;
  type: QuestionType;
  prompt: string;
}

/**
 * One column per question code across all versions: the newest version's order first, then
 * codes only older versions had. The newest version decides a code's type and prompt.
 */
export function answerColumns(definitionsNewestFirst: Definition[]): AnswerColumn[] {
  const columns = new Map<string, AnswerColumn>();
  for (const definition of definitionsNewestFirst) {
    for (const question of allQuestions(definition)) {
      if (question.type === 'STATEMENT' || columns.has(question.code)) continue;
      columns.set(question.code, { code: question.code, type: question.type, prompt: question.prompt });
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

const codeHeaders = (column: AnswerColumn, values: Values) =>
  splitsAddress(column, values) ? ADDRESS_FIELDS.map((part) => `${column.code}.${part}`) : [column.code];

/**
 * Answer headers by prompt, as a reader sees it (no markup; the code when there is none). A
 * prompt that another column also has (ignoring case, fixed columns included) gets its code in
 * brackets, so every column stays distinguishable; an address written as saved is one column per part.
 */
export function promptHeaders(columns: AnswerColumn[], values: Values = 'code', taken: string[] = []): string[] {
  const labels = columns.map(
    (column) =>
      plainText(column.prompt ?? '')
        .replace(/\s+/g, ' ')
        .trim() || column.code,
  );
  const seen = new Map<string, number>();
  for (const label of [...FIXED_COLUMNS, ...taken, ...labels]) {
    seen.set(label.toLowerCase(), (seen.get(label.toLowerCase()) ?? 0) + 1);
  }
  return columns.flatMap((column, index) => {
    const label = labels[index] as string;
    const unique = (seen.get(label.toLowerCase()) ?? 0) > 1 ? `${label} [${column.code}]` : label;
    return splitsAddress(column, values)
      ? ADDRESS_FIELDS.map((part) => `${unique} (${ADDRESS_PART_WORDS[part]})`)
      : [unique];
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

const fileNames = (value: unknown) =>
  Array.isArray(value)
    ? value.map((file) => text(isRecord(file) ? (file.fileName ?? file) : file)).join('; ')
    : text(value);

/** Writes one answer as its cells, quoted and comma-separated (an address as saved is six cells). */
type CellWriter = (value: unknown) => string;

/** The answer as saved: values, `true`/`false`, an address in six columns. */
function codeCells(column: AnswerColumn): CellWriter {
  switch (column.type) {
    case 'ADDRESS':
      return (value) => ADDRESS_FIELDS.map((part) => csvCell(isRecord(value) ? text(value[part]) : '')).join(',');
    case 'MULTI_CHOICE':
      return (value) => csvCell(Array.isArray(value) ? value.map(text).join('; ') : text(value));
    case 'FILE_UPLOAD':
      return (value) => csvCell(fileNames(value));
    default:
      return (value) => csvCell(typeof value === 'number' ? value : text(value));
  }
}

/**
 * The answer as a person reads it, in the words of `question` (the version the response is pinned
 * to): choice labels, the yes/no question's labels, Agreed/Not agreed, an address on one line with the
 * country's name. A value the question does not know (a choice no longer offered) is written as saved.
 */
function labelCells(question: Question): CellWriter {
  const asSaved = codeCells(question);
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'DROPDOWN':
    case 'MULTI_CHOICE': {
      const labels = new Map((question.typeConfig?.choices ?? []).map((choice) => [choice.value, choice.label]));
      const label = (value: unknown) => (typeof value === 'string' ? (labels.get(value) ?? value) : text(value));
      return (value) => csvCell(Array.isArray(value) ? value.map(label).join('; ') : label(value));
    }
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

/**
 * How each column's answers are written for a response of each version: as saved, the same for
 * every version; as read, in the words of the response's own version (the newest version that has
 * the code when its own does not).
 */
function cellWriters(columns: AnswerColumn[], versions: VersionDefinition[], values: Values) {
  if (values === 'code') {
    const writers = columns.map(codeCells);
    return () => writers;
  }
  const newest = new Map<string, Question>();
  for (const { definition } of versions) {
    for (const question of allQuestions(definition))
      if (!newest.has(question.code)) newest.set(question.code, question);
  }
  const byVersion = new Map(
    versions.map(({ versionNumber, definition }) => {
      const own = new Map(allQuestions(definition).map((question) => [question.code, question]));
      const writers = columns.map((column) => {
        const question = own.get(column.code) ?? newest.get(column.code);
        return question ? labelCells(question) : codeCells(column);
      });
      return [versionNumber, writers] as const;
    }),
  );
  const fallback = columns.map(codeCells);
  return (versionNumber: number) => byVersion.get(versionNumber) ?? fallback;
}

/** How one response's columns are written (besides its own fields). */
interface RowWriters {
  answers: CellWriter[];
  columns: AnswerColumn[];
  hidden: HiddenColumn[];
  ending: (versionNumber: number, endingId: string | null) => string;
}

/**
 * One CSV line, written as one string: this runs a hundred thousand times an export. The language
 * is written bare: a canonical tag is letters, digits and hyphens, never a formula's first character.
 */
function rowLine(row: ResponseRow, { answers: writers, columns, hidden, ending }: RowWriters): string {
  const { answers } = row;
  let line = `${row.id},${csvCell(row.external_ref ?? '')},${row.status},${row.version_number},${row.created_at},${row.updated_at},${row.completed_at ?? ''},${csvCell(row.origin ?? '')},${csvCell(row.user_agent ?? '')},${row.language}`;
  line += `,${ending(row.version_number, row.ending_id)}${hiddenCells(hidden, row.hidden)}`;
  for (let index = 0; index < columns.length; index++) {
    line += `,${(writers[index] as CellWriter)(answers[(columns[index] as AnswerColumn).code])}`;
  }
  return `${line}\r\n`;
}

interface VersionDefinition {
  versionNumber: number;
  definition: Definition;
}

/**
 * The CSV export as a stream of lines, read in keyset-paginated batches so memory stays
 * constant however many responses there are. Throws NOT_FOUND (or any failure of the first
 * read) before the first line. Filtered by a language, the prompts of `header=prompt` and the
 * words of `values=label` are in that language (each version localized, falling back per string).
 */
export async function responseCsv(
  deps: Deps,
  id: string,
  filter: ResponseFilter,
  options: Partial<Pick<CsvExportQuery, 'header' | 'values'>> = {},
) {
  const { header = 'code', values = 'code' } = options;
  const questionnaire = await findQuestionnaire(deps.prisma, id);
  const versions: VersionDefinition[] = (
    await deps.prisma.questionnaireVersion.findMany({
      where: { questionnaireId: id },
      orderBy: { versionNumber: 'desc' },
      select: { versionNumber: true, definition: true },
    })
  ).map(({ versionNumber, definition }) => ({
    versionNumber,
    definition: filter.language ? localize(definition as Definition, filter.language) : (definition as Definition),
  }));
  const columns = answerColumns(versions.map((version) => version.definition));
  const hidden = hiddenColumns(versions.map((version) => version.definition));
  const ending = endingWriter(versions, header);
  const writersOf = cellWriters(columns, versions, values);
  const batchAfter = (after?: ResponseRow) => csvBatch(deps.sql, questionnaire.id, filter, after, BATCH_SIZE);
  // Read before the first line is sent, so a query that fails is still a problem response.
  const first = await batchAfter();

  async function* lines(): AsyncGenerator<string> {
    const ownHeaders = [ENDING_HEADER[header], ...hiddenHeaders(hidden, header, [...FIXED_COLUMNS, 'Ending'])];
    const answerHeaders =
      header === 'prompt'
        ? promptHeaders(columns, values, ownHeaders)
        : columns.flatMap((column) => codeHeaders(column, values));
    yield csvLine([...FIXED_COLUMNS, ...ownHeaders, ...answerHeaders]);
    for (let batch = first; batch.length > 0; ) {
      // The next batch is read while this one is formatted and sent: Postgres and Node work
      // side by side instead of in turns (a third faster on two cores). At most two in memory.
      const next = batch.length === BATCH_SIZE ? batchAfter(batch.at(-1)) : undefined;
      next?.catch(() => {}); // a failure surfaces at the await below; none if the client left first
      let chunk = '';
      for (const row of batch)
        chunk += rowLine(row, { answers: writersOf(row.version_number), columns, hidden, ending });
      yield chunk;
      if (!next) return;
      batch = await next;
    }
  }

  return { fileName: `responses-${questionnaire.publicId}.csv`, lines: lines() };
}
