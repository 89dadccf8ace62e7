import type { InviteeList, ReferralSummary } from '@gamehall/shared/api/referrals';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

// Invite friends (server module referrals). Keys start with 'referrals'.

export function referralSummaryQuery(token: string | null) {
  return queryOptions({
    queryKey: ['referrals', 'summary', token],
    queryFn: () => apiRequest<ReferralSummary>('/wps/referrals'),
    enabled: Boolean(token),
  });
}

export function inviteesQuery(token: string | null, page: number) {
  return queryOptions({
    queryKey: ['referrals', 'invitees', token, page],
    queryFn: () => apiRequest<InviteeList>('/wps/referrals/invitees', { query: { pageNo: page, pageSize: 10 } }),
    enabled: Boolean(token),
    refetchInterval: 15_000,
  });
}
