import type { ResponseSummary } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeProblem, type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { SummaryPage } from './summary-page.tsx';
import { summaryInput } from './use-summary-filters.ts';

afterEach(cleanup);

const routes = [
  { path: '/questionnaires/:questionnaireId/summary', element: <SummaryPage /> },
  { path: '/questionnaires/:questionnaireId/responses', element: <p>Responses screen</p> },
];

const summary = (extra: Partial<ResponseSummary> = {}): ResponseSummary => ({
  counts: { responses: 120, inProgress: 30, completed: 90, completionRate: 0.75 },
  languages: [{ language: 'en', responses: 120, completed: 90 }],
  timeToComplete: { medianSeconds: 95, p90Seconds: 3_900 },
  endings: [],
  hiddenFields: [],
  versionNumber: 2,
  steps: [
    { stepId: 's1', title: 'About you', reached: 120, droppedHere: 12 },
    { stepId: 's2', title: 'Your *plan*', reached: 108, droppedHere: 18 },
  ],
  questions: [
    {
      code: 'plan',
      prompt: 'Which **plan**?',
      type: 'SINGLE_CHOICE',
      answered: 110,
      choices: [
        { value: 'pro', label: 'Pro', count: 70 },
        { value: 'free', label: 'Free', count: 40 },
        { value: 'team', label: 'Team', count: 0 },
      ],
    },
    {
      code: 'score',
      prompt: 'How likely are you to recommend us?',
      type: 'RATING',
      answered: 90,
      stats: { count: 90, mean: 4.1, median: 4, min: 1, max: 5 },
      distribution: [
        { value: 1, count: 2 },
        { value: 2, count: 3 },
        { value: 3, count: 10 },
        { value: 4, count: 30 },
        { value: 5, count: 45 },
      ],
    },
    {
      code: 'seats',
      prompt: 'How many seats?',
      type: 'NUMBER',
      answered: 80,
      stats: { count: 80, mean: 12.5, median: 10, min: 1, max: 250 },
    },
    {
      code: 'start',
      prompt: 'When do you start?',
      type: 'DATE',
      answered: 40,
      stats: { count: 40, min: '2026-01-05', max: '2026-12-24' },
    },
    { code: 'why', prompt: 'Why?', type: 'LONG_TEXT', answered: 60, samples: ['Fast setup', 'Good price'] },
    {
      code: 'cv',
      prompt: 'Your CV',
      type: 'FILE_UPLOAD',
      answered: 3,
      files: { count: 4, totalBytes: 3 * 1024 * 1024 },
    },
    {
      code: 'where',
      prompt: 'Where are you?',
      type: 'ADDRESS',
      answered: 20,
      countries: [
        { value: 'FR', count: 15 },
        { value: 'DE', count: 5 },
      ],
    },
    {
      code: 'empty',
      prompt: 'Anything else?',
      type: 'NUMBER',
      answered: 0,
      stats: { count: 0, mean: null, median: null, min: null, max: null },
    },
  ],
  ...extra,
});

const versions = [
  { versionNumber: 1, note: '', publishedAt: '2026-11-01T10:00:00.000Z' },
  { versionNumber: 2, note: '', publishedAt: '2026-11-10T10:00:00.000Z' },
];

function handlers(answer: (input: unknown) => ResponseSummary = () => summary()): Handlers {
  return {
    'responses.summary': answer,
    'questionnaires.versions': () => versions,
    'questionnaires.get': () => questionnaireDetail(undefined, { currentVersion: 2 }),
  };
}

