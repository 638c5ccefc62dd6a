import type { AppRouter } from '@forms-engine/server/router';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { managementToken } from './token.ts';

/** The editor's only way to the server: the typed tRPC client. The router is imported as a type only. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export type EditorClient = TRPCClient<AppRouter>;

/** `/trpc` on the page's own origin (the server serves the editor; `pnpm dev` proxies it). */
export function createEditorClient(baseUrl = ''): EditorClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl}/trpc`,
        headers() {
          const token = managementToken.get();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

export function createEditorQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
