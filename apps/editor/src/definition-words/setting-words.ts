import { FILE_KINDS, fileTypeOf } from '@forms-engine/schema/rules';
import { dateWords, oneLine, quoted } from './question-words.ts';

/** What a type setting is called on screen; min and max depend on what they bound. */
export function settingName(key: string, type: string): string {
  const bound = type === 'DATE' ? 'date' : type === 'RATING' ? 'rating' : 'number';
  const moment = type === 'DATE_TIME' ? 'date and time' : type === 'TIME' ? 'time' : undefined;
  const names: Record<string, string> = {
    placeholder: 'Placeholder',
    minLength: 'Fewest characters',
    maxLength: 'Most characters',
    min: type === 'DATE' ? 'Earliest date' : moment ? `Earliest ${moment}` : `Lowest ${bound}`,
    max: type === 'DATE' ? 'Latest date' : moment ? `Latest ${moment}` : `Highest ${bound}`,
    step: 'Step',
    unit: 'Unit',
    choices: 'Choices',
    minSelected: 'Fewest choices to pick',
    maxSelected: 'Most choices to pick',
    yesLabel: 'Label for yes',
    noLabel: 'Label for no',
    minLabel: type === 'NPS' ? 'Label under 0' : 'Label at the lowest rating',
    maxLabel: type === 'NPS' ? 'Label under 10' : 'Label at the highest rating',
    rows: 'Rows',
    columns: 'Columns',
    multiple: 'Several answers per row (checkboxes)',
    shuffle: type === 'MATRIX' ? 'Order of the rows' : 'Order of the choices',
    allowOther: 'Offer “Other (please specify)”',
    otherLabel: 'Label of “Other”',
    rankCount: 'Rank only the top …',
    stepMinutes: 'Minutes between times',
    acceptedContentTypes: 'Accepted file types',
    maxFiles: 'Most files',
    allowedCountries: 'Allowed countries',
    suggestions: 'Address suggestions',
    label: 'Consent text',
    body: 'Text',
  };
  // A setting added after this editor was written: "someNewKey" reads "Some new key".
  return names[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}

/**
 * An accepted file type as a builder thinks of it: "PDF document (.pdf)", a wildcard by its name
 * ("Any image"), a content type this editor does not know as itself.
 */
export function fileTypeName(contentType: string): string {
  const kind = FILE_KINDS[contentType.toLowerCase()];
  if (kind) return kind;
  const known = fileTypeOf(contentType);
  return known ? `${known.name} (${known.extensions.join(', ')})` : contentType;
}

/** The orders a list can be shown in, as the builder picks them. */
export const SHUFFLE_WORDS: Record<string, string> = {
  NONE: 'Keep the order',
  ALL: 'Shuffle for each respondent',
  ALL_BUT_LAST: 'Shuffle, keep the last one last',
};

/** A sentence under a setting's field saying what it does, for the settings that need one. */
export function settingHint(key: string, type: string): string | undefined {
  const hints: Record<string, string> = {
    shuffle: `Each respondent gets their own order, kept from their first view (a reload or Back shows the same). Keep the last one last for “None of these” or “Other”.`,
    otherLabel: 'Left empty, respondents read “Other” in their own language.',
    allowOther: 'Respondents who choose it type their own answer.',
    rankCount: 'Empty: every choice is ranked.',
    stepMinutes: 'Counted from the earliest time, or from midnight.',
  };
  if (type === 'NPS' && key === 'minLabel') return 'For example “Not at all likely”.';
  if (type === 'NPS' && key === 'maxLabel') return 'For example “Extremely likely”.';
  return hints[key];
}

/** A moment of a date-and-time question in words: "1 December 2026 at 09:30 (UTC+01:00)". */
function dateTimeWords(value: string): string {
  const offset = value.slice(16);
  return `${dateWords(value.slice(0, 10))} at ${value.slice(11, 16)}${offset ? ` (UTC${offset})` : ''}`;
}

/** A setting's value in words: "Not set", "On", a list, a date, or the text without markup. */
export function settingValue(key: string, type: string, value: unknown): string {
  if (key === 'shuffle' && (value === undefined || typeof value === 'string'))
    return SHUFFLE_WORDS[value ?? 'NONE'] ?? String(value);
  if (key === 'rankCount' && value === undefined) return 'Every choice';
  // Absent is off: choice questions without “Other” keep their shape (no `allowOther: false` written).
  if ((key === 'allowOther' || key === 'multiple') && value === undefined) return 'Off';
  if (key === 'acceptedContentTypes' && (value === undefined || (Array.isArray(value) && value.length === 0)))
    return 'Any file';
  if (value === undefined || value === null || value === '') return 'Not set';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && key === 'acceptedContentTypes')
    return value.map((item) => fileTypeName(String(item))).join(', ');
  // Rows, columns and choices by their labels.
  if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item && 'label' in item))
    return value.length === 0
      ? 'Not set'
      : value.map((item) => quoted(oneLine(String(item.label)) || String(item.value))).join(', ');
  if (Array.isArray(value)) return value.length === 0 ? 'Not set' : value.map(String).join(', ');
  if (typeof value === 'string') {
    if (type === 'DATE' && (key === 'min' || key === 'max')) return dateWords(value);
    if (type === 'DATE_TIME' && (key === 'min' || key === 'max')) return dateTimeWords(value);
    if (type === 'TIME' && (key === 'min' || key === 'max')) return value;
    return oneLine(value) ? quoted(oneLine(value)) : 'Not set';
  }
  return 'Set';
}
