import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { question } from '../../test/definitions.ts';
import { FakeProblem, type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { dateTime } from '../../ui/format.ts';
import { ResponseDetailPage } from './response-detail-page.tsx';
import { ResponsesPage } from './responses-page.tsx';

afterEach(cleanup);

const routes = [
  { path: '/questionnaires/:questionnaireId/responses', element: <ResponsesPage /> },
  { path: '/questionnaires/:questionnaireId/responses/:responseId', element: <ResponseDetailPage /> },
];

const row = (n: number, extra: Record<string, unknown> = {}) => ({
  responseId: `r${n}`,
  publicId: 'pub',
  versionNumber: 1,
  status: 'COMPLETED',
  answers: {},
  meta: {},
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:05:00.000Z',
  completedAt: '2026-11-01T10:05:00.000Z',
  ...extra,
});

function handlers(rows: ReturnType<typeof row>[], total = rows.length): Handlers {
  return {
    'responses.browse': (input: { page: number; size: number }) => ({
      items: rows,
      page: input.page,
      size: input.size,
      total,
    }),
    'responses.delete': () => undefined,
    'files.stats': () => ({ fileCount: 3, totalBytes: 2048 }),
    'files.uploadsConfig': () => ({ maxFileSizeMb: 10, maxFilesPerResponse: 20, maxBytesPerResponse: 104857600 }),
    'questionnaires.versions': () => [
      { versionNumber: 1, note: '', publishedAt: '2026-11-01T10:00:00.000Z' },
      { versionNumber: 2, note: '', publishedAt: '2026-11-10T10:00:00.000Z' },
    ],
  };
}

describe('the response table', () => {
  it('lists responses with their status, version and reference, and the file statistics and caps', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: handlers([row(1, { externalRef: 'order-7' }), row(2, { status: 'IN_PROGRESS', versionNumber: 2 })]),
    });
    const table = await screen.findByRole('table', { name: 'Responses' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Response r1' })).toBeDefined();
    expect(within(rows[1] as HTMLElement).getByText('order-7')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('In progress')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('v2')).toBeDefined();
    // What is stored is measured; what may be uploaded is a limit, apart and called one.
    const stored = await screen.findByRole('region', { name: 'Stored now' });
    const limits = screen.getByRole('region', { name: 'Upload limits' });
    await waitFor(() => expect(within(stored).getByText('2.0 KB')).toBeDefined());
    const pairs = (region: HTMLElement) =>
      [...region.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(pairs(stored)).toEqual(['Files: 3', 'Total size: 2.0 KB']);
    await waitFor(() =>
      expect(pairs(limits)).toEqual([
        'Largest file allowed: 10 MB',
        'Most files per response: 20',
        'Most bytes per response: 100.0 MB',
      ]),
    );
  });

  it('sends the filters as the query input, keeps them in the URL and in the CSV link, headed by codes or prompts', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: handlers([row(1)]),
    });
    await screen.findByRole('table', { name: 'Responses' });
    expect(callsTo('responses.browse')[0]?.input).toEqual({ id: 'q1', page: 0, size: 20 });

    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await user.selectOptions(await screen.findByLabelText('Version'), 'Version 2');
    await user.type(screen.getByLabelText('External reference'), 'order-7');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(callsTo('responses.browse').at(-1)?.input).toEqual({
        id: 'q1',
        status: 'COMPLETED',
        versionNumber: 2,
        externalRef: 'order-7',
        page: 0,
        size: 20,
      }),
    );
    expect(router.state.location.search).toBe('?status=COMPLETED&version=2&ref=order-7');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/questionnaires/q1/responses/export.csv?status=COMPLETED&versionNumber=2&externalRef=order-7',
    );
    await user.click(screen.getByLabelText('Head the answer columns by question prompt (not code)'));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/questionnaires/q1/responses/export.csv?status=COMPLETED&versionNumber=2&externalRef=order-7&header=prompt',
    );
    await user.click(screen.getByLabelText('Write answers as people read them (choice labels, Yes/No), not as codes'));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/questionnaires/q1/responses/export.csv?status=COMPLETED&versionNumber=2&externalRef=order-7&header=prompt&values=label',
    );
  });

  it('shows the language each response was answered in, and filters by it, the CSV link too', async () => {
    const user = userEvent.setup();
    const bilingual = questionnaireDetail({
      schemaVersion: 1,
      steps: [],
      tabs: [],
      questions: [],
      translations: { de: {} },
    });
    const { callsTo, router } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: {
        ...handlers([row(1, { meta: { language: 'de' } }), row(2, { meta: { language: 'en' } })]),
        'questionnaires.get': () => bilingual,
      },
    });
    const table = await screen.findByRole('table', { name: 'Responses' });
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: 'Language' })).toBeDefined());
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('German (de)')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('English (en)')).toBeDefined();

    await user.selectOptions(screen.getByLabelText('Language'), 'German (Deutsch)');
    await waitFor(() =>
      expect(callsTo('responses.browse').at(-1)?.input).toEqual({ id: 'q1', language: 'de', page: 0, size: 20 }),
    );
    expect(router.state.location.search).toBe('?language=de');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/questionnaires/q1/responses/export.csv?language=de',
    );
  });

  it('has no language column or filter while every response is in the one language', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: {
        ...handlers([row(1, { meta: { language: 'en' } })]),
        'questionnaires.get': () => questionnaireDetail(),
      },
    });
    const table = await screen.findByRole('table', { name: 'Responses' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Response r1' })).toBeDefined());
    expect(within(table).queryByRole('columnheader', { name: 'Language' })).toBeNull();
    expect(screen.queryByLabelText('Language')).toBeNull();
  });

  it('applies a status at once and keeps the focus on its field (keyboard users change it with arrows)', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderWithApi(routes, { url: '/questionnaires/q1/responses', handlers: handlers([row(1)]) });
    await screen.findByRole('table', { name: 'Responses' });
    const status = screen.getByLabelText('Status');
    status.focus();
    await user.selectOptions(status, 'In progress');
    await waitFor(() => expect(callsTo('responses.browse').at(-1)?.input).toMatchObject({ status: 'IN_PROGRESS' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Status'));
  });

  it('offers the published versions as a list, newest first, the same control as the summary', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses?version=7',
      handlers: handlers([]),
    });
    const version = await screen.findByLabelText<HTMLSelectElement>('Version');
    expect(version.tagName).toBe('SELECT');
    // A version from a link that is not in the list is still said, not silently dropped.
    await waitFor(() =>
      expect([...version.options].map((o) => o.text)).toEqual(['Every version', 'Version 7', 'Version 2', 'Version 1']),
    );
    expect(version.value).toBe('7');
    // A version applies at once, as a status does.
    await user.selectOptions(version, 'Version 1');
    await waitFor(() => expect(callsTo('responses.browse').at(-1)?.input).toMatchObject({ versionNumber: 1 }));
    expect(router.state.location.search).toBe('?version=1');
  });

  it('pages through the responses, the page in the URL', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses?status=COMPLETED',
      handlers: handlers([row(1)], 45),
    });
    expect(await screen.findByText('Page 1 of 3 · 45 responses')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3 · 45 responses');
    expect(callsTo('responses.browse').at(-1)?.input).toEqual({ id: 'q1', status: 'COMPLETED', page: 1, size: 20 });
    expect(router.state.location.search).toBe('?status=COMPLETED&page=2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 3 of 3 · 45 responses');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('erases a response only after confirmation, the dialog naming it and its button called as in the table', async () => {
    const user = userEvent.setup();
    const draft = { schemaVersion: 1, steps: [], tabs: [], questions: [question('name', { prompt: 'Your name' })] };
    const { callsTo } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: {
        ...handlers([row(1, { externalRef: 'order-7', answers: { name: 'Ada' } }), row(2)]),
        'questionnaires.get': () => questionnaireDetail(draft as never),
      },
    });
    const started = dateTime('2026-11-01T10:00:00.000Z');
    const name = `Erase response started ${started}, external reference “order-7”, first answer “Ada”`;
    const erase = await screen.findByRole('button', { name });
    expect(erase.textContent).toBe('Erase response');
    expect(screen.getByRole('button', { name: `Erase response started ${started}` })).toBeDefined();
    await user.click(erase);
    const dialog = screen.getByRole('dialog', {
      name: `Erase the response started ${started}, external reference “order-7”, first answer “Ada”?`,
    });
    expect(within(dialog).getByText(/deleted for good \(data-subject erasure\)/)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('responses.delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Erase response' }));
    await screen.findByText('Response erased.');
    expect(callsTo('responses.delete')[0]?.input).toEqual({ id: 'q1', responseId: 'r1' });
    await waitFor(() => expect(callsTo('responses.browse')).toHaveLength(2));
  });

  it('shows a refused delete next to the table', async () => {
    const user = userEvent.setup();
    renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: {
        ...handlers([row(1)]),
        'responses.delete': () => {
          throw new FakeProblem({ code: 'NOT_FOUND', status: 404, detail: 'Response not found' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Erase response started/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Erase response' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Response not found/);
  });
});

describe('answers as columns', () => {
  const question = (code: string, prompt: string, type: string, typeConfig: Record<string, unknown> = {}) => ({
    id: code,
    code,
    prompt,
    type,
    typeConfig,
  });
  const published = {
    schemaVersion: 1,
    tabs: [],
    questions: [],
    steps: [
      {
        id: 's1',
        title: 'About you',
        tabs: [],
        questions: [
          question('intro', 'Welcome', 'STATEMENT', { body: 'Hello' }),
          question('plan', 'Which **plan**?', 'SINGLE_CHOICE', {
            choices: [
              { value: 'pro', label: 'Pro' },
              { value: 'free', label: 'Free' },
            ],
          }),
          question('ok', 'Happy?', 'YES_NO'),
          question('cv', 'Your CV', 'FILE_UPLOAD'),
          question('why', 'Why?', 'LONG_TEXT'),
        ],
      },
    ],
  };
  const draft = { schemaVersion: 1, steps: [], tabs: [], questions: [question('name', 'Your name', 'SHORT_TEXT')] };
  const files = [
    { fileId: 'f1', fileName: 'a.pdf', size: 1, contentType: 'application/pdf' },
    { fileId: 'f2', fileName: 'b.pdf', size: 1, contentType: 'application/pdf' },
  ];

  it("shows the first answers headed by the latest published version's prompts, in words", async () => {
    const { callsTo } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: {
        ...handlers([
          row(1, { answers: { plan: 'pro', ok: false, cv: files, why: 'not shown' } }),
          row(2, { answers: { plan: 'gone', ok: true } }),
        ]),
        'questionnaires.get': () => questionnaireDetail(draft as never, { currentVersion: 4 }),
        'questionnaires.version': () => ({
          versionNumber: 4,
          note: '',
          publishedAt: '2026-11-01T10:00:00.000Z',
          definition: published,
        }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Responses' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toContain('Your CV'),
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Response',
      'Status',
      'Which plan?',
      'Happy?',
      'Your CV',
      'Version',
      'External reference',
      'Started',
      'Completed',
      'Actions',
    ]);
    expect(callsTo('questionnaires.version')[0]?.input).toEqual({ id: 'q1', n: 4 });
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    const cells = (r: HTMLElement | undefined) =>
      within(r as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(first).slice(2, 5)).toEqual(['Pro', 'No', '2 files']);
    expect(cells(second).slice(2, 5)).toEqual(['gone', 'Yes', '—']);
  });

  it('before the first publication, uses the draft', async () => {
    const { callsTo } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: {
        ...handlers([row(1, { answers: { name: 'Ada' } })]),
        'questionnaires.get': () => questionnaireDetail(draft as never, { currentVersion: 0 }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Responses' });
    expect(await within(table).findByRole('columnheader', { name: 'Your name' })).toBeDefined();
    expect(within(table).getByText('Ada')).toBeDefined();
    expect(callsTo('questionnaires.version')).toHaveLength(0);
  });
});

describe('before the first response', () => {
  const withQuestionnaire = (currentVersion: number): Handlers => ({
    ...handlers([]),
    'questionnaires.get': () => ({ id: 'q1', publicId: 'pub1', name: 'Survey', currentVersion }),
  });

  it('says how to get the first one: publish, then embed, with a link to the embed code in Settings', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/responses', handlers: withQuestionnaire(0) });
    expect(await screen.findByRole('heading', { name: 'No responses yet' })).toBeDefined();
    expect(screen.queryByText('No responses match.')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Responses' })).toBeNull();
    const steps = within(screen.getByRole('list', { name: 'How to get the first response' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Publish the questionnaire with the Publish button above.',
      'Put it on your site with the embed code in Settings.',
    ]);
    expect(screen.getByRole('link', { name: 'the embed code in Settings' }).getAttribute('href')).toBe(
      '/questionnaires/q1/settings#embed-title',
    );
  });

  it('once published, only the embed step is left', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/responses', handlers: withQuestionnaire(3) });
    expect(await screen.findByRole('heading', { name: 'No responses yet' })).toBeDefined();
    await waitFor(() => expect(screen.queryByText(/Publish the questionnaire/)).toBeNull());
    expect(screen.getByText(/Version 3 is published/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'the embed code in Settings' })).toBeDefined();
  });

  it('with filters that match nothing, says so and not how to start', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/responses?status=COMPLETED', handlers: withQuestionnaire(1) });
    expect(await screen.findByText('No responses match these filters.')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'No responses yet' })).toBeNull();
  });
});

