import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { problemOf } from '../data/problem.ts';
import { managementToken } from '../data/token.ts';
import { TokenPrompt } from './token-prompt.tsx';

/** Watches every query and mutation for UNAUTHORIZED, so the token is asked for in one place. */
function useNeedsToken(): [boolean, () => void] {
  const queryClient = useQueryClient();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const unauthorized = (error: unknown) => error != null && problemOf(error).code === 'UNAUTHORIZED';
    const fromQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && unauthorized(event.query.state.error)) setNeeded(true);
    });
    const fromMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && unauthorized(event.mutation?.state.error)) setNeeded(true);
    });
    return () => {
      fromQueries();
      fromMutations();
    };
  }, [queryClient]);
  return [needed, () => setNeeded(false)];
}

/** Header, skip link, the token prompt when the server wants one, and the page. */
export function AppLayout() {
  const [needsToken, done] = useNeedsToken();
  const [hasToken, setHasToken] = useState(() => managementToken.get() !== null);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/">Forms Engine</Link>
        <span className="spacer" />
        <a href="/docs">API docs</a>
        {hasToken && (
          <button
            type="button"
            onClick={() => {
              managementToken.clear();
              setHasToken(false);
            }}
          >
            Forget token
          </button>
        )}
      </header>
      <main id="main">
        {needsToken ? (
          <TokenPrompt
            onDone={() => {
              setHasToken(true);
              done();
            }}
          />
        ) : (
          <Outlet />
        )}
      </main>
    </>
  );
}
