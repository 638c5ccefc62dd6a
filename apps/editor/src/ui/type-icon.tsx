import type { QuestionTypeName } from '@forms-engine/schema/rules';

/**
 * A small picture of each question type for "Add question": a glyph that fonts everywhere carry,
 * so nothing is fetched. Decorative: the type's name beside it says what it is.
 */
const GLYPHS: Record<QuestionTypeName, string> = {
  SHORT_TEXT: 'Aa',
  LONG_TEXT: '¶',
  NUMBER: '#',
  EMAIL: '@',
  PHONE: '+1',
  URL: '://',
  DATE: '31',
  SINGLE_CHOICE: '◉',
  MULTI_CHOICE: '☑',
  DROPDOWN: '▾',
  YES_NO: 'Y/N',
  RATING: '★',
  FILE_UPLOAD: '⇪',
  ADDRESS: '⌂',
  CONSENT: '✓',
  STATEMENT: 'i',
  MATRIX: '▦',
  RANKING: '1-2',
  NPS: '0-10',
  DATE_TIME: '31:',
  TIME: '◷',
};

export function TypeIcon({ type }: { type: QuestionTypeName }) {
  return (
    <span className="type-icon" aria-hidden="true">
      {GLYPHS[type] ?? '?'}
    </span>
  );
}
