import { type Me, type Role, roleAllows } from '@forms-engine/schema';
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

/** True when the screen may offer what `needed` may do (always in open mode). */
export function useCan(needed: Role): boolean {
  const session = useSession();
  return session.mode === 'open' || roleAllows(session.me.role, needed);
}
