import type { ErrorCode, Role } from '@forms-engine/schema';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context.ts';
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
export const procedure = t.procedure;
