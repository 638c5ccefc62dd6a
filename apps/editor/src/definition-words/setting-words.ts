import { FILE_KINDS, fileTypeOf } from '@forms-engine/schema/rules';
import { dateWords, oneLine, quoted } from './question-words.ts';

/** What a type setting is called on screen; min and max depend on what they bound. */
export function settingName(key: string, type: string): string {
  const bound = type === 'DATE' ? 'date' : type === 'RATING' ? 'rating' : 'number';
  const names: Record<string, string> = {
    placeholder: 'Placeholder',
    minLength: 'Fewest characters',
    maxLength: 'Most characters',
    min: type === 'DATE' ? 'Earliest date' : `Lowest ${bound}`,
    max: type === 'DATE' ? 'Latest date' : `Highest ${bound}`,
    step: 'Step',
    unit: 'Unit',
    choices: 'Choices',
    minSelected: 'Fewest choices to pick',
    maxSelected: 'Most choices to pick',
    yesLabel: 'Label for yes',
    noLabel: 'Label for no',
    minLabel: 'Label at the lowest rating',
    maxLabel: 'Label at the highest rating',
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

/** A setting's value in words: "Not set", "On", a list, a date, or the text without markup. */
export function settingValue(key: string, type: string, value: unknown): string {
  if (key === 'acceptedContentTypes' && (value === undefined || (Array.isArray(value) && value.length === 0)))
    return 'Any file';
  if (value === undefined || value === null || value === '') return 'Not set';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && key === 'acceptedContentTypes')
    return value.map((item) => fileTypeName(String(item))).join(', ');
  if (Array.isArray(value)) return value.length === 0 ? 'Not set' : value.map(String).join(', ');
  if (typeof value === 'string') {
    if (type === 'DATE' && (key === 'min' || key === 'max')) return dateWords(value);
    return oneLine(value) ? quoted(oneLine(value)) : 'Not set';
  }
  return 'Set';
}
