import { Definition, type Question } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question } from '../test/definitions.ts';
import { TEXT_LIMITS, translatableTexts } from './texts.ts';

/** A questionnaire with every kind of text, each translated into German with `length` characters. */
function translatedAt(length: number): Definition {
  const questions: Question[] = [
    question('a', { sectionTitle: 'Section', typeConfig: { placeholder: 'P' } }),
    question('b', { type: 'NUMBER', typeConfig: { unit: 'kg' } }),
    question('c', { type: 'CONSENT', typeConfig: { label: 'I agree' } } as Partial<Question>),
    question('d', { type: 'STATEMENT', typeConfig: { body: 'Read this' } } as Partial<Question>),
    question('e', { type: 'YES_NO', typeConfig: { yesLabel: 'Y', noLabel: 'N' } } as Partial<Question>),
    question('f', {
      type: 'RATING',
      typeConfig: { min: 1, max: 5, step: 1, minLabel: 'L', maxLabel: 'H' },
    } as Partial<Question>),
    question('g', { type: 'DROPDOWN', typeConfig: { choices: [{ value: 'x', label: 'X' }] } } as Partial<Question>),
  ];
  const draft: Definition = {
    schemaVersion: 1,
    tabs: [],
    questions: [],
    endings: [{ id: 'end', title: 'Bye', body: 'Thanks', visibility: { mode: 'ALWAYS' } }],
    steps: [
      { id: 's', title: 'Step', visibility: { mode: 'ALWAYS' }, requirement: { mode: 'NEVER' }, tabs: [], questions },
    ],
  };
  const de: Record<string, Record<string, unknown>> = {};
  for (const text of translatableTexts(draft)) {
    const limit = text.maxLength;
    const value = 'x'.repeat(length === -1 ? limit : limit + 1);
    de[text.id] ??= {};
    const element = de[text.id] as Record<string, unknown>;
    const [first, second, third] = text.field.split('.');
    if (first !== 'typeConfig') element[first as string] = value;
    else {
      element.typeConfig ??= {};
      const config = element.typeConfig as Record<string, unknown>;
      if (second === 'choices') config.choices = { ...(config.choices as object), [third as string]: value };
      else config[second as string] = value;
    }
  }
  return { ...draft, translations: { de } as Definition['translations'] };
}

describe('endings', () => {
  it('are texts to translate, after the questions: the title and the text of each', () => {
    const texts = translatableTexts(translatedAt(-1)).filter((text) => text.id === 'end');
    expect(texts.map((text) => [text.field, text.name, text.long])).toEqual([
      ['title', 'the title of ending “Bye”', false],
      ['body', 'the text of ending “Bye”', true],
    ]);
  });
});

describe('the limits of translated texts', () => {
  it('are the API’s own: every text at its limit is taken, one character more is refused', () => {
    const kinds = new Set(translatableTexts(translatedAt(-1)).map((text) => text.field.split('.').at(1) ?? text.field));
    expect(kinds.size).toBeGreaterThanOrEqual(Object.keys(TEXT_LIMITS).length - 1);
    expect(Definition.safeParse(translatedAt(-1)).error?.issues ?? []).toEqual([]);
    const refused = Definition.safeParse(translatedAt(1)).error?.issues ?? [];
    // One refusal per text: no limit here is looser than the API's.
    expect(new Set(refused.map((issue) => issue.path.join('.'))).size).toBe(translatableTexts(translatedAt(1)).length);
  });
});
