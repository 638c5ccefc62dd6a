import type { Definition, Question } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { question } from '../../test/definitions.ts';
import { type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { VersionPage } from './version-page.tsx';
import { VersionsPage } from './versions-page.tsx';

afterEach(cleanup);

const routes = [
  { path: '/questionnaires/:questionnaireId/versions', element: <VersionsPage /> },
  { path: '/questionnaires/:questionnaireId/versions/:version', element: <VersionPage /> },
];

const contact = question('question_1', {
  type: 'SINGLE_CHOICE',
  prompt: 'How should we contact you?',
  typeConfig: {
    choices: [
      { value: 'option_1', label: 'Phone' },
      { value: 'option_2', label: 'E-mail' },
    ],
  },
} as Partial<Question>);
const phoneRule = {
  mode: 'CONDITIONAL',
  rule: {
    combinator: 'ALL',
    conditions: [{ source: 'ANSWER', questionCode: 'question_1', operator: 'EQUALS', value: 'option_1' }],
  },
} as const;
const definition = (questions: Question[]): Definition => ({
  schemaVersion: 1,
  tabs: [],
  questions: [],
  steps: [
    {
      id: 's1',
      title: 'Contact',
      visibility: { mode: 'ALWAYS' },
      requirement: { mode: 'NEVER' },
      tabs: [],
      questions,
    },
  ],
});
const v1 = definition([contact, question('question_5', { prompt: 'Your number' })]);
const v2 = definition([
  contact,
  question('question_5', { prompt: 'Your phone number', requirement: phoneRule } as never),
  question('question_14', { type: 'EMAIL', prompt: 'Work email' }),
  question('question_20', {
    type: 'FILE_UPLOAD',
    prompt: 'Your CV',
    typeConfig: { acceptedContentTypes: ['application/pdf', 'image/*'], maxFiles: 2 },
  } as Partial<Question>),
]);

function handlers(versions: Definition[]): Handlers {
  return {
    'questionnaires.versions': () =>
      versions.map((_, i) => ({
        versionNumber: i + 1,
        note: `Note ${i + 1}`,
        publishedAt: '2026-11-01T10:00:00.000Z',
      })),
    'questionnaires.version': (input: { n: number }) => ({
      versionNumber: input.n,
      note: `Note ${input.n}`,
      publishedAt: '2026-11-01T10:00:00.000Z',
      definition: versions[input.n - 1],
    }),
    'questionnaires.get': () => ({ id: 'q1', draft: versions.at(-1), currentVersion: versions.length }),
  };
}

/** Codes, JSON paths and type constants a builder must never read. */
const MACHINE_WORDS = /question_\d|option_\d|[A-Z]{2,}_[A-Z]|steps\.\d|\bSHORT_TEXT\b|\bEQUALS\b/;

describe('versions', () => {
  it('before the first publish, says what a version is and how to make one', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/versions', handlers: handlers([]) });
    expect(await screen.findByRole('heading', { name: 'No versions yet' })).toBeDefined();
    const panel = screen.getByRole('region', { name: 'No versions yet' });
    expect(panel.textContent).toMatch(/press Publish above: the draft becomes version 1/);
  });

  it('compares two versions side by side in words: old and new prompt, the rule by prompt and choice label', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/versions?from=1&to=2', handlers: handlers([v1, v2]) });
    const differences = await screen.findByRole('region', { name: 'Differences' });
    const table = await within(differences).findByRole('table', { name: 'Your phone number' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['What', 'Version 1', 'Version 2']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Prompt', '“Your number”', '“Your phone number”'],
      ['Required', 'Optional', 'Required when “How should we contact you?” is “Phone”'],
    ]);
    expect(within(differences).getByText('Work email')).toBeDefined();
    expect(within(differences).getByText(/Email; in step “Contact”, position 3/)).toBeDefined();
    expect(differences.textContent).not.toMatch(MACHINE_WORDS);
  });

  it('“What changed” compares a version with the one before and takes the focus to the comparison', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApi(routes, { url: '/questionnaires/q1/versions', handlers: handlers([v1, v2]) });
    expect(await screen.findByText(/Choose two versions/)).toBeDefined();
    await user.click(await screen.findByRole('link', { name: 'What changed in version 2' }));
    expect(router.state.location.search).toBe('?from=1&to=2');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Compare' }));
    expect(await screen.findByRole('table', { name: 'Your phone number' })).toBeDefined();
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('1');
  });

  it('names translation changes in words under their language, and the languages added', async () => {
    const german = { ...v1, translations: { de: { question_5: { prompt: 'Ihre Nummer' } } } };
    const more = {
      ...v1,
      translations: {
        de: { question_5: { prompt: 'Ihre Telefonnummer' }, s1: { title: 'Kontakt' } },
        fr: { s1: { title: 'Contact' } },
      },
    };
    renderWithApi(routes, { url: '/questionnaires/q1/versions?from=1&to=2', handlers: handlers([german, more]) });
    const differences = await screen.findByRole('region', { name: 'Differences' });
    expect(await within(differences).findByText(/German: 2 translations changed\.$/)).toBeDefined();
    const table = within(differences).getByRole('table', { name: 'German' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['The title of step “Contact” translated', 'Not translated', '“Kontakt”'],
      ['The prompt of “Your number” changed', '“Ihre Nummer”', '“Ihre Telefonnummer”'],
    ]);
    expect(within(differences).getByText('French (français): 1 of 5 texts translated')).toBeDefined();
    expect(differences.textContent).not.toMatch(MACHINE_WORDS);
  });

  it('says so when the two sides are the same', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/versions?from=2&to=draft', handlers: handlers([v1, v2]) });
    expect(await screen.findByText('No differences: Version 2 and the draft are the same.')).toBeDefined();
  });
});

