import type { ResponseSummary, SummaryQuestion } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { heatShade } from './matrix-heat-table.tsx';
import { SummaryPage } from './summary-page.tsx';

afterEach(cleanup);

const routes = [{ path: '/questionnaires/:questionnaireId/summary', element: <SummaryPage /> }];

const grid: SummaryQuestion = {
  code: 'service',
  prompt: 'How is our service?',
  type: 'MATRIX',
  answered: 40,
  rows: [
    {
      value: 'speed',
      label: 'Speed',
      answered: 40,
      columns: [
        { value: 'good', label: 'Good', count: 30 },
        { value: 'fair', label: 'Fair', count: 9 },
        { value: 'bad', label: 'Bad', count: 1 },
      ],
    },
    {
      value: 'price',
      label: 'Price',
      answered: 20,
      columns: [
        { value: 'good', label: 'Good', count: 0 },
        { value: 'fair', label: 'Fair', count: 5 },
        { value: 'bad', label: 'Bad', count: 15 },
      ],
    },
  ],
};

const ranking: SummaryQuestion = {
  code: 'features',
  prompt: 'Rank these features',
  type: 'RANKING',
  answered: 120,
  ranking: [
    { value: 'speed', label: 'Speed', count: 120, meanRank: 1.4166, firstPlace: 80 },
    { value: 'price', label: 'Price', count: 100, meanRank: 2.25, firstPlace: 1 },
    { value: 'looks', label: 'Looks', count: 100, meanRank: 2.5, firstPlace: 0 },
    { value: 'help', label: 'Help', count: 0, meanRank: null, firstPlace: 0 },
  ],
};

const nps: SummaryQuestion = {
  code: 'recommend',
  prompt: 'Would you recommend us?',
  type: 'NPS',
  answered: 50,
  nps: { score: 32, promoters: 25, passives: 16, detractors: 9 },
  stats: { count: 50, mean: 7.9, median: 8, min: 2, max: 10 },
  distribution: Array.from({ length: 11 }, (_, value) => ({
    value,
    count: [0, 0, 1, 2, 1, 2, 3, 6, 10, 15, 10][value] ?? 0,
  })),
};

const moments: SummaryQuestion[] = [
  {
    code: 'visit',
    prompt: 'When can we visit?',
    type: 'DATE_TIME',
    answered: 3,
    stats: { count: 3, min: '2026-12-01T09:30+01:00', max: '2027-01-15T18:00-05:00' },
  },
  {
    code: 'call',
    prompt: 'What time suits a call?',
    type: 'TIME',
    answered: 3,
    stats: { count: 3, min: '08:15', max: '17:45' },
  },
];

const contact: SummaryQuestion = {
  code: 'contact',
  prompt: 'How should we reach you?',
  type: 'SINGLE_CHOICE',
  answered: 30,
  choices: [
    { value: 'email', label: 'Email', count: 12 },
    { value: 'phone', label: 'Phone', count: 6 },
  ],
  other: { count: 12, samples: ['Fax', 'Carrier pigeon', 'Fax'] },
};

const summary = (questions: SummaryQuestion[]): ResponseSummary => ({
  counts: { responses: 120, inProgress: 0, completed: 120, completionRate: 1 },
  languages: [{ language: 'en', responses: 120, completed: 120 }],
  timeToComplete: { medianSeconds: 95, p90Seconds: 300 },
  endings: [],
  hiddenFields: [],
  versionNumber: 1,
  steps: [],
  questions,
});

function handlers(questions: SummaryQuestion[]): Handlers {
  return {
    'responses.summary': () => summary(questions),
    'questionnaires.versions': () => [{ versionNumber: 1, note: '', publishedAt: '2026-11-01T10:00:00.000Z' }],
    'questionnaires.get': () => questionnaireDetail(undefined, { currentVersion: 1 }),
  };
}

const show = (questions: SummaryQuestion[]) =>
  renderWithApi(routes, { url: '/questionnaires/q1/summary', handlers: handlers(questions) });

/** The header and body rows of a table as the text of their cells. */
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const section = (prompt: string) => screen.getByRole('region', { name: prompt });

