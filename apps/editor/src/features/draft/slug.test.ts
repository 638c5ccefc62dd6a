import { QuestionCode } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { followsText, slugOf, uniqueSlug } from './slug.ts';

describe('slugOf', () => {
  it('lower-cases words and joins them with underscores', () => {
    expect(slugOf('Work email')).toBe('work_email');
    expect(slugOf('  What is your   e-mail address?  ')).toBe('what_is_your_e_mail_address');
    expect(slugOf("Your pet's name")).toBe('your_pets_name');
    expect(slugOf('Your pet’s name')).toBe('your_pets_name');
  });

  it('drops markup, accents and anything else that is not a letter or digit', () => {
    expect(slugOf('I accept the [**privacy policy**](https://e.com/p)')).toBe('i_accept_the_privacy_policy');
    expect(slugOf('Größe & Gewicht (kg)')).toBe('grosse_gewicht_kg');
    expect(slugOf('Café crème')).toBe('cafe_creme');
    expect(slugOf('你好')).toBe('');
  });

  it('keeps a code valid: never starting with a digit, at most 40 characters cut at a word', () => {
    expect(slugOf('2nd address')).toBe('q_2nd_address');
    const long = slugOf('How satisfied are you with our customer service and the delivery time overall?');
    expect(long).toBe('how_satisfied_are_you_with_our_customer');
    expect(long.length).toBeLessThanOrEqual(40);
    for (const text of ['Work email', '2nd', 'Größe', 'x'.repeat(300)]) {
      expect(QuestionCode.safeParse(slugOf(text)).success, text).toBe(true);
    }
  });
});

describe('uniqueSlug', () => {
  it('numbers a slug that is taken, and falls back when the text has none', () => {
    expect(uniqueSlug('Work email', 'question', new Set())).toBe('work_email');
    expect(uniqueSlug('Work email', 'question', new Set(['work_email', 'work_email_2']))).toBe('work_email_3');
    expect(uniqueSlug('', 'question', new Set(['question']))).toBe('question_2');
  });
});

describe('followsText', () => {
  it('is true while a code is what the text (or the old default) would give', () => {
    expect(followsText('work_email', 'Work email', 'question')).toBe(true);
    expect(followsText('work_email_2', 'Work email', 'question')).toBe(true);
    expect(followsText('question', '', 'question')).toBe(true);
    expect(followsText('question_14', 'Your name', 'question')).toBe(true);
    expect(followsText('option_2', 'Blue', 'option')).toBe(true);
  });

  it('is false once the person chose the code', () => {
    expect(followsText('email', 'Work email', 'question')).toBe(false);
    expect(followsText('work_email_x', 'Work email', 'question')).toBe(false);
  });
});
