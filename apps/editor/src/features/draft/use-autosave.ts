import type { Definition, Problem } from '@forms-engine/schema';
import { useEffect, useRef, useState } from 'react';
import { problemOf } from '../../data/problem.ts';

export type SaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'error'; problem: Problem };

const DEBOUNCE_MS = 800;

/**
 * Saves the draft as a whole replacement, `DEBOUNCE_MS` after the last edit. One save at a
 * time; an edit made during a save (an undo back to the saved draft included) is saved after
 * it. A rejected draft keeps the local edits and reports the API's problem (with its field paths).
 */
export function useAutosave(
  draft: Definition,
  saved: Definition,
  save: (draft: Definition) => Promise<unknown>,
): SaveState {
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const lastSaved = useRef(saved);
  const inFlight = useRef<Promise<unknown> | undefined>(undefined);
  const latest = useRef(draft);
  latest.current = draft;

  useEffect(() => {
    // Back to what the server holds, with nothing on its way: nothing to save.
    if (draft === lastSaved.current && !inFlight.current) {
      setState((current) => (current.kind === 'saved' ? current : { kind: 'saved' }));
      return;
    }
    setState({ kind: 'saving' });
    const timer = setTimeout(async () => {
      await inFlight.current?.catch(() => {});
      const sending = latest.current;
      // An undo back to the saved draft, or a save in flight that already sent it.
      if (sending === lastSaved.current) {
        setState({ kind: 'saved' });
        return;
      }
      const request = save(sending);
      inFlight.current = request;
      try {
        await request;
        lastSaved.current = sending;
        if (latest.current === sending) setState({ kind: 'saved' });
      } catch (error) {
        if (latest.current === sending) setState({ kind: 'error', problem: problemOf(error) });
      } finally {
        if (inFlight.current === request) inFlight.current = undefined;
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, save]);

  return state;
}
