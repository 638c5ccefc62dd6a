import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { problemOf } from '../data/problem.ts';
import { managementToken } from '../data/token.ts';
import { useTRPC } from '../data/trpc.ts';
import { OpenLayout } from './open-layout.tsx';

// Accounts mode's shells load only on a server that has accounts: open mode's first load stays as it was.
const MemberLayout = lazy(() => import('./member-layout.tsx').then((m) => ({ default: m.MemberLayout })));
const SignedOutScreen = lazy(() => import('./signed-out-screen.tsx').then((m) => ({ default: m.SignedOutScreen })));

/**
 * Which editor this server wants, from `auth.me`: 200 is a member signed in (accounts mode);
 * 401 with a setup status is accounts mode signed out; anything else (404 in open mode, or a
 * server from before accounts) is the open editor exactly as it was.
 */
export function AppLayout() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.auth.me.queryOptions());
  // Asked in the same tick, so one batched request carries both: in open mode `auth.me`'s 404 beside this
  // 200 makes the request a 207, and the browser's console shows no failed load on every visit.
  useQuery(trpc.instance.queryOptions());
  const signedOut = !me.data && me.error != null && problemOf(me.error).code === 'UNAUTHORIZED';
  // Asked only after a 401, so open mode makes the one call it always made (and a token's 401 is told apart).
  const setupStatus = useQuery({ ...trpc.auth.setupStatus.queryOptions(), enabled: signedOut });
  const accounts = me.data !== undefined || (signedOut && setupStatus.data !== undefined);
  // Accounts mode goes by the session cookie: a management token kept from open mode would be sent as an
  // API key and refused.
  useEffect(() => {
    if (accounts) managementToken.clear();
  }, [accounts]);
  if (me.data) {
    return (
      <Suspense fallback={<Waiting />}>
        <MemberLayout me={me.data} />
      </Suspense>
    );
  }
  if (me.isPending || (signedOut && setupStatus.isPending)) return <Waiting />;
  if (signedOut && setupStatus.data) {
    return (
      <Suspense fallback={<Waiting />}>
        <SignedOutScreen
          setupNeeded={setupStatus.data.needed}
          onSetUp={(member) => {
            queryClient.setQueryData(trpc.auth.me.queryKey(), member);
            void queryClient.invalidateQueries({ queryKey: trpc.auth.setupStatus.queryKey() });
          }}
          onSignedIn={() => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() })}
          onAlreadySetUp={() => queryClient.invalidateQueries({ queryKey: trpc.auth.setupStatus.queryKey() })}
        />
      </Suspense>
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
