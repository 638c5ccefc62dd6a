import { type Definition, Definition as DefinitionSchema, type Question } from '@forms-engine/schema';
import { QUESTION_TYPE_NAMES } from '@forms-engine/schema/rules';
import { describe, expect, it } from 'vitest';
import { settingName, settingValue, translatableTexts } from '../../definition-words/index.ts';
import { question } from '../../test/definitions.ts';
import { pasteChoices, publishedNames, setChoiceLabel, setChoiceValue } from './codes.ts';
import { addQuestion, initialTypeConfig, questionsOf } from './model.ts';
import { draftProblems } from './problems.ts';
import { importTranslations, parseTranslationFile, toCsv, toXliff } from './translation-files.ts';
import { followStructure, setTranslation } from './translations.ts';
import { typeConfigFields } from './type-config-fields.tsx';

/** A grid on satisfaction, a rule reading its row "Speed", a German translation of its rows and columns. */
function gridDraft(): Definition {
  const grid = question('grid', {
    type: 'MATRIX',
    prompt: 'How satisfied are you?',
    typeConfig: {
      rows: [
        { value: 'speed', label: 'Speed' },
        { value: 'price', label: 'Price' },
      ],
      columns: [
        { value: 'bad', label: 'Bad' },
        { value: 'good', label: 'Good' },
      ],
      multiple: false,
      shuffle: 'NONE',
    },
  } as Partial<Question>);
  const after = question('after', {
    prompt: 'Why?',
    visibility: {
      mode: 'CONDITIONAL',
      rule: {
        combinator: 'ALL',
        conditions: [{ source: 'ANSWER', questionCode: 'grid', subField: 'speed', operator: 'EQUALS', value: 'good' }],
      },
    },
  });
  return {
    schemaVersion: 1,
    steps: [],
    tabs: [],
    questions: [grid, after],
    translations: {
      de: { grid: { typeConfig: { rows: { speed: 'Tempo', price: 'Preis' }, columns: { good: 'Gut' } } } },
    },
  } as unknown as Definition;
}

const top = {};
const none = new Set<string>();
const conditionOf = (d: Definition) => d.questions[1]?.visibility.rule?.conditions[0];
const gridOf = (d: Definition) =>
  d.questions[0]?.typeConfig as { rows: { value: string; label: string }[]; columns: { value: string }[] };

describe('new questions start with settings a builder can use', () => {
  it('adds every type, old and new, as a definition the API accepts', () => {
    let draft = { schemaVersion: 1, steps: [], tabs: [], questions: [] } as unknown as Definition;
    for (const type of QUESTION_TYPE_NAMES) draft = addQuestion(draft, top, type);
    expect(DefinitionSchema.safeParse(draft).error?.issues ?? []).toEqual([]);
  });

  it('starts a grid with three rows and five columns from very dissatisfied to very satisfied, a ranking with three choices', () => {
    const grid = initialTypeConfig('MATRIX') as { rows: { label: string }[]; columns: { label: string }[] };
    expect(grid.rows.map((row) => row.label)).toEqual(['Row 1', 'Row 2', 'Row 3']);
    expect(grid.columns.map((column) => column.label)).toEqual([
      'Very dissatisfied',
      'Dissatisfied',
      'Neutral',
      'Satisfied',
      'Very satisfied',
    ]);
    expect(initialTypeConfig('MATRIX')).toMatchObject({ multiple: false, shuffle: 'NONE' });
    expect((initialTypeConfig('RANKING') as { choices: unknown[] }).choices).toHaveLength(3);
    // Choice types keep their exact shape: Other and shuffle stay absent until set.
    expect(initialTypeConfig('SINGLE_CHOICE')).not.toHaveProperty('allowOther');
    expect(initialTypeConfig('SINGLE_CHOICE')).not.toHaveProperty('shuffle');
  });
});

