import type { Problem } from '@forms-engine/schema';
import { TRPCClientError } from '@trpc/client';

/**
 * The server's problem body from anything a call threw: tRPC errors carry it under
 * `data.problem` (see the server's errorFormatter); a network failure gets a readable stand-in.
 */
export function problemOf(error: unknown): Problem {
  if (error instanceof TRPCClientError) {
    const problem = (error.data as { problem?: Problem } | undefined)?.problem;
    if (problem) return problem;
    // A refusal before tRPC answers (the management token guard's 401) is a plain problem body.
    const body = (error.meta as { responseJSON?: unknown } | undefined)?.responseJSON;
    if (isProblem(body)) return body;
    return clientProblem(error.message);
  }
  return clientProblem(error instanceof Error ? error.message : 'Something went wrong');
}

/** A stand-in problem for a failure the server did not describe (network, unreadable body). */
export function clientProblem(detail: string, status = 0): Problem {
  return { type: 'about:blank', title: 'Error', status, code: 'INTERNAL_ERROR', detail };
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/** The problem's messages for one field path (`steps.0.tabs.1.questions.2.code`), for inline errors. */
export function fieldErrors(problem: Problem | undefined, path: string): string[] {
  return (problem?.errors ?? []).filter((field) => field.path === path).map((field) => field.message);
}
