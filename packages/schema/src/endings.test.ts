import { describe, expect, it } from 'vitest';
import { Definition, type DefinitionInput } from './definition';
import { localize } from './rules/languages';
import { chooseEnding, resolveRules } from './rules/resolve';

const parse = (input: unknown) => Definition.safeParse(input as DefinitionInput);
const messages = (input: unknown) => {
  const result = parse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const screening = {
  schemaVersion: 1,
  hiddenFields: [{ key: 'utm_source' }, { key: 'customer_id', label: 'Customer id' }],
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        { id: 'q_name', code: 'q_name', type: 'SHORT_TEXT', prompt: 'Your name?' },
        { id: 'q_size', code: 'q_size', type: 'NUMBER', prompt: 'Thanks, {{q_name}}. How many people?' },
      ],
    },
    { id: 's2', title: 'Hello {{ q_name | there }}', questions: [] },
  ],
  endings: [
    {
      id: 'e_qualified',
      title: 'You qualify',
      body: 'Pick a time on the next page, {{q_name}}.',
      redirectUrl: 'https://example.org/book?source={{hidden.utm_source}}',
      visibility: {
        mode: 'CONDITIONAL',
        rule: {
          combinator: 'ALL',
          conditions: [{ source: 'ANSWER', questionCode: 'q_size', operator: 'GREATER_THAN', value: 10 }],
        },
      },
    },
    {
      id: 'e_newsletter',
      title: 'Thanks, reader',
      visibility: {
        mode: 'CONDITIONAL',
        rule: {
          combinator: 'ALL',
          conditions: [{ source: 'HIDDEN_FIELD', key: 'utm_source', operator: 'EQUALS', value: 'newsletter' }],
        },
      },
    },
    { id: 'e_default', title: 'Thank you', body: 'We will be in touch.', visibility: { mode: 'ALWAYS' } },
  ],
};

describe('hidden fields and endings in a definition', () => {
  it('accepts the contract example', () => {
    expect(messages(screening)).toEqual([]);
  });

  it('defaults an ending to always shown, with no texts', () => {
    const result = Definition.parse({ ...screening, endings: [{ id: 'e' }] } as DefinitionInput);
    expect(result.endings).toEqual([{ id: 'e', title: '', body: '', visibility: { mode: 'ALWAYS' } }]);
  });

  it('refuses duplicate keys, a key equal to a question code, and a bad key', () => {
    expect(
      messages({
        ...screening,
        hiddenFields: [{ key: 'utm_source' }, { key: 'a' }, { key: 'a' }, { key: 'q_name' }, { key: '1x' }],
      }),
    ).toEqual([
      expect.stringMatching(/^hiddenFields\.4\.key: /),
      'hiddenFields.2.key: Two hidden fields have the key “a”',
      'hiddenFields.3.key: The hidden field “q_name” has the code of a question: give one of them another name',
    ]);
  });

  it('refuses more than 50 hidden fields and 20 endings', () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ key: `k${i}` }));
    expect(messages({ ...screening, hiddenFields: many })[0]).toMatch(/^hiddenFields: /);
    const endings = Array.from({ length: 21 }, (_, i) => ({ id: `e${i}` }));
    expect(messages({ ...screening, endings })[0]).toMatch(/^endings: /);
  });

  it('refuses an ending id used by another element', () => {
    expect(messages({ ...screening, endings: [{ id: 's1' }] })).toEqual([
      'endings.0.id: Duplicate id "s1" (first used at steps.0.id)',
    ]);
  });

  it.each([
    ['http://example.org', false],
    ['javascript:alert(1)', false],
    ['example.org', false],
    ['https://example.org/x?a={{q_name}}', true],
    ['http://localhost:5173/done', true],
    ['http://localhost/done', true],
    ['http://localhost.evil.example/', false],
  ])('redirect %s allowed: %s', (redirectUrl, allowed) => {
    const result = messages({ ...screening, endings: [{ id: 'e', redirectUrl }] });
    expect(result.length === 0).toBe(allowed);
  });

  it('refuses a hidden-field condition on an undeclared key or with a number operator', () => {
    const ending = (condition: object) => ({
      ...screening,
      endings: [{ id: 'e', visibility: { mode: 'CONDITIONAL', rule: { conditions: [condition] } } }],
    });
    expect(messages(ending({ source: 'HIDDEN_FIELD', key: 'nope', operator: 'EQUALS', value: 'x' }))).toEqual([
      'endings.0.visibility.rule.conditions.0.key: No hidden field has the key “nope”: declare it under Hidden fields first',
    ]);
    expect(messages(ending({ source: 'HIDDEN_FIELD', key: 'utm_source', operator: 'GREATER_THAN', value: 1 }))).toEqual(
      [expect.stringMatching(/^endings\.0\.visibility\.rule\.conditions\.0\.operator: A hidden field holds text/)],
    );
    expect(messages(ending({ source: 'HIDDEN_FIELD', operator: 'IS_EMPTY' }))).toEqual([
      'endings.0.visibility.rule.conditions.0.key: Choose the hidden field this condition reads',
    ]);
  });
});