describe('rows and columns follow their text, as choices do', () => {
  it('renames a row’s value as its label is typed, and the rule naming the row and the translations follow', () => {
    let draft = gridDraft();
    // "speed" follows "Speed": typing a new label moves the value.
    draft = setChoiceLabel(draft, top, 0, 0, 'Delivery speed', none, 'rows');
    expect(gridOf(draft).rows[0]).toEqual({ value: 'delivery_speed', label: 'Delivery speed' });
    expect(conditionOf(draft)).toMatchObject({ subField: 'delivery_speed', value: 'good' });
    expect(draft.translations?.de?.grid?.typeConfig?.rows).toEqual({ delivery_speed: 'Tempo', price: 'Preis' });
    expect(DefinitionSchema.safeParse(draft).success).toBe(true);
  });

  it('renames a column’s value: the conditions comparing a row with it follow, not the row names', () => {
    const draft = setChoiceValue(gridDraft(), top, 0, 1, 'great', 'columns');
    expect(conditionOf(draft)).toMatchObject({ subField: 'speed', value: 'great' });
    expect(draft.translations?.de?.grid?.typeConfig?.columns).toEqual({ great: 'Gut' });
  });

  it('keeps a published row’s value when its label changes', () => {
    const published = publishedNames(gridDraft()).values.get('grid') ?? none;
    const draft = setChoiceLabel(gridDraft(), top, 0, 0, 'Delivery', published, 'rows');
    expect(gridOf(draft).rows[0]).toEqual({ value: 'speed', label: 'Delivery' });
    expect(conditionOf(draft)?.subField).toBe('speed');
  });

  it('makes one row per pasted line, replacing the rows the editor made', () => {
    let draft = addQuestion(
      { schemaVersion: 1, steps: [], tabs: [], questions: [] } as unknown as Definition,
      top,
      'MATRIX',
    );
    draft = pasteChoices(draft, top, 0, 0, ['Speed', 'Price', 'Friendliness', 'Speed'], true, none, 'rows');
    const { rows } = (questionsOf(draft, top)[0] as Question).typeConfig as unknown as { rows: unknown[] };
    expect(rows).toEqual([
      { value: 'speed', label: 'Speed' },
      { value: 'price', label: 'Price' },
      { value: 'friendliness', label: 'Friendliness' },
      { value: 'speed_2', label: 'Speed' },
    ]);
    expect(DefinitionSchema.safeParse(draft).success).toBe(true);
  });

  it('drops the translations of a removed row and keeps the others', () => {
    const draft = gridDraft();
    const grid = draft.questions[0] as Question;
    const without = followStructure({
      ...draft,
      questions: [
        { ...grid, typeConfig: { ...grid.typeConfig, rows: [{ value: 'price', label: 'Price' }] } } as Question,
        ...draft.questions.slice(1),
      ],
    });
    expect(without.translations?.de?.grid?.typeConfig?.rows).toEqual({ price: 'Preis' });
    expect(without.translations?.de?.grid?.typeConfig?.columns).toEqual({ good: 'Gut' });
  });
});

