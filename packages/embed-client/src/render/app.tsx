import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Session } from '../session/controller';
import type { Phase, SessionState, UnavailableReason } from '../session/machine';
import { useEmbed } from './context';
import { FormScreen } from './form-screen';
import type { Labels } from './labels';

function useSessionState(session: Session): SessionState {
  const [state, setState] = useState(session.getState());
  useEffect(() => {
    setState(session.getState());
    return session.subscribe(setState);
  }, [session]);
  return state;
}

const UNAVAILABLE_TEXT: Record<UnavailableReason, keyof Labels> = {
  ORIGIN_NOT_ALLOWED: 'originNotAllowed',
  NOT_PUBLISHED: 'notPublished',
  NOT_FOUND: 'notFound',
  EXTERNAL_REF_REQUIRED: 'externalRefRequired',
  NETWORK: 'networkError',
  ERROR: 'genericError',
};

/**
 * Moves focus only after something the person did (a step change, a failed Next, a
 * submit): never on a page view, and never scrolls the host page more than needed.
 */
function useFocusManagement(root: { current: HTMLElement | null }, state: SessionState) {
  const lastNonce = useRef(state.focus?.nonce ?? 0);
  const lastPhase = useRef<Phase>(state.phase);
  useLayoutEffect(() => {
    // While loading there is nothing to focus: a request made before it waits for the screen.
    if (state.phase === 'loading') return;
    const container = root.current;
    const phaseChanged = lastPhase.current !== state.phase;
    const userMoved = lastPhase.current === 'form' && phaseChanged;
    lastPhase.current = state.phase;
    const nonce = state.focus?.nonce ?? 0;
    const focusRequested = nonce !== lastNonce.current;
    lastNonce.current = nonce;
    if (!container || !(focusRequested || userMoved)) return;

    if (state.phase === 'form' && state.focus?.target === 'error') {
      const code = Object.keys(state.errors)[0];
      const holder = [...container.querySelectorAll<HTMLElement>('[data-code]')].find((el) => el.dataset.code === code);
      const control =
        holder?.querySelector<HTMLElement>('[aria-invalid="true"]:not(fieldset), input:checked') ??
        holder?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button');
      control?.focus();
      return;
    }
    const heading = container.querySelector<HTMLElement>('[data-focus="heading"]');
    if (!heading) return;
    heading.focus({ preventScroll: true });
    const top = heading.getBoundingClientRect().top;
    if (top < 0 || top > (globalThis.innerHeight ?? 0)) heading.scrollIntoView({ block: 'nearest' });
  });
}

export function App() {
  const { session, labels } = useEmbed();
  const state = useSessionState(session);
  const root = useRef<HTMLDivElement>(null);
  useFocusManagement(root, state);

  return (
    <div class="fe-body" ref={root}>
      {state.phase === 'loading' ? (
        <p class="fe-loading" role="status">
          {labels.loading}
        </p>
      ) : state.phase === 'form' ? (
        // Drawn anew after a fresh start, so no control keeps what was typed before it.
        <FormScreen key={state.epoch} state={state} />
      ) : state.phase === 'completed' ? (
        <Message heading={labels.completedHeading} body={labels.completedBody} />
      ) : state.phase === 'already-submitted' ? (
        <Message heading={labels.alreadySubmittedHeading} body={labels.alreadySubmittedBody} />
      ) : (
        <Message
          heading={labels.unavailableHeading}
          body={labels[UNAVAILABLE_TEXT[state.unavailable ?? 'ERROR']] as string}
          action={state.unavailable === 'NETWORK' ? { label: labels.tryAgain, run: () => session.start() } : undefined}
        />
      )}
    </div>
  );
}

function Message({
  heading,
  body,
  action,
}: {
  heading: string;
  body: string;
  action?: { label: string; run: () => void };
}) {
  return (
    <section class="fe-message">
      <h2 class="fe-heading" tabIndex={-1} data-focus="heading">
        {heading}
      </h2>
      <p>{body}</p>
      {action ? (
        <button type="button" class="fe-button fe-button-primary" onClick={action.run}>
          {action.label}
        </button>
      ) : null}
    </section>
  );
}
