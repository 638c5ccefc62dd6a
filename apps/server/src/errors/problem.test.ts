import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StorageFullError, StorageUnavailableError } from '../storage/file-storage.ts';
import { AppError } from './app-error.ts';
import { ERROR_CODES } from './error-codes.ts';
import { toProblem } from './problem.ts';

describe('toProblem', () => {
  it('maps AppError with its code, status and fields', () => {
    const problem = toProblem(new AppError('VALIDATION_FAILED', 'bad', [{ path: 'a', message: 'm' }]));
    expect(problem).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'bad',
      errors: [{ path: 'a', message: 'm' }],
    });
  });

  it('carries the members a client acts on (reason, opensAt, quotaId, endingId), also through tRPC', () => {
    const closed = new AppError('QUESTIONNAIRE_CLOSED', 'not yet', undefined, {
      reason: 'NOT_YET_OPEN',
      opensAt: '2026-12-01T08:00:00Z',
    });
    expect(toProblem(closed)).toMatchObject({ status: 409, reason: 'NOT_YET_OPEN', opensAt: '2026-12-01T08:00:00Z' });
    const full = new AppError('QUOTA_FULL', 'full', undefined, { quotaId: 'de', endingId: 'e_full' });
    expect(toProblem(new TRPCError({ code: 'CONFLICT', cause: full }))).toMatchObject({
      code: 'QUOTA_FULL',
      quotaId: 'de',
      endingId: 'e_full',
    });
  });

  it('unwraps what a procedure threw from the tRPC error around it', () => {
    const zod = z.object({ n: z.number() }).safeParse({ n: 'x' }).error!;
    expect(toProblem(new TRPCError({ code: 'BAD_REQUEST', cause: zod }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'n' }],
    });
    const notFound = new AppError('NOT_FOUND', 'gone');
    expect(toProblem(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: notFound })).code).toBe('NOT_FOUND');
  });

  it('answers an undecodable target with 400, directly or from inside a procedure', () => {
    expect(toProblem(new URIError('URI malformed'))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new URIError('URI malformed') });
    expect(toProblem(wrapped)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('maps body-parser failures and hides everything unknown behind a bare 500', () => {
    const parse = Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400 });
    expect(toProblem(parse)).toMatchObject({ status: 400, code: 'MALFORMED_JSON' });
    const big = Object.assign(new Error('too large'), { type: 'entity.too.large', status: 413 });
    expect(toProblem(big)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const secret = toProblem(new Error('SELECT * FROM secrets failed'));
    expect(secret).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      code: 'INTERNAL_ERROR',
      detail: 'An unexpected error occurred',
    });
  });
});

describe('a dependency that is down or full', () => {
  const errno = (code: string) => Object.assign(new Error(code), { code });

  it('maps database outages (refused, dropped, timed out, starting up) to 503, through any wrapping', () => {
    const outages = [
      errno('ECONNREFUSED'),
      Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), {
        name: 'PrismaClientKnownRequestError',
        code: 'P1001',
      }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      new Error('PGlite is closed'),
      new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')]),
    ];
    for (const error of outages) {
      expect(toProblem(error), error.message).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      const wrapped = new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        cause: new Error('query failed', { cause: error }),
      });
      expect(toProblem(wrapped).code).toBe('SERVICE_UNAVAILABLE');
    }
    // A query we got wrong stays a bug.
    expect(toProblem(Object.assign(new Error('syntax error'), { code: '42601' })).status).toBe(500);
  });

  it('maps the file store being unavailable to 503 and full to 507', () => {
    expect(toProblem(new StorageUnavailableError('down'))).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(toProblem(new StorageFullError('full'))).toMatchObject({ status: 507, code: 'INSUFFICIENT_STORAGE' });
  });
});

describe('the error code table', () => {
  it('gives every code one status, and maps tRPC errors of a tRPC code to its first (general) code', () => {
    const seen = new Set<string>();
    for (const [code, kind] of Object.entries(ERROR_CODES)) {
      expect(toProblem(new AppError(code as keyof typeof ERROR_CODES, 'x')).status).toBe(kind.status);
      if (code === 'INTERNAL_ERROR' || seen.has(kind.trpc)) continue;
      seen.add(kind.trpc);
      expect(toProblem(new TRPCError({ code: kind.trpc, message: 'x' })).code, kind.trpc).toBe(code);
    }
  });
});
