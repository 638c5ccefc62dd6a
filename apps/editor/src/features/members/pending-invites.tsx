import type { PendingInvite } from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { problemOf } from '../../data/problem.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ConfirmButton, ProblemMessage, ROLE_NAMES } from '../../ui/index.ts';
import { expiryWords } from './invite-words.ts';

/**
 * The invitations still waiting (owners): each with its role and expiry in words, and a way to take
 * it back, e.g. a link sent to the wrong address. The links themselves are never shown again.
 */
export function PendingInvites({ onCancelled }: { onCancelled?: (id: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invites = useQuery(trpc.members.invites.queryOptions());
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  const [gone, setGone] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.invites.queryKey() });
  const revoke = useMutation(trpc.members.revokeInvite.mutationOptions());

  const cancel = (invite: PendingInvite) => {
    setSaid('');
    setGone(undefined);
    revoke.mutate(
      { id: invite.id },
      {
        onSuccess: () => {
          queryClient.setQueryData(trpc.members.invites.queryKey(), (list) =>
            list?.filter((item) => item.id !== invite.id),
          );
          setSaid(`The invitation for ${invite.email} is cancelled: its link no longer works.`);
          // The button pressed is gone with its row: the focus goes back to the section.
          heading.current?.focus();
          onCancelled?.(invite.id);
          void refresh();
        },
        onError: (error) => {
          if (problemOf(error).code !== 'NOT_FOUND') return;
          // Used, cancelled by another owner or expired since the list was read.
          setGone(`The invitation for ${invite.email} was already used, cancelled or past its 7 days.`);
          heading.current?.focus();
          void refresh();
        },
      },
    );
  };

  const list = invites.data;
  return (
    <section className="panel" aria-labelledby="pending-invites-title">
      <h2 id="pending-invites-title" ref={heading} tabIndex={-1}>
        Invitations waiting
      </h2>
      <p role="status">{said}</p>
      {gone ? (
        <p role="alert" className="field-error">
          {gone}
        </p>
      ) : (
        <ProblemMessage error={revoke.error} />
      )}
      <ProblemMessage error={invites.error} />
      {invites.isPending ? (
        <p>Loading…</p>
      ) : list && list.length === 0 ? (
        <p className="muted">No invitations are waiting.</p>
      ) : (
        list && (
          <ul>
            {list.map((invite) => (
              <li key={invite.id}>
                <div className="actions">
                  <strong>{invite.email}</strong>
                  <span>{ROLE_NAMES[invite.role]}</span>
                  <span className="muted">{expiryWords(invite.expiresAt)}</span>
                  {invite.invitedBy && <span className="muted">invited by {invite.invitedBy.name}</span>}
                  <ConfirmButton
                    label="Cancel invitation"
                    accessibleName={`Cancel invitation for ${invite.email}`}
                    className="danger"
                    question={`Cancel the invitation for ${invite.email}?`}
                    description="The link will stop working."
                    confirmLabel="Cancel invitation"
                    dismissLabel="Keep it"
                    disabled={revoke.isPending}
                    onConfirm={() => cancel(invite)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )
      )}
    </section>
  );
}
