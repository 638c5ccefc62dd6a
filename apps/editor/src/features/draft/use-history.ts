import { useCallback, useEffect, useState } from 'react';

interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The last edit's key: edits with the same key in a row (typing in one field) are one undo step. */
  lastKey: string | undefined;
}

const LIMIT = 200;

/** Undo and redo over whole values, with Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) on the page. `past` starts the undo list (restored edits undo back to the server's draft). */
export function useHistory<T>(initial: T, past: T[] = []) {
  const [history, setHistory] = useState<History<T>>(() => ({
    past,
    present: initial,
    future: [],
    lastKey: undefined,
  }));
  const apply = useCallback((change: (value: T) => T, key?: string) => {
    setHistory((current) => {
      const next = change(current.present);
      if (next === current.present) return current;
      const coalesce = key !== undefined && key === current.lastKey;
      return {
        past: coalesce ? current.past : [...current.past, current.present].slice(-LIMIT),
        present: next,
        future: [],
        lastKey: key,
      };
    });
  }, []);
  const undo = useCallback(() => {
    setHistory((current) => {
      const previous = current.past.at(-1);
      if (previous === undefined) return current;
      return {
        past: current.past.slice(0, -1),
        present: previous,
        future: [current.present, ...current.future],
        lastKey: undefined,
      };
    });
  }, []);
  const redo = useCallback(() => {
    setHistory((current) => {
      const [next, ...rest] = current.future;
      if (next === undefined) return current;
      return { past: [...current.past, current.present], present: next, future: rest, lastKey: undefined };
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  return {
    value: history.present,
    apply,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
