import type { ApiKeyRole } from '@forms-engine/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { fieldErrors, problemOf } from '../../data/problem.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage, ROLE_NAMES, ROLE_WORDS, TextField } from '../../ui/index.ts';

const KEY_ROLES: readonly ApiKeyRole[] = ['EDITOR', 'ANALYST'];

/** The end of the chosen day in the builder's own zone: a key "until 31 Dec" works all of that day. */
export function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

/** Creates a key (name, role, optional expiry) and hands its secret to `onCreated`, once. */
export function KeyForm({ onCreated }: { onCreated: (name: string, secret: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const expiryId = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<ApiKeyRole>('ANALYST');
  const [expiry, setExpiry] = useState('');
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (created, input) => {
        setName('');
        setExpiry('');
        onCreated(input.name, created.key);
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
      },
    }),
  );
  const problem = create.error ? problemOf(create.error) : undefined;
  const nameErrors = fieldErrors(problem, 'name');
  const expiryErrors = fieldErrors(problem, 'expiresAt');
  const today = new Date().toLocaleDateString('en-CA');
  return (
    <form
      className="panel team-form"
      aria-labelledby="new-key-title"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ name: name.trim(), role, ...(expiry && { expiresAt: endOfDay(expiry) }) });
      }}
    >
      <h2 id="new-key-title">Create an API key</h2>
      <p className="muted">
        A key lets a program use the management API (the REST API under /api/v1) as an editor or an analyst. Make one
        per program, so you can revoke one without the others.
      </p>
      <TextField
        label="Name"
        hint="What the key is for, such as “Nightly CSV export”."
        required
        value={name}
        errors={nameErrors}
        onChange={setName}
      />
      <fieldset>
        <legend>Role</legend>
        {KEY_ROLES.map((choice) => (
          <label key={choice} className="choice">
            <input type="radio" name="key-role" checked={role === choice} onChange={() => setRole(choice)} />{' '}
            <strong>{ROLE_NAMES[choice]}</strong>: {ROLE_WORDS[choice]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={expiryId}>Works until (optional)</label>
        <p id={`${expiryId}-hint`} className="hint muted">
          The last day the key works, to the end of that day. Leave empty for a key that works until it is revoked.
        </p>
        <input
          id={expiryId}
          type="date"
          min={today}
          value={expiry}
          aria-describedby={`${expiryId}-hint${expiryErrors.length > 0 ? ` ${expiryId}-error` : ''}`}
          aria-invalid={expiryErrors.length > 0 ? true : undefined}
          onChange={(event) => setExpiry(event.target.value)}
        />
        {expiryErrors.length > 0 && (
          <p id={`${expiryId}-error`} className="field-error">
            {expiryErrors.join(' ')}
          </p>
        )}
      </div>
      {nameErrors.length + expiryErrors.length === 0 && <ProblemMessage error={create.error} />}
      <div className="actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          Create key
        </button>
      </div>
    </form>
  );
}
