import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../lib/api-client';
import { onTokenChange, readToken } from '../lib/session-token';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      // A refusal (4xx) will not change by asking again; network trouble may.
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

export function App() {
  // Signing out (or a session the server ended) forgets every cached answer of the operator.
  useEffect(
    () =>
      onTokenChange(() => {
        if (readToken() === null) queryClient.clear();
      }),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
