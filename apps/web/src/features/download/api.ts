import type { AppDownloads } from '@gamehall/shared/api/pwa';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The app download links the server answers for (only those, so /down never links to a 404). */
export const appDownloadsQuery = queryOptions({
  queryKey: ['system', 'appDownloads'],
  queryFn: () => apiRequest<AppDownloads>('/wps/system/appDownloads'),
  staleTime: 5 * 60_000,
});
