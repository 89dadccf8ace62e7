import type { LegalKind, LegalPage } from '@gamehall/shared/api/legal';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

// The legal pages (docs/site.md "Legal pages"): a published version in the page's language.

/** The newest published version, or `version` of the kind; 404 (ApiError) while none is published. */
export function legalPageQuery(kind: LegalKind, language: string, version?: number) {
  return queryOptions({
    queryKey: ['legal', 'page', kind, language, version ?? 'current'],
    queryFn: () =>
      apiRequest<LegalPage>(version === undefined ? `/wps/legal/${kind}` : `/wps/legal/${kind}/versions/${version}`, {
        query: { language },
      }),
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
