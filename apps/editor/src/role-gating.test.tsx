import type { Role } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';
import { signedIn } from './test/accounts.ts';
import { type Handlers, renderWithApi } from './test/fake-api.tsx';
import { questionnaireDetail } from './test/questionnaire-detail.ts';

afterEach(cleanup);

const row = {
  responseId: 'r1',
  publicId: 'pub',
  versionNumber: 2,
  status: 'COMPLETED',
  answers: {},
  meta: {},
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:05:00.000Z',
  completedAt: '2026-11-01T10:05:00.000Z',
};

function handlers(role: Role): Handlers {
  return {
    ...signedIn(role),
    'questionnaires.list': (input: { size: number }) => ({
      items: [
        {
          id: 'q1',
          publicId: 'pub1',
          name: 'Volunteer application',
          currentVersion: 2,
          hasUnpublishedChanges: true,
          responseCount: 1,
          updatedAt: '2026-11-22T10:00:00.000Z',
        },
      ],
      page: 0,
      size: input.size,
      total: 1,
    }),
    'questionnaires.get': () =>
      questionnaireDetail(undefined, { name: 'Volunteer application', currentVersion: 2, hasUnpublishedChanges: true }),
    'questionnaires.versions': () => [
      { versionNumber: 1, note: '', publishedAt: '2026-11-01T10:00:00.000Z', publishedBy: null },
      {
        versionNumber: 2,
        note: '',
        publishedAt: '2026-11-10T10:00:00.000Z',
        publishedBy: { id: 'm-ana', name: 'Ana' },
      },
    ],
    'responses.browse': (input: { page: number; size: number }) => ({
      items: [row],
      page: input.page,
      size: input.size,
      total: 1,
    }),
    'files.stats': () => ({ fileCount: 0, totalBytes: 0 }),
    'files.uploadsConfig': () => ({ maxFileSizeMb: 10, maxFilesPerResponse: 20, maxBytesPerResponse: 104857600 }),
  };
}

const tabsOf = async () =>
  within(await screen.findByRole('navigation', { name: 'Questionnaire' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('what an analyst is offered', () => {
  it('no create, import, rename, duplicate or delete on the list; no team screens', async () => {
    renderWithApi(routes, { url: '/', handlers: handlers('ANALYST') });
    expect(await screen.findByRole('link', { name: 'Volunteer application' })).toBeDefined();
    expect(screen.queryByLabelText('New questionnaire')).toBeNull();
    expect(screen.queryByLabelText('Import a JSON export')).toBeNull();
    for (const name of ['Rename', 'Duplicate', 'Delete']) {
      expect(screen.queryByRole('button', { name: `${name} Volunteer application` })).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Export Volunteer application' })).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Team' })).toBeNull();
    expect(within(screen.getByRole('banner')).getByText('· Analyst')).toBeDefined();
  });

  it('opens a questionnaire on its summary, with only the reading tabs and no Publish', async () => {
    const api = renderWithApi(routes, { url: '/questionnaires/q1', handlers: handlers('ANALYST') });
    await waitFor(() => expect(api.router.state.location.pathname).toBe('/questionnaires/q1/summary'));
    expect(await tabsOf()).toEqual(['Versions', 'Summary', 'Responses']);
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByLabelText('Publish note (optional)')).toBeNull();
    expect(screen.getByText('Version 2 is published.')).toBeDefined();
  });

  it('reads no way to embed or publish when nobody has answered yet', async () => {
    const analyst = handlers('ANALYST');
    analyst['responses.browse'] = (input: { page: number; size: number }) => ({
      items: [],
      page: input.page,
      size: input.size,
      total: 0,
    });
    renderWithApi(routes, { url: '/questionnaires/q1/responses', handlers: analyst });
    const panel = await screen.findByRole('region', { name: 'No responses yet' });
    expect(panel.textContent).toContain(
      'Version 2 is published: responses appear here as soon as people start answering.',
    );
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('reads versions with who published them, and is not offered Restore', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/versions', handlers: handlers('ANALYST') });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Published by' })).toBeDefined();
    const [, second, first] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(second!).getByText('Ana')).toBeDefined();
    expect(within(first!).getByText('Not recorded')).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Restore/ })).toBeNull();
  });

  it('reads responses and is not offered to erase them', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/responses', handlers: handlers('ANALYST') });
    expect(await screen.findByRole('link', { name: 'Response r1' })).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Erase response/ })).toBeNull();
  });

  it.each([
    ['settings', 'Not available to your role'],
    ['integrations', 'Not available to your role'],
    ['translate', 'Not available to your role'],
  ])('reads why when it opens the %s screen by its address', async (path, heading) => {
    renderWithApi(routes, { url: `/questionnaires/q1/${path}`, handlers: handlers('ANALYST') });
    expect(await screen.findByRole('heading', { name: heading })).toBeDefined();
    expect(
      screen.getByText(
        /Your role is Analyst \(reads questionnaires and results only\)\. This screen is for editors and owners/,
      ),
    ).toBeDefined();
  });

  it.each(['members', 'api-keys', 'audit'])('reads why when it opens /%s', async (path) => {
    const api = renderWithApi(routes, { url: `/${path}`, handlers: handlers('ANALYST') });
    expect(await screen.findByRole('heading', { name: 'Not available to your role' })).toBeDefined();
    expect(screen.getByText(/This screen is for owners/)).toBeDefined();
    expect(api.calls.filter((call) => /^(members|apiKeys|audit)\./.test(call.path))).toEqual([]);
  });
});

describe('what an editor and an owner are offered', () => {
  it('an editor: every questionnaire tab and Publish, but no team screens', async () => {
    renderWithApi(routes, { url: '/questionnaires/q1/versions', handlers: handlers('EDITOR') });
    expect(await tabsOf()).toEqual([
      'Draft',
      'Translate',
      'Versions',
      'Settings',
      'Summary',
      'Responses',
      'Integrations',
    ]);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDefined();
    expect(await screen.findByRole('button', { name: 'Restore version 2' })).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Team' })).toBeNull();
  });

  it('open mode: versions have no “Published by” column, as before accounts', async () => {
    const open = handlers('OWNER');
    delete open['auth.me'];
    open['questionnaires.versions'] = () => [
      { versionNumber: 1, note: '', publishedAt: '2026-11-01T10:00:00.000Z', publishedBy: null },
    ];
    renderWithApi(routes, { url: '/questionnaires/q1/versions', handlers: open });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Published by' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore version 1' })).toBeDefined();
  });

  it('open mode: the team screens say the server runs without accounts', async () => {
    const open = handlers('OWNER');
    delete open['auth.me'];
    renderWithApi(routes, { url: '/members', handlers: open });
    expect(await screen.findByRole('heading', { name: 'Not available on this server' })).toBeDefined();
  });
});
