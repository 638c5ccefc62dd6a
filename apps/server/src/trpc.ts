import { type ErrorCode, type Role, roleAllows } from '@forms-engine/schema';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context.ts';
import { AppError } from './errors/app-error.ts';
import { toProblem } from './errors/problem.ts';

/**
 * Our procedure meta: trpc-to-openapi's, plus what the REST path and its OpenAPI description
 * need that the library does not know: the status of success, whether the body may be left
 * out, the error codes the operation itself answers (the HTTP layers add theirs, see
 * openapi/operation-errors.ts), and for a 201 where the created resource lives.
 */
export type ProcedureMeta = OpenApiMeta<{
  successStatus?: 200 | 201 | 202 | 204;
  optionalBody?: true;
  errors?: readonly ErrorCode[];
  /** The `Location` of what a 201 created, from the operation's output (and input: its path). */
  location?: (output: any, input: any) => string;
  /**
   * Accounts mode: the least role that may call it. Unset: ANALYST for a GET, EDITOR otherwise
   * (see http/role-needed.ts).
   */
  role?: Role;
}>;

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // tRPC clients (the editor) get the same problem body under `data.problem`.
    errorFormatter: ({ shape, error }) => ({
      ...shape,
      data: { ...shape.data, stack: undefined, problem: toProblem(error) },
    }),
  });

export const router = t.router;

/** A refusal in words a person reads: who may, and what the caller is. */
const WHO_MAY: Record<Role, string> = { OWNER: 'an owner', EDITOR: 'an editor or an owner', ANALYST: 'a member' };
const A_ROLE: Record<Role, string> = { OWNER: 'an owner', EDITOR: 'an editor', ANALYST: 'an analyst' };

/**
 * Accounts mode: the caller's role must reach the procedure's (`meta.role`; else ANALYST for a
 * read, EDITOR for a write). The public API and the sign-in routes are for everyone; the HTTP
 * guard (http/management-access.ts) has already refused callers without credentials.
 */
export const procedure = t.procedure.use(({ ctx, meta, next }) => {
  if (ctx.deps.config.authMode !== 'accounts') return next();
  const path = meta?.openapi?.path ?? '';
  if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/auth/')) return next();
  const needed = meta?.role ?? (meta?.openapi?.method === 'GET' ? 'ANALYST' : 'EDITOR');
  if (!ctx.principal) throw new AppError('UNAUTHORIZED', 'Sign in, or send an API key as Authorization: Bearer <key>');
  if (!roleAllows(ctx.principal.role, needed)) {
    throw new AppError('FORBIDDEN', `Only ${WHO_MAY[needed]} may do this; you are ${A_ROLE[ctx.principal.role]}.`);
  }
  return next();
});
