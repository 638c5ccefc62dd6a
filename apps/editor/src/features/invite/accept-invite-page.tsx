import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { problemOf } from '../../data/problem.ts';
import { useTRPC } from '../../data/trpc.ts';
import { AccountFields, type AccountValues, accountFieldsShow, passwordReady } from '../../ui/account-fields.tsx';
import { ProblemMessage } from '../../ui/index.ts';

/** `/invite/:token`: a person an owner invited chooses a name and a password, and is signed in. */
export function AcceptInvitePage() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [account, setAccount] = useState<AccountValues>({ name: '', password: '' });
  const [tried, setTried] = useState(false);
  const accept = useMutation(
    trpc.auth.acceptInvite.mutationOptions({
      onSuccess: (me) => {
        // Signed in: the editor opens as this member without asking the server again.
        queryClient.setQueryData(trpc.auth.me.queryKey(), me);
        navigate('/', { replace: true });
      },
    }),
  );
  const problem = accept.error ? problemOf(accept.error) : undefined;
  const expired = problem?.code === 'INVITE_EXPIRED';
  return (
    <>
      <title>Join · Forms Engine</title>
      <header className="app-header">
        <Link to="/">Forms Engine</Link>
      </header>
      <main id="main">
        <section className="panel account-panel" aria-labelledby="invite-title">
          <h1 id="invite-title">Join Forms Engine</h1>
          {expired ? (
            <div role="alert" className="problem">
              <p>
                This invitation link cannot be used any more: it was already used, cancelled by an owner, or it is more
                than 7 days old. Ask the owner who sent it for a new one.
              </p>
            </div>
          ) : (
            <>
              <p>You were invited to work on questionnaires here. Choose the name others see and your password.</p>
              <form
                aria-labelledby="invite-title"
                onSubmit={(event) => {
                  event.preventDefault();
                  setTried(true);
                  if (!passwordReady(account.password)) return;
                  accept.mutate({ token, name: account.name.trim(), password: account.password });
                }}
              >
                <AccountFields values={account} onChange={setAccount} checked={tried} problem={problem} />
                {!accountFieldsShow(problem) && <ProblemMessage error={accept.error} />}
                <div className="actions">
                  <button type="submit" className="primary" disabled={accept.isPending}>
                    Join and open the editor
                  </button>
                </div>
              </form>
            </>
          )}
        </section>
      </main>
    </>
  );
}
