import type { Definition, Question } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question } from '../../test/definitions.ts';
import { diffDefinitions, isEmptyDiff, NOTHING } from './diff.ts';

const step = (id: string, title: string, questions: unknown[], extra: Record<string, unknown> = {}) => ({
  id,
  title,
  visibility: { mode: 'ALWAYS' },
  requirement: { mode: 'NEVER' },
  tabs: [],
  questions,
  ...extra,
});
const def = (steps: unknown[]) => ({ schemaVersion: 1, steps, tabs: [], questions: [] }) as unknown as Definition;

const contact = (extra: Partial<Question> = {}) =>
  question('contact', {
    type: 'SINGLE_CHOICE',
    prompt: 'How should we contact you?',
    typeConfig: {
      choices: [
        { value: 'phone', label: 'Phone' },
        { value: 'mail', label: 'E-mail' },
      ],
    },
    ...extra,
  } as Partial<Question>);

describe('diffDefinitions', () => {
  const base = def([
    step('s1', 'One', [question('a'), question('b'), question('c')]),
    step('s2', 'Two', [question('d')]),
  ]);

  it('finds nothing between equal definitions, whatever the key order', () => {
    const reordered = JSON.parse(JSON.stringify(base, Object.keys(base).reverse()));
    expect(isEmptyDiff(diffDefinitions(base, base))).toBe(true);
    expect(isEmptyDiff(diffDefinitions(base, { ...reordered, ...base }))).toBe(true);
  });

  it('names added and removed questions by prompt, type and place, without calling the ones after them moved', () => {
    const after = def([
      step('s1', 'One', [question('a'), question('c'), question('e', { prompt: 'Work *email*', type: 'EMAIL' })]),
      step('s2', 'Two', [question('d')]),
    ]);
    const diff = diffDefinitions(base, after);
    expect(diff.added).toEqual([{ key: 'e:e', name: 'Work email', type: 'Email', place: 'Step “One”, position 3' }]);
    expect(diff.removed.map((q) => q.name)).toEqual(['Prompt of b']);
    expect(diff.moved).toEqual([]);
  });

  it('shows the old and new prompt, type, width and requirement side by side, named by the new prompt', () => {
    const after = def([
      step('s1', 'One', [
        question('a', { prompt: 'Your full name', width: 'HALF', requirement: { mode: 'ALWAYS' } }),
        question('b', { type: 'NUMBER' }),
        question('c', { visibility: { mode: 'NEVER' } }),
      ]),
      step('s2', 'Two', [question('d')]),
    ]);
    const changed = diffDefinitions(base, after).changed;
    expect(changed).toEqual([
      {
        key: 'a:a',
        name: 'Your full name',
        changes: [
          { what: 'Prompt', before: '“Prompt of a”', after: '“Your full name”' },
          { what: 'Width', before: 'Full row', after: 'Half' },
          { what: 'Required', before: 'Optional', after: 'Always required' },
        ],
      },
      { key: 'b:b', name: 'Prompt of b', changes: [{ what: 'Type', before: 'Short text', after: 'Number' }] },
      { key: 'c:c', name: 'Prompt of c', changes: [{ what: 'Shown', before: 'Always shown', after: 'Never shown' }] },
    ]);
  });

  it('writes rules in words with the prompts and choice labels they read', () => {
    const phone = question('phone', {
      prompt: 'Phone number',
      visibility: {
        mode: 'CONDITIONAL',
        rule: {
          combinator: 'ALL',
          conditions: [{ source: 'ANSWER', questionCode: 'contact', operator: 'EQUALS', value: 'phone' }],
        },
      },
    } as Partial<Question>);
    const before = def([step('s1', 'One', [contact(), question('phone', { prompt: 'Phone number' })])]);
    const after = def([step('s1', 'One', [contact(), phone])]);
    expect(diffDefinitions(before, after).changed).toEqual([
      {
        key: 'phone:phone',
        name: 'Phone number',
        changes: [
          { what: 'Shown', before: 'Always shown', after: 'Shown when “How should we contact you?” is “Phone”' },
        ],
      },
    ]);
  });

  it('lists choices added, removed, renamed and reordered by their labels, and type settings by name', () => {
    const before = def([step('s1', 'One', [contact(), question('age', { type: 'NUMBER', prompt: 'Age' })])]);
    const after = def([
      step('s1', 'One', [
        contact({
          typeConfig: {
            choices: [
              { value: 'post', label: 'Letter' },
              { value: 'phone', label: 'Telephone' },
            ],
          },
        } as Partial<Question>),
        question('age', { type: 'NUMBER', prompt: 'Age', typeConfig: { min: 18, unit: 'years' } } as never),
      ]),
    ]);
    const [choices, age] = diffDefinitions(before, after).changed;
    expect(choices?.changes).toEqual([
      { what: 'Choices added', before: NOTHING, after: '“Letter”' },
      { what: 'Choices removed', before: '“E-mail”', after: NOTHING },
      { what: 'Choice renamed', before: '“Phone”', after: '“Telephone”' },
    ]);
    expect(age?.changes).toEqual([
      { what: 'Lowest number', before: 'Not set', after: '18' },
      { what: 'Unit', before: 'Not set', after: '“years”' },
    ]);
  });

  it('names accepted file types as a builder does: by type and extension, wildcards in words', () => {
    const upload = (acceptedContentTypes: string[]) =>
      def([
        step('s1', 'One', [
          question('cv', { type: 'FILE_UPLOAD', prompt: 'CV', typeConfig: { acceptedContentTypes } } as never),
        ]),
      ]);
    const [cv] = diffDefinitions(
      upload(['application/pdf']),
      upload([
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'image/*',
        'application/x-thing',
      ]),
    ).changed;
    expect(cv?.changes).toEqual([
      {
        what: 'Accepted file types',
        before: 'PDF document (.pdf)',
        after: 'PDF document (.pdf), Word document (.docx), Any image, application/x-thing',
      },
    ]);
  });

  it('shows a change of markup only as the text written, and a changed code as a change of the same question', () => {
    const before = def([step('s1', 'One', [question('a', { prompt: 'See the policy' })])]);
    const after = def([
      step('s1', 'One', [question('a', { code: 'consent', prompt: 'See the [policy](https://example.com)' })]),
    ]);
    const diff = diffDefinitions(before, after);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed[0]?.changes).toEqual([
      { what: 'Prompt (formatting)', before: '“See the policy”', after: '“See the [policy](https://example.com)”' },
      { what: 'Code (its column in exports)', before: '“a”', after: '“consent”' },
    ]);
  });

  it('reports questions moved to another step or reordered, with their places in words', () => {
    const after = def([
      step('s1', 'One', [question('b'), question('a')]),
      step('s2', 'Two', [question('d'), question('c')]),
    ]);
    const moved = diffDefinitions(base, after).moved;
    expect(moved.map((move) => move.name).sort()).toEqual(['Prompt of a', 'Prompt of b', 'Prompt of c']);
    expect(moved.find((move) => move.name === 'Prompt of c')).toEqual({
      key: 'c:c',
      name: 'Prompt of c',
      from: 'Step “One”, position 3',
      to: 'Step “Two”, position 2',
    });
  });

  it('reports steps added, removed, renamed and with new rules, by title; a renamed step’s questions have not moved', () => {
    const after = def([
      step('s1', 'First', [question('a'), question('b'), question('c')], {
        visibility: {
          mode: 'CONDITIONAL',
          rule: { combinator: 'ALL', conditions: [{ source: 'EXTERNAL_REF', operator: 'IS_NOT_EMPTY' }] },
        },
      }),
      step('s3', '', [question('d')]),
    ]);
    const diff = diffDefinitions(base, after);
    expect(diff.sectionsChanged).toEqual([
      {
        key: 's1',
        name: 'Step “First”',
        changes: [
          { what: 'Title', before: '“One”', after: '“First”' },
          { what: 'Shown', before: 'Always shown', after: 'Shown when the external reference is given' },
        ],
      },
    ]);
    // Only the question whose step was replaced moved; those of the renamed step stayed where they were.
    expect(diff.moved.map((move) => move.name)).toEqual(['Prompt of d']);
    expect(diff.sectionsAdded).toEqual(['Step 2 (untitled)']);
    expect(diff.sectionsRemoved).toEqual(['Step “Two”']);
  });
});

