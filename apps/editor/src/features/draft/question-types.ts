import type { QUESTION_WIDTHS, QuestionTypeName } from '@forms-engine/schema/rules';

/** What the editor calls each question type; the API's names stay the option values. */
export const QUESTION_TYPE_LABELS: Record<QuestionTypeName, string> = {
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
};

/** What the editor calls each width a question can take in a row. */
export const QUESTION_WIDTH_LABELS: Record<(typeof QUESTION_WIDTHS)[number], string> = {
  FULL: 'Full row',
  HALF: 'Half',
  THIRD: 'Third',
  TWO_THIRDS: 'Two thirds',
};
