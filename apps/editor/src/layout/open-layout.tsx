import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { managementToken } from '../data/token.ts';
import { TokenPrompt } from './token-prompt.tsx';
import { useUnauthorized } from './use-unauthorized.ts';

/** Open mode (no accounts): header, skip link, the token prompt when the server wants one, and the page. */
export function OpenLayout() {
  const [needsToken, done] = useUnauthorized();
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
