import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { problemOf } from '../data/problem.ts';
import { useTRPC } from '../data/trpc.ts';
import { MemberLayout } from './member-layout.tsx';
import { OpenLayout } from './open-layout.tsx';
import { SignedOutScreen } from './signed-out-screen.tsx';

/**
 * Which editor this server wants, from `auth.me`: 200 is a member signed in (accounts mode);
 * 401 with a setup status is accounts mode signed out; anything else (404 in open mode, or a
 * server from before accounts) is the open editor exactly as it was.
 */
export function AppLayout() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.auth.me.queryOptions());
  const signedOut = !me.data && me.error != null && problemOf(me.error).code === 'UNAUTHORIZED';
  // Asked only after a 401, so open mode makes the one call it always made (and a token's 401 is told apart).
  const setupStatus = useQuery({ ...trpc.auth.setupStatus.queryOptions(), enabled: signedOut });
  if (me.data) return <MemberLayout me={me.data} />;
  if (me.isPending || (signedOut && setupStatus.isPending)) return <Waiting />;
  if (signedOut && setupStatus.data) {
    return (
      <SignedOutScreen
        setupNeeded={setupStatus.data.needed}
        onSetUp={(member) => {
          queryClient.setQueryData(trpc.auth.me.queryKey(), member);
          void queryClient.invalidateQueries({ queryKey: trpc.auth.setupStatus.queryKey() });
        }}
        onSignedIn={() => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() })}
        onAlreadySetUp={() => queryClient.invalidateQueries({ queryKey: trpc.auth.setupStatus.queryKey() })}
      />
    );
  }
  return <OpenLayout />;
}

/** The header as open mode shows it, while the server says which editor it wants. */
function Waiting() {
  return (
    <>
      <header className="app-header">
        <Link to="/">Forms Engine</Link>
        <span className="spacer" />
        <a href="/docs">API docs</a>
      </header>
      <main id="main">
        <p role="status" className="screen-loading">
          Loading…
        </p>
      </main>
    </>
  );
}
