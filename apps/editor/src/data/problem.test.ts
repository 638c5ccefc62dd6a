import { TRPCClientError } from '@trpc/client';
import { expect, it } from 'vitest';
import { problemOf } from './problem.ts';

it('reads the problem body of a refusal made before tRPC answers (the token guard 401)', () => {
  const body = {
    type: 'about:blank',
    title: 'Unauthorized',
    status: 401,
    code: 'UNAUTHORIZED',
    detail: 'Token needed',
  };
  const error = TRPCClientError.from(new Error('Unable to transform response from server'), {
    meta: { responseJSON: body },
  });
  expect(problemOf(error)).toEqual(body);
});

it('stands in a readable problem for a failure without a body', () => {
  expect(problemOf(new Error('offline'))).toMatchObject({ code: 'INTERNAL_ERROR', detail: 'offline' });
});