describe('the texts to translate and the settings in words', () => {
  it('lists rows, columns, the Other label and the NPS labels among the texts, and writes their translations', () => {
    const draft = {
      ...gridDraft(),
      questions: [
        ...gridDraft().questions,
        question('colour', {
          type: 'SINGLE_CHOICE',
          prompt: 'Colour',
          typeConfig: { choices: [{ value: 'red', label: 'Red' }], allowOther: true, otherLabel: 'Something else' },
        } as Partial<Question>),
        question('nps', {
          type: 'NPS',
          prompt: 'Recommend us?',
          typeConfig: { minLabel: 'Never', maxLabel: 'Surely' },
        } as Partial<Question>),
      ],
    } as Definition;
    const texts = translatableTexts(draft);
    const names = texts.map((text) => text.name);
    expect(names).toContain('the row “Speed” of “How satisfied are you?”');
    expect(names).toContain('the column “Good” of “How satisfied are you?”');
    expect(names).toContain('the label of “Other” of “Colour”');
    expect(texts.map((text) => text.field)).toEqual(
      expect.arrayContaining([
        'typeConfig.rows.speed',
        'typeConfig.columns.bad',
        'typeConfig.otherLabel',
        'typeConfig.minLabel',
        'typeConfig.maxLabel',
      ]),
    );
    const translated = setTranslation(draft, 'de', { id: 'grid', field: 'typeConfig.columns.bad' }, 'Schlecht');
    expect(translated.translations?.de?.grid?.typeConfig?.columns).toEqual({ good: 'Gut', bad: 'Schlecht' });
    expect(DefinitionSchema.safeParse(translated).success).toBe(true);
  });

  it('names every new setting and its value in words, never as a constant', () => {
    expect(settingName('shuffle', 'SINGLE_CHOICE')).toBe('Order of the choices');
    expect(settingName('shuffle', 'MATRIX')).toBe('Order of the rows');
    expect(settingValue('shuffle', 'MATRIX', 'ALL_BUT_LAST')).toBe('Shuffle, keep the last one last');
    expect(settingValue('shuffle', 'RANKING', 'ALL')).toBe('Shuffle for each respondent');
    expect(settingValue('shuffle', 'DROPDOWN', undefined)).toBe('Keep the order');
    expect(settingName('allowOther', 'MULTI_CHOICE')).toBe('Offer “Other (please specify)”');
    expect(settingName('rankCount', 'RANKING')).toBe('Rank only the top …');
    expect(settingValue('rankCount', 'RANKING', undefined)).toBe('Every choice');
    expect(settingName('minLabel', 'NPS')).toBe('Label under 0');
    expect(settingName('min', 'DATE_TIME')).toBe('Earliest date and time');
    expect(settingName('max', 'TIME')).toBe('Latest time');
    expect(settingName('stepMinutes', 'TIME')).toBe('Minutes between times');
    expect(settingValue('max', 'TIME', '17:30')).toBe('17:30');
    expect(settingValue('min', 'DATE_TIME', '2026-12-01T09:30+01:00')).toBe('1 December 2026 at 09:30 (UTC+01:00)');
    expect(settingValue('rows', 'MATRIX', [{ value: 'speed', label: '**Speed**' }])).toBe('“Speed”');
    // Every setting of every type has a name of its own (not "Some new key" made from the key).
    const madeUp = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
    for (const type of QUESTION_TYPE_NAMES)
      for (const [key] of typeConfigFields(type))
        if (key.length > 5 && /[A-Z]/.test(key)) expect(settingName(key, type)).not.toBe(madeUp(key));
  });
});

describe('translation files carry rows and columns', () => {
  it('writes a grid’s rows and columns into XLIFF and CSV, and reads their translations back', () => {
    const draft = gridDraft();
    const xliff = toXliff(draft, 'de');
    expect(xliff).toContain('Speed');
    expect(xliff).toContain('Tempo');
    const csv = toCsv(draft, 'de');
    expect(csv).toContain('Bad');
    expect(csv).toContain('grid,typeConfig.columns.bad,Bad,');
    const parsed = parseTranslationFile('id,field,source,target\r\ngrid,typeConfig.columns.bad,Bad,Schlecht\r\n');
    const imported = importTranslations(draft, 'de', parsed).definition;
    expect(imported.translations?.de?.grid?.typeConfig?.columns).toEqual({ good: 'Gut', bad: 'Schlecht' });
  });
});

describe('problems of the new types, in words', () => {
  it('asks for two columns, names a grid’s rows, and says a ranking ranks more than it has', () => {
    const grid = question('grid', {
      type: 'MATRIX',
      prompt: 'Grid',
      typeConfig: {
        rows: [
          { value: 'a', label: 'A' },
          { value: 'a', label: 'B' },
        ],
        columns: [{ value: 'x', label: 'X' }],
        multiple: false,
        shuffle: 'NONE',
      },
    } as Partial<Question>);
    const ranking = question('rank', {
      type: 'RANKING',
      prompt: 'Rank',
      typeConfig: {
        choices: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
        rankCount: 3,
        shuffle: 'NONE',
      },
    } as Partial<Question>);
    const draft = { schemaVersion: 1, steps: [], tabs: [], questions: [grid, ranking] } as unknown as Definition;
    const problems = draftProblems(draft);
    expect(problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        'Add at least two columns.',
        'Another row already has the value “a”. Give each row its own value.',
        'There are fewer choices than the number to rank. Rank fewer, or add choices.',
      ]),
    );
    expect(problems.map((problem) => problem.fieldId)).toEqual(
      expect.arrayContaining(['row-value-1', 'column-label-0']),
    );
  });
});
