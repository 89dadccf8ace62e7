import type { PendingContracts } from '@gamehall/shared/api/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * spec §6 contract popup: the offers and termination requests waiting for this member's answer.
 * The site shell asks (a small call, no contract code in the first chunk) and loads the popup only
 * when something waits; the popup reads the same query.
 */
export function pendingContractsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['contracts', 'pending', token],
    queryFn: () => apiRequest<PendingContracts>('/wps/contracts/pending'),
    enabled: Boolean(token),
    refetchInterval: 60_000,
  });
}

export function waitingCount(pending: PendingContracts | undefined): number {
  return (pending?.offers.length ?? 0) + (pending?.terminationRequests.length ?? 0);
}
