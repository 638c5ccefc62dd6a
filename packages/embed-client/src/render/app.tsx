import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Session } from '../session/controller';
import { endingOf, type Phase, type SessionState, type UnavailableReason } from '../session/machine';
import { ClosedMessage } from './closed';
import { type EmbedContext, EmbedContextValue, useEmbed } from './context';
import { FormScreen } from './form-screen';
import type { Labels } from './labels';
import { LanguageSwitcher, preloadLanguageSwitcher } from './language-switcher-on-demand';
import { isRightToLeft, namesItsLanguages, offersLanguages, shownIn } from './languages';
import { Message } from './message';
import { preloadAddress } from './questions/address-on-demand';
import { preloadAddressSuggest } from './questions/address-suggest-on-demand';
import { preloadFileUpload } from './questions/file-upload-on-demand';
import { preloadMoreTypes } from './questions/more-types-on-demand';
import { loadRecall, recalledDefinition, recallPending, redirectOf } from './recall-on-demand';
import { RichText } from './rich-text';
import { hasTokens } from './tokens';

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
    const userMoved = lastPhase.current === 'form' && state.phase !== 'form';
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

/** The words and the Intl locale of the language shown (`shownIn`), kept while it stays. */
function useLanguage(base: EmbedContext, state: SessionState): EmbedContext {
  const { questionnaire, language } = state;
  return useMemo(() => shownIn(base, state), [base, questionnaire, language]);
}

export function App() {
  const base = useEmbed();
  const state = useSessionState(base.session);
  const context = useLanguage(base, state);
  const root = useRef<HTMLDivElement>(null);
  useFocusManagement(root, state);
  const source = state.questionnaire?.source;
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!source) return;
    preloadFileUpload(source);
    preloadAddress(source);
    preloadAddressSuggest(source);
    preloadLanguageSwitcher(source);
    preloadMoreTypes(source);
    if (!hasTokens(source)) return;
    // Recall tokens in any of its languages: loaded before a screen shows them (offline: tried every 2 s).
    let live = true;
    const attempt = (): unknown =>
      loadRecall().then((ok) => live && (ok ? setLoaded((n) => n + 1) : setTimeout(attempt, 2000)));
    attempt();
    return () => {
      live = false;
    };
  }, [source]);
  // Direction and `lang` follow the language shown; a questionnaire that names none follows the page.
  const named = state.questionnaire && state.language && namesItsLanguages(state.questionnaire);
  const language = named ? (state.language as string) : undefined;

  return (
    <EmbedContextValue.Provider value={context}>
      <div
        class="fe-body"
        ref={root}
        lang={language}
        dir={language ? (isRightToLeft(language) ? 'rtl' : 'ltr') : undefined}
      >
        {state.phase === 'form' && source && offersLanguages(source) ? <LanguageSwitcher state={state} /> : null}
        <Screen state={state} />
      </div>
    </EmbedContextValue.Provider>
  );
}

function Screen({ state }: { state: SessionState }) {
  const { session, labels } = useEmbed();
  if (state.phase === 'loading' || recallPending(state))
    return (
      <p class="fe-loading" role="status">
        {labels.loading}
      </p>
    );
  // Drawn anew after a fresh start, so no control keeps what was typed before it.
  if (state.phase === 'form') return <FormScreen key={state.epoch} state={state} />;
  if (state.phase === 'completed' || (state.phase === 'closed' && state.closed?.reason === 'QUOTA_FULL'))
    return <Ending state={state} />;
  if (state.phase === 'closed' && state.closed)
    return <ClosedMessage closed={state.closed} language={state.language} />;
  if (state.phase === 'already-submitted')
    return <Message heading={labels.alreadySubmittedHeading} body={labels.alreadySubmittedBody} />;
  return (
    <Message
      heading={labels.unavailableHeading}
      body={labels[UNAVAILABLE_TEXT[state.unavailable ?? 'ERROR']] as string}
      action={state.unavailable === 'NETWORK' ? { label: labels.tryAgain, run: () => session.start() } : undefined}
    />
  );
}

/**
 * The chosen ending (recalled, in the language shown) with a link to its redirect address (the host
 * page goes there itself only when it allows redirects), else the built-in "Thank you". A full quota
 * shows its own ending the same way (`endingOf`), else the built-in "we already have enough".
 */
function Ending({ state }: { state: SessionState }) {
  const shown = useEmbed();
  const { labels } = shown;
  const ending = state.questionnaire && endingOf(state, recalledDefinition(state, shown));
  if (!ending) {
    if (state.phase === 'closed' && state.closed)
      return <ClosedMessage closed={state.closed} language={state.language} />;
    return <Message heading={labels.completedHeading} body={labels.completedBody} />;
  }
  const url = redirectOf(state, shown);
  return (
    <Message heading={ending.title || labels.completedHeading} body={ending.body && <RichText text={ending.body} />}>
      {url ? (
        <a class="fe-link" href={url}>
          {labels.continue}
        </a>
      ) : null}
    </Message>
  );
}
