import type {
  AdminOfferBody,
  AdminStatement,
  AgentSearchHit,
  BulkStatementValue,
  CommissionReportValue,
  ContractLimit,
  ContractLimitsBody,
  ContractTemplate,
  ContractTemplateBody,
  TreeNode,
} from '@gamehall/shared/api/admin-agents';
import type { Contract, StatementDetail } from '@gamehall/shared/api/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GridQuery } from '../../components/data-grid';
import { api } from '../../lib/api-client';

// The agents area's calls (modules/agents, agents.admin.routes.ts): agents.read to look, agents.write to change.

/** Everything of the area: invalidated after any change so grids, tree and details agree. */
export const agentsKey = ['agents'] as const;
export const contractsKey = ['agents', 'contracts'] as const;
export const statementsKey = ['agents', 'statements'] as const;
export const templatesKey = ['agents', 'templates'] as const;
export const limitsKey = ['agents', 'limits'] as const;

export type SearchHit = z.infer<typeof AgentSearchHit>;

/** A rate in parts per million as a percentage ("0.35 %"), as docs/agents.md writes rates. */
export function formatRate(ppm: number): string {
  return `${(ppm / 10_000).toLocaleString(undefined, { maximumFractionDigits: 4 })} %`;
}

export const treeQuery = (parentId: number | null) =>
  queryOptions({
    queryKey: [...agentsKey, 'tree', parentId],
    queryFn: () =>
      api<{ parentId: number | null; list: TreeNode[] }>('/admin/agents/tree', {
        query: parentId === null ? {} : { parentId },
      }).then((r) => r.list),
  });

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: [...agentsKey, 'search', q],
    queryFn: () => api<{ list: SearchHit[] }>('/admin/agents/search', { query: { q } }).then((r) => r.list),
    enabled: q.trim().length > 0,
  });

type Grid<T> = { list: T[]; total: number };

export function fetchContracts(query: GridQuery) {
  return api<Grid<Contract>>('/admin/agents/contracts', { query });
}
export function fetchStatements(query: GridQuery) {
  return api<Grid<AdminStatement> & { heldTotal: number }>('/admin/agents/statements', { query });
}

export const statementQuery = (id: number) =>
  queryOptions({
    queryKey: [...statementsKey, 'detail', id],
    queryFn: () => api<StatementDetail>(`/admin/agents/statements/${id}`),
  });

export function releaseStatement(id: number, note?: string) {
  return api<StatementDetail>(`/admin/agents/statements/${id}/release`, {
    method: 'POST',
    body: note ? { note } : {},
  });
}

export function terminateContract(id: number, reason: string) {
  return api<Contract>(`/admin/agents/contracts/${id}/terminate`, { method: 'POST', body: { reason } });
}

export function offerContract(body: AdminOfferBody) {
  return api<Contract>('/admin/agents/contracts', { method: 'POST', body });
}

export const templatesQuery = queryOptions({
  queryKey: templatesKey,
  queryFn: () => api<{ list: ContractTemplate[] }>('/admin/agents/contract-templates').then((r) => r.list),
});

export function saveTemplate(id: number | null, body: ContractTemplateBody) {
  return id === null
    ? api<ContractTemplate>('/admin/agents/contract-templates', { method: 'POST', body })
    : api<ContractTemplate>(`/admin/agents/contract-templates/${id}`, { method: 'PUT', body });
}

export function deleteTemplate(id: number) {
  return api<unknown>(`/admin/agents/contract-templates/${id}`, { method: 'DELETE' });
}

export const limitsQuery = queryOptions({
  queryKey: limitsKey,
  queryFn: () => api<{ list: ContractLimit[] }>('/admin/agents/contract-limits').then((r) => r.list),
});

export function saveLimits(body: ContractLimitsBody) {
  return api<{ list: ContractLimit[] }>('/admin/agents/contract-limits', { method: 'PUT', body });
}

// ---- held statements in bulk and the commission cost report (docs/agents.md)

export type BulkAction = 'release' | 'hold' | 'unhold';

/** Release, hold or take the hold off many statements; the answer says per id what was done. */
export function bulkStatements(action: BulkAction, ids: number[], note?: string) {
  return api<BulkStatementValue>(`/admin/agents/statements/${action}`, {
    method: 'POST',
    body: note ? { ids, note } : { ids },
  });
}

export const commissionKey = ['agents', 'commission'] as const;

export function fetchCommissionReport(query: GridQuery) {
  return api<CommissionReportValue>('/admin/agents/commission-report', { query });
}

const zoned = new Map<string, Intl.DateTimeFormat>();
/** A server time as the clock reads in the brand's time zone (the zone is named beside it). */
export function formatInZone(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  let f = zoned.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    zoned.set(timeZone, f);
  }
  return f.format(new Date(iso));
}