describe('one version', () => {
  it('shows each question by prompt with its type, width and rules in words, never by code or constant', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/versions/2', handlers: handlers([v1, v2]) });
    expect(await screen.findByRole('heading', { name: 'Version 2' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Step 1: Contact' })).toBeDefined();
    expect(screen.getByText('Your phone number')).toBeDefined();
    expect(
      screen.getByText('Short text · Full row · Always shown · Required when “How should we contact you?” is “Phone”'),
    ).toBeDefined();
    expect(screen.getByText('Choices: “Phone”, “E-mail”')).toBeDefined();
    expect(screen.getByText('Accepted file types: PDF document (.pdf), Any image · Most files: 2')).toBeDefined();
    expect(screen.getByRole('link', { name: 'What changed since version 1' }).getAttribute('href')).toBe(
      '/questionnaires/q1/versions?from=1&to=2',
    );
    expect(document.body.textContent).not.toMatch(MACHINE_WORDS);
  });

  it('reads a version in another of its languages, and says how much of each is translated', async () => {
    const user = userEvent.setup();
    const german = { ...v1, languageSwitcher: true, translations: { de: { question_5: { prompt: 'Ihre Nummer' } } } };
    renderWithApi(routes, { url: '/questionnaires/q1/versions/1', handlers: handlers([german]) });
    expect(
      await screen.findByText(
        'In English (the default), German (1 of 5 texts translated). Respondents see a language switcher.',
      ),
    ).toBeDefined();
    expect(screen.getByText('Your number')).toBeDefined();
    await user.selectOptions(screen.getByLabelText('Read this version in'), 'de');
    expect(await screen.findByText('Ihre Nummer')).toBeDefined();
    // A text not translated reads in the default language, as respondents see it.
    expect(screen.getByText('How should we contact you?')).toBeDefined();
  });

  it('answers a version number that cannot exist in words, without asking the API', async () => {
    const { callsTo } = renderWithApi(routes, { url: '/questionnaires/q1/versions/abc', handlers: handlers([v1]) });
    expect(await screen.findByText(/There is no version “abc”/)).toBeDefined();
    await waitFor(() => expect(callsTo('questionnaires.version')).toHaveLength(0));
  });
});
