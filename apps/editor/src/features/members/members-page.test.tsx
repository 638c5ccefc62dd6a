import type { Role } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../data/session.ts';
import { ANA, asMember, BEN, CLEO, signedIn } from '../../test/accounts.ts';
import { FakeProblem, type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { MembersPage } from './members-page.tsx';

afterEach(cleanup);

const routes = [
  {
    path: '/members',
    element: (
      <SessionContext.Provider value={{ mode: 'accounts', me: ANA }}>
        <MembersPage />
      </SessionContext.Provider>
    ),
  },
];

function handlers(extra: Handlers = {}): Handlers {
  return {
    ...signedIn('OWNER'),
    'members.list': () => [asMember(ANA), asMember(BEN), asMember(CLEO)],
    ...extra,
  };
}

describe('the Members screen', () => {
  it('lists the team with each role in words', async () => {
    renderWithApi(routes, { url: '/members', handlers: handlers() });
    const table = await screen.findByRole('table', { name: '3 members' });
    const [, ana, ben, cleo] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(ana!).getByText('(you)')).toBeDefined();
    expect((within(ben!).getByLabelText('Role of Ben') as HTMLSelectElement).value).toBe('EDITOR');
    expect((within(cleo!).getByLabelText('Role of Cleo') as HTMLSelectElement).value).toBe('ANALYST');
    const roles = screen.getByText('What each role may do:').nextElementSibling as HTMLElement;
    expect(roles.textContent).toContain('Owner: everything, including members and API keys.');
    expect(roles.textContent).toContain('Editor: builds questionnaires, publishes them and reads results.');
    expect(roles.textContent).toContain('Analyst: reads questionnaires and results only.');
  });

  it('invites by email and role and shows the link to copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = renderWithApi(routes, {
      url: '/members',
      handlers: handlers({
        'members.invite': () => ({
          inviteUrl: 'https://forms.example.com/invite/tok123',
          expiresAt: '2026-12-04T10:00:00.000Z',
        }),
      }),
    });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Their email'), 'dan@example.com');
    await user.click(
      screen.getByRole('radio', { name: 'Editor: builds questionnaires, publishes them and reads results' }),
    );
    await user.click(screen.getByRole('button', { name: 'Make an invitation link' }));
    const notice = await screen.findByRole('region', { name: 'Invitation link for dan@example.com' });
    expect(within(notice).getByText('https://forms.example.com/invite/tok123')).toBeDefined();
    expect(within(notice).getByText(/join as an editor/)).toBeDefined();
    // The focus is on the notice, so a keyboard user meets the link at once.
    expect(document.activeElement).toBe(within(notice).getByRole('heading'));
    await user.click(within(notice).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://forms.example.com/invite/tok123');
    expect(within(notice).getByRole('status').textContent).toBe('Copied');
    expect(api.callsTo('members.invite')[0]?.input).toEqual({ email: 'dan@example.com', role: 'EDITOR' });
  });

  it('changes a role only when its button is pressed, not while the select is arrowed through', async () => {
    const user = userEvent.setup();
    const api = renderWithApi(routes, {
      url: '/members',
      handlers: handlers({
        'members.changeRole': (input: { id: string; role: Role }) => asMember({ ...CLEO, role: input.role }),
      }),
    });
    const select = await screen.findByLabelText('Role of Cleo');
    await user.selectOptions(select, 'EDITOR');
    expect(api.callsTo('members.changeRole')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Change role of Cleo' }));
    await waitFor(() => expect(api.callsTo('members.changeRole')[0]?.input).toEqual({ id: 'm-cleo', role: 'EDITOR' }));
  });

  it('removes a member only after confirming, saying what follows', async () => {
    const user = userEvent.setup();
    const api = renderWithApi(routes, { url: '/members', handlers: handlers({ 'members.remove': () => undefined }) });
    await user.click(await screen.findByRole('button', { name: 'Remove Ben' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Ben from the team?' });
    expect(within(dialog).getByText(/signed out at once, and the API keys Ben created stop working/)).toBeDefined();
    expect(api.callsTo('members.remove')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(api.callsTo('members.remove')[0]?.input).toEqual({ id: 'm-ben' }));
  });

  it('explains in words that the last owner cannot be removed', async () => {
    const user = userEvent.setup();
    renderWithApi(routes, {
      url: '/members',
      handlers: handlers({
        'members.remove': () => {
          throw new FakeProblem({ code: 'LAST_OWNER', status: 409, detail: 'LAST_OWNER' });
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Ana' }));
    await user.click(screen.getByRole('button', { name: 'Remove member' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ana is the only owner, and a team always keeps one. Make another member an owner first; then Ana can be changed or removed.',
    );
  });
});
