import { Definition, type DefinitionInput } from '@forms-engine/schema';
import type { Definition as PlainDefinition } from '../../src/client/types';

/**
 * The screening questionnaire of issue 23 for component tests: hidden fields, recall tokens on
 * step 2 and in endings, an ending chosen by a rule with a redirect, one by a hidden field.
 */
const question = (code: string, type: string, prompt: string, extra: object = {}) => ({
  id: code,
  code,
  type,
  prompt,
  ...extra,
});

const sizeOver10 = {
  mode: 'CONDITIONAL',
  rule: {
    combinator: 'ALL',
    conditions: [{ source: 'ANSWER', questionCode: 'q_size', operator: 'GREATER_THAN', value: 10 }],
  },
};
const fromNewsletter = {
  mode: 'CONDITIONAL',
  rule: {
    combinator: 'ALL',
    conditions: [{ source: 'HIDDEN_FIELD', key: 'utm_source', operator: 'EQUALS', value: 'newsletter' }],
  },
};

export function screening(extra: Partial<DefinitionInput> = {}): PlainDefinition {
  return Definition.parse({
    schemaVersion: 1,
    hiddenFields: [{ key: 'utm_source' }, { key: 'customer_id', label: 'Customer id' }],
    endings: [
      {
        id: 'e_qualified',
        title: 'You qualify, {{q_name}}',
        body: 'Pick a time on the next page, **{{q_name|friend}}**.',
        redirectUrl: 'https://example.org/book?source={{hidden.utm_source}}&name={{q_name}}',
        visibility: sizeOver10,
      },
      { id: 'e_news', title: 'Thanks, newsletter reader', body: 'See you.', visibility: fromNewsletter },
    ],
    steps: [
      {
        id: 's1',
        title: 'About you',
        questions: [
          question('q_name', 'SHORT_TEXT', 'Your name'),
          question('q_size', 'NUMBER', 'Team size'),
          question('q_member', 'YES_NO', 'Already a member?'),
          question('q_when', 'DATE', 'Start date'),
          question('q_tools', 'MULTI_CHOICE', 'Tools', {
            typeConfig: {
              choices: [
                { value: 'a', label: 'Alpha' },
                { value: 'b', label: 'Beta' },
                { value: 'c', label: 'Gamma' },
              ],
            },
          }),
        ],
      },
      {
        id: 's2',
        title: 'Thanks, {{q_name}}',
        questions: [
          question('q_note', 'STATEMENT', 'Hello {{q_name|there}}', {
            typeConfig: { body: 'Member: {{q_member}}. From {{hidden.utm_source|nowhere}}.' },
          }),
          question('q_plan', 'SINGLE_CHOICE', 'Which plan, {{q_name}}?', {
            typeConfig: {
              choices: [
                { value: 'free', label: 'Free for {{q_name|you}}' },
                { value: 'pro', label: 'Pro' },
              ],
            },
          }),
          question('q_more', 'SHORT_TEXT', 'More', { typeConfig: { placeholder: 'Tell us, {{q_name}}' } }),
        ],
      },
    ],
    ...extra,
  } as DefinitionInput) as PlainDefinition;
}
