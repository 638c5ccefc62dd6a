import { Definition, type Question } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question } from '../../test/definitions.ts';
import {
  FileProblem,
  importTranslations,
  parseCsv,
  parseTranslationFile,
  parseXliff,
  reportInWords,
  toCsv,
  toXliff,
} from './translation-files.ts';
import { addLanguage, removeLanguage, setTranslation } from './translations.ts';

/** Texts that break naive files: markup, quotes, separators, line breaks, a control character, emoji, Arabic. */
const HOSTILE = 'Say "hi" & <b>bye</b>; a, b\nnext line\u0007 — 👋 مرحبا';

const draft = (): Definition => ({
  schemaVersion: 1,
  steps: [],
  tabs: [],
  questions: [
    question('name', { prompt: 'Your *name*', typeConfig: { placeholder: 'First, last' } }),
    question('plan', {
      type: 'SINGLE_CHOICE',
      prompt: HOSTILE,
      typeConfig: {
        choices: [
          { value: 'pro plan', label: 'Pro "plus"' },
          { value: 'free', label: 'Free' },
        ],
      },
    } as Partial<Question>),
    question('ok', {
      type: 'CONSENT',
      prompt: 'Terms',
      typeConfig: { label: 'I agree to the [terms](https://example.org)' },
    }),
  ],
});

const translated = (): Definition => {
  let d = addLanguage(draft(), 'ar');
  d = setTranslation(d, 'ar', { id: 'name', field: 'prompt' }, 'اسمك');
  d = setTranslation(d, 'ar', { id: 'plan', field: 'prompt' }, `${HOSTILE} (ar)`);
  d = setTranslation(d, 'ar', { id: 'plan', field: 'typeConfig.choices.pro plan' }, 'برو "بلس"');
  d = setTranslation(d, 'ar', { id: 'ok', field: 'typeConfig.label' }, 'أوافق على [الشروط](https://example.org/ar)');
  return d;
};

describe('XLIFF 2.0', () => {
  it('writes one unit per text with its place in words, escaped by the XML writer, and reads back every character', () => {
    const xliff = toXliff(translated(), 'ar');
    expect(
      xliff.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0"'),
    ).toBe(true);
    expect(xliff).toContain('version="2.0"');
    expect(xliff).toContain('srcLang="en"');
    expect(xliff).toContain('trgLang="ar"');
    expect(xliff).toContain('<note category="location">The prompt of “Your name”</note>');
    expect(xliff).toContain('Say "hi" &amp; &lt;b&gt;bye&lt;/b&gt;');
    expect(xliff).toContain('<cp hex="0007"/>');
    // A choice value with a space is a valid XML id, and its key is kept whole in the name.
    expect(xliff).toContain('<unit id="plan.typeConfig.choices.pro:20:plan" name="plan.typeConfig.choices.pro plan">');
    expect(xliff).toContain('<segment state="translated">');

    const parsed = parseXliff(xliff);
    expect(parsed.language).toBe('ar');
    expect(parsed.sourceLanguage).toBe('en');
    const plan = parsed.units.find((unit) => unit.id === 'plan' && unit.field === 'prompt');
    expect(plan).toEqual({ id: 'plan', field: 'prompt', source: HOSTILE, target: `${HOSTILE} (ar)` });
  });

  it('round trip: exported, emptied, imported back gives the same translations', () => {
    const original = translated();
    const file = parseTranslationFile(toXliff(original, 'ar'));
    const empty = addLanguage(removeLanguage(original, 'ar'), 'ar');
    const { definition, report } = importTranslations(empty, 'ar', file);
    expect(definition.translations).toEqual(original.translations);
    expect(report.added).toHaveLength(4);
    expect(report.empty).toBe(3);
    expect(Definition.safeParse(definition).success).toBe(true);
  });

  it('reads a line break written CR LF as XML does, as one line feed, and counts it as no change', () => {
    const before = setTranslation(addLanguage(draft(), 'de'), 'de', { id: 'name', field: 'prompt' }, 'Ihr\r\nName');
    const file = parseXliff(toXliff(before, 'de'));
    expect(file.units[0]?.target).toBe('Ihr\nName');
    const { definition, report } = importTranslations(before, 'de', file);
    expect(definition).toBe(before);
    expect(report.unchanged).toBe(1);
  });

  it('joins the segments a translation tool split a unit into, and reads units without a name by their id', () => {
    const xliff = `<?xml version="1.0"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="de">
  <file id="f"><unit id="name.prompt">
    <segment><source>Your </source><target>Ihr </target></segment>
    <ignorable><source> </source></ignorable>
    <segment><source>*name*</source><target><pc id="1">*Name*</pc></target></segment>
  </unit></file></xliff>`;
    expect(parseXliff(xliff).units).toEqual([
      { id: 'name', field: 'prompt', source: 'Your  *name*', target: 'Ihr *Name*' },
    ]);
  });

  it('refuses in words what it cannot read', () => {
    expect(() => parseXliff('<xliff version="2.0"><file>')).toThrow(FileProblem);
    expect(() => parseXliff('<xliff version="2.0"><file>')).toThrow('not well-formed XML');
    expect(() => parseXliff('<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"/>')).toThrow(
      'This is an XLIFF 1.2 file; import XLIFF 2.0 (translation tools can save it).',
    );
    expect(() => parseXliff('<html/>')).toThrow('This file is XML but not XLIFF');
  });
});