describe('the summary of a grid', () => {
  it('shades a cell by its share of the row: none for nobody, then by quarters, the whole row darkest', () => {
    expect([0, 1, 24, 25, 49, 50, 74, 75, 100].map((count) => heatShade(count, 100))).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
    expect(heatShade(3, 0)).toBe(0);
  });

  it('is a heat table: rows by columns, each cell its count and share of the row, and each row’s answers', async () => {
    show([grid]);
    const table = await screen.findByRole('table', { name: 'How is our service?' });
    expect(cellsOf(table)).toEqual([
      ['Row', 'Good', 'Fair', 'Bad', 'Answered'],
      ['Speed', '30 (75%)', '9 (23%)', '1 (3%)', '40'],
      ['Price', '0 (0%)', '5 (25%)', '15 (75%)', '20'],
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Speed', 'Price']);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(5);
    // The shade repeats the share: none for nobody, darker for more.
    const shades = [...table.querySelectorAll('td.heat')].map((cell) => cell.className);
    expect(shades).toEqual(['heat heat-4', 'heat heat-1', 'heat heat-1', 'heat heat-0', 'heat heat-2', 'heat heat-4']);
    expect(within(section('How is our service?')).queryByText(/more than 100%/)).toBeNull();
    // Wider than a phone, the table scrolls in its own frame, which the keyboard can reach.
    const frame = table.closest('.heat-table-frame');
    expect(frame?.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('region', { name: /^How is our service\? Each cell/ })).toBe(frame);
  });

  it('says the shares can pass 100% once a response chose several columns in a row', async () => {
    const several = structuredClone(grid);
    several.rows?.[1]?.columns.forEach((column) => {
      column.count += 5;
    });
    show([several]);
    await screen.findByRole('table', { name: 'How is our service?' });
    expect(within(section('How is our service?')).getByText(/more than 100%/)).toBeDefined();
  });
});

describe('the summary of a ranking', () => {
  it('lists choices by average rank in words with bars as long as the rank, and those nobody ranked last', async () => {
    show([ranking]);
    const list = await screen.findByRole('list', { name: 'Rank these features' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Speedaverage rank 1.4 · ranked by 120 · first 80 times',
      'Priceaverage rank 2.3 · ranked by 100 · first once',
      'Looksaverage rank 2.5 · ranked by 100 · never first',
      'Helpnot ranked yet',
    ]);
    const bars = [...list.querySelectorAll<HTMLElement>('.bar')].map((bar) => bar.style.inlineSize);
    expect(bars).toEqual([`${(1.4166 / 4) * 100}%`, `${(2.25 / 4) * 100}%`, `${(2.5 / 4) * 100}%`]);
  });

  it('says when nobody has ranked anything yet', async () => {
    show([
      {
        ...ranking,
        answered: 0,
        ranking: ranking.ranking?.map((choice) => ({ ...choice, count: 0, meanRank: null, firstPlace: 0 })),
      },
    ]);
    expect(
      await within(await screen.findByRole('region', { name: 'Rank these features' })).findByText('No answers yet.'),
    ).toBeDefined();
    expect(screen.queryByRole('list', { name: 'Rank these features' })).toBeNull();
  });
});

describe('the summary of a Net Promoter Score', () => {
  it('shows the score large, the three groups with counts and shares, and every score from 0 to 10', async () => {
    show([nps]);
    const groups = await screen.findByRole('table', { name: 'Would you recommend us? Groups' });
    const part = section('Would you recommend us?');
    expect(within(part).getByText('Net Promoter Score').nextElementSibling?.textContent).toBe('+32');
    expect(cellsOf(groups)).toEqual([
      ['Group', 'Responses', 'Share'],
      ['Promoters (9–10)', '25', '50%'],
      ['Passives (7–8)', '16', '32%'],
      ['Detractors (0–6)', '9', '18%'],
    ]);
    const scores = screen.getByRole('table', { name: 'Would you recommend us? Every score' });
    expect(cellsOf(scores).map((row) => row[0])).toEqual([
      'Score',
      ...Array.from({ length: 11 }, (_, value) => String(value)),
    ]);
    expect(cellsOf(scores)[10]).toEqual(['9', '15', '30%']);
    // One stacked bar for the eye, its parts as long as the groups' shares.
    const stack = part.querySelector<HTMLElement>('.nps-stack');
    expect(stack?.getAttribute('aria-hidden')).toBe('true');
    expect([...(stack?.querySelectorAll<HTMLElement>('.bar') ?? [])].map((bar) => bar.style.inlineSize)).toEqual([
      '50%',
      '32%',
      '18%',
    ]);
  });

  it('writes a negative score with its sign, and no score before any answer', async () => {
    show([
      { ...nps, code: 'negative', prompt: 'Negative', nps: { score: -12.5, promoters: 1, passives: 5, detractors: 2 } },
      {
        ...nps,
        code: 'none',
        prompt: 'None yet',
        answered: 0,
        nps: { score: null, promoters: 0, passives: 0, detractors: 0 },
      },
    ]);
    await screen.findByRole('region', { name: 'Negative' });
    expect(within(section('Negative')).getByText('Net Promoter Score').nextElementSibling?.textContent).toBe('-12.5');
    expect(within(section('None yet')).getByText('Net Promoter Score').nextElementSibling?.textContent).toBe(
      'No answers yet',
    );
  });
});

describe('the summary of dates and times', () => {
  it('shows the earliest and latest date-time on the respondent’s clock with its offset, and times as times', async () => {
    show(moments);
    await screen.findByRole('region', { name: 'When can we visit?' });
    const pairs = (prompt: string) =>
      within(section(prompt))
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(pairs('When can we visit?')).toEqual([
      'Earliest: 1 Dec 2026, 09:30 (UTC+01:00)',
      'Latest: 15 Jan 2027, 18:00 (UTC-05:00)',
    ]);
    expect(pairs('What time suits a call?')).toEqual(['Earliest: 08:15', 'Latest: 17:45']);
  });
});

describe('the summary of a choice with Other', () => {
  it('counts Other among the bars and lists the latest texts typed for it', async () => {
    show([contact]);
    const table = await screen.findByRole('table', { name: 'How should we reach you?' });
    expect(cellsOf(table).slice(1)).toEqual([
      ['Email', '12', '40%'],
      ['Phone', '6', '20%'],
      ['Other', '12', '40%'],
    ]);
    const part = section('How should we reach you?');
    const heading = within(part).getByText('What people typed for “Other”, newest first:');
    expect(heading.nextElementSibling?.tagName).toBe('UL');
    expect(
      within(heading.nextElementSibling as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fax', 'Carrier pigeon', 'Fax']);
  });

  it('lists no texts when nobody chose Other', async () => {
    show([{ ...contact, other: { count: 0, samples: [] } }]);
    const table = await screen.findByRole('table', { name: 'How should we reach you?' });
    expect(cellsOf(table).at(-1)).toEqual(['Other', '0', '0%']);
    expect(screen.queryByText(/What people typed/)).toBeNull();
  });
});

describe('the summary of a choice whose Other has a label of its own', () => {
  /** The described version's choice question, with the builder's label for Other and its German words. */
  const described = {
    schemaVersion: 1,
    steps: [],
    tabs: [],
    questions: [
      {
        id: 'q-contact',
        code: 'contact',
        prompt: 'How should we reach you?',
        type: 'SINGLE_CHOICE',
        typeConfig: {
          choices: [
            { value: 'email', label: 'Email' },
            { value: 'phone', label: 'Phone' },
          ],
          allowOther: true,
          otherLabel: 'Something else',
        },
      },
    ],
    defaultLanguage: 'en',
    translations: { de: { 'q-contact': { typeConfig: { otherLabel: 'Etwas anderes' } } } },
  };
  const labelled = (url: string) =>
    renderWithApi(routes, {
      url,
      handlers: {
        ...handlers([contact]),
        'questionnaires.version': (input: { n: number }) => ({
          versionNumber: input.n,
          note: '',
          publishedAt: '2026-11-01T10:00:00.000Z',
          definition: described,
        }),
      },
    });

  it('names Other by that label in the bars and above its texts', async () => {
    const { calls } = labelled('/questionnaires/q1/summary');
    const table = await screen.findByRole('table', { name: 'How should we reach you?' });
    await waitFor(() => expect(cellsOf(table).at(-1)).toEqual(['Something else', '12', '40%']));
    expect(
      within(section('How should we reach you?')).getByText('What people typed for “Something else”, newest first:'),
    ).toBeDefined();
    expect(within(section('How should we reach you?')).queryByText(/Other/)).toBeNull();
    // The version the summary describes, as the server says.
    expect(calls.filter((call) => call.path === 'questionnaires.version').map((call) => call.input)).toEqual([
      { id: 'q1', n: 1 },
    ]);
  });

  it('in the language filtered by, as the prompts and choices are', async () => {
    labelled('/questionnaires/q1/summary?language=de');
    const table = await screen.findByRole('table', { name: 'How should we reach you?' });
    await waitFor(() => expect(cellsOf(table).at(-1)).toEqual(['Etwas anderes', '12', '40%']));
  });

  it('reads the draft before anything is published', async () => {
    const { callsTo } = renderWithApi(routes, {
      url: '/questionnaires/q1/summary',
      handlers: {
        ...handlers([contact]),
        'responses.summary': () => ({ ...summary([contact]), versionNumber: null }),
        'questionnaires.versions': () => [],
        'questionnaires.get': () => questionnaireDetail(described as never),
      },
    });
    const table = await screen.findByRole('table', { name: 'How should we reach you?' });
    await waitFor(() => expect(cellsOf(table).at(-1)).toEqual(['Something else', '12', '40%']));
    expect(callsTo('questionnaires.version')).toEqual([]);
  });

  it('asks for no definition when no question offers Other', async () => {
    const { callsTo } = renderWithApi(routes, {
      url: '/questionnaires/q1/summary',
      handlers: handlers([{ ...contact, other: undefined }]),
    });
    await screen.findByRole('table', { name: 'How should we reach you?' });
    expect(callsTo('questionnaires.version')).toEqual([]);
  });
});
