import { describe, expect, it } from 'vitest';
import { LABEL_LANGUAGES, labelsFor } from './labels-entry';
import { DEFAULT_LABELS, type Labels } from './render/labels';
import { FILE_UPLOAD_WORDS } from './render/questions/file-upload-words';
import { MORE_TYPE_WORDS } from './render/questions/more-type-words';

/** Every string of a table, by its path (`errors.REQUIRED`). */
const strings = (table: object, prefix = ''): [string, string][] =>
  Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : strings(value as object, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((match) => match[0]).sort();

describe('the label tables (@forms-engine/embed-client/labels)', () => {
  it('exist for German, French, Spanish, Portuguese (Brazil and Portugal), Italian, Dutch, Polish, Arabic and Hebrew', () => {
    expect([...LABEL_LANGUAGES].sort()).toEqual(['ar', 'de', 'es', 'fr', 'he', 'it', 'nl', 'pl', 'pt', 'pt-PT']);
  });

  it.each(LABEL_LANGUAGES)('%s: every English string translated, with the same placeholders', (language) => {
    const table = labelsFor(language) as Labels;
    // English of the parts loaded on demand travels with them.
    const english = new Map(strings({ ...DEFAULT_LABELS, ...FILE_UPLOAD_WORDS, ...MORE_TYPE_WORDS }));
    const translated = strings(table);
    expect(translated.map(([path]) => path).sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of translated) {
      expect([path, text.trim().length > 0]).toEqual([path, true]);
      expect([path, placeholders(text)]).toEqual([path, placeholders(english.get(path) as string)]);
      // A sentence left in English would be a miss (single words like "audio" may be the same).
      if (text.includes(' ')) {
        expect([path, text]).not.toEqual([path, english.get(path)]);
      }
    }
  });

  it('are looked up as RFC 4647 says; English and languages without a table have none', () => {
    expect(labelsFor('de-AT')).toBe(labelsFor('de'));
    expect(labelsFor('pt-BR')).toBe(labelsFor('pt'));
    expect(labelsFor('pt-PT')?.next).toBe('Seguinte');
    expect(labelsFor('pt')?.next).toBe('Avançar');
    expect(labelsFor('HE')?.back).toBe('הקודם');
    expect(labelsFor('en')).toBeUndefined();
    expect(labelsFor('ja')).toBeUndefined();
    expect(labelsFor('not a tag')).toBeUndefined();
  });
});
