import type { AddressField, Question, Step, Tab } from '@forms-engine/schema/rules';
import { plainText } from '@forms-engine/schema/text';
import { typeName } from './type-names.ts';

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

/** A question by its prompt; one without a prompt by its type, so it is still recognisable. */
export function questionName(question: Pick<Question, 'prompt' | 'type'>): string {
  return oneLine(question.prompt ?? '') || `Untitled question (${typeName(question.type)})`;
}

/** A step or a tab by its title; an untitled one by its kind and place ("Step 2"). */
export function sectionName(section: Pick<Step | Tab, 'title'>, kind: 'Step' | 'Tab', index: number): string {
  return oneLine(section.title ?? '') || `${kind} ${index + 1} (untitled)`;
}

/** An ending by its title; an untitled one by its place ("Ending 2"), or as untitled. */
export function endingName(ending: { title: string }, index?: number): string {
  return oneLine(ending.title ?? '') || (index === undefined ? 'Untitled ending' : `Ending ${index + 1} (untitled)`);
}

/**
 * The ending a response recorded, by its title in `endings` (its pinned version's, or the latest
 * one's); one that is not there (removed since) said so; none: a dash.
 */
export function recordedEnding(
  endingId: string | undefined,
  endings: readonly { id: string; title: string }[] = [],
): string {
  if (!endingId) return '—';
  const index = endings.findIndex((ending) => ending.id === endingId);
  const ending = endings[index];
  return ending ? endingName(ending, index) : 'An ending no longer in the questionnaire';
}

/** The parts of an address answer (the schema's `ADDRESS_FIELDS`), as a form labels them. */
export const ADDRESS_PART_NAMES: Record<AddressField, string> = {
  line1: 'street',
  line2: 'second address line',
  city: 'city',
  state: 'state or region',
  postalCode: 'postal code',
  country: 'country',
};

/** A part of an address by name ("postal code"); an unknown part (a newer definition) as "part". */
export const addressPartName = (part: string): string => ADDRESS_PART_NAMES[part as AddressField] ?? 'part';
