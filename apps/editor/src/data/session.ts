import type { Me, ROLES, Role } from '@forms-engine/schema';
import { createContext, useContext } from 'react';

/**
 * Who is using the editor. In open mode (the spec's default) nobody signs in and everything is
 * offered, as before accounts existed; in accounts mode the member's role decides what is offered.
 */
export type Session = { mode: 'open' } | { mode: 'accounts'; me: Me };

export const SessionContext = createContext<Session>({ mode: 'open' });

export function useSession(): Session {
  return useContext(SessionContext);
}

/**
 * The schema's roles, widest first, as its `roleAllows` orders them. Written out because this module is in
 * the editor's first load and the schema's runtime brings Zod with it; the type keeps the two the same.
 */
const WIDEST_FIRST: typeof ROLES = ['OWNER', 'EDITOR', 'ANALYST'];

/** True when `role` may do what `needed` may (OWNER ⊃ EDITOR ⊃ ANALYST). */
export function roleAllows(role: Role, needed: Role): boolean {
  return WIDEST_FIRST.indexOf(role) <= WIDEST_FIRST.indexOf(needed);
}

/** True when the screen may offer what `needed` may do (always in open mode). */
export function useCan(needed: Role): boolean {
  const session = useSession();
  return session.mode === 'open' || roleAllows(session.me.role, needed);
}

/** Said on `window` when a member whose session ended has signed in again: what waited to be saved is sent. */
export const SIGNED_IN_AGAIN = 'forms-engine:signed-in-again';

export function announceSignedInAgain(): void {
  window.dispatchEvent(new Event(SIGNED_IN_AGAIN));
}
