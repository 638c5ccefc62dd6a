import { describe, expect, it } from 'vitest';
import { parseRichText, plainText } from '../text/rich-text';
import type { Question } from './model';
import {
  escapeRichText,
  fillRecall,
  formatRecalledAnswer,
  parseRecallToken,
  recallTokensOf,
  recallValues,
} from './recall';

const question = (type: Question['type'], typeConfig: Record<string, unknown> = {}) =>
  ({ id: 'q', code: 'q', type, typeConfig }) as unknown as Question;
const en = { language: 'en', yes: 'Yes', no: 'No' };
const de = { language: 'de', yes: 'Ja', no: 'Nein' };

describe('the token grammar', () => {
  it.each([
    ['{{q_name}}', { source: 'ANSWER', name: 'q_name', fallback: '' }],
    ['{{ q_name }}', { source: 'ANSWER', name: 'q_name', fallback: '' }],
    ['{{q_name|there}}', { source: 'ANSWER', name: 'q_name', fallback: 'there' }],
    ['{{ q_name | dear friend }}', { source: 'ANSWER', name: 'q_name', fallback: 'dear friend' }],
    ['{{hidden.utm_source}}', { source: 'HIDDEN_FIELD', name: 'utm_source', fallback: '' }],
    ['{{ hidden.customer-id | guest }}', { source: 'HIDDEN_FIELD', name: 'customer-id', fallback: 'guest' }],
  ])('%s', (raw, expected) => {
    expect(parseRecallToken(raw)).toEqual({ raw, ...expected });
  });

  it.each(['{{}}', '{{ 1abc }}', '{{hidden.}}', '{{a b}}', '{{|x}}'])('%s names nothing', (raw) => {
    expect(parseRecallToken(raw)).toBeUndefined();
  });

  it('finds every token of a text, and what names nothing', () => {
    const { tokens, malformed } = recallTokensOf('Hi {{a}}, from {{hidden.src|web}}; {{ ? }} and {single}');
    expect(tokens.map((token) => token.raw)).toEqual(['{{a}}', '{{hidden.src|web}}']);
    expect(malformed).toEqual(['{{ ? }}']);
  });
});

describe('filling a text', () => {
  const values: Record<string, string> = { a: 'Ana', src: 'newsletter' };
  const recalled = (token: { name: string }) => values[token.name];

  it('replaces tokens with values, and empty ones with their fallback or nothing', () => {
    expect(fillRecall('Thanks, {{a}}!', recalled)).toBe('Thanks, Ana!');
    expect(fillRecall('Hi {{b|there}}.', recalled)).toBe('Hi there.');
    expect(fillRecall('Hi {{b}}.', recalled)).toBe('Hi .');
    expect(fillRecall('From {{hidden.src}}', recalled)).toBe('From newsletter');
    expect(fillRecall('No tokens', recalled)).toBe('No tokens');
  });

  it('leaves what names nothing as it is', () => {
    expect(fillRecall('{{ ? }}', recalled)).toBe('{{ ? }}');
  });

  it('keeps Markdown and links in an answer as typed text', () => {
    const typed = '**bold** [x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const filled = fillRecall('You wrote: {{a}}', () => typed, escapeRichText);
    const nodes = parseRichText(filled);
    expect(nodes.every((node) => node.type === 'text')).toBe(true);
    expect(plainText(filled)).toBe(`You wrote: ${typed}`);
  });

  it('URL-encodes values for a redirect address', () => {
    const url = fillRecall('https://example.org/book?source={{hidden.src}}&n={{a}}', () => 'a&b c', encodeURIComponent);
    expect(url).toBe('https://example.org/book?source=a%26b%20c&n=a%26b%20c');
  });
});

describe('an answer as a person reads it', () => {
  const choices = [
    { value: 'basic', label: 'Basic plan' },
    { value: 'pro', label: 'Pro plan' },
  ];

  it.each([
    ['SHORT_TEXT', {}, 'Ana', en, 'Ana'],
    ['NUMBER', {}, 1234.5, en, '1,234.5'],
    ['NUMBER', {}, 1234.5, de, '1.234,5'],
    ['RATING', {}, 4, en, '4'],
    ['DATE', {}, '2026-03-05', en, 'March 5, 2026'],
    ['DATE', {}, '2026-03-05', de, '5. März 2026'],
    ['SINGLE_CHOICE', { choices }, 'pro', en, 'Pro plan'],
    ['DROPDOWN', { choices }, 'basic', en, 'Basic plan'],
    ['MULTI_CHOICE', { choices }, ['basic', 'pro'], en, 'Basic plan, Pro plan'],
    ['YES_NO', {}, true, de, 'Ja'],
    ['YES_NO', {}, false, en, 'No'],
    ['YES_NO', { yesLabel: 'Sure' }, true, en, 'Sure'],
    ['CONSENT', {}, true, en, 'Yes'],
    ['CONSENT', {}, false, en, ''],
    [
      'FILE_UPLOAD',
      {},
      [
        { fileId: '1', fileName: 'cv.pdf', size: 1, contentType: 'application/pdf' },
        { fileId: '2', fileName: 'photo.png', size: 1, contentType: 'image/png' },
      ],
      en,
      'cv.pdf, photo.png',
    ],
    [
      'ADDRESS',
      {},
      { line1: 'Main St 1', line2: '', city: 'Vienna', state: '', postalCode: '1010', country: 'AT' },
      de,
      'Main St 1, Vienna, 1010, Österreich',
    ],
    ['SHORT_TEXT', {}, '', en, ''],
    ['MULTI_CHOICE', { choices }, [], en, ''],
  ] as const)('%s %j -> %s', (type, config, answer, words, expected) => {
    expect(formatRecalledAnswer(question(type, config), answer, words)).toBe(expected);
  });

  it('reads answers through the rules and hidden values as given', () => {
    const questions = new Map([['plan', { ...question('SINGLE_CHOICE', { choices }), code: 'plan' } as Question]]);
    const recalled = recallValues(questions, (code) => ({ plan: 'pro' })[code], { src: 'ad' }, en);
    expect(fillRecall('{{plan}} from {{hidden.src}}, {{hidden.none|direct}}', recalled)).toBe(
      'Pro plan from ad, direct',
    );
  });
});
