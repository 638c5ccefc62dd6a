import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/accounts.ts';
import { type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { dateTime } from '../../ui/format.ts';
import { ApiKeysPage } from './api-keys-page.tsx';

afterEach(cleanup);

const routes = [{ path: '/api-keys', element: <ApiKeysPage /> }];

const nightly = {
  id: 'k1',
  name: 'Nightly CSV export',
  prefix: 'fek_3f9a',
  role: 'ANALYST' as const,
  createdBy: { id: 'm-ana', name: 'Ana' },
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: '2026-11-26T02:00:00.000Z',
  expiresAt: null,
};

function handlers(extra: Handlers = {}): Handlers {
  return { ...signedIn('OWNER'), 'apiKeys.list': () => [nightly], ...extra };
}

describe('the API keys screen', () => {
  it('lists each key with its prefix, role, creator, dates and expiry', async () => {
    renderWithApi(routes, {
      url: '/api-keys',
      handlers: handlers({
        'apiKeys.list': () => [
          nightly,
          {
            ...nightly,
            id: 'k2',
            name: 'CRM sync',
            role: 'EDITOR',
            lastUsedAt: null,
            expiresAt: '2026-01-01T00:00:00.000Z',
          },
        ],
      }),
    });
    const table = await screen.findByRole('table');
    const [head, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Starts with', 'Role', 'Created by', 'Created', 'Last used', 'Expires', 'Actions']);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Nightly CSV export',
      'fek_3f9a',
      'Analyst',
      'Ana',
      dateTime('2026-11-01T09:00:00.000Z'),
      dateTime('2026-11-26T02:00:00.000Z'),
      'Never',
      'Revoke',
    ]);
    expect(within(second!).getByText('Not used yet')).toBeDefined();
    expect(within(second!).getByText(`Expired ${dateTime('2026-01-01T00:00:00.000Z')}`)).toBeDefined();
  });

  it('creates a key and shows its secret once, saying it will not be shown again', async () => {
    const user = userEvent.setup();
    const api = renderWithApi(routes, {
      url: '/api-keys',
      handlers: handlers({ 'apiKeys.create': () => ({ id: 'k9', key: 'fek_3f9a_secretpart', prefix: 'fek_3f9a' }) }),
    });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Name'), 'CRM sync');
    await user.click(screen.getByRole('radio', { name: /^Editor:/ }));
    // The expiry day in the owner's zone, to the end of that day.
    await user.type(screen.getByLabelText('Works until (optional)'), '2027-03-31');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const notice = await screen.findByRole('region', { name: 'API key “CRM sync”' });
    expect(within(notice).getByText('fek_3f9a_secretpart')).toBeDefined();
    expect(within(notice).getByText(/it will not be shown again/)).toBeDefined();
    expect(within(notice).getByRole('button', { name: 'Copy key' })).toBeDefined();
    expect(api.callsTo('apiKeys.create')[0]?.input).toEqual({
      name: 'CRM sync',
      role: 'EDITOR',
      expiresAt: new Date('2027-03-31T23:59:59').toISOString(),
    });
    await user.click(within(notice).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('fek_3f9a_secretpart')).toBeNull();
  });

  it('revokes a key only after confirming, by keyboard', async () => {
    const user = userEvent.setup();
    const api = renderWithApi(routes, { url: '/api-keys', handlers: handlers({ 'apiKeys.delete': () => undefined }) });
    const revoke = await screen.findByRole('button', { name: 'Revoke Nightly CSV export' });
    revoke.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the API key “Nightly CSV export”?' });
    expect(within(dialog).getByText(/refused at once/)).toBeDefined();
    within(dialog).getByRole('button', { name: 'Revoke key' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('apiKeys.delete')[0]?.input).toEqual({ id: 'k1' }));
  });
});
