import type { Definition } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question, twoSteps } from '../../test/definitions.ts';
import { setCode, setPrompt } from './codes.ts';
import { addHiddenField, hiddenFieldUses, removeHiddenField, setHiddenKey, usesInWords } from './hidden-fields.ts';
import { recallOptions, renameTokens, tokensInWords } from './recall.ts';

/** Two steps, a hidden field, tokens in a later prompt, a step title, an ending and a translation. */
function withTokens(): Definition {
  const draft = addHiddenField(twoSteps(), 'utm_source');
  draft.steps[1]!.title = 'Hello {{name}}';
  draft.steps[1]!.questions[0]!.prompt = 'How old is {{ name | your pet }}, from {{hidden.utm_source}}?';
  draft.endings = [
    {
      id: 'e_done',
      title: 'Thanks {{name}}',
      body: 'Age {{age}}',
      redirectUrl: 'https://example.org/?s={{hidden.utm_source}}',
      visibility: {
        mode: 'CONDITIONAL',
        rule: {
          combinator: 'ALL',
          conditions: [
            { source: 'HIDDEN_FIELD', key: 'utm_source', operator: 'EQUALS', value: 'ad' },
            { source: 'ANSWER', questionCode: 'name', operator: 'IS_NOT_EMPTY' },
          ],
        },
      },
    },
  ];
  draft.translations = { de: { age: { prompt: 'Wie alt ist {{name}}?' }, e_done: { title: 'Danke {{name}}' } } };
  return draft;
}

describe('what a text may recall', () => {
  it('offers a question only the questions before it, a step title the earlier steps, an ending every question, and the hidden fields', () => {
    const draft = withTokens();
    const words = (selection: Parameters<typeof recallOptions>[1]) =>
      recallOptions(draft, selection).map((option) => `${option.words} = ${option.token}`);
    expect(words({ kind: 'question', container: { step: 0 }, index: 1 })).toEqual([
      'Answer to “Prompt of name” = {{name}}',
      'The hidden field utm_source = {{hidden.utm_source}}',
    ]);
    expect(words({ kind: 'step', step: 0 })).toEqual(['The hidden field utm_source = {{hidden.utm_source}}']);
    expect(words({ kind: 'step', step: 1 })).toEqual([
      'Answer to “Prompt of name” = {{name}}',
      'Answer to “A pet?” = {{pet}}',
      'Answer to “Colour” = {{color}}',
      'The hidden field utm_source = {{hidden.utm_source}}',
    ]);
    expect(words({ kind: 'ending', ending: 0 })).toHaveLength(5);
  });

  it('says the tokens of a text in words, by prompt and key', () => {
    expect(tokensInWords(withTokens(), 'Hi {{name}} from {{hidden.utm_source}}, {{gone}}')).toEqual([
      '“Prompt of name” (name)',
      'the hidden field utm_source',
      '{{gone}}, which names no question',
    ]);
  });
});

describe('tokens follow codes and keys', () => {
  it('renames a question’s tokens everywhere, translations and fallbacks included', () => {
    const renamed = renameTokens(withTokens(), 'ANSWER', 'name', 'first_name');
    expect(renamed.steps[1]?.title).toBe('Hello {{first_name}}');
    expect(renamed.steps[1]?.questions[0]?.prompt).toBe(
      'How old is {{first_name|your pet}}, from {{hidden.utm_source}}?',
    );
    expect(renamed.endings?.[0]?.title).toBe('Thanks {{first_name}}');
    expect(renamed.translations?.de?.age?.prompt).toBe('Wie alt ist {{first_name}}?');
    expect(renamed.translations?.de?.e_done?.title).toBe('Danke {{first_name}}');
  });

  it('a code typed follows into tokens only while it is one a token can name and no other question has', () => {
    const draft = withTokens();
    const refs: never[] = [];
    expect(setCode(draft, { step: 0 }, 0, 'nom', refs, 'name').endings?.[0]?.title).toBe('Thanks {{nom}}');
    expect(setCode(draft, { step: 0 }, 0, '', refs, 'name').endings?.[0]?.title).toBe('Thanks {{name}}');
    expect(setCode(draft, { step: 0 }, 0, 'pet', refs, 'name').endings?.[0]?.title).toBe('Thanks {{name}}');
  });

  it('a code that follows its prompt takes its tokens along', () => {
    const draft = withTokens();
    draft.steps[0]!.questions[0] = question('your_name', { prompt: 'Your name' });
    draft.endings![0]!.title = 'Thanks {{your_name}}';
    const changed = setPrompt(draft, { step: 0 }, 0, 'Your first name', new Set());
    expect(changed.steps[0]?.questions[0]?.code).toBe('your_first_name');
    expect(changed.endings?.[0]?.title).toBe('Thanks {{your_first_name}}');
  });

  it('a hidden key typed carries its rules and tokens', () => {
    const { definition, follows } = setHiddenKey(withTokens(), 0, 'source', 'utm_source');
    expect(follows).toBe('source');
    expect(definition.endings?.[0]?.redirectUrl).toBe('https://example.org/?s={{hidden.source}}');
    expect(definition.endings?.[0]?.visibility.rule?.conditions[0]).toMatchObject({ key: 'source' });
    expect(setHiddenKey(withTokens(), 0, '1x', 'utm_source').follows).toBe('utm_source');
  });
});

describe('removing a hidden field', () => {
  it('says what uses it, and with update removes its conditions and leaves the fallback of its tokens', () => {
    const draft = withTokens();
    expect(usesInWords(hiddenFieldUses(draft, 'utm_source'))).toBe('a rule condition reads it and 2 texts recall it');
    const updated = removeHiddenField(draft, 0, true);
    expect(updated.hiddenFields).toBeUndefined();
    expect(updated.endings?.[0]?.visibility.rule?.conditions).toEqual([
      { source: 'ANSWER', questionCode: 'name', operator: 'IS_NOT_EMPTY' },
    ]);
    expect(updated.steps[1]?.questions[0]?.prompt).toBe('How old is {{ name | your pet }}, from ?');
    expect(updated.endings?.[0]?.redirectUrl).toBe('https://example.org/?s=');
    const kept = removeHiddenField(draft, 0, false);
    expect(kept.endings?.[0]?.redirectUrl).toBe('https://example.org/?s={{hidden.utm_source}}');
  });
});
