import type { Me, Member, Role } from '@forms-engine/schema';
import { FakeProblem, type Handlers } from './fake-api.tsx';

/** Members as `auth.me` and `members.list` return them, for the fake API's handlers. */
export const ANA: Me = { id: 'm-ana', email: 'ana@example.com', name: 'Ana', role: 'OWNER' };
export const BEN: Me = { id: 'm-ben', email: 'ben@example.com', name: 'Ben', role: 'EDITOR' };
export const CLEO: Me = { id: 'm-cleo', email: 'cleo@example.com', name: 'Cleo', role: 'ANALYST' };

export const asMember = (me: Me, createdAt = '2026-11-01T09:00:00.000Z'): Member => ({ ...me, createdAt });

/** A member of `role` signed in (accounts mode). */
export function signedIn(role: Role): Handlers {
  const me = { OWNER: ANA, EDITOR: BEN, ANALYST: CLEO }[role];
  return { 'auth.me': () => me };
}

export const unauthorized = () => {
  throw new FakeProblem({ code: 'UNAUTHORIZED', status: 401, detail: 'Sign in first' });
};
