import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createEditorClient, createEditorQueryClient, type EditorClient, TRPCProvider } from './data/trpc.ts';
import { routes } from './routes.tsx';

export interface AppProviderProps {
  client?: EditorClient;
  queryClient?: QueryClient;
  children: React.ReactNode;
}

/** The data layer: one query cache and one tRPC client (tests pass their own, to fake and to look inside). */
export function AppProviders({ client, queryClient: given, children }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createEditorQueryClient());
  const [trpcClient] = useState(() => client ?? createEditorClient());
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
