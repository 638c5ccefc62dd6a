import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { problemOf } from '../data/problem.ts';
import { useTRPC } from '../data/trpc.ts';
import { FakeProblem, renderWithApi } from './fake-api.tsx';

function Probe() {
  const trpc = useTRPC();
  const ok = useQuery(trpc.files.uploadsConfig.queryOptions());
  const failing = useQuery(trpc.questionnaires.get.queryOptions({ id: 'missing' }));
  return (
    <>
      <p>max {ok.data?.maxFileSizeMb}</p>
      <p>{failing.error ? problemOf(failing.error).code : 'pending'}</p>
    </>
  );
}

it('answers queries from handlers and turns thrown problems into the client error the editor reads', async () => {
  const { callsTo } = renderWithApi([{ path: '/', element: <Probe /> }], {
    handlers: {
      'files.uploadsConfig': () => ({ maxFileSizeMb: 123 }),
      'questionnaires.get': () => {
        throw new FakeProblem({ code: 'NOT_FOUND', status: 404 });
      },
    },
  });
  expect(await screen.findByText('max 123')).toBeDefined();
  expect(await screen.findByText('NOT_FOUND')).toBeDefined();
  expect(callsTo('questionnaires.get')[0]?.input).toEqual({ id: 'missing' });
});
