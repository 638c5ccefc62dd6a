import type { AuditEntry, AuditQuery } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ANA, asMember, CLEO, signedIn } from '../../test/accounts.ts';
import { type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { AuditPage } from './audit-page.tsx';

afterEach(cleanup);

const routes = [{ path: '/audit', element: <AuditPage /> }];

/** Today at 14:02 in the test's own zone, as the screen shows it. */
const today = new Date();
today.setHours(14, 2, 0, 0);

const published: AuditEntry = {
  id: 'a2',
  at: today.toISOString(),
  actor: { type: 'member', id: 'm-ana', name: 'Ana' },
  action: 'questionnaire.publish',
  target: { type: 'questionnaire', id: 'q1', name: 'Volunteer application' },
  ip: '203.0.113.5',
  requestId: 'r2',
  details: { versionNumber: 3 },
};

function handlers(extra: Handlers = {}): Handlers {
  return {
    ...signedIn('OWNER'),
    'members.list': () => [asMember(ANA), asMember(CLEO)],
    'apiKeys.list': () => [],
    'audit.list': (input: AuditQuery) => ({ items: [published], page: input.page, size: input.size, total: 120 }),
    ...extra,
  };
}

describe('the Audit log screen', () => {
  it('shows each entry as a sentence with its time, under its day', async () => {
    renderWithApi(routes, { url: '/audit', handlers: handlers() });
    const day = await screen.findByRole('region', { name: 'Today' });
    const line = within(day).getByRole('listitem');
    expect(line.textContent).toBe('Ana published version 3 of “Volunteer application” · 14:02 · from 203.0.113.5');
  });

  it('filters by action, person and days, in the URL, and pages to older entries', async () => {
    const user = userEvent.setup();
    const api = renderWithApi(routes, { url: '/audit', handlers: handlers() });
    await screen.findByRole('region', { name: 'Today' });
    await user.selectOptions(screen.getByLabelText('What'), 'Published a version');
    await user.selectOptions(await screen.findByLabelText('Who'), 'Cleo');
    await user.type(screen.getByLabelText('From (day)'), '2026-11-01');
    await user.type(screen.getByLabelText('To (day, included)'), '2026-11-27');
    // Nothing is asked until Show is pressed.
    expect(api.callsTo('audit.list')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.callsTo('audit.list')).toHaveLength(2));
    expect(api.callsTo('audit.list')[1]?.input).toEqual({
      page: 0,
      size: 50,
      action: 'questionnaire.publish',
      actorId: 'm-cleo',
      from: new Date('2026-11-01T00:00:00').toISOString(),
      to: new Date('2026-11-27T23:59:59.999').toISOString(),
    });
    expect(api.router.state.location.search).toBe(
      '?action=questionnaire.publish&actor=m-cleo&from=2026-11-01&to=2026-11-27',
    );

    const pages = await screen.findByRole('navigation', { name: 'Audit log pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeDefined();
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(api.callsTo('audit.list').at(-1)?.input).toMatchObject({ page: 1, actorId: 'm-cleo' }));
    expect(await screen.findByText('Page 2 of 3')).toBeDefined();
  });

  it('offers the deployment token and each API key under “Who”, in words, and filters by them', async () => {
    const user = userEvent.setup();
    const byToken: AuditEntry = {
      ...published,
      id: 'a3',
      actor: { type: 'token', id: 'token', name: 'MANAGEMENT_API_TOKEN' },
    };
    const api = renderWithApi(routes, {
      url: '/audit',
      handlers: handlers({
        'apiKeys.list': () => [
          {
            id: 'k-nightly',
            name: 'Nightly CSV export',
            prefix: 'fe_live_ab12',
            role: 'ANALYST',
            createdAt: '2026-11-01T10:00:00.000Z',
            createdBy: { id: 'm-ana', name: 'Ana' },
            lastUsedAt: null,
            expiresAt: null,
          },
        ],
        'audit.list': (input: AuditQuery) => ({
          items: input.actorId === 'token' ? [byToken] : [published],
          page: input.page,
          size: input.size,
          total: 1,
        }),
      }),
    });
    await screen.findByRole('region', { name: 'Today' });
    const who = screen.getByLabelText('Who') as HTMLSelectElement;
    await within(who).findByRole('option', { name: 'Nightly CSV export' });
    const groups = [...who.querySelectorAll('optgroup')].map((group) => [
      group.label,
      ...[...group.querySelectorAll('option')].map((option) => option.textContent),
    ]);
    expect(groups).toEqual([
      ['Members', 'Ana', 'Cleo'],
      ['API keys', 'Nightly CSV export'],
      ['This deployment', 'The deployment token'],
    ]);
    // No code on the screen: the token is named in words, its actor id stays in the request.
    expect(within(who).queryByText(/MANAGEMENT_API_TOKEN|^token$/)).toBeNull();

    await user.selectOptions(who, 'The deployment token');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(api.callsTo('audit.list').at(-1)?.input).toEqual({ page: 0, size: 50, actorId: 'token' }),
    );
    expect(api.router.state.location.search).toBe('?actor=token');
    const line = await screen.findByText(/^The deployment token published version 3/);
    expect(line.textContent).toBe(
      'The deployment token published version 3 of “Volunteer application” · 14:02 · from 203.0.113.5',
    );
    // The filter shown is the one applied.
    expect((screen.getByLabelText('Who') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'The deployment token',
    );

    await user.selectOptions(screen.getByLabelText('Who'), 'Nightly CSV export');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.callsTo('audit.list').at(-1)?.input).toMatchObject({ actorId: 'k-nightly' }));
  });
});
