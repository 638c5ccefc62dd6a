import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { problemOf } from '../data/problem.ts';

/** Watches every query and mutation for UNAUTHORIZED, so the answer to it is given in one place. */
export function useUnauthorized(): [boolean, () => void] {
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const unauthorized = (error: unknown) => error != null && problemOf(error).code === 'UNAUTHORIZED';
    const fromQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && unauthorized(event.query.state.error)) setSeen(true);
    });
    const fromMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && unauthorized(event.mutation?.state.error)) setSeen(true);
    });
    return () => {
      fromQueries();
      fromMutations();
    };
  }, [queryClient]);
  return [seen, () => setSeen(false)];
}
