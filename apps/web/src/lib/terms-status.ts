import type { TermsStatus } from '@gamehall/shared/api/legal';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

// Whether the signed-in member must accept a newer version of the terms (docs/site.md "Accepting
// the terms"). The site shell asks (one small call after sign-in) and loads the dialog only when
// the answer is yes; the server refuses money moves with TERMS_NOT_ACCEPTED until then.
export const TERMS_STATUS_KEY = ['legal', 'termsStatus'] as const;

export function termsStatusQuery(token: string | null, language: string) {
  return queryOptions({
    queryKey: [...TERMS_STATUS_KEY, token, language],
    queryFn: () => apiRequest<TermsStatus>('/wps/member/terms', { query: { language } }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}
