import { AUDIT_ACTIONS, type AuditAction } from '@forms-engine/schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../data/trpc.ts';
import { ACTION_NAMES, TOKEN_ACTOR_ID, TOKEN_WORDS } from './audit-words.ts';

export interface AuditFilterValues {
  action: AuditAction | '';
  actorId: string;
  /** Days as `YYYY-MM-DD`, in the owner's own zone. */
  from: string;
  to: string;
}

/**
 * Action, who (a member, an API key or the deployment token) and days; applied with a button, so a
 * select's arrow keys send nothing.
 */
export function AuditFilters({
  values,
  onApply,
}: {
  values: AuditFilterValues;
  onApply: (values: AuditFilterValues) => void;
}) {
  const trpc = useTRPC();
  const members = useQuery(trpc.members.list.queryOptions());
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [draft, setDraft] = useState(values);
  const set = (change: Partial<AuditFilterValues>) => setDraft({ ...draft, ...change });
  return (
    <form
      className="row audit-filters"
      aria-label="Filter the audit log"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <div className="field">
        <label htmlFor="audit-action">What</label>
        <select
          id="audit-action"
          value={draft.action}
          onChange={(event) => set({ action: event.target.value as AuditAction | '' })}
        >
          <option value="">Everything</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTION_NAMES[action]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-actor">Who</label>
        <select id="audit-actor" value={draft.actorId} onChange={(event) => set({ actorId: event.target.value })}>
          <option value="">Anyone</option>
          {(members.data?.length ?? 0) > 0 && (
            <optgroup label="Members">
              {members.data?.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </optgroup>
          )}
          {(keys.data?.length ?? 0) > 0 && (
            <optgroup label="API keys">
              {keys.data?.map((key) => (
                <option key={key.id} value={key.id}>
                  {key.name}
                </option>
              ))}
            </optgroup>
          )}
          {/* Offered whether or not the deployment sets one: the server alone knows, and says "Nothing matches". */}
          <optgroup label="This deployment">
            <option value={TOKEN_ACTOR_ID}>{TOKEN_WORDS}</option>
          </optgroup>
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-from">From (day)</label>
        <input id="audit-from" type="date" value={draft.from} onChange={(event) => set({ from: event.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="audit-to">To (day, included)</label>
        <input id="audit-to" type="date" value={draft.to} onChange={(event) => set({ to: event.target.value })} />
      </div>
      <button type="submit" className="primary">
        Show
      </button>
    </form>
  );
}
