import type {
  ActionDone,
  Adjustment,
  AdjustmentBody,
  AdjustmentList,
  AdjustmentRules,
  AgentBody,
  MemberAuditList,
  MemberBankAccountList,
  MemberDepositList,
  MemberDeviceList,
  MemberLedgerList,
  MemberList,
  MemberLoginList,
  MemberNote,
  MemberNoteList,
  MemberOverview,
  MemberRoundList,
  MemberSummary,
  MemberWithdrawalList,
  RevealBody,
  RevealedValue,
  TagsValue,
} from '@gamehall/shared/api/admin-members';
import type { CreateSegmentBody, SegmentItem } from '@gamehall/shared/api/campaigns';
import type { RoundDetails } from '@gamehall/shared/api/games';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GridQuery } from '../../components/data-grid';
import { api } from '../../lib/api-client';

// The members area's endpoints (apps/server/src/modules/member-page). Every list and the member
// page sit under the ['members'] key, so an action invalidates what it may have changed at once.
export const membersKey = ['members'] as const;
export const memberKey = (id: number) => ['members', 'member', id] as const;
export const adjustmentsKey = ['members', 'adjustments'] as const;

type Value<S extends z.ZodType> = z.output<S>;

export function searchMembers(query: GridQuery) {
  return api<Value<typeof MemberList>>('/admin/members', { query });
}

/** Saves a campaign segment (the campaigns' API, apps/server/src/modules/messages): its size comes back. */
export function saveSegment(body: CreateSegmentBody) {
  return api<SegmentItem>('/admin/campaigns/segments', { method: 'POST', body });
}

export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: memberKey(id),
    queryFn: () => api<Value<typeof MemberOverview>>(`/admin/members/${id}`),
  });

export const memberSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: [...memberKey(id), 'summary'],
    queryFn: () => api<Value<typeof MemberSummary>>(`/admin/members/${id}/summary`),
  });

type TabValues = {
  ledger: Value<typeof MemberLedgerList>;
  deposits: Value<typeof MemberDepositList>;
  withdrawals: Value<typeof MemberWithdrawalList>;
  rounds: Value<typeof MemberRoundList>;
  logins: Value<typeof MemberLoginList>;
  notes: Value<typeof MemberNoteList>;
  audit: Value<typeof MemberAuditList>;
};

export function memberTab<K extends keyof TabValues>(id: number, tab: K, query: GridQuery): Promise<TabValues[K]> {
  return api<TabValues[K]>(`/admin/members/${id}/${tab}`, { query });
}

/** Where the game provider shows its own record of one of the member's rounds (a row with detailsAvailable). */
export function roundDetails(id: number, round: { vendor: string; roundId: string }) {
  return api<Value<typeof RoundDetails>>(`/admin/members/${id}/rounds/details`, {
    query: { vendor: round.vendor, roundId: round.roundId },
  });
}

export function bankAccounts(id: number) {
  return api<Value<typeof MemberBankAccountList>>(`/admin/members/${id}/bankAccounts`);
}

export function memberDevices(id: number) {
  return api<Value<typeof MemberDeviceList>>(`/admin/members/${id}/devices`);
}

export type MemberAction = 'lock' | 'unlock' | 'forcePasswordChange' | 'sendResetLink' | 'resetPaymentPassword';

export function actOnMember(id: number, action: MemberAction, reason?: string) {
  return api<Value<typeof ActionDone>>(`/admin/members/${id}/${action}`, {
    method: 'POST',
    body: reason === undefined ? {} : { reason },
  });
}

export function changeUpline(id: number, uplineId: number | null) {
  return api<Value<typeof ActionDone>>(`/admin/members/${id}/upline`, { method: 'POST', body: { uplineId } });
}

export function markAgent(id: number, body: Value<typeof AgentBody>) {
  return api<Value<typeof ActionDone>>(`/admin/members/${id}/agent`, { method: 'POST', body });
}

export function addNote(id: number, text: string) {
  return api<Value<typeof MemberNote>>(`/admin/members/${id}/notes`, { method: 'POST', body: { text } });
}

export function setTags(id: number, tags: string[]) {
  return api<Value<typeof TagsValue>>(`/admin/members/${id}/tags`, { method: 'POST', body: { tags } });
}

/** `body.requestId` comes from newRequestId(), once per submission: a retry of it credits once. */
export function requestAdjustment(id: number, body: Value<typeof AdjustmentBody>) {
  return api<Value<typeof Adjustment>>(`/admin/members/${id}/adjustments`, { method: 'POST', body });
}

/** The brand's approval threshold and a bonus adjustment's default wagering, for the adjust dialog. */
export const adjustmentRulesQuery = queryOptions({
  queryKey: ['members', 'adjustment-rules'] as const,
  queryFn: () => api<Value<typeof AdjustmentRules>>('/admin/adjustments/rules'),
  staleTime: 60_000,
});

export function newRequestId(): string {
  return crypto.randomUUID();
}

/** One personal field in full for an operator who reads it masked; the server audits the reveal. */
export function revealField(id: number, body: Value<typeof RevealBody>) {
  return api<Value<typeof RevealedValue>>(`/admin/members/${id}/reveal`, { method: 'POST', body });
}

export function fetchAdjustments(query: GridQuery) {
  return api<Value<typeof AdjustmentList>>('/admin/adjustments', { query });
}

/** approve or reject (someone else's request), or cancel (your own, while it waits). */
export function decideAdjustment(id: number, decision: 'approve' | 'reject' | 'cancel', reason?: string) {
  return api<Value<typeof Adjustment>>(`/admin/adjustments/${id}/${decision}`, {
    method: 'POST',
    body: decision === 'reject' ? { reason } : {},
  });
}