/** The rows of a table as the text of their cells. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const questionSection = (prompt: string) => screen.getByRole('region', { name: prompt });

describe('the summary', () => {
  it('shows the headline figures in words', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    const list = await screen.findByLabelText('Headline figures');
    const pairs = within(list)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(pairs).toEqual([
      'Responses: 120',
      'In progress: 30',
      'Completed: 90',
      'Completion rate: 75%',
      'Median time to complete: 1 min 35 s',
      'Time 90% complete within: 1 h 5 min',
    ]);
    expect(screen.getByText(/Questions and steps as in version 2/)).toBeDefined();
  });

  it('says there is no time to complete before anyone completes', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/summary',
      handlers: handlers(() =>
        summary({ counts: { responses: 3, inProgress: 3, completed: 0, completionRate: 0 }, timeToComplete: null }),
      ),
    });
    const list = await screen.findByLabelText('Headline figures');
    expect(within(list).getAllByText('No completed responses')).toHaveLength(2);
    expect(within(list).getByText('0%')).toBeDefined();
  });

  it('shows the funnel of steps by title, reached and dropped with their numbers', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    const funnel = await screen.findByRole('table', { name: 'Steps: reached and dropped' });
    expect(rowsOf(funnel)).toEqual([
      ['About you', '120 (100%)', '12 (10% of those who reached it)'],
      ['Your plan', '108 (90%)', '18 (17% of those who reached it)'],
    ]);
  });

  it('leaves the funnel out when the definition has no steps', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers(() => summary({ steps: [] })) });
    await screen.findByLabelText('Headline figures');
    expect(screen.queryByRole('table', { name: 'Steps: reached and dropped' })).toBeNull();
  });

  it('draws choices as bars by prompt (markup stripped), with counts and shares of those who answered', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    const table = await screen.findByRole('table', { name: 'Which plan?' });
    expect(rowsOf(table)).toEqual([
      ['Pro', '70', '64%'],
      ['Free', '40', '36%'],
      ['Team', '0', '0%'],
    ]);
    expect(within(questionSection('Which plan?')).getByText(/answered by 110 of 120 responses/)).toBeDefined();
    // The bars are drawn for the eye only, their length the share.
    const bars = table.querySelectorAll<HTMLElement>('.bar');
    expect([...bars].map((bar) => bar.style.inlineSize)).toEqual([
      `${(70 / 110) * 100}%`,
      `${(40 / 110) * 100}%`,
      '0%',
    ]);
    expect(table.querySelector('.bar-track')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows a rating as its statistics and a distribution over every scale point', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    const table = await screen.findByRole('table', { name: 'How likely are you to recommend us?' });
    expect(rowsOf(table)).toEqual([
      ['1', '2', '2%'],
      ['2', '3', '3%'],
      ['3', '10', '11%'],
      ['4', '30', '33%'],
      ['5', '45', '50%'],
    ]);
    const section = questionSection('How likely are you to recommend us?');
    expect(statsOf(section)).toEqual(['Mean: 4.1', 'Median: 4', 'Lowest: 1', 'Highest: 5']);
  });

  it('shows numbers as mean, median, lowest and highest, and says when nothing is answered', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    await screen.findByLabelText('Headline figures');
    expect(statsOf(questionSection('How many seats?'))).toEqual([
      'Mean: 12.5',
      'Median: 10',
      'Lowest: 1',
      'Highest: 250',
    ]);
    expect(statsOf(questionSection('Anything else?'))).toEqual([
      'Mean: No answers yet',
      'Median: No answers yet',
      'Lowest: No answers yet',
      'Highest: No answers yet',
    ]);
  });

  it('shows dates as the earliest and the latest, in words', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    await screen.findByLabelText('Headline figures');
    expect(statsOf(questionSection('When do you start?'))).toEqual([
      'Earliest: 5 January 2026',
      'Latest: 24 December 2026',
    ]);
  });

  it('lists the latest text answers with a link to the responses under the same filters', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApi(routes, {
      url: '/questionnaires/q1/summary?status=COMPLETED&version=2',
      handlers: handlers(),
    });
    await screen.findByLabelText('Headline figures');
    const section = questionSection('Why?');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fast setup', 'Good price']);
    await user.click(within(section).getByRole('link', { name: 'All answers in Responses' }));
    await screen.findByText('Responses screen');
    expect(router.state.location.pathname).toBe('/questionnaires/q1/responses');
    expect(router.state.location.search).toBe('?status=COMPLETED&version=2');
  });

  it('shows files as their number and size, and countries by name as bars', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    await screen.findByLabelText('Headline figures');
    expect(within(questionSection('Your CV')).getByText('4 files, 3.0 MB in total')).toBeDefined();
    expect(rowsOf(screen.getByRole('table', { name: 'Where are you?' }))).toEqual([
      ['France', '15', '75%'],
      ['Germany', '5', '25%'],
    ]);
  });
});

describe('languages', () => {
  const bilingual = questionnaireDetail(
    {
      schemaVersion: 1,
      steps: [],
      tabs: [],
      questions: [],
      translations: { de: {} },
    },
    { currentVersion: 2 },
  );
  const languages = [
    { language: 'en', responses: 80, completed: 60 },
    { language: 'de', responses: 40, completed: 30 },
  ];

  it('counts the responses answered in each language, with those completed', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/summary',
      handlers: { ...handlers(() => summary({ languages })), 'questionnaires.get': () => bilingual },
    });
    const table = await screen.findByRole('table', { name: 'Languages' });
    expect(rowsOf(table)).toEqual([
      ['English (en)', '80', '67%', '60'],
      ['German (de)', '40', '33%', '30'],
    ]);
  });

  it('has no language table or filter for a questionnaire in one language', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    await screen.findByLabelText('Headline figures');
    expect(screen.queryByRole('table', { name: 'Languages' })).toBeNull();
    expect(screen.queryByLabelText('Language')).toBeNull();
  });

  it('filters by language: sent to the API, kept in the URL and in the link to the responses', async () => {
    const user = userEvent.setup();
    const german = { responses: 40, inProgress: 10, completed: 30, completionRate: 0.75 };
    const { callsTo, router } = renderWithApi(routes, {
      url: '/questionnaires/q1/summary',
      handlers: {
        ...handlers((input) =>
          summary({ languages, ...((input as { language?: string }).language ? { counts: german } : {}) }),
        ),
        'questionnaires.get': () => bilingual,
      },
    });
    await screen.findByLabelText('Headline figures');
    await user.selectOptions(await screen.findByLabelText('Language'), 'German (Deutsch)');
    await waitFor(() => expect(callsTo('responses.summary').at(-1)?.input).toEqual({ id: 'q1', language: 'de' }));
    // The headline counts German alone; the languages' shares stay shares of every language.
    expect(rowsOf(screen.getByRole('table', { name: 'Languages' }))).toEqual([
      ['English (en)', '80', '67%', '60'],
      ['German (de)', '40', '33%', '30'],
    ]);
    expect(router.state.location.search).toBe('?language=de');
    expect(await screen.findByText(/Only responses answered in German/)).toBeDefined();
    await user.click(within(questionSection('Why?')).getByRole('link', { name: 'All answers in Responses' }));
    await screen.findByText('Responses screen');
    expect(router.state.location.search).toBe('?language=de');
  });
});

function statsOf(section: HTMLElement): string[] {
  return within(section)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe('the filters', () => {
  it('are written to the URL and sent as the query input, the days as whole local days', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    await screen.findByLabelText('Headline figures');
    expect(callsTo('responses.summary')[0]?.input).toEqual({ id: 'q1' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await waitFor(() => expect(callsTo('responses.summary').at(-1)?.input).toEqual({ id: 'q1', status: 'COMPLETED' }));
    await user.selectOptions(screen.getByLabelText('Version'), 'Version 1');
    await user.type(screen.getByLabelText('Started from'), '2026-11-01');
    await user.type(screen.getByLabelText('Started until'), '2026-11-03');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const expected = {
      id: 'q1',
      status: 'COMPLETED',
      versionNumber: 1,
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 4).toISOString(),
    };
    await waitFor(() => expect(callsTo('responses.summary').at(-1)?.input).toEqual(expected));
    expect(router.state.location.search).toBe('?status=COMPLETED&version=1&from=2026-11-01&to=2026-11-03');
    expect(summaryInput('q1', { status: 'COMPLETED', versionNumber: 1, from: '2026-11-01', to: '2026-11-03' })).toEqual(
      expected,
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Started from').value).toBe('');
  });

  it('are read from a shared link', async () => {
    const { callsTo } = renderWithApi(routes, {
      url: '/questionnaires/q1/summary?status=IN_PROGRESS&version=2&from=2026-11-05',
      handlers: handlers(),
    });
    await screen.findByLabelText('Headline figures');
    expect(callsTo('responses.summary')[0]?.input).toEqual({
      id: 'q1',
      status: 'IN_PROGRESS',
      versionNumber: 2,
      from: new Date(2026, 10, 5).toISOString(),
    });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Version').value).toBe('2'));
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('IN_PROGRESS');
    expect(screen.getByLabelText<HTMLInputElement>('Started from').value).toBe('2026-11-05');
  });

  it('say in words when the last day comes before the first, without asking the API', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    await screen.findByLabelText('Headline figures');
    await user.type(screen.getByLabelText('Started from'), '2026-11-05');
    await user.type(screen.getByLabelText('Started until'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/The last day comes before the first day/);
    expect(screen.getByLabelText('Started until').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('responses.summary')).toHaveLength(1);
  });

  it('that match nothing say so, not how to get the first response', async () => {
    const none = summary({
      counts: { responses: 0, inProgress: 0, completed: 0, completionRate: 0 },
      timeToComplete: null,
    });
    renderWithApi(routes, { url: '/questionnaires/q1/summary?status=COMPLETED', handlers: handlers(() => none) });
    expect(await screen.findByText('No responses match these filters.')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'No responses yet' })).toBeNull();
  });
});

describe('before the first response', () => {
  it('says how to get it, with a link to the embed code', async () => {
    const none = summary({
      counts: { responses: 0, inProgress: 0, completed: 0, completionRate: 0 },
      timeToComplete: null,
    });
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers(() => none) });
    expect(await screen.findByRole('heading', { name: 'No responses yet' })).toBeDefined();
    expect(await screen.findByText(/Version 2 is published/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'the embed code in Settings' }).getAttribute('href')).toBe(
      '/questionnaires/q1/settings#embed-title',
    );
    expect(screen.queryByLabelText('Headline figures')).toBeNull();
  });
});

describe('a summary that cannot be loaded', () => {
  it('says why in words, without codes', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/summary?version=9',
      handlers: handlers(() => {
        throw new FakeProblem({
          code: 'UNKNOWN_VERSION',
          status: 400,
          detail: 'Version 9 of this questionnaire is not published.',
        });
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Version 9 of this questionnaire is not published.');
    expect(screen.queryByText('Loading the summary…')).toBeNull();
    expect(screen.queryByLabelText('Headline figures')).toBeNull();
  });

  it('says when the server cannot be reached', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/summary',
      handlers: handlers(() => {
        throw new FakeProblem({ code: 'INTERNAL_ERROR', status: 0, detail: 'fetch failed' });
      }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server cannot be reached. Check the connection and try again.',
    );
  });
});

describe('endings and hidden fields in the summary', () => {
  it('draws the completed responses per ending and each hidden field’s values as bars with counts and shares', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/summary',
      handlers: handlers(() =>
        summary({
          endings: [
            { id: 'e_yes', title: 'You *qualify*', count: 60 },
            { id: 'e_no', title: 'Thank you', count: 0 },
            { id: null, title: 'No ending recorded', count: 30 },
          ],
          hiddenFields: [
            {
              key: 'utm_source',
              answered: 80,
              values: [
                { value: 'newsletter', count: 50 },
                { value: 'ad', count: 30 },
              ],
            },
            { key: 'customer_id', label: 'Customer id', answered: 0, values: [] },
          ],
        }),
      ),
    });
    const endings = await screen.findByRole('table', { name: 'Endings' });
    expect(rowsOf(endings)).toEqual([
      ['You qualify', '60', '67%'],
      ['Thank you', '0', '0%'],
      ['No ending recorded', '30', '33%'],
    ]);
    const source = screen.getByRole('table', { name: 'utm_source' });
    expect(rowsOf(source)).toEqual([
      ['newsletter', '50', '63%'],
      ['ad', '30', '38%'],
    ]);
    expect(screen.getByText('Passed for 80 of 120 responses')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Customer id' })).toBeDefined();
    expect(screen.getByText('No response has a value for it yet.')).toBeDefined();
  });

  it('filters by a hidden field’s value from a shared link, and by a value typed and applied', async () => {
    const user = userEvent.setup();
    const draft = { schemaVersion: 1, steps: [], tabs: [], questions: [], hiddenFields: [{ key: 'utm_source' }] };
    const { callsTo, router } = renderWithApi(routes, {
      url: '/questionnaires/q1/summary?hidden.utm_source=ad',
      handlers: {
        ...handlers(),
        'questionnaires.get': () => questionnaireDetail(draft as never, { currentVersion: 2 }),
      },
    });
    await screen.findByLabelText('Headline figures');
    expect(callsTo('responses.summary')[0]?.input).toEqual({ id: 'q1', hidden: { utm_source: 'ad' } });
    const field = (await screen.findByLabelText('utm_source')) as HTMLInputElement;
    expect(field.value).toBe('ad');
    await user.clear(field);
    await user.type(field, 'newsletter');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?hidden.utm_source=newsletter'));
    await waitFor(() =>
      expect(callsTo('responses.summary').at(-1)?.input).toEqual({ id: 'q1', hidden: { utm_source: 'newsletter' } }),
    );
  });

  it('leaves both out when the questionnaire has no endings and no hidden fields', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers() });
    await screen.findByLabelText('Headline figures');
    expect(screen.queryByRole('heading', { name: 'Endings' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Hidden fields' })).toBeNull();
  });
});
