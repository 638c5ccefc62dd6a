import type { Me } from '@forms-engine/schema';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors, problemOf } from '../data/problem.ts';
import { useTRPC } from '../data/trpc.ts';
import { AccountFields, type AccountValues, accountFieldsShow, passwordReady } from '../ui/account-fields.tsx';
import { ProblemMessage, TextField } from '../ui/index.ts';

/** The first owner of a new server: the setup code from the server's log proves they run it. */
export function SetupForm({ onDone, onAlreadySetUp }: { onDone: (me: Me) => void; onAlreadySetUp: () => void }) {
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [account, setAccount] = useState<AccountValues>({ name: '', password: '' });
  const [tried, setTried] = useState(false);
  const setup = useMutation(trpc.auth.setup.mutationOptions({ onSuccess: onDone }));
  const problem = setup.error ? problemOf(setup.error) : undefined;
  const codeRefused = problem?.code === 'FORBIDDEN';
  const alreadySetUp = problem?.code === 'ALREADY_SET_UP';
  const fieldMessages = (path: string) => fieldErrors(problem, path);
  const shownInFields = accountFieldsShow(problem) || ['code', 'email'].some((path) => fieldMessages(path).length > 0);
  return (
    <section className="panel account-panel" aria-labelledby="setup-title">
      <h1 id="setup-title">Set up Forms Engine</h1>
      <p>
        This server has no accounts yet. Create the first owner: the owner invites the others and decides what each may
        do.
      </p>
      <form
        aria-labelledby="setup-title"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!passwordReady(account.password)) return;
          setup.mutate({
            code: code.trim(),
            email: email.trim(),
            name: account.name.trim(),
            password: account.password,
          });
        }}
      >
        <TextField
          label="Setup code"
          hint="The server prints it in its output (its log) when it starts: look for the line that says “setup code”. Ask the person who runs the server if you cannot see it."
          autoComplete="off"
          spellCheck={false}
          required
          value={code}
          errors={
            codeRefused
              ? [
                  'That setup code is not right. Copy it again from the line that says “setup code” in the server’s output.',
                ]
              : fieldMessages('code')
          }
          onChange={setCode}
        />
        <TextField
          label="Your email"
          type="email"
          autoComplete="username"
          required
          value={email}
          errors={fieldMessages('email')}
          onChange={setEmail}
        />
        <AccountFields values={account} onChange={setAccount} checked={tried} problem={problem} />
        {alreadySetUp ? (
          <div role="alert" className="problem">
            <p>
              This server already has an owner.{' '}
              <button type="button" onClick={onAlreadySetUp}>
                Sign in instead
              </button>
            </p>
          </div>
        ) : (
          !codeRefused && !shownInFields && <ProblemMessage error={setup.error} />
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={setup.isPending}>
            Create the owner account
          </button>
        </div>
      </form>
    </section>
  );
}
