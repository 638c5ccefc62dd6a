import type { Actor, Role } from '@forms-engine/schema';

/** Who a request acts as, once its session cookie, API key or MANAGEMENT_API_TOKEN is checked. */
export type Principal =
  | { type: 'member'; id: string; name: string; email: string; role: Role; sessionHash: string }
  | { type: 'apiKey'; id: string; name: string; role: Role }
  | { type: 'token'; id: 'token'; name: string; role: 'OWNER' };

/** MANAGEMENT_API_TOKEN in accounts mode: an owner's key that the audit log names `token`. */
export const TOKEN_PRINCIPAL: Principal = { type: 'token', id: 'token', name: 'MANAGEMENT_API_TOKEN', role: 'OWNER' };

export const actorOf = (principal: Principal): Actor => ({
  type: principal.type,
  id: principal.id,
  name: principal.name,
});

/**
 * What an audited action records besides itself: who, from where, in which request. Undefined
 * in open mode, where nothing is audited.
 */
export interface AuditContext {
  actor: Actor | null;
  ip: string | undefined;
  requestId: string | undefined;
}
