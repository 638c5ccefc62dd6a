import type { ApiKeySummary } from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../data/trpc.ts';
import { dateTime } from '../../ui/format.ts';
import { ConfirmButton, ProblemMessage, ROLE_NAMES } from '../../ui/index.ts';
import { KeyForm } from './key-form.tsx';
import { KeyNotice } from './key-notice.tsx';

/** When a key stops working, in words. */
function expiryWords(key: ApiKeySummary, now: number): string {
  if (!key.expiresAt) return 'Never';
  return `${Date.parse(key.expiresAt) <= now ? 'Expired' : 'Works until'} ${dateTime(key.expiresAt)}`;
}

/** `/api-keys` (owners): keys for programs; create one (its secret shown once), see their use, revoke. */
export function ApiKeysPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const revoke = useMutation(
    trpc.apiKeys.delete.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() }),
    }),
  );
  const [created, setCreated] = useState<{ name: string; secret: string }>();
  const now = Date.now();
  return (
    <>
      <title>API keys · Forms Engine</title>
      <h1>API keys</h1>
      {created && <KeyNotice key={created.secret} {...created} onDone={() => setCreated(undefined)} />}
      <ProblemMessage error={keys.error ?? revoke.error} />
      {keys.isPending ? (
        <p>Loading…</p>
      ) : keys.data?.length === 0 ? (
        <p>No API keys yet.</p>
      ) : (
        keys.data && (
          <table>
            <caption className="muted">
              {keys.data.length} key{keys.data.length === 1 ? '' : 's'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Role</th>
                <th scope="col">Created by</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td>
                    <code>{key.prefix}</code>
                  </td>
                  <td>{ROLE_NAMES[key.role]}</td>
                  <td>{key.createdBy?.name ?? <span className="muted">Not recorded</span>}</td>
                  <td>{dateTime(key.createdAt)}</td>
                  <td>{key.lastUsedAt ? dateTime(key.lastUsedAt) : 'Not used yet'}</td>
                  <td>{expiryWords(key, now)}</td>
                  <td>
                    <ConfirmButton
                      label="Revoke"
                      accessibleName={`Revoke ${key.name}`}
                      className="danger"
                      question={`Revoke the API key “${key.name}”?`}
                      description="Programs using it are refused at once. This cannot be undone: make a new key if one is needed again."
                      confirmLabel="Revoke key"
                      disabled={revoke.isPending}
                      onConfirm={() => revoke.mutate({ id: key.id })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
      <KeyForm onCreated={(name, secret) => setCreated({ name, secret })} />
    </>
  );
}
