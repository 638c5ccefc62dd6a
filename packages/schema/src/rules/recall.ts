import type { Address, Choice, FileReference, Question } from './model';
import { instantOfDateTime, minutesOfTime } from './moments';
import { ADDRESS_FIELDS } from './vocabulary';

/**
 * Recall tokens: `{{code}}` names an earlier answer, `{{hidden.key}}` a hidden field, and either may
 * carry a fallback after `|` (`{{ q_name | there }}`; spaces inside the braces do not matter, the
 * fallback is any text without `}`). Everything that shows a text to a respondent fills its tokens
 * here, so the embed, the editor's preview and the server's checks read one grammar.
 */

export interface RecallToken {
  /** The token as written, braces included. */
  raw: string;
  source: 'ANSWER' | 'HIDDEN_FIELD';
  /** The question code, or the hidden field's key. */
  name: string;
  /** What shows when the answer or value is empty. */
  fallback: string;
}

/** `{{` up to the first `}}`, with no `}` in between. */
const TOKEN = /\{\{([^}]*)\}\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const HIDDEN_PREFIX = 'hidden.';

/** One token's parts; undefined when what is between the braces names nothing (`{{ 1 }}`, `{{}}`). */
export function parseRecallToken(raw: string): RecallToken | undefined {
  const inner = raw.slice(2, -2);
  const bar = inner.indexOf('|');
  const name = (bar < 0 ? inner : inner.slice(0, bar)).trim();
  const fallback = bar < 0 ? '' : inner.slice(bar + 1).trim();
  const hidden = name.startsWith(HIDDEN_PREFIX);
  const bare = hidden ? name.slice(HIDDEN_PREFIX.length) : name;
  if (!NAME.test(bare)) return undefined;
  return { raw, source: hidden ? 'HIDDEN_FIELD' : 'ANSWER', name: bare, fallback };
}

/** Every `{{…}}` of a text, in order: the tokens, and what was written between braces but names nothing. */
export function recallTokensOf(text: string): { tokens: RecallToken[]; malformed: string[] } {
  const tokens: RecallToken[] = [];
  const malformed: string[] = [];
  if (!text.includes('{{')) return { tokens, malformed };
  for (const match of text.matchAll(TOKEN)) {
    const token = parseRecallToken(match[0]);
    if (token) tokens.push(token);
    else malformed.push(match[0]);
  }
  return { tokens, malformed };
}

/** True when the text holds a token, so a renderer can skip the work for plain texts. */
export const hasRecall = (text: string | undefined): boolean => !!text && text.includes('{{');

/**
 * The text with each token replaced by `recalled(token)`, or its fallback when that is empty.
 * `escape` is applied to the recalled value and the fallback alone (never to the builder's text):
 * the rich-text escape for Markdown texts, `encodeURIComponent` for a redirect URL.
 */
export function fillRecall(
  text: string,
  recalled: (token: RecallToken) => string | undefined,
  escapeValue: (value: string) => string = (value) => value,
): string {
  if (!text.includes('{{')) return text;
  return text.replace(TOKEN, (raw) => {
    const token = parseRecallToken(raw);
    if (!token) return raw;
    const value = recalled(token);
    return escapeValue(value ? value : token.fallback);
  });
}

/**
 * A recalled value made literal for the rich-text subset (`@forms-engine/schema/text`): every
 * character it could read as markup is escaped, so `[x](javascript:…)` or `**` in an answer shows as typed.
 */
export function escapeRichText(value: string): string {
  return value.replace(/[\\*_[\]()]/g, (char) => `\\${char}`);
}

/** The words a recalled answer needs beyond the question's own: the respondent's yes and no. */
export interface RecallWords {
  /** The language the respondent reads (BCP 47), for numbers, dates and country names. */
  language: string;
  yes: string;
  no: string;
}

function intl<T>(make: (language: string) => T, language: string): T {
  try {
    return make(language);
  } catch {
    return make('en');
  }
}

const labelOf = (choices: readonly Choice[], value: unknown) =>
  choices.find((choice) => choice.value === value)?.label ?? String(value);

function formatDate(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return intl((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }), language).format(date);
}

/** A DATE_TIME answer as the respondent chose it: their wall-clock date and time, not converted. */
function formatDateTime(value: string, language: string): string {
  const instant = instantOfDateTime(value);
  if (instant === undefined) return value;
  const wallClock = Date.parse(`${value.slice(0, 16)}Z`);
  return intl(
    (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
    language,
  ).format(wallClock);
}

function formatTime(value: string, language: string): string {
  const minutes = minutesOfTime(value);
  if (minutes === undefined) return value;
  return intl((tag) => new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: 'UTC' }), language).format(
    minutes * 60_000,
  );
}

