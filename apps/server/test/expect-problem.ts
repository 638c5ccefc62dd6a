import { expect } from 'vitest';

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** Asserts an RFC 9457 problem body with the given status and code; returns the body. */
export function expectProblem(res: Answer, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ type: 'about:blank', status, code });
  expect(typeof res.body.title).toBe('string');
  expect(res.body.title.length).toBeGreaterThan(0);
  expect(typeof res.body.detail).toBe('string');
  expect(res.body.detail.length).toBeGreaterThan(0);
  return res.body as {
    type: string;
    title: string;
    status: number;
    code: string;
    detail: string;
    instance?: string;
    requestId?: string;
    errors?: { path: string; message: string }[];
    reason?: string;
    opensAt?: string;
    quotaId?: string;
    endingId?: string;
  };
}

/** The dotted paths named by a VALIDATION_FAILED problem. */
export function errorPaths(res: Answer): string[] {
  const body = expectProblem(res, 400, 'VALIDATION_FAILED');
  expect(Array.isArray(body.errors)).toBe(true);
  return (body.errors ?? []).map((error) => error.path);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
