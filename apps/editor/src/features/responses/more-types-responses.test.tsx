import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { ResponseDetailPage } from './response-detail-page.tsx';
import { ResponsesPage } from './responses-page.tsx';

afterEach(cleanup);

const routes = [
  { path: '/questionnaires/:questionnaireId/responses', element: <ResponsesPage /> },
  { path: '/questionnaires/:questionnaireId/responses/:responseId', element: <ResponseDetailPage /> },
];

const question = (code: string, prompt: string, type: string, typeConfig: Record<string, unknown> = {}) => ({
  id: code,
  code,
  prompt,
  type,
  typeConfig,
});

const definition = {
  schemaVersion: 1,
  steps: [],
  tabs: [],
  questions: [
    question('service', 'How is our service?', 'MATRIX', {
      rows: [
        { value: 'speed', label: 'Speed' },
        { value: 'price', label: 'Price' },
      ],
      columns: [
        { value: 'good', label: 'Good' },
        { value: 'bad', label: 'Bad' },
      ],
      multiple: false,
      shuffle: 'NONE',
    }),
    question('features', 'Rank these features', 'RANKING', {
      choices: [
        { value: 'a', label: 'Alerts' },
        { value: 'b', label: 'Backups' },
        { value: 'c', label: 'Charts' },
      ],
      shuffle: 'NONE',
    }),
    question('recommend', 'Would you recommend us?', 'NPS'),
    question('visit', 'When can we visit?', 'DATE_TIME'),
    question('call', 'What time suits a call?', 'TIME'),
    question('contact', 'How should we reach you?', 'MULTI_CHOICE', {
      choices: [
        { value: 'email', label: 'Email' },
        { value: 'phone', label: 'Phone' },
      ],
      allowOther: true,
    }),
  ],
};

const answers = {
  service: { price: 'bad', speed: 'good' },
  features: ['c', 'a', 'b'],
  recommend: 9,
  visit: '2026-12-01T09:30+01:00',
  call: '14:05',
  contact: ['phone', { other: 'Fax' }],
};

const response = {
  responseId: 'r1',
  publicId: 'pub',
  versionNumber: 1,
  status: 'COMPLETED',
  answers,
  meta: {},
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:05:00.000Z',
  completedAt: '2026-11-01T10:05:00.000Z',
};

const handlers: Handlers = {
  'responses.browse': (input: { page: number; size: number }) => ({
    items: [response],
    page: input.page,
    size: input.size,
    total: 1,
  }),
  'responses.get': () => response,
  'files.stats': () => ({ fileCount: 0, totalBytes: 0 }),
  'files.uploadsConfig': () => ({ maxFileSizeMb: 10, maxFilesPerResponse: 20, maxBytesPerResponse: 104857600 }),
  'questionnaires.versions': () => [{ versionNumber: 1, note: '', publishedAt: '2026-11-01T10:00:00.000Z' }],
  'questionnaires.get': () => questionnaireDetail(definition as never, { currentVersion: 1 }),
  'questionnaires.version': () => ({ versionNumber: 1, note: '', publishedAt: '2026-11-01T10:00:00.000Z', definition }),
};

describe('answers of the newer question types', () => {
  it('read in the table the way a person reads them', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/responses', handlers });
    const table = await screen.findByRole('table', { name: 'Responses' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toContain('Would you recommend us?'),
    );
    const [, first] = within(table).getAllByRole('row') as HTMLElement[];
    const cells = within(first as HTMLElement)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(2, 5)).toEqual(['Speed: Good; Price: Bad', '1. Charts, 2. Alerts, 3. Backups', '9']);
  });

  it('read on the response’s page, each under its prompt', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/responses/r1', handlers });
    await screen.findByText('Speed: Good; Price: Bad');
    const pairs = [...document.querySelectorAll('dl.answers dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(pairs).toEqual([
      'How is our service?: Speed: Good; Price: Bad',
      'Rank these features: 1. Charts, 2. Alerts, 3. Backups',
      'Would you recommend us?: 9',
      'When can we visit?: 1 Dec 2026, 09:30 (UTC+01:00)',
      'What time suits a call?: 14:05',
      'How should we reach you?: Phone, Other: Fax',
    ]);
  });
});

describe('an answer given as Other, by the label the builder gave it', () => {
  const labelled = {
    ...definition,
    questions: [
      question('contact', 'How should we reach you?', 'SINGLE_CHOICE', {
        choices: [{ value: 'email', label: 'Email' }],
        allowOther: true,
        otherLabel: 'Something else',
      }),
    ],
  };
  const given = { ...response, answers: { contact: { other: 'Fax' } } };
  const labelledHandlers: Handlers = {
    ...handlers,
    'responses.browse': (input: { page: number; size: number }) => ({
      items: [given],
      page: input.page,
      size: input.size,
      total: 1,
    }),
    'responses.get': () => given,
    'questionnaires.get': () => questionnaireDetail(labelled as never, { currentVersion: 1 }),
    'questionnaires.version': () => ({
      versionNumber: 1,
      note: '',
      publishedAt: '2026-11-01T10:00:00.000Z',
      definition: labelled,
    }),
  };

  it('in the table', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/responses', handlers: labelledHandlers });
    const table = await screen.findByRole('table', { name: 'Responses' });
    expect(await within(table).findByRole('cell', { name: 'Something else: Fax' })).toBeDefined();
    expect(within(table).queryByText(/Other/)).toBeNull();
  });

  it('on the response’s page', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/responses/r1', handlers: labelledHandlers });
    expect(await screen.findByText('Something else: Fax')).toBeDefined();
    expect(screen.queryByText(/Other: Fax/)).toBeNull();
  });
});
