import type { QuestionTypeName, QuestionWidth } from '@forms-engine/schema/rules';

/** What the editor calls each question type; the API's names stay the option values. */
const QUESTION_TYPE_LABELS: Record<QuestionTypeName, string> = {
  SHORT_TEXT: 'Short text',
  LONG_TEXT: 'Long text',
  NUMBER: 'Number',
  EMAIL: 'Email',
  PHONE: 'Phone',
  URL: 'URL',
  DATE: 'Date',
  SINGLE_CHOICE: 'Single choice',
  MULTI_CHOICE: 'Multiple choice',
  DROPDOWN: 'Dropdown',
  YES_NO: 'Yes / no',
  RATING: 'Rating',
  FILE_UPLOAD: 'File upload',
  ADDRESS: 'Address',
  CONSENT: 'Consent',
  STATEMENT: 'Statement (no answer)',
  MATRIX: 'Grid (matrix)',
  RANKING: 'Ranking',
  NPS: 'Net Promoter Score',
  DATE_TIME: 'Date and time',
  TIME: 'Time',
};

/** One line under each type's name in "Add question": what a respondent gives. */
const QUESTION_TYPE_DESCRIPTIONS: Record<QuestionTypeName, string> = {
  SHORT_TEXT: 'One line of text, such as a name.',
  LONG_TEXT: 'Several lines of text, for comments.',
  NUMBER: 'A number, with limits and a unit if you like.',
  EMAIL: 'An email address, checked as one.',
  PHONE: 'A phone number.',
  URL: 'A web address.',
  DATE: 'A day from a calendar.',
  SINGLE_CHOICE: 'One choice from a list shown in full.',
  MULTI_CHOICE: 'Any number of choices from a list.',
  DROPDOWN: 'One choice from a list that opens.',
  YES_NO: 'Yes or no.',
  RATING: 'A score on a scale, such as 1 to 5.',
  FILE_UPLOAD: 'One or more files.',
  ADDRESS: 'A postal address, with suggestions.',
  CONSENT: 'A box to tick to agree.',
  STATEMENT: 'Text to read, with nothing to answer.',
  MATRIX: 'Several statements, each answered on the same scale of columns.',
  RANKING: 'Choices put in order of preference.',
  NPS: 'How likely to recommend you, from 0 to 10.',
  DATE_TIME: 'A day and a time, in the respondent’s time zone.',
  TIME: 'A time of day.',
};

/** What a question of the type asks for, in one line; an unknown type has none. */
export const typeDescription = (type: string): string => QUESTION_TYPE_DESCRIPTIONS[type as QuestionTypeName] ?? '';

/** What the editor calls each width a question can take in a row. */
const QUESTION_WIDTH_LABELS: Record<QuestionWidth, string> = {
  FULL: 'Full row',
  HALF: 'Half',
  THIRD: 'Third',
  TWO_THIRDS: 'Two thirds',
};

/** What the editor calls a question type ("Short text"); an unknown type (a newer definition) keeps its value. */
export const typeName = (type: string): string =>
  QUESTION_TYPE_LABELS[type as QuestionTypeName] ?? type.toLowerCase().replaceAll('_', ' ');

/** What the editor calls a width ("Half"); an unknown width keeps its value. */
export const widthName = (width: string): string =>
  QUESTION_WIDTH_LABELS[width as QuestionWidth] ?? width.toLowerCase().replaceAll('_', ' ');
