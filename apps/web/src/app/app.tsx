import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { bannersQuery } from '../features/home/api';
import { alertStore } from '../lib/alerts';
import { configQuery, gameMenusQuery, permissionQuery, resourcesQuery, statusQuery } from '../lib/site-queries';
import { LanguageSync } from './language-sync';
import { router } from './router';
import { SiteStateGate } from './site-state-gate';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

// Start the home page's calls together with the site-state check instead of after it, so the
// banner (the LCP element) is not behind a request waterfall (ui-guide budgets).
for (const query of [
  statusQuery,
  configQuery,
  permissionQuery,
  resourcesQuery,
  gameMenusQuery('EN'),
  bannersQuery('w_home', 'EN'),
]) {
  void queryClient.prefetchQuery(query as Parameters<typeof queryClient.prefetchQuery>[0]);
}

const AlertDialogHost = lazy(async () => ({
  default: (await import('../components/ui/alert-dialog')).AlertDialogHost,
}));

/** The alert dialog's code loads with the first alert (ui-guide budget for the first chunk). */
function LazyAlertHost() {
  const request = alertStore.use();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialogHost />
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageSync />
      <SiteStateGate>
        <RouterProvider router={router} />
      </SiteStateGate>
      <LazyAlertHost />
    </QueryClientProvider>
  );
}
