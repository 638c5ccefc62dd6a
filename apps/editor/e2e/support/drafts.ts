/** Drafts the browser tests start from, as the API takes them. */

const step = (id: string, title: string, questions: unknown[]) => ({ id, title, questions });
/** Three steps: two half-width questions and a rule in step 1, a choice in step 2, a question step 3 shows only for red. */
export const threeSteps = () => ({
  schemaVersion: 1,
  steps: [
    step('s1', 'About you', [
      { id: 'a', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name', width: 'HALF' },
      { id: 'b', code: 'email', type: 'EMAIL', prompt: 'Your email', width: 'HALF' },
      { id: 'c', code: 'has_pet', type: 'YES_NO', prompt: 'Do you have a pet?' },
      {
        id: 'd',
        code: 'pet_name',
        type: 'SHORT_TEXT',
        prompt: 'Pet name',
        visibility: {
          mode: 'CONDITIONAL',
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'ANSWER', questionCode: 'has_pet', operator: 'EQUALS', value: true }],
          },
        },
      },
    ]),
    step('s2', 'Colours', [
      {
        id: 'e',
        code: 'colour',
        type: 'SINGLE_CHOICE',
        prompt: 'Favourite colour',
        typeConfig: {
          choices: [
            { value: 'red', label: 'Red' },
            { value: 'blue', label: 'Blue' },
          ],
        },
      },
    ]),
    step('s3', 'Last words', [
      {
        id: 'f',
        code: 'comment',
        type: 'LONG_TEXT',
        prompt: 'Anything else?',
        visibility: {
          mode: 'CONDITIONAL',
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'ANSWER', questionCode: 'colour', operator: 'EQUALS', value: 'red' }],
          },
        },
      },
    ]),
  ],
});
