import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { problemOf } from '../data/problem.ts';
import { useTRPC } from '../data/trpc.ts';
import { ProblemMessage, TextField } from '../ui/index.ts';

/** The refusals a person can act on, in words; anything else is the server's own sentence. */
function signInRefusal(error: unknown): string | undefined {
  const { code } = problemOf(error);
  if (code === 'INVALID_CREDENTIALS') return 'The email or the password is not right. Check both and try again.';
  if (code === 'RATE_LIMITED')
    return 'Too many failed attempts for this email. Wait a quarter of an hour, then try again (or ask an owner).';
  return undefined;
}

/** Email and password; `onSignedIn` runs once the server has set the session cookie. */
export function SignInForm({ onSignedIn, titleId }: { onSignedIn: () => Promise<unknown>; titleId: string }) {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation(trpc.auth.login.mutationOptions({ onSuccess: () => onSignedIn() }));
  const refusal = login.error ? signInRefusal(login.error) : undefined;
  return (
    <form
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        login.mutate({ email: email.trim(), password });
      }}
    >
      <TextField label="Email" type="email" autoComplete="username" required value={email} onChange={setEmail} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
      />
      {refusal ? (
        <p role="alert" className="problem">
          {refusal}
        </p>
      ) : (
        <ProblemMessage error={login.error} />
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </div>
    </form>
  );
}
