import type { Me } from '@forms-engine/schema';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet } from 'react-router';
import { announceSignedInAgain, SessionContext } from '../data/session.ts';
import { useTRPC } from '../data/trpc.ts';
import { ProblemMessage, ROLE_NAMES } from '../ui/index.ts';
import { SessionEnded } from './session-ended.tsx';
import { useUnauthorized } from './use-unauthorized.ts';

/** Accounts mode, signed in: the header names the member and offers sign-out; owners reach the team's screens. */
export function MemberLayout({ me }: { me: Me }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [ended, resumed] = useUnauthorized();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        // Nothing read as this member stays in the tab; then `auth.me` answers 401 and sign-in shows.
        const me = hashKey(trpc.auth.me.queryKey());
        queryClient.removeQueries({ predicate: (query) => query.queryHash !== me });
        await queryClient.resetQueries({ queryKey: trpc.auth.me.queryKey() });
      },
    }),
  );
  return (
    <SessionContext.Provider value={{ mode: 'accounts', me }}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/">Forms Engine</Link>
        {me.role === 'OWNER' && (
          <nav aria-label="Team" className="team-nav">
            <NavLink to="/members">Members</NavLink>
            <NavLink to="/api-keys">API keys</NavLink>
            <NavLink to="/audit">Audit log</NavLink>
          </nav>
        )}
        <span className="spacer" />
        <a href="/docs">API docs</a>
        <span className="signed-in-as">
          {me.name} <span className="muted">· {ROLE_NAMES[me.role]}</span>
        </span>
        <button type="button" disabled={logout.isPending} onClick={() => logout.mutate()}>
          Sign out
        </button>
      </header>
      <main id="main">
        <ProblemMessage error={logout.error} />
        <Outlet />
      </main>
      {ended && (
        <SessionEnded
          email={me.email}
          onSignedIn={async () => {
            resumed();
            announceSignedInAgain();
            await queryClient.invalidateQueries();
          }}
        />
      )}
    </SessionContext.Provider>
  );
}
