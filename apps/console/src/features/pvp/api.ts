import type {
  AdminPvpFlagReviewBody,
  AdminPvpHandList,
  AdminPvpIntegrity,
  AdminPvpRake,
  PvpFlagReview,
  PvpFlagState,
  PvpHandView,
} from '@gamehall/shared/api/pvp-history';
import { queryOptions } from '@tanstack/react-query';
import { api, type Query } from '../../lib/api-client';

// The card room's records: /admin/pvp/... (pvp.review), each read from the house studio through the
// platform's signed call. Amounts arrive in major units.

export const pvpKey = ['pvp'] as const;

export function handsQuery(query: Query) {
  return queryOptions({
    queryKey: [...pvpKey, 'hands', query],
    queryFn: () => api<AdminPvpHandList>('/admin/pvp/hands', { query }),
  });
}

export function handQuery(handId: string) {
  return queryOptions({
    queryKey: [...pvpKey, 'hand', handId],
    queryFn: () => api<PvpHandView>(`/admin/pvp/hands/${encodeURIComponent(handId)}`),
  });
}

export function rakeQuery(query: { from: string; to: string }) {
  return queryOptions({
    queryKey: [...pvpKey, 'rake', query],
    queryFn: () => api<AdminPvpRake>('/admin/pvp/rake', { query }),
  });
}

export function integrityQuery(query: { from: string; to: string; state?: PvpFlagState | undefined }) {
  return queryOptions({
    queryKey: [...pvpKey, 'integrity', query],
    queryFn: () => api<AdminPvpIntegrity>('/admin/pvp/integrity', { query }),
  });
}

/** Clears or confirms an integrity flag (audited); answers its review state after. */
export function reviewIntegrityFlag(body: AdminPvpFlagReviewBody) {
  return api<{ key: string; review: PvpFlagReview }>('/admin/pvp/integrity/reviews', { method: 'POST', body });
}

/** The day `n` days before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}
