import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test/fake-api.tsx';
import { QuestionnaireListPage } from './questionnaire-list-page.tsx';

afterEach(cleanup);

const summary = (n: number) => ({
  id: `q${n}`,
  publicId: `pub${n}`,
  name: `Survey ${n}`,
  currentVersion: 0,
  hasUnpublishedChanges: true,
  updatedAt: '2026-11-22T10:00:00.000Z',
  responseCount: 0,
  availability: { status: 'OPEN' } as { status: 'OPEN' | 'FULL' | 'SCHEDULED' | 'CLOSED' },
});

function renderList(url: string, items: ReturnType<typeof summary>[], total = items.length) {
  return renderWithApi([{ path: '/', element: <QuestionnaireListPage /> }], {
    url,
    handlers: {
      'questionnaires.list': (input: { page: number; size: number }) =>
        input.page === 0
          ? { items, page: 0, size: input.size, total }
          : { items: [], page: input.page, size: input.size, total },
    },
  });
}

describe('the questionnaire list when there is nothing to list', () => {
  it('says how to make the first questionnaire, and takes the reader to the name field', async () => {
    const user = userEvent.setup();
    renderList('/', []);
    expect(await screen.findByRole('heading', { name: 'No questionnaires yet' })).toBeDefined();
    expect(screen.getByText(/Give it a name above and press Create/)).toBeDefined();
    expect(screen.getByText(/import a JSON export/)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Name your first questionnaire' }));
    expect(document.activeElement).toBe(screen.getByLabelText('New questionnaire'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says a page past the end is empty and links back to the first page', async () => {
    const user = userEvent.setup();
    const { router } = renderList('/?page=4', [summary(1)], 1);
    expect(await screen.findByText('There is nothing on this page: the list has 1 questionnaire.')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'No questionnaires yet' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to the first page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: 'Survey 1' })).toBeDefined();
  });
});

describe('the questionnaire list', () => {
  it('shows whether each questionnaire takes responses', async () => {
    renderList('/', [
      summary(1),
      { ...summary(2), availability: { status: 'FULL' as const } },
      { ...summary(3), availability: { status: 'SCHEDULED' as const } },
      { ...summary(4), availability: { status: 'CLOSED' as const } },
    ]);
    await screen.findByRole('link', { name: 'Survey 1' });
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[2]?.textContent);
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeDefined();
    expect(cells).toEqual(['Open', 'Full', 'Scheduled', 'Closed']);
  });
});
