import type {
  AdminPlayerFactor,
  AdminPlayerFactorList,
  AdminRiskPushList,
  AdminRiskPushRetry,
  AdminTraderBets,
} from '@gamehall/shared/api/admin-sportsbook';
import type {
  TraderActionAnswer,
  TraderEventDetail,
  TraderEventsAnswer,
  TraderFeedRejectsAnswer,
  TraderMargins,
  TraderMarginsBody,
  TraderProfitAnswer,
  TraderResultBody,
  TraderSettings,
  TraderSettingsBody,
} from '@gamehall/shared/api/sportsbook-trader';
import { toMajor } from '@gamehall/shared/money';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';

// The trader console's calls: /admin/sportsbook/... (sportsbook.trade), each a call of the
// sportsbook's trader API through the platform. Amounts are minor units there, odds thousandths,
// margins parts per million; these helpers show them as the console does everywhere else.

export const sportsbookKey = ['sportsbook'] as const;
/** Live screens read again this often (scores, liability, the ticker). */
export const LIVE_REFRESH_MS = 5_000;
export const TICKER_REFRESH_MS = 3_000;

export const money = (minor: number) => formatMoney(toMajor(minor));
export const odds = (odds1000: number | null) => (odds1000 === null ? '—' : (odds1000 / 1000).toFixed(2));
/** Parts per million as a percentage (50,000 ppm = 5.00 %). */
export const percent = (ppm: number | null) => (ppm === null ? '—' : `${(ppm / 10_000).toFixed(2)} %`);

export function eventsQuery(query: Query) {
  return queryOptions({
    queryKey: [...sportsbookKey, 'events', query],
    queryFn: () => api<z.infer<typeof TraderEventsAnswer>>('/admin/sportsbook/events', { query }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function eventQuery(eventId: string) {
  return queryOptions({
    queryKey: [...sportsbookKey, 'event', eventId],
    queryFn: () => api<TraderEventDetail>(`/admin/sportsbook/events/${encodeURIComponent(eventId)}`),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function eventAction(
  eventId: string,
  action: 'suspend' | 'resume' | 'result' | 'abandon',
  body: Record<string, unknown> | z.input<typeof TraderResultBody>,
) {
  return api<TraderActionAnswer>(`/admin/sportsbook/events/${encodeURIComponent(eventId)}/${action}`, {
    method: 'POST',
    body,
  });
}

export const marginsQuery = queryOptions({
  queryKey: [...sportsbookKey, 'margins'],
  queryFn: () => api<TraderMargins>('/admin/sportsbook/margins'),
});

export function saveMargins(body: z.input<typeof TraderMarginsBody>) {
  return api<TraderMargins>('/admin/sportsbook/margins', { method: 'PUT', body });
}

/** What the feed sources rejected, newest first, and the counts per source (read again with the live screens). */
export const feedRejectsQuery = queryOptions({
  queryKey: [...sportsbookKey, 'feed-rejects'],
  queryFn: () => api<TraderFeedRejectsAnswer>('/admin/sportsbook/feed-rejects', { query: { limit: 50 } }),
  refetchInterval: LIVE_REFRESH_MS,
});

export const settingsQuery = queryOptions({
  queryKey: [...sportsbookKey, 'settings'],
  queryFn: () => api<TraderSettings>('/admin/sportsbook/settings'),
});

export function saveSettings(body: z.input<typeof TraderSettingsBody>) {
  return api<TraderSettings>('/admin/sportsbook/settings', { method: 'PUT', body });
}

/** Risk levels the book has not confirmed (the outbox to the sportsbook), read as often as the live screens. */
export const riskPushesQuery = queryOptions({
  queryKey: [...sportsbookKey, 'players', 'risk-pushes'],
  queryFn: () => api<AdminRiskPushList>('/admin/sportsbook/risk-pushes'),
  refetchInterval: LIVE_REFRESH_MS,
});

export function retryRiskPushes() {
  return api<AdminRiskPushRetry>('/admin/sportsbook/risk-pushes/retry', { method: 'POST' });
}

export const playersQuery = queryOptions({
  queryKey: [...sportsbookKey, 'players'],
  queryFn: () => api<AdminPlayerFactorList>('/admin/sportsbook/players').then((r) => r.list),
});

export function savePlayerFactor(username: string, factorPpm: number) {
  return api<AdminPlayerFactor>(`/admin/sportsbook/players/${encodeURIComponent(username)}`, {
    method: 'PUT',
    body: { factorPpm },
  });
}

export function betsQuery(query: Query) {
  return queryOptions({
    queryKey: [...sportsbookKey, 'bets', query],
    queryFn: () => api<AdminTraderBets>('/admin/sportsbook/bets', { query }),
    refetchInterval: TICKER_REFRESH_MS,
  });
}

export function profitQuery(query: { from: string; to: string; by: string }) {
  return queryOptions({
    queryKey: [...sportsbookKey, 'profit', query],
    queryFn: () => api<TraderProfitAnswer>('/admin/sportsbook/profit', { query }),
  });
}
