import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigation, useRouteError } from 'react-router';
import './route-states.css';

/** How long a screen may take to load before the wait is announced (quick ones are not). */
const ANNOUNCE_AFTER_MS = 300;

/** Frames to wait for a link's target (`#embed-title`) to render before giving up (about a second). */
const TARGET_FRAMES = 60;

/**
 * A link to a part of a screen (`settings#embed-title`) scrolls there and moves the focus there,
 * once the screen has rendered it, as a link to an anchor on a plain page would.
 */
function useFollowHash() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (key) follows its hash again
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let frames = 0;
    let handle = 0;
    const follow = () => {
      const target = document.getElementById(id);
      if (!target) {
        if (++frames < TARGET_FRAMES) handle = requestAnimationFrame(follow);
        return;
      }
      if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      target.scrollIntoView?.({ block: 'start' });
    };
    follow();
    return () => cancelAnimationFrame(handle);
  }, [hash, key]);
}

/**
 * The screens' frame: while the next screen's code (or anything the router waits for) loads, the
 * current screen stays put and a polite status says so; the status floats, so nothing moves.
 */
export function ScreenFrame() {
  useFollowHash();
  const loading = useNavigation().state === 'loading';
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return (
    <>
      {/* Always in the page, so assistive technology hears the change. */}
      <p role="status" className="screen-pending">
        {slow ? 'Loading the page…' : ''}
      </p>
      <Outlet />
    </>
  );
}

/** The first screen of a visit while its code loads: under the header, where the screen will be. */
export function ScreenLoading() {
  return (
    <p role="status" className="screen-loading">
      Loading…
    </p>
  );
}

/** A dynamic import that failed: the network dropped, or a newer build replaced this tab's files. */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload|error loading dynamically/i.test(
    message,
  );
}

/** What a person reads when a screen cannot be shown; the details go to the developer console. */
export function ScreenError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const chunk = isChunkLoadError(error);
  return (
    <section className="screen-error" aria-labelledby="screen-error-title">
      <h1 id="screen-error-title">{chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}</h1>
      <p>
        {chunk
          ? 'The connection may have dropped, or the editor was updated since this tab was opened. Reload to get the newest editor.'
          : 'Reload the page to try again.'}
      </p>
      <p className="actions">
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/">Back to the questionnaires</Link>
      </p>
    </section>
  );
}
