import type { Me } from '@forms-engine/schema';
import { Link } from 'react-router';
import { SetupForm } from './setup-form.tsx';
import { SignInForm } from './sign-in-form.tsx';

/** Accounts mode, nobody signed in: the first owner's setup on a new server, else sign in. */
export function SignedOutScreen({
  setupNeeded,
  onSetUp,
  onSignedIn,
  onAlreadySetUp,
}: {
  setupNeeded: boolean;
  onSetUp: (me: Me) => void;
  onSignedIn: () => Promise<unknown>;
  onAlreadySetUp: () => void;
}) {
  return (
    <>
      <title>{setupNeeded ? 'Set up · Forms Engine' : 'Sign in · Forms Engine'}</title>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/">Forms Engine</Link>
        <span className="spacer" />
        <a href="/docs">API docs</a>
      </header>
      <main id="main">
        {setupNeeded ? (
          <SetupForm onDone={onSetUp} onAlreadySetUp={onAlreadySetUp} />
        ) : (
          <section className="panel account-panel" aria-labelledby="sign-in-title">
            <h1 id="sign-in-title">Sign in</h1>
            <p>
              Sign in with the email and password of your Forms Engine account. No account yet? Ask an owner for an
              invitation link.
            </p>
            <SignInForm titleId="sign-in-title" onSignedIn={onSignedIn} />
          </section>
        )}
      </main>
    </>
  );
}
