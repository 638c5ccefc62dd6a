import { useSearchParams } from 'react-router';
import { type ResultFilters, readResultFilters, writeResultFilters } from '../../results/filters.ts';

export const PAGE_SIZE = 20;

export interface ResponseFilters extends ResultFilters {
  externalRef?: string;
}

/** The table's filters and page live in the URL (`?status=&version=&ref=&page=`, page from 1). */
export function useResponseFilters() {
  const [params, setParams] = useSearchParams();
  const filters: ResponseFilters = {
    ...readResultFilters(params),
    ...(params.get('ref') ? { externalRef: params.get('ref') as string } : {}),
  };
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam - 1 : 0;

  const write = (next: ResponseFilters, nextPage: number) => {
    const search = writeResultFilters(new URLSearchParams(), next);
    if (next.externalRef) search.set('ref', next.externalRef);
    if (nextPage > 0) search.set('page', String(nextPage + 1));
    setParams(search);
  };
  return {
    filters,
    page,
    /** New filters start again at the first page. */
    setFilters: (next: ResponseFilters) => write(next, 0),
    setPage: (next: number) => write(filters, next),
  };
}
