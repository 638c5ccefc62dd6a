import { useSearchParams } from 'react-router';

export const PAGE_SIZE = 20;
export const STATUSES = ['IN_PROGRESS', 'COMPLETED'] as const;
export type Status = (typeof STATUSES)[number];
export const STATUS_LABELS: Record<Status, string> = { IN_PROGRESS: 'In progress', COMPLETED: 'Completed' };

export interface ResponseFilters {
  status?: Status;
  versionNumber?: number;
  externalRef?: string;
}

/** The table's filters and page live in the URL (`?status=&version=&ref=&page=`, page from 1). */
export function useResponseFilters() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = STATUSES.find((s) => s === statusParam);
  const version = Number(params.get('version'));
  const filters: ResponseFilters = {
    ...(status ? { status } : {}),
    ...(Number.isInteger(version) && version >= 1 ? { versionNumber: version } : {}),
    ...(params.get('ref') ? { externalRef: params.get('ref') as string } : {}),
  };
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam - 1 : 0;

  const write = (next: ResponseFilters, nextPage: number) => {
    const search = new URLSearchParams();
    if (next.status) search.set('status', next.status);
    if (next.versionNumber) search.set('version', String(next.versionNumber));
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
