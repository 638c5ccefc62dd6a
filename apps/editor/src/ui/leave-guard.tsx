import { useCallback, useEffect, useRef, useState } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ModalDialog } from './modal-dialog.tsx';

interface LeaveGuardProps {
  /** True while anything is not on the server yet. */
  unsaved: boolean;
  /** Saves at once; true when the server then holds everything. */
  flush: () => Promise<boolean>;
  /** Why it is not saved, as a sentence ("Two problems need fixing."), when saving cannot just finish. */
  reason: string | undefined;
}

/**
 * Leaving with unsaved edits asks first: the browser's own question on reload or close, and a
 * dialog on the app's links. An edit that only waits for its save is saved first and the page
 * then changes by itself; one the server would refuse is kept in this browser, and the dialog
 * says so.
 */
export function LeaveGuard({ unsaved, flush, reason }: LeaveGuardProps) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  // Read at the moment of the click: an edit committed by the same click (a list box losing focus) counts.
  const unsavedNow = useRef(unsaved);
  unsavedNow.current = unsaved;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => unsavedNow.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const [flushFailed, setFlushFailed] = useState(false);
  const blocked = blocker.state === 'blocked';
  // With a known reason there is nothing to wait for: the question is asked at once.
  const failed = flushFailed || reason !== undefined;

  useEffect(() => {
    if (!blocked) return;
    setFlushFailed(false);
    if (reason !== undefined) return;
    let current = true;
    void flush().then((saved) => {
      if (!current) return;
      if (saved) blocker.proceed?.();
      else setFlushFailed(true);
    });
    return () => {
      current = false;
    };
  }, [blocked, blocker, flush, reason]);

  if (!blocked) return null;
  const stay = () => blocker.reset?.();
  const leave = () => blocker.proceed?.();
  if (!failed) {
    return (
      <ModalDialog key="saving" title="Saving your last edits" onCancel={stay}>
        <p role="status">Saving before you leave…</p>
        <div className="actions">
          <button type="button" onClick={stay}>
            Stay here
          </button>
        </div>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog key="failed" title="Your last edits are not saved yet" onCancel={stay}>
      <p>{reason ?? 'The server did not take them.'}</p>
      <p>They are kept in this browser and come back when you open this questionnaire again.</p>
      <div className="actions">
        <button type="button" className="primary" onClick={stay}>
          Stay and fix them
        </button>
        <button type="button" onClick={leave}>
          Leave anyway
        </button>
      </div>
    </ModalDialog>
  );
}
