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