describe('CSV', () => {
  it('writes id,field,source,target with quotes only where needed, and reads back every character', () => {
    const csv = toCsv(translated(), 'ar');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,field,source,target');
    expect(lines[1]).toBe('name,prompt,Your *name*,اسمك');
    expect(lines[2]).toBe('name,typeConfig.placeholder,"First, last",');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = parseCsv(csv);
    expect(parsed.units.find((unit) => unit.id === 'plan' && unit.field === 'prompt')?.target).toBe(`${HOSTILE} (ar)`);
    expect(parsed.units.find((unit) => unit.field === 'typeConfig.choices.pro plan')?.source).toBe('Pro "plus"');
  });

  it('round trip: exported, emptied, imported back gives the same translations', () => {
    const original = translated();
    const empty = addLanguage(removeLanguage(original, 'ar'), 'ar');
    const { definition } = importTranslations(empty, 'ar', parseTranslationFile(toCsv(original, 'ar')));
    expect(definition.translations).toEqual(original.translations);
  });

  it('reads a spreadsheet’s semicolons and columns in another order, and names a missing column', () => {
    const csv = 'Target;ID;Field\r\n"Ihr; Name";name;prompt\r\n';
    expect(parseCsv(csv).units).toEqual([{ id: 'name', field: 'prompt', source: '', target: 'Ihr; Name' }]);
    expect(() => parseCsv('id,source\r\nname,Your name')).toThrow(
      'The first line of a CSV file names its columns: id, field, source, target. This one has no field, target column, so nothing was imported.',
    );
  });
});

describe('importing', () => {
  it('reports in words what changed and what was skipped: unknown texts, empty targets, too long, changed sources', () => {
    const before = setTranslation(addLanguage(draft(), 'de'), 'de', { id: 'name', field: 'prompt' }, 'Name');
    const file = parseCsv(
      [
        'id,field,source,target',
        'name,prompt,Your *name*,Ihr *Name*',
        'name,typeConfig.placeholder,"First, last",',
        'plan,typeConfig.choices.free,Free,Kostenlos',
        'ok,typeConfig.label,I agree,Ich stimme zu',
        'gone,prompt,An old question,Eine alte Frage',
        `plan,typeConfig.choices.pro plan,Pro,${'x'.repeat(201)}`,
      ].join('\r\n'),
    );
    const { definition, report } = importTranslations(before, 'de', file);
    expect(definition.translations?.de).toEqual({
      name: { prompt: 'Ihr *Name*' },
      plan: { typeConfig: { choices: { free: 'Kostenlos' } } },
      ok: { typeConfig: { label: 'Ich stimme zu' } },
    });
    expect(reportInWords(report, 'en')).toEqual([
      'German: 3 texts imported (2 newly translated, 1 changed). Undo takes the import back.',
      '1 text had no translation in the file and was left as it was.',
      'Skipped 1 text this questionnaire does not have (removed since the export, or from another questionnaire): “An old question”.',
      expect.stringMatching(
        /^Skipped 1 text longer than a respondent's text may be: the choice “Pro "plus"” of “Say "hi"/,
      ),
      'The English text changed since the file was made for the consent text of “Terms”: imported; check that the translation still fits.',
    ]);
  });

  it('imports nothing from a file for another language, and says which', () => {
    const xliff = toXliff(translated(), 'ar');
    const { definition, report } = importTranslations(addLanguage(draft(), 'de'), 'de', parseXliff(xliff));
    expect(definition.translations?.de).toEqual({});
    expect(reportInWords(report, 'en')).toEqual([
      'This file holds Arabic translations, not German: nothing was imported. Choose Arabic to import it there.',
    ]);
  });
});
