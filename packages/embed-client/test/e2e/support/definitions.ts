import type { DefinitionInput } from '@forms-engine/schema';

const whenAnswer = (questionCode: string, operator: 'EQUALS' | 'IS_NOT_EMPTY', value?: string | boolean) => ({
  mode: 'CONDITIONAL' as const,
  rule: {
    combinator: 'ALL' as const,
    conditions: [{ source: 'ANSWER' as const, questionCode, operator, ...(value === undefined ? {} : { value }) }],
  },
});
const required = { mode: 'ALWAYS' as const };

/** Three steps: a conditional question, tabs with an address and files, then a required consent. */
export const journey: DefinitionInput = {
  schemaVersion: 1,
  steps: [
    {
      id: 'about',
      title: 'About you',
      questions: [
        { id: 'q-name', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name', requirement: required, width: 'HALF' },
        { id: 'q-email', code: 'email', type: 'EMAIL', prompt: 'Email address', width: 'HALF' },
        { id: 'q-pets', code: 'hasPets', type: 'YES_NO', prompt: 'Do you have pets?' },
        {
          id: 'q-which',
          code: 'whichPets',
          type: 'MULTI_CHOICE',
          prompt: 'Which pets?',
          visibility: whenAnswer('hasPets', 'EQUALS', true),
          requirement: required,
          typeConfig: {
            choices: [
              { value: 'cat', label: 'Cat' },
              { value: 'dog', label: 'Dog' },
            ],
          },
        },
      ],
    },
    {
      id: 'details',
      title: 'Details',
      tabs: [
        {
          id: 'where',
          title: 'Where',
          questions: [
            { id: 'q-address', code: 'address', type: 'ADDRESS', prompt: 'Home address', requirement: required },
          ],
        },
        {
          id: 'files',
          title: 'Files',
          questions: [
            {
              id: 'q-files',
              code: 'documents',
              type: 'FILE_UPLOAD',
              prompt: 'Supporting documents',
              typeConfig: { maxFiles: 2, acceptedContentTypes: ['text/plain', 'image/*'] },
            },
          ],
        },
      ],
    },
    {
      id: 'finish',
      title: 'Finish',
      questions: [
        {
          id: 'q-rating',
          code: 'rating',
          type: 'RATING',
          prompt: 'How was it?',
          typeConfig: { minLabel: 'Poor', maxLabel: 'Great' },
        },
        {
          id: 'q-consent',
          code: 'consent',
          type: 'CONSENT',
          prompt: 'Consent',
          typeConfig: { label: 'I agree to the terms' },
          requirement: required,
        },
      ],
    },
  ],
};

/** Every one of the 16 question types on one screen, all required where they can be. */
export const everyType: DefinitionInput = {
  schemaVersion: 1,
  questions: [
    {
      id: 'a1',
      code: 'shortText',
      type: 'SHORT_TEXT',
      prompt: 'Short text',
      requirement: required,
      sectionTitle: 'Text',
    },
    { id: 'a2', code: 'longText', type: 'LONG_TEXT', prompt: 'Long text', requirement: required },
    {
      id: 'a3',
      code: 'number',
      type: 'NUMBER',
      prompt: 'A number',
      requirement: required,
      width: 'THIRD',
      typeConfig: { min: 0, max: 10, unit: 'kg' },
    },
    { id: 'a4', code: 'email', type: 'EMAIL', prompt: 'Email', requirement: required, width: 'THIRD' },
    { id: 'a5', code: 'phone', type: 'PHONE', prompt: 'Phone', requirement: required, width: 'THIRD' },
    { id: 'a6', code: 'url', type: 'URL', prompt: 'Website', requirement: required, width: 'TWO_THIRDS' },
    { id: 'a7', code: 'date', type: 'DATE', prompt: 'Date', requirement: required, width: 'THIRD' },
    {
      id: 'a8',
      code: 'single',
      type: 'SINGLE_CHOICE',
      prompt: 'Single choice',
      requirement: required,
      sectionTitle: 'Choices',
      typeConfig: {
        choices: [
          { value: 'x', label: 'X' },
          { value: 'y', label: 'Y' },
        ],
      },
    },
    {
      id: 'a9',
      code: 'multi',
      type: 'MULTI_CHOICE',
      prompt: 'Multi choice',
      requirement: required,
      typeConfig: {
        choices: [
          { value: 'x', label: 'X' },
          { value: 'y', label: 'Y' },
        ],
      },
    },
    {
      id: 'a10',
      code: 'dropdown',
      type: 'DROPDOWN',
      prompt: 'Dropdown',
      requirement: required,
      typeConfig: {
        choices: [
          { value: 'x', label: 'X' },
          { value: 'y', label: 'Y' },
        ],
      },
    },
    { id: 'a11', code: 'yesNo', type: 'YES_NO', prompt: 'Yes or no', requirement: required },
    { id: 'a12', code: 'rating', type: 'RATING', prompt: 'Rating', requirement: required },
    { id: 'a13', code: 'file', type: 'FILE_UPLOAD', prompt: 'A file', requirement: required },
    {
      id: 'a14',
      code: 'address',
      type: 'ADDRESS',
      prompt: 'Address',
      requirement: required,
      typeConfig: { suggestions: false },
    },
    { id: 'a15', code: 'consent', type: 'CONSENT', prompt: 'I agree', requirement: required },
    {
      id: 'a16',
      code: 'statement',
      type: 'STATEMENT',
      prompt: 'A statement',
      typeConfig: { body: 'Read this.\nThen go on.' },
    },
  ],
};

/** Two short steps of native controls, for completing with the keyboard alone. */
export const keyboardOnly: DefinitionInput = {
  schemaVersion: 1,
  steps: [
    {
      id: 'start',
      title: 'Start',
      questions: [
        { id: 'k1', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name', requirement: required },
        {
          id: 'k2',
          code: 'colour',
          type: 'SINGLE_CHOICE',
          prompt: 'Colour',
          requirement: required,
          typeConfig: {
            choices: [
              { value: 'red', label: 'Red' },
              { value: 'green', label: 'Green' },
            ],
          },
        },
      ],
    },
    {
      id: 'more',
      title: 'More',
      questions: [
        {
          id: 'k3',
          code: 'extras',
          type: 'MULTI_CHOICE',
          prompt: 'Extras',
          typeConfig: {
            choices: [
              { value: 'a', label: 'Extra A' },
              { value: 'b', label: 'Extra B' },
            ],
          },
        },
        {
          id: 'k4',
          code: 'size',
          type: 'DROPDOWN',
          prompt: 'Size',
          requirement: required,
          typeConfig: {
            choices: [
              { value: 's', label: 'Small' },
              { value: 'l', label: 'Large' },
            ],
          },
        },
        {
          id: 'k5',
          code: 'consent',
          type: 'CONSENT',
          prompt: 'Consent',
          typeConfig: { label: 'I agree' },
          requirement: required,
        },
      ],
    },
  ],
};

/** Text in the safe Markdown subset, and markup that must stay text. */
export const richText: DefinitionInput = {
  schemaVersion: 1,
  questions: [
    { id: 'r1', code: 'hostile', type: 'SHORT_TEXT', prompt: '<img src=x onerror=alert(1)> [x](javascript:alert(1))' },
    {
      id: 'r2',
      code: 'consent',
      type: 'CONSENT',
      prompt: 'Privacy',
      typeConfig: { label: 'I accept the [privacy policy](https://example.com/privacy) and **the terms**' },
      requirement: required,
    },
    {
      id: 'r3',
      code: 'note',
      type: 'STATEMENT',
      prompt: '*Please note*',
      typeConfig: { body: '<script>alert(2)</script>\nSecond line' },
    },
  ],
};

/** Links where a respondent meets them: in a prompt and in a consent label. */
export const links: DefinitionInput = {
  schemaVersion: 1,
  questions: [
    {
      id: 'l1',
      code: 'name',
      type: 'SHORT_TEXT',
      prompt: 'Your name, as in the [member directory](https://example.com/directory)',
    },
    {
      id: 'l2',
      code: 'consent',
      type: 'CONSENT',
      prompt: 'Privacy',
      typeConfig: { label: 'I accept the [privacy policy](https://example.com/privacy)' },
    },
  ],
};
