import type { InviteCreated, Role } from '@forms-engine/schema';
import { ROLES } from '@forms-engine/schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../data/session.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage, ROLE_NAMES, ROLE_WORDS } from '../../ui/index.ts';
import { InviteForm } from './invite-form.tsx';
import { InviteNotice } from './invite-notice.tsx';
import { MemberRow } from './member-row.tsx';
import { PendingInvites } from './pending-invites.tsx';

/**
 * `/members` (owners): who is on the team and what each may do; invite, change a role, remove; the
 * invitations still waiting, each to cancel.
 */
export function MembersPage() {
  const trpc = useTRPC();
  const session = useSession();
  const members = useQuery(trpc.members.list.queryOptions());
  const [invite, setInvite] = useState<InviteCreated & { email: string; role: Role }>();
  const myId = session.mode === 'accounts' ? session.me.id : undefined;
  return (
    <>
      <title>Members · Forms Engine</title>
      <h1>Members</h1>
      <p>What each role may do:</p>
      <ul>
        {ROLES.map((role) => (
          <li key={role}>
            <strong>{ROLE_NAMES[role]}</strong>: {ROLE_WORDS[role]}.
          </li>
        ))}
      </ul>
      <ProblemMessage error={members.error} />
      {members.isPending ? (
        <p>Loading…</p>
      ) : (
        members.data && (
          <table aria-labelledby="members-caption">
            <caption id="members-caption" className="muted">
              {members.data.length} member{members.data.length === 1 ? '' : 's'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {members.data.map((member) => (
                // Keyed by role too: after a change the row starts again from the server's role.
                <MemberRow key={`${member.id}:${member.role}`} member={member} isYou={member.id === myId} />
              ))}
            </tbody>
          </table>
        )
      )}
      {/* A cancelled invitation's link is dead: its notice goes too. */}
      <PendingInvites onCancelled={(id) => setInvite((shown) => (shown?.id === id ? undefined : shown))} />
      {invite && <InviteNotice key={invite.inviteUrl} invite={invite} onDone={() => setInvite(undefined)} />}
      <InviteForm onInvited={setInvite} />
    </>
  );
}
