import type { InviteCreated, Role } from '@forms-engine/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors, problemOf } from '../../data/problem.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage, TextField } from '../../ui/index.ts';
import { RoleChoice } from './role-choice.tsx';

/** Invites someone by email and role; hands the link to `onInvited` (no mail is sent). */
export function InviteForm({
  onInvited,
}: {
  onInvited: (invite: InviteCreated & { email: string; role: Role }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  // The least a new member may do, unless the owner chooses more.
  const [role, setRole] = useState<Role>('ANALYST');
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: (created, input) => {
        setEmail('');
        // The new invitation joins the list of those waiting.
        void queryClient.invalidateQueries({ queryKey: trpc.members.invites.queryKey() });
        onInvited({ ...created, email: input.email, role: input.role });
      },
    }),
  );
  const problem = invite.error ? problemOf(invite.error) : undefined;
  const emailErrors = fieldErrors(problem, 'email');
  return (
    <form
      className="panel team-form"
      aria-labelledby="invite-title"
      onSubmit={(event) => {
        event.preventDefault();
        invite.mutate({ email: email.trim(), role });
      }}
    >
      <h2 id="invite-title">Invite someone</h2>
      <p className="muted">
        You get a link to send them yourself (no email is sent). It works once, for 7 days; with it they choose their
        name and password.
      </p>
      <TextField label="Their email" type="email" required value={email} errors={emailErrors} onChange={setEmail} />
      <RoleChoice name="invite-role" value={role} onChange={setRole} />
      {emailErrors.length === 0 && <ProblemMessage error={invite.error} />}
      <div className="actions">
        <button type="submit" className="primary" disabled={invite.isPending}>
          Make an invitation link
        </button>
      </div>
    </form>
  );
}
