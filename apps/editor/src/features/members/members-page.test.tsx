import type { PendingInvite, Role } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../data/session.ts';
import { ANA, asMember, BEN, CLEO, signedIn } from '../../test/accounts.ts';
import { FakeProblem, type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { expiryWords } from './invite-words.ts';
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

const DAN_INVITE: PendingInvite = {
  id: 'i-dan',
  email: 'dan@example.com',
  role: 'EDITOR',
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
  invitedBy: { id: 'm-ana', name: 'Ana' },
};
const EVA_INVITE: PendingInvite = {
  id: 'i-eva',
  email: 'eva@example.org',
  role: 'ANALYST',
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-12-03T10:00:00.000Z',
  invitedBy: null,
};

function handlers(extra: Handlers = {}): Handlers {
  return {
    ...signedIn('OWNER'),
    'members.list': () => [asMember(ANA), asMember(BEN), asMember(CLEO)],
    'members.invites': () => [],
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

  it('invites by email and role, shows the link to copy, and lists the invitation as waiting', async () => {
    const user = userEvent.setup();
    const waiting: PendingInvite[] = [];
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = renderWithApi(routes, {
      url: '/members',
      handlers: handlers({
        'members.invite': () => {
          waiting.push(DAN_INVITE);
          return { id: 'i-dan', inviteUrl: 'https://forms.example.com/invite/tok123', expiresAt: DAN_INVITE.expiresAt };
        },
        'members.invites': () => [...waiting],
        'members.revokeInvite': () => {
          waiting.pop();
        },
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
    // Asked again after the invite: the new invitation is waiting, without its link.
    const section = screen.getByRole('region', { name: 'Invitations waiting' });
    const item = await within(section).findByRole('listitem');
    expect(item.textContent).toContain('dan@example.com');
    expect(item.textContent).not.toContain('tok123');
    // The link's end is written as the list writes it, not in a second style.
    const end = expiryWords(DAN_INVITE.expiresAt).replace(/^expires /, '');
    expect(notice.textContent).toContain(`It works once, until ${end}.`);
    // Cancelled at once (sent to the wrong address): its dead link is no longer offered to copy.
    await user.click(within(item).getByRole('button', { name: 'Cancel invitation for dan@example.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel invitation' }));
    await within(section).findByText('No invitations are waiting.');
    expect(screen.queryByRole('region', { name: 'Invitation link for dan@example.com' })).toBeNull();
  });

  it('lists the invitations waiting: email, role and expiry in words, and who invited', async () => {
    renderWithApi(routes, {
      url: '/members',
      handlers: handlers({ 'members.invites': () => [DAN_INVITE, EVA_INVITE] }),
    });
    const section = await screen.findByRole('region', { name: 'Invitations waiting' });
    const [dan, eva] = (await within(section).findAllByRole('listitem')) as HTMLElement[];
    expect(dan!.textContent).toContain('dan@example.com');
    // The role in the words of the members' list, never the constant.
    expect(within(dan!).getByText('Editor')).toBeDefined();
    expect(dan!.textContent).not.toContain('EDITOR');
    expect(within(dan!).getByText(expiryWords(DAN_INVITE.expiresAt))).toBeDefined();
    expect(dan!.textContent).toContain('invited by Ana');
    expect(within(eva!).getByText('Analyst')).toBeDefined();
    expect(eva!.textContent).not.toContain('invited by');
    expect(within(eva!).getByRole('button', { name: 'Cancel invitation for eva@example.org' })).toBeDefined();
  });

  it('says so in a sentence when no invitation is waiting', async () => {
    renderWithApi(routes, { url: '/members', handlers: handlers() });
    const section = await screen.findByRole('region', { name: 'Invitations waiting' });
    await within(section).findByText('No invitations are waiting.');
    expect(within(section).queryByRole('list')).toBeNull();
  });

  it('cancels an invitation only after confirming in words, then takes it off the list', async () => {
    const user = userEvent.setup();
    let waiting = [DAN_INVITE, EVA_INVITE];
    const api = renderWithApi(routes, {
      url: '/members',
      handlers: handlers({
        'members.invites': () => waiting,
        'members.revokeInvite': (input: { id: string }) => {
          waiting = waiting.filter((invite) => invite.id !== input.id);
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel invitation for eva@example.org' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the invitation for eva@example.org?' });
    expect(dialog.textContent).toContain('Cancel the invitation for eva@example.org?The link will stop working.');
    expect(api.callsTo('members.revokeInvite')).toHaveLength(0);
    // The way out does not say "Cancel" beside "Cancel invitation": it keeps the invitation.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('members.revokeInvite')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel invitation for eva@example.org' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(api.callsTo('members.revokeInvite')[0]?.input).toEqual({ id: 'i-eva' }));
    const section = screen.getByRole('region', { name: 'Invitations waiting' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).getByRole('listitem').textContent).toContain('dan@example.com');
    expect(within(section).getByRole('status').textContent).toBe(
      'The invitation for eva@example.org is cancelled: its link no longer works.',
    );
    // The button pressed is gone: the focus is on the section's heading, not lost.
    expect(document.activeElement).toBe(within(section).getByRole('heading', { name: 'Invitations waiting' }));
  });

  it('says in words when the invitation was used or cancelled meanwhile, and brings the list up to date', async () => {
    const user = userEvent.setup();
    let waiting = [DAN_INVITE];
    renderWithApi(routes, {
      url: '/members',
      handlers: handlers({
        'members.invites': () => waiting,
        'members.revokeInvite': () => {
          waiting = [];
          throw new FakeProblem({ code: 'NOT_FOUND', status: 404, detail: 'NOT_FOUND' });
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel invitation for dan@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Cancel invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The invitation for dan@example.com was already used, cancelled or past its 7 days.',
    );
    const section = screen.getByRole('region', { name: 'Invitations waiting' });
    await within(section).findByText('No invitations are waiting.');
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
