import type { Problem } from '@forms-engine/schema';
import type { AppRouter } from '@forms-engine/server/router';
import type { QueryClient } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app.tsx';
import { createEditorQueryClient } from '../data/trpc.ts';

/**
 * The network faked at the client edge only: a tRPC link that answers each procedure path
 * (`questionnaires.get`) from a handler. Everything above it (tRPC client, query cache,
 * components, router) is the real thing.
 */
export type Handler = (input: any) => unknown | Promise<unknown>;
export type Handlers = Record<string, Handler>;

export interface ApiCall {
  path: string;
  input: unknown;
}

/** Throw from a handler to answer with a problem body, as the server's errorFormatter does. */
export class FakeProblem extends Error {
  readonly problem: Problem;
  constructor(problem: Partial<Problem> & Pick<Problem, 'code'>) {
    super(problem.detail ?? problem.code);
    this.problem = { type: 'about:blank', title: 'Error', status: 400, detail: this.message, ...problem };
  }
}

/**
 * What every test gets unless it says otherwise: the open mode's `auth.me` (404, no accounts) and the
 * instance's info, so a screen under the editor's shell renders as it always did.
 */
const DEFAULT_HANDLERS: Handlers = {
  'auth.me': () => {
    throw new FakeProblem({ code: 'NOT_FOUND', status: 404, detail: 'Accounts are not turned on' });
  },
  // Asked beside `auth.me` at start (see layout/app-layout.tsx).
  instance: () => ({ publicUrl: null }),
};

export function fakeApi(given: Handlers) {
  const handlers = { ...DEFAULT_HANDLERS, ...given };
  const calls: ApiCall[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const handler = handlers[op.path];
        Promise.resolve()
          .then(() => {
            if (!handler) throw new Error(`No fake for ${op.path}`);
            return handler(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (error: unknown) => {
              const problem =
                error instanceof FakeProblem
                  ? error.problem
                  : { type: 'about:blank', title: 'Error', status: 500, code: 'INTERNAL_ERROR', detail: String(error) };
              observer.error(
                TRPCClientError.from({
                  error: { message: problem.detail ?? '', code: -32600, data: { problem, httpStatus: problem.status } },
                } as never),
              );
            },
          );
      });
  const client = createTRPCClient<AppRouter>({ links: [link] });
  return { client, calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

/** Renders `routes` at `url` with the real providers over a fake API. */
export function renderWithApi(
  routes: RouteObject[],
  { url = '/', handlers }: { url?: string; handlers: Handlers },
): RenderResult &
  ReturnType<typeof fakeApi> & { router: ReturnType<typeof createMemoryRouter>; queryClient: QueryClient } {
  const api = fakeApi(handlers);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // The editor's own cache settings; returned so a test can see a mutation the moment it starts.
  const queryClient = createEditorQueryClient();
  const result = render(
    <AppProviders client={api.client} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, ...api, router, queryClient };
}
