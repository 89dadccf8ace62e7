import type {
  AdminOfferBody,
  AgentSearchHit,
  ContractLimit,
  ContractLimitsBody,
  ContractTemplate,
  ContractTemplateBody,
  TreeNode,
} from '@gamehall/shared/api/admin-agents';
import type { Contract, Statement, StatementDetail } from '@gamehall/shared/api/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GridQuery } from '../../components/data-grid';
import { api } from '../../lib/api-client';

// The agents area's calls (modules/admin-agents): agents.read to look, agents.write to change.

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
  return api<Grid<Statement> & { heldTotal: number }>('/admin/agents/statements', { query });
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
