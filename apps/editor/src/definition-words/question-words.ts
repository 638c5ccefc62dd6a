import type { Question, Step, Tab } from '@forms-engine/schema/rules';
import { plainText } from '@forms-engine/schema/text';
import { QUESTION_TYPE_LABELS, QUESTION_WIDTH_LABELS } from '../features/draft/question-types.ts';

/**
 * How the editor names the parts of a definition to a person: questions by their prompts
 * (markup stripped), types and widths by their names, steps and tabs by their titles. Never by
 * codes, ids or type constants.
 */

/** Curly quotes around a name a person wrote, so it reads as a name inside a sentence. */
export const quoted = (text: string) => `“${text}”`;

/** One line of readable text: markup stripped, runs of white space (line breaks too) made one space. */
export const oneLine = (text: string) => plainText(text).replace(/\s+/g, ' ').trim();

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** A `YYYY-MM-DD` date as a person writes it ("1 March 2026"); anything else quoted as it is. */
export function dateWords(value: string): string {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(time) ? quoted(value) : LONG_DATE.format(time);
}

/** What the editor calls a question type ("Short text"); an unknown type (a newer definition) keeps its value. */
export const typeName = (type: string): string =>
  QUESTION_TYPE_LABELS[type as keyof typeof QUESTION_TYPE_LABELS] ?? type.toLowerCase().replaceAll('_', ' ');

/** What the editor calls a width ("Half"). */
export const widthName = (width: string): string =>
  QUESTION_WIDTH_LABELS[width as keyof typeof QUESTION_WIDTH_LABELS] ?? width.toLowerCase().replaceAll('_', ' ');

/** A question by its prompt; one without a prompt by its type, so it is still recognisable. */
export function questionName(question: Pick<Question, 'prompt' | 'type'>): string {
  return oneLine(question.prompt ?? '') || `Untitled question (${typeName(question.type)})`;
}

/** A step or a tab by its title; an untitled one by its kind and place ("Step 2"). */
export function sectionName(section: Pick<Step | Tab, 'title'>, kind: 'Step' | 'Tab', index: number): string {
  return oneLine(section.title ?? '') || `${kind} ${index + 1} (untitled)`;
}

/** The parts of an address answer, as a form labels them. */
export const ADDRESS_PART_NAMES: Record<string, string> = {
  line1: 'street',
  line2: 'second address line',
  city: 'city',
  state: 'state or region',
  postalCode: 'postal code',
  country: 'country',
};
