import type { ClientErrorCode, Problem } from './types';

/** The one error every client operation rejects with: a problem body from the server, or one made here. */
export class FormsEngineError extends Error {
  override readonly name = 'FormsEngineError';
  // Declared only: the constructor sets them (no field initialisers to emit).
  declare readonly problem: Problem;
  /** How long the server asked to wait before trying again (its `Retry-After`), in milliseconds. */
  declare readonly retryAfterMs: number | undefined;

  constructor(problem: Problem, options?: { cause?: unknown; retryAfterMs?: number | undefined }) {
    super(`${problem.code}: ${problem.detail || problem.title}`, options);
    this.problem = problem;
    this.retryAfterMs = options?.retryAfterMs;
  }

  get status(): number {
    return this.problem.status;
  }

  get code(): Problem['code'] {
    return this.problem.code;
  }
}

export function clientProblem(code: ClientErrorCode, detail: string, status = 0): Problem {
  const titles: Record<ClientErrorCode, string> = {
    NETWORK_ERROR: 'Network error',
    ABORTED: 'Aborted',
    UNEXPECTED_RESPONSE: 'Unexpected response',
  };
  return { type: 'about:blank', title: titles[code], status, code, detail };
}

/** A problem body as the server sends it, or a made-up one when the body is not a problem. */
export function problemFrom(status: number, statusText: string, body: unknown): Problem {
  if (typeof body === 'object' && body !== null && typeof (body as Problem).code === 'string') {
    const problem = body as Problem;
    return { ...problem, status: typeof problem.status === 'number' ? problem.status : status };
  }
  const detail = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (status === 404) return { type: 'about:blank', title: 'Not Found', status, code: 'NOT_FOUND', detail };
  return clientProblem('UNEXPECTED_RESPONSE', detail, status);
}

/** A `Retry-After` value (delay-seconds or an HTTP date) in milliseconds from now; undefined when unreadable. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/** Failures worth retrying later: no answer at all, rate limiting, or a server-side fault. */
export function isTransient(problem: Problem): boolean {
  return problem.status === 0 ? problem.code === 'NETWORK_ERROR' : problem.status === 429 || problem.status >= 500;
}