/** A choice value or `{ other }` as read: the label, or the text typed for Other. */
function choiceWords(choices: readonly Choice[], value: unknown): string {
  if (typeof value === 'object' && value !== null && 'other' in value) return String(value.other ?? '').trim();
  return labelOf(choices, value);
}

function formatAddress(address: Partial<Address>, language: string): string {
  const countries = intl((tag) => new Intl.DisplayNames([tag], { type: 'region' }), language);
  return ADDRESS_FIELDS.map((field) => {
    const part = address[field];
    if (typeof part !== 'string' || !part.trim()) return '';
    if (field !== 'country') return part.trim();
    try {
      return countries.of(part) ?? part;
    } catch {
      return part;
    }
  })
    .filter(Boolean)
    .join(', ');
}

/**
 * An answer as a person reads it, for recall: a choice's label (pass the question localized into the
 * respondent's language) or the text typed for Other, several (or a ranking, in rank order) joined
 * with ", ", a grid as "Row: Column; …", yes or no, a number, date, date-time (as the respondent
 * chose it, wall clock) or time the language's way, an address on one line, file names. Empty answers give "" (the caller's fallback then shows).
 */
export function formatRecalledAnswer(question: Question | undefined, answer: unknown, words: RecallWords): string {
  if (answer === undefined || answer === null || answer === '') return '';
  if (Array.isArray(answer) && answer.length === 0) return '';
  switch (question?.type) {
    case 'NUMBER':
    case 'RATING':
      return typeof answer === 'number'
        ? intl((tag) => new Intl.NumberFormat(tag), words.language).format(answer)
        : String(answer);
    case 'DATE':
      return formatDate(String(answer), words.language);
    case 'NPS':
      return String(answer);
    case 'DATE_TIME':
      return formatDateTime(String(answer), words.language);
    case 'TIME':
      return formatTime(String(answer), words.language);
    case 'SINGLE_CHOICE':
    case 'DROPDOWN':
      return choiceWords(question.typeConfig.choices, answer);
    case 'MULTI_CHOICE':
    case 'RANKING':
      return (Array.isArray(answer) ? answer : [answer])
        .map((value) => choiceWords(question.typeConfig.choices, value))
        .filter(Boolean)
        .join(', ');
    case 'MATRIX': {
      if (typeof answer !== 'object' || Array.isArray(answer)) return '';
      const cells = answer as Record<string, unknown>;
      return question.typeConfig.rows
        .map((row) => {
          const cell = cells[row.value];
          const chosen = (Array.isArray(cell) ? cell : cell ? [cell] : []).map((column) =>
            labelOf(question.typeConfig.columns, column),
          );
          return chosen.length > 0 ? `${row.label}: ${chosen.join(', ')}` : '';
        })
        .filter(Boolean)
        .join('; ');
    }
    case 'YES_NO':
      if (typeof answer !== 'boolean') return String(answer);
      return answer ? question.typeConfig.yesLabel || words.yes : question.typeConfig.noLabel || words.no;
    case 'CONSENT':
      // An unticked consent is no answer at all.
      return answer === true ? words.yes : '';
    case 'FILE_UPLOAD':
      return Array.isArray(answer)
        ? answer
            .map((file) => (file as Partial<FileReference>)?.fileName ?? '')
            .filter(Boolean)
            .join(', ')
        : '';
    case 'ADDRESS':
      return typeof answer === 'object' && !Array.isArray(answer)
        ? formatAddress(answer as Partial<Address>, words.language)
        : '';
    default:
      if (typeof answer === 'string') return answer;
      if (typeof answer === 'number' || typeof answer === 'boolean') return String(answer);
      return '';
  }
}

/**
 * What fills a token for one respondent: the answer (formatted) or the hidden value. `questions`
 * are the localized questions by code; `answerOf` the answer as rules read it (a hidden question's
 * answer is empty).
 */
export function recallValues(
  questions: ReadonlyMap<string, Question>,
  answerOf: (code: string) => unknown,
  hidden: Readonly<Record<string, string>>,
  words: RecallWords,
): (token: RecallToken) => string | undefined {
  return (token) =>
    token.source === 'HIDDEN_FIELD'
      ? hidden[token.name]
      : formatRecalledAnswer(questions.get(token.name), answerOf(token.name), words);
}
