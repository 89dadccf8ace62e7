import type { CascadePreview, ContractList, MyContracts, RevenueValue } from '@gamehall/shared/api/contracts';
import {
  CONTRACT_RELAY_PATHS,
  type Contract,
  type ContractActionBody,
  type ContractInfo,
  type ContractKind,
  type IncomeValue,
  type StatementsValue,
} from '@gamehall/shared/api/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

import { AGENT_PAGE_SIZE, type AgentRange } from './api';

// Contracts (spec §3, §4, §7 Contracts): the consolidated info flags, the spec's four relay calls,
// the contract popup's pending list and the agent centre's statements, income and revenue.

/** The `*info*` flag of each kind: the member holds an active contract of it (spec §3). */
const INFO_FLAG: Record<ContractKind, keyof ContractInfo> = {
  dividend: 'divtypeinfo',
  daily_salary: 'dailysalinfotype',
  hourly_salary: 'contracthoursalinfo',
  realtime_salary: 'contractmrdailysalinfotype',
};

/** The kinds whose menu entries the agent sees (spec §2: "only when the agent has the matching feature type"). */
export function heldContractKinds(token: string | null) {
  return queryOptions({
    queryKey: ['agent', 'contractInfo', token],
    queryFn: async () => {
      const info = await apiRequest<ContractInfo>('/wps/contracts/info');
      return new Set((Object.keys(INFO_FLAG) as ContractKind[]).filter((kind) => info[INFO_FLAG[kind]] === 1));
    },
    enabled: Boolean(token),
  });
}

/** The contracts this member holds (its own rates bound what it may offer, docs/agents.md). */
export function heldContractsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['agent', 'heldContracts', token],
    queryFn: () =>
      apiRequest<z.infer<typeof ContractList>>('/wps/contracts', { query: { status: 'active', pageSize: 50 } }),
    enabled: Boolean(token),
  });
}

/** The contracts this agent offered, to show a downline's current ones beside a new offer. */
export function offeredContractsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['agent', 'offeredContracts', token],
    queryFn: () =>
      apiRequest<z.infer<typeof ContractList>>('/wps/agent/contracts/offered', { query: { pageSize: 200 } }),
    enabled: Boolean(token),
  });
}

/** The "My contracts" page: contracts held and given, with carry-over and newest statements. */
export function myContractsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['agent', 'myContracts', token],
    queryFn: () => apiRequest<MyContracts>('/wps/agent/my-contracts'),
    enabled: Boolean(token),
  });
}

/** The downline contracts accepting offer `id` would end (spec §4 auto-termination), for the popup. */
export function cascadePreviewQuery(token: string | null, id: number) {
  return queryOptions({
    queryKey: ['contracts', 'cascade', token, id],
    queryFn: () => apiRequest<CascadePreview>(`/wps/contracts/${id}/cascade`),
    enabled: Boolean(token),
  });
}

/** spec §7: one relay call per kind carries every action on contracts of that kind. */
export function contractAction(kind: ContractKind, body: ContractActionBody) {
  return apiRequest<Contract>(CONTRACT_RELAY_PATHS[kind], { method: 'POST', body });
}

export function statementsQuery(token: string | null, kind: ContractKind, range: AgentRange, pageNo: number) {
  return queryOptions({
    queryKey: ['agent', 'statements', token, kind, range, pageNo],
    queryFn: () =>
      apiRequest<StatementsValue>('/wps/agent/statements', {
        query: { kind, ...range, pageNo, pageSize: AGENT_PAGE_SIZE },
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function incomeQuery(token: string | null, range: AgentRange, pageNo: number) {
  return queryOptions({
    queryKey: ['agent', 'income', token, range, pageNo],
    queryFn: () =>
      apiRequest<IncomeValue>('/wps/agent/income', { query: { ...range, pageNo, pageSize: AGENT_PAGE_SIZE } }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export type RevenueGroupBy = 'day' | 'week' | 'month';

export function revenueQuery(token: string | null, range: AgentRange, groupBy: RevenueGroupBy, pageNo: number) {
  return queryOptions({
    queryKey: ['agent', 'revenue', token, range, groupBy, pageNo],
    queryFn: () =>
      apiRequest<RevenueValue>('/wps/agent/revenue', {
        query: { ...range, groupBy, pageNo, pageSize: AGENT_PAGE_SIZE },
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