describe('a response', () => {
  const definition = {
    schemaVersion: 1,
    tabs: [],
    questions: [],
    steps: [
      {
        id: 's1',
        title: 'About you',
        tabs: [],
        questions: [
          { id: 'a', code: 'name', prompt: 'Your name', type: 'SHORT_TEXT', typeConfig: {} },
          {
            id: 'b',
            code: 'colour',
            prompt: 'Favourite colour',
            type: 'SINGLE_CHOICE',
            typeConfig: { choices: [{ value: 'r', label: 'Red' }] },
          },
          { id: 'c', code: 'cv', prompt: 'Your CV', type: 'FILE_UPLOAD', typeConfig: {} },
        ],
      },
    ],
  };

  it('shows the answers under the prompts of its pinned version, with file links, then erases it', async () => {
    const user = userEvent.setup();
    const answers = {
      name: 'Ada',
      colour: 'r',
      cv: [{ fileId: 'f1', fileName: 'cv.pdf', size: 1200, contentType: 'application/pdf' }],
    };
    const { callsTo, router } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses/r1',
      handlers: {
        ...handlers([row(1, { answers, versionNumber: 3, externalRef: 'order-7' })]),
        'responses.get': (input: { responseId: string }) => {
          if (input.responseId !== 'r1') throw new FakeProblem({ code: 'NOT_FOUND', status: 404 });
          return row(1, { answers, versionNumber: 3, externalRef: 'order-7' });
        },
        'questionnaires.version': () => ({ versionNumber: 3, definition }),
      },
    });
    expect(await screen.findByText('Ada')).toBeDefined();
    expect(callsTo('questionnaires.version')[0]?.input).toEqual({ id: 'q1', n: 3 });
    expect(screen.getByText('Your name')).toBeDefined();
    expect(screen.getByText('Red')).toBeDefined();
    expect(screen.getByText('order-7')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Download cv.pdf' }).getAttribute('href')).toBe(
      '/api/v1/questionnaires/q1/responses/r1/files/f1',
    );
    await user.click(screen.getByRole('button', { name: 'Erase response' }));
    expect(
      screen.getByRole('dialog', {
        name: `Erase the response started ${dateTime('2026-11-01T10:00:00.000Z')}, external reference “order-7”, first answer “Ada”?`,
      }),
    ).toBeDefined();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Erase response' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questionnaires/q1/responses'));
    expect(callsTo('responses.delete')[0]?.input).toEqual({ id: 'q1', responseId: 'r1' });
  });

  it('says so when the response is not there', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/responses/gone',
      handlers: {
        ...handlers([row(1)]),
        'responses.get': () => {
          throw new FakeProblem({ code: 'NOT_FOUND', status: 404 });
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Response not found' })).toBeDefined();
  });
});