describe('languages and translations in the comparison', () => {
  const named = () => def([step('s1', 'About you', [question('name', { prompt: 'Name' }), contact()])]);
  const withGerman = (texts: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({ ...named(), translations: { de: texts }, ...extra }) as unknown as Definition;

  it('names each translation that changed by its text, old and new side by side, under its language', () => {
    const before = withGerman({ name: { prompt: 'Name' }, contact: { typeConfig: { choices: { phone: 'Telefon' } } } });
    const after = withGerman({
      name: { prompt: 'Ihr Name' },
      s1: { title: 'Über Sie' },
      contact: { typeConfig: { choices: {} } },
    });
    const diff = diffDefinitions(before, after);
    expect(diff.translations).toEqual([
      {
        key: 'de',
        name: 'German',
        changes: [
          { what: 'The title of step “About you” translated', before: 'Not translated', after: '“Über Sie”' },
          { what: 'The prompt of “Name” changed', before: '“Name”', after: '“Ihr Name”' },
          {
            what: 'The choice “Phone” of “How should we contact you?” no longer translated',
            before: '“Telefon”',
            after: 'Not translated',
          },
        ],
      },
    ]);
    expect(isEmptyDiff(diffDefinitions(before, before))).toBe(true);
  });

  it('names languages added (with how much is translated) and removed, the default and the switcher', () => {
    const before = withGerman({ name: { prompt: 'Ihr Name' } });
    const after = {
      ...named(),
      defaultLanguage: 'en',
      languageSwitcher: true,
      translations: { fr: { name: { prompt: 'Nom' } } },
    } as unknown as Definition;
    const diff = diffDefinitions(before, after);
    expect(diff.languagesAdded).toEqual(['French (français): 1 of 5 texts translated']);
    expect(diff.languagesRemoved).toEqual(['German (Deutsch)']);
    expect(diff.languageChanges).toEqual([
      { what: 'Language switcher for respondents', before: 'Not shown', after: 'Shown' },
    ]);
    const swapped = { ...named(), defaultLanguage: 'de' } as unknown as Definition;
    expect(diffDefinitions(named(), swapped).languageChanges).toEqual([
      { what: 'Default language', before: 'English', after: 'German (Deutsch)' },
    ]);
  });
});

describe('endings and hidden fields in the comparison', () => {
  const ending = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
    id,
    title,
    body: '',
    visibility: { mode: 'ALWAYS' },
    ...extra,
  });
  const withEndings = (endings: unknown[], hiddenFields?: unknown[]) =>
    ({
      ...def([step('s1', 'One', [question('a', { type: 'NUMBER', prompt: 'Size' })])]),
      endings,
      hiddenFields,
    }) as Definition;

  it('says which endings were added, removed and changed (title, text, redirect, rule) in words', () => {
    const before = withEndings([ending('e1', 'Thanks'), ending('e2', 'Old one')], [{ key: 'utm_source' }]);
    const after = withEndings(
      [
        ending('e1', 'You qualify', {
          body: 'Book a time',
          redirectUrl: 'https://example.org/book',
          visibility: {
            mode: 'CONDITIONAL',
            rule: {
              combinator: 'ALL',
              conditions: [{ source: 'ANSWER', questionCode: 'a', operator: 'GREATER_THAN', value: 10 }],
            },
          },
        }),
        ending('e3', 'New one'),
      ],
      [{ key: 'utm_source' }, { key: 'customer_id' }],
    );
    const diff = diffDefinitions(before, after);
    expect(diff.sectionsAdded).toEqual(['Ending “New one”']);
    expect(diff.sectionsRemoved).toEqual(['Ending “Old one”']);
    expect(diff.sectionsChanged).toEqual([
      {
        key: 'e1',
        name: 'Ending “You qualify”',
        changes: [
          { what: 'Title', before: '“Thanks”', after: '“You qualify”' },
          { what: 'Text', before: NOTHING, after: '“Book a time”' },
          { what: 'Redirect address', before: NOTHING, after: 'https://example.org/book' },
          { what: 'Shown', before: 'Always shown', after: 'Shown when “Size” is more than 10' },
        ],
      },
      {
        key: 'hiddenFields',
        name: 'Hidden fields',
        changes: [{ what: 'Hidden fields', before: 'utm_source', after: 'utm_source, customer_id' }],
      },
    ]);
  });
});

