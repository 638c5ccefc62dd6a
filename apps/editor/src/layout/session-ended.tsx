import { ModalDialog } from '../ui/modal-dialog.tsx';
import { SignInForm } from './sign-in-form.tsx';

/**
 * The session ended while working (it expired, the role changed, or the member signed out
 * elsewhere): sign in again in a dialog over the screen, so what was typed on it stays.
 */
export function SessionEnded({ email, onSignedIn }: { email: string; onSignedIn: () => Promise<unknown> }) {
  return (
    // Escape does nothing: the screen behind cannot save anything until the member signs in again.
    <ModalDialog title="Your session has ended" onCancel={() => {}}>
      <p id="session-ended-words">
        Sign in again to go on. Nothing you typed is lost: it stays on the screen behind this window, and changes not
        saved yet (a draft, settings) are kept in this browser and saved as soon as you are signed in. A session ends
        after 14 days without use, or when an owner changes your role.
      </p>
      <p className="muted">You were signed in as {email}.</p>
      <SignInForm titleId="session-ended-words" onSignedIn={onSignedIn} />
    </ModalDialog>
  );
}
