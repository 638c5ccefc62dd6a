import type { Definition } from '@forms-engine/schema';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { Autosaver, SaveState } from './autosave.ts';

type Lend = (saver: Autosaver<Definition> | undefined) => void;

/**
 * The draft screen lends its autosaver to the questionnaire's header, so that Publish saves the
 * latest edits first and says so when it cannot (a draft with problems is not sent).
 */
export const DraftSaverContext = createContext<Lend>(() => {});

/** Called by the draft screen: the header can use `saver` while the screen is shown. */
export function useLendDraftSaver(saver: Autosaver<Definition>): void {
  const lend = useContext(DraftSaverContext);
  useEffect(() => {
    lend(saver);
    return () => lend(undefined);
  }, [lend, saver]);
}

const SAVED: SaveState = { kind: 'saved' };
const NO_SUBSCRIPTION = () => () => {};

/** The lent saver's state; "saved" when no draft screen is shown. */
export function useDraftSaveState(saver: Autosaver<Definition> | undefined): SaveState {
  return useSyncExternalStore(saver?.subscribe ?? NO_SUBSCRIPTION, saver?.getState ?? (() => SAVED));
}