describe('diffDefinitions of the new types and settings', () => {
  const grid = (rows: { value: string; label: string }[], extra: Record<string, unknown> = {}) =>
    question('grid', {
      type: 'MATRIX',
      prompt: 'How satisfied are you?',
      typeConfig: {
        rows,
        columns: [
          { value: 'bad', label: 'Bad' },
          { value: 'good', label: 'Good' },
        ],
        multiple: false,
        shuffle: 'NONE',
        ...extra,
      },
    } as never);

  it('names rows added, renamed and the rows’ order, and the settings in words', () => {
    const before = def([step('s1', 'One', [grid([{ value: 'speed', label: 'Speed' }])])]);
    const after = def([
      step('s1', 'One', [
        grid(
          [
            { value: 'speed', label: 'Delivery speed' },
            { value: 'price', label: 'Price' },
          ],
          { shuffle: 'ALL', multiple: true },
        ),
      ]),
    ]);
    expect(diffDefinitions(before, after).changed[0]?.changes).toEqual([
      { what: 'Rows added', before: NOTHING, after: '“Price”' },
      { what: 'Row renamed', before: '“Speed”', after: '“Delivery speed”' },
      { what: 'Several answers per row (checkboxes)', before: 'Off', after: 'On' },
      { what: 'Order of the rows', before: 'Keep the order', after: 'Shuffle for each respondent' },
    ]);
  });

  it('shows Other and shuffle turned on for a choice question', () => {
    const before = def([step('s1', 'One', [contact()])]);
    const after = def([
      step('s1', 'One', [
        contact({
          typeConfig: {
            choices: [
              { value: 'phone', label: 'Phone' },
              { value: 'mail', label: 'E-mail' },
            ],
            allowOther: true,
            otherLabel: 'Pigeon',
            shuffle: 'ALL_BUT_LAST',
          },
        } as Partial<Question>),
      ]),
    ]);
    expect(diffDefinitions(before, after).changed[0]?.changes).toEqual([
      { what: 'Offer “Other (please specify)”', before: 'Off', after: 'On' },
      { what: 'Label of “Other”', before: 'Not set', after: '“Pigeon”' },
      { what: 'Order of the choices', before: 'Keep the order', after: 'Shuffle, keep the last one last' },
    ]);
  });
});