describe('hidden fields and endings', () => {
  const draft = {
    schemaVersion: 1,
    steps: [],
    tabs: [],
    questions: [question('name', { prompt: 'Your name' })],
    hiddenFields: [{ key: 'utm_source' }, { key: 'customer_id', label: 'Customer id' }],
    endings: [{ id: 'e_yes', title: 'You *qualify*', body: '', visibility: { mode: 'ALWAYS' } }],
  };

  it('shows a column per hidden field, headed by its label or key, and the ending by its title', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: {
        ...handlers([
          row(1, { hidden: { utm_source: 'newsletter', customer_id: '42' }, endingId: 'e_yes' }),
          row(2, { hidden: {}, status: 'IN_PROGRESS', completedAt: undefined }),
        ]),
        'questionnaires.get': () => questionnaireDetail(draft as never),
      },
    });
    const table = await screen.findByRole('table');
    await within(table).findByRole('columnheader', { name: 'utm_source' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['utm_source', 'Customer id', 'Ending']));
    const cells = (n: number) =>
      within(within(table).getAllByRole('row')[n] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(1)).toEqual(expect.arrayContaining(['newsletter', '42', 'You qualify']));
    expect(cells(2)).toEqual(expect.arrayContaining(['—']));
  });

  it('filters by the ending, in the URL, the query and the CSV link', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: { ...handlers([row(1)]), 'questionnaires.get': () => questionnaireDetail(draft as never) },
    });
    await user.selectOptions(await screen.findByLabelText('Ending'), 'You qualify');
    await waitFor(() => expect(callsTo('responses.browse').at(-1)?.input).toMatchObject({ endingId: 'e_yes' }));
    expect(router.state.location.search).toBe('?ending=e_yes');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/questionnaires/q1/responses/export.csv?endingId=e_yes',
    );
  });

  it('filters by a hidden field’s value typed and applied, in the URL, the query and the CSV link', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = renderWithApi(routes, {
      url: '/questionnaires/q1/responses',
      handlers: { ...handlers([row(1)]), 'questionnaires.get': () => questionnaireDetail(draft as never) },
    });
    await user.type(await screen.findByLabelText('utm_source'), 'newsletter');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(callsTo('responses.browse').at(-1)?.input).toMatchObject({ hidden: { utm_source: 'newsletter' } }),
    );
    expect(router.state.location.search).toBe('?hidden.utm_source=newsletter');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/questionnaires/q1/responses/export.csv?hidden.utm_source=newsletter',
    );
    expect((screen.getByLabelText('Customer id (customer_id)') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('utm_source') as HTMLInputElement).value).toBe('');
  });

  it('shows a response’s hidden values and its ending on its page', async () => {
    renderWithApi(routes, {
      url: '/questionnaires/q1/responses/r1',
      handlers: {
        ...handlers([]),
        'responses.get': () => row(1, { hidden: { utm_source: 'ad' }, endingId: 'e_yes', versionNumber: 2 }),
        'questionnaires.version': () => ({ versionNumber: 2, definition: draft }),
      },
    });
    await screen.findByText('You qualify');
    const facts = document.querySelector('.response-facts')?.textContent ?? '';
    expect(facts).toContain('EndingYou qualify');
    const hidden = screen.getByRole('heading', { name: 'Hidden fields' }).nextElementSibling?.textContent;
    expect(hidden).toBe('utm_sourceadCustomer id (customer_id)—');
  });
});
