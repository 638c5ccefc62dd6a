import type { Definition, Question } from '@forms-engine/schema';

/** A question as the API returns it (defaults filled in). */
export const question = (code: string, extra: Partial<Question> = {}): Question =>
  ({
    id: code,
    code,
    type: 'SHORT_TEXT',
    prompt: `Prompt of ${code}`,
    sectionTitle: '',
    width: 'FULL',
    visibility: { mode: 'ALWAYS' },
    requirement: { mode: 'NEVER' },
    typeConfig: {},
    ...extra,
  }) as Question;

export const twoSteps = (): Definition => ({
  schemaVersion: 1,
  tabs: [],
  questions: [],
  steps: [
    {
      id: 's1',
      title: 'About you',
      visibility: { mode: 'ALWAYS' },
      requirement: { mode: 'NEVER' },
      tabs: [],
      questions: [
        question('name'),
        question('pet', { type: 'YES_NO', prompt: 'A pet?' }),
        question('color', {
          type: 'SINGLE_CHOICE',
          prompt: 'Colour',
          typeConfig: {
            choices: [
              { value: 'red', label: 'Red' },
              { value: 'blue', label: 'Blue' },
            ],
          },
        } as Partial<Question>),
      ],
    },
    {
      id: 's2',
      title: 'More',
      visibility: { mode: 'ALWAYS' },
      requirement: { mode: 'NEVER' },
      tabs: [],
      questions: [question('age', { type: 'NUMBER', prompt: 'Age' })],
    },
  ],
});
