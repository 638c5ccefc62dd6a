import type { Definition, FileReference, Question } from '@forms-engine/schema';
import { ADDRESS_FIELDS } from '@forms-engine/schema/rules';
import { otherName } from '../../definition-words/index.ts';
import { dateTimeWords } from '../../results/moment-words.ts';

/** A question with where it sits (step and tab titles), in the definition's order. */
export interface PlacedQuestion {
  question: Question;
  place: string;
}

const titled = (title: string, fallback: string) => title.trim() || fallback;

/** Every question of a definition, whichever layout it uses (steps, tabs or plain questions). */
export function placedQuestions(definition: Definition): PlacedQuestion[] {
  const placed: PlacedQuestion[] = [];
  const add = (questions: Question[], place: string) => {
    for (const question of questions) placed.push({ question, place });
  };
  definition.steps.forEach((step, s) => {
    const stepTitle = titled(step.title, `Step ${s + 1}`);
    add(step.questions, stepTitle);
    step.tabs.forEach((tab, t) => {
      add(tab.questions, `${stepTitle} › ${titled(tab.title, `Tab ${t + 1}`)}`);
    });
  });
  definition.tabs.forEach((tab, t) => {
    add(tab.questions, titled(tab.title, `Tab ${t + 1}`));
  });
  add(definition.questions, '');
  return placed;
}

export function isFileList(value: unknown): value is FileReference[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'fileId' in item && 'fileName' in item)
  );
}

/** The text typed for "Other" when `value` is `{ other }`, else undefined. */
function otherText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('other' in value)) return undefined;
  return String(value.other ?? '').trim();
}

/**
 * An answer as text, the way a person reads it: choice labels and yes/no labels where the question
 * has them, "Other: …" for the text typed for Other (by the builder's label for it, if any), a grid
 * as "Speed: Good; Price: Bad", a ranking as "1. A, 2. B", a date and time as the respondent's wall
 * clock with its offset named, a time as "14:05".
 */
export function answerText(question: Question | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value) && value.length === 0) return '—';
  const labelOf = (choice: unknown) => {
    const other = otherText(choice);
    if (other !== undefined) return `${otherName(question)}: ${other}`;
    if (question && 'choices' in question.typeConfig) {
      const found = question.typeConfig.choices.find((c) => c.value === choice);
      if (found) return found.label;
    }
    return String(choice);
  };
  if (question?.type === 'MATRIX' && typeof value === 'object' && !Array.isArray(value)) {
    return matrixText(question.typeConfig, value as Record<string, unknown>);
  }
  if (question?.type === 'RANKING' && Array.isArray(value)) {
    return value.map((choice, index) => `${index + 1}. ${labelOf(choice)}`).join(', ');
  }
  if (question?.type === 'DATE_TIME' && typeof value === 'string') return dateTimeWords(value);
  if (typeof value === 'boolean') {
    if (question?.type === 'YES_NO') {
      return value ? question.typeConfig.yesLabel || 'Yes' : question.typeConfig.noLabel || 'No';
    }
    if (question?.type === 'CONSENT') return value ? 'Agreed' : 'Not agreed';
    return value ? 'Yes' : 'No';
  }
  if (Array.isArray(value)) return value.map(labelOf).join(', ');
  if (typeof value === 'object') {
    const other = otherText(value);
    if (other !== undefined) return `${otherName(question)}: ${other}`;
    const address = value as Record<string, unknown>;
    if ('line1' in address) {
      return ADDRESS_FIELDS.map((key) => address[key])
        .filter((part) => typeof part === 'string' && part.trim())
        .join(', ');
    }
    return JSON.stringify(value);
  }
  return labelOf(value);
}

/** A grid row by row in the definition's order ("Speed: Good; Price: Bad"); rows left blank are left out. */
function matrixText(
  config: Extract<Question, { type: 'MATRIX' }>['typeConfig'],
  cells: Record<string, unknown>,
): string {
  const columnLabel = (column: unknown) => config.columns.find((c) => c.value === column)?.label ?? String(column);
  const known = new Set(config.rows.map((row) => row.value));
  // A row the definition no longer has (an answer to an older version) still shows, by its value.
  const rows = [
    ...config.rows,
    ...Object.keys(cells)
      .filter((value) => !known.has(value))
      .map((value) => ({ value, label: value })),
  ];
  const text = rows
    .map((row) => {
      const cell = cells[row.value];
      const chosen = (
        Array.isArray(cell) ? cell : cell === undefined || cell === null || cell === '' ? [] : [cell]
      ).map(columnLabel);
      return chosen.length > 0 ? `${row.label}: ${chosen.join(', ')}` : '';
    })
    .filter(Boolean)
    .join('; ');
  return text || '—';
}
