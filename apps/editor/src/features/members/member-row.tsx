import { type Member, ROLES, type Role } from '@forms-engine/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { problemOf } from '../../data/problem.ts';
import { useTRPC } from '../../data/trpc.ts';
import { dateTime } from '../../ui/format.ts';
import { ConfirmButton, ProblemMessage, ROLE_NAMES } from '../../ui/index.ts';

/** LAST_OWNER in words: the team always keeps one owner. */
const lastOwner = (name: string) =>
  `${name} is the only owner, and a team always keeps one. Make another member an owner first; then ${name} can be changed or removed.`;

/** One member: their role (change it) and remove, with the refusals in words. */
export function MemberRow({ member, isYou }: { member: Member; isYou: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [role, setRole] = useState<Role>(member.role);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: refresh }));
  const error = changeRole.error ?? remove.error;
  const problem = error ? problemOf(error) : undefined;
  return (
    <tr>
      <td>
        {member.name}
        {isYou && <span className="muted"> (you)</span>}
      </td>
      <td>{member.email}</td>
      <td>
        <div className="row">
          <label htmlFor={selectId} className="visually-hidden">
            Role of {member.name}
          </label>
          <select id={selectId} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {ROLE_NAMES[choice]}
              </option>
            ))}
          </select>
          {/* A separate button: arrowing through the select must not change anyone's role. */}
          <button
            type="button"
            disabled={role === member.role || changeRole.isPending}
            aria-label={`Change role of ${member.name}`}
            onClick={() => {
              remove.reset();
              changeRole.mutate({ id: member.id, role });
            }}
          >
            Change role
          </button>
        </div>
        {problem?.code === 'LAST_OWNER' ? (
          <p role="alert" className="field-error">
            {lastOwner(member.name)}
          </p>
        ) : (
          <ProblemMessage error={error} />
        )}
      </td>
      <td>{dateTime(member.createdAt)}</td>
      <td>
        <ConfirmButton
          label="Remove"
          accessibleName={`Remove ${member.name}`}
          className="danger"
          question={`Remove ${member.name} from the team?`}
          description={`${member.name} is signed out at once, and the API keys ${member.name} created stop working. What ${member.name} did stays in the audit log.`}
          confirmLabel="Remove member"
          disabled={remove.isPending}
          onConfirm={() => {
            changeRole.reset();
            remove.mutate({ id: member.id });
          }}
        />
      </td>
    </tr>
  );
}
