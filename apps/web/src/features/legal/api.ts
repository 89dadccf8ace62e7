import type { AcceptTermsBody, LegalKind, LegalPage } from '@gamehall/shared/api/legal';
import { LEGAL_SLUGS } from '@gamehall/shared/api/legal';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

// The legal pages (docs/site.md "Legal pages"): a published version in the page's language.

/** The kind a /legal/<slug> path shows, or undefined for a slug that names none. */
export function kindOfSlug(slug: string | undefined): LegalKind | undefined {
  return (Object.keys(LEGAL_SLUGS) as LegalKind[]).find((kind) => LEGAL_SLUGS[kind] === slug);
}

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

export function acceptTerms(body: AcceptTermsBody) {
  return apiRequest<{ version: number; acceptedAt: string }>('/wps/member/terms/accept', { method: 'POST', body });
}

export function signOut() {
  return apiRequest<null>('/wps/session/logout', { method: 'DELETE' });
}
