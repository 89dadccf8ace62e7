import type {
  AgentAnnouncementsValue,
  AgentRangeQuery,
  Downline,
  DownlineCreateBody,
  DownlinesQuery,
  DownlinesValue,
  ReferralLink,
  ReferralLinksValue,
  ReferralValue,
  TeamBetsQuery,
  TeamBetsValue,
  TeamLossQuery,
  TeamLossValue,
  TeamOverview,
  TeamTransactionsQuery,
  TeamTransactionsValue,
} from '@gamehall/shared/api/agents';
import type { DownlineTransferBody, TransferValue } from '@gamehall/shared/api/wallet';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

// The agent centre's calls (spec §2 "Agent centre menu"; server module agents, auth 'agent'). The
// agent centre uses the member session's token: an agent signed in on the member site or on the
// agent page holds one session, and every agent call checks the account type on the server.
// Every key starts with 'agent' so one invalidation refreshes the centre after a change.

export const AGENT_PAGE_SIZE = 10;

type Query = Record<string, string | number | undefined>;

/** The range part of a report call: absent ends mean the server's default (the last 7 brand days). */
export type AgentRange = { from?: string; to?: string };

function get<T>(path: string, query: Query) {
  return apiRequest<T>(path, { query });
}

export function overviewQuery(token: string | null, range: AgentRange) {
  return queryOptions({
    queryKey: ['agent', 'overview', token, range],
    queryFn: () => get<TeamOverview>('/wps/agent/team/overview', range satisfies AgentRangeQuery),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export type DownlinesFilter = Partial<Omit<DownlinesQuery, 'pageSize'>>;

export function downlinesQuery(token: string | null, query: DownlinesFilter) {
  return queryOptions({
    queryKey: ['agent', 'downlines', token, query],
    queryFn: () =>
      get<DownlinesValue>('/wps/agent/downlines', {
        ...query,
        isAgent: query.isAgent === undefined ? undefined : String(query.isAgent),
        pageSize: AGENT_PAGE_SIZE,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function createDownline(body: DownlineCreateBody) {
  return apiRequest<Downline>('/wps/agent/downlines', { method: 'POST', body, encrypted: true });
}

export function setSubAgent(memberId: number) {
  return apiRequest<Downline>(`/wps/agent/downlines/${memberId}/subAgent`, { method: 'PUT' });
}

export function transferToDownline(body: z.input<typeof DownlineTransferBody>) {
  return apiRequest<z.infer<typeof TransferValue>>('/wps/agent/transfer/downline', {
    method: 'POST',
    body,
    encrypted: true,
  });
}

export function teamBetsQuery(token: string | null, query: Partial<TeamBetsQuery>) {
  return queryOptions({
    queryKey: ['agent', 'teamBets', token, query],
    queryFn: () => get<TeamBetsValue>('/wps/agent/team/bets', { ...query, pageSize: AGENT_PAGE_SIZE }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function teamLossQuery(token: string | null, query: Partial<TeamLossQuery>) {
  return queryOptions({
    queryKey: ['agent', 'teamLoss', token, query],
    queryFn: () => get<TeamLossValue>('/wps/agent/team/loss', { ...query, pageSize: AGENT_PAGE_SIZE }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function teamTransactionsQuery(token: string | null, query: Partial<TeamTransactionsQuery>) {
  return queryOptions({
    queryKey: ['agent', 'teamTransactions', token, query],
    queryFn: () => get<TeamTransactionsValue>('/wps/agent/team/transactions', { ...query, pageSize: AGENT_PAGE_SIZE }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function referralQuery(token: string | null) {
  return queryOptions({
    queryKey: ['agent', 'referral', token],
    queryFn: () => apiRequest<ReferralValue>('/wps/agent/referral'),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

/** The agent's named referral links with their figures. */
export function referralLinksQuery(token: string | null) {
  return queryOptions({
    queryKey: ['agent', 'referralLinks', token],
    queryFn: () => apiRequest<ReferralLinksValue>('/wps/agent/referral/links'),
    enabled: Boolean(token),
  });
}

export function createReferralLink(name: string) {
  return apiRequest<ReferralLink>('/wps/agent/referral/links', { method: 'POST', body: { name } });
}

export function updateReferralLink(code: string, body: { name?: string; active?: boolean }) {
  return apiRequest<ReferralLink>(`/wps/agent/referral/links/${encodeURIComponent(code)}`, { method: 'PUT', body });
}

export function announcementsQuery(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: ['agent', 'announcements', token, pageNo],
    queryFn: () => get<AgentAnnouncementsValue>('/wps/agent/announcements', { pageNo, pageSize: AGENT_PAGE_SIZE }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