describe('recall tokens in a definition', () => {
  const withPrompt = (prompt: string, where: 'first' | 'second' = 'second') => {
    const copy = structuredClone(screening);
    copy.steps[0]!.questions[where === 'first' ? 0 : 1]!.prompt = prompt;
    return copy;
  };

  it('refuses a token naming no question or hidden field, in words', () => {
    expect(messages(withPrompt('Hi {{q_nobody}}'))).toEqual([
      'steps.0.questions.1.prompt: The prompt of question “q_size” recalls “{{q_nobody}}”, but no question has the code “q_nobody”',
    ]);
    expect(messages(withPrompt('Hi {{hidden.nope}}'))).toEqual([
      'steps.0.questions.1.prompt: The prompt of question “q_size” recalls “{{hidden.nope}}”, but no hidden field has the key “nope”',
    ]);
    expect(messages(withPrompt('Hi {{ ? }}'))).toEqual([
      'steps.0.questions.1.prompt: The prompt of question “q_size” has “{{ ? }}”, which names no question or hidden field: write {{code}} or {{hidden.key}}',
    ]);
  });

  it('refuses a question recalling itself or a later one', () => {
    expect(messages(withPrompt('{{q_size}}'))).toHaveLength(1);
    expect(messages(withPrompt('{{q_size}}', 'first'))).toEqual([
      'steps.0.questions.0.prompt: The prompt of question “q_name” recalls “{{q_size}}”, which is asked later: a question can recall only the questions before it',
    ]);
  });

  it("refuses a step title recalling its own step's question", () => {
    const copy = structuredClone(screening);
    copy.steps[0]!.title = 'Hi {{q_name}}';
    expect(messages(copy)).toEqual([
      "steps.0.title: The title of step “Hi {{q_name}}” recalls “{{q_name}}”, which is asked later: a step's title can recall only the questions of earlier steps",
    ]);
  });

  it('checks translations and choice labels the same way', () => {
    const copy = {
      ...structuredClone(screening),
      translations: { de: { q_name: { prompt: 'Name, {{q_size}}?' }, e_default: { title: 'Danke, {{q_name}}' } } },
    };
    expect(messages(copy)).toEqual([
      'translations.de.q_name.prompt: German (de): The prompt of question “q_name” recalls “{{q_size}}”, which is asked later: a question can recall only the questions before it',
    ]);
  });

  it('lets hidden fields be recalled anywhere', () => {
    expect(messages(withPrompt('From {{hidden.utm_source}}', 'first'))).toEqual([]);
  });
});

describe('the ending shown', () => {
  const definition = Definition.parse(screening as DefinitionInput);
  const ending = (answers: Record<string, unknown>, hidden: Record<string, string> = {}) =>
    chooseEnding(definition, resolveRules(definition, { answers, hidden }))?.id;

  it('is the first whose visibility holds', () => {
    expect(ending({ q_size: 12 })).toBe('e_qualified');
    expect(ending({ q_size: 12 }, { utm_source: 'newsletter' })).toBe('e_qualified');
    expect(ending({ q_size: 3 }, { utm_source: 'newsletter' })).toBe('e_newsletter');
    expect(ending({ q_size: 3 })).toBe('e_default');
  });

  it('is none when no ending holds or none exists', () => {
    const never = { ...definition, endings: [{ ...definition.endings![2]!, visibility: { mode: 'NEVER' as const } }] };
    expect(chooseEnding(never, resolveRules(never, { answers: {} }))).toBeUndefined();
    expect(chooseEnding({}, resolveRules(definition, { answers: {} }))).toBeUndefined();
  });

  it('reads hidden fields with the text operators', () => {
    const state = (hidden: Record<string, string>) => resolveRules(definition, { answers: {}, hidden });
    const rule = (operator: string, value?: unknown) =>
      ({
        mode: 'CONDITIONAL',
        rule: {
          combinator: 'ALL',
          conditions: [{ source: 'HIDDEN_FIELD', key: 'utm_source', operator, value }],
        },
      }) as Parameters<ReturnType<typeof resolveRules>['holds']>[0];
    expect(state({ utm_source: 'ad' }).holds(rule('IN', ['ad', 'mail']))).toBe(true);
    expect(state({ utm_source: 'ad' }).holds(rule('NOT_IN', ['ad']))).toBe(false);
    expect(state({}).holds(rule('IS_EMPTY'))).toBe(true);
    expect(state({ utm_source: 'news' }).holds(rule('CONTAINS', 'ew'))).toBe(true);
    expect(state({}).holds(rule('EQUALS', 'ad'))).toBe(false);
  });

  it('is translated like every other text', () => {
    const german = localize(
      { ...definition, translations: { de: { e_default: { title: 'Danke', body: 'Wir melden uns.' } } } },
      'de',
    );
    expect(german.endings?.[2]).toMatchObject({ title: 'Danke', body: 'Wir melden uns.' });
    expect(german.endings?.[0]?.title).toBe('You qualify');
  });
});
