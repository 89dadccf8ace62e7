import type { AdminStatement, ContractTemplate, TreeNode } from '@gamehall/shared/api/admin-agents';
import type { ContractKind } from '@gamehall/shared/api/contracts';
import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import type { ContractTemplatesTable } from '../agents/contracts.tables';
import { presentStatement, presentTiers, type StatementRow } from '../agents/contracts.views';
import type { HoldRow, NodeRow } from './admin-agents.queries';

type TemplateRow = {
  [K in keyof ContractTemplatesTable]: ContractTemplatesTable[K] extends { __select__: infer S }
    ? S
    : ContractTemplatesTable[K];
};

export function presentTemplate(t: {
  id: number;
  name: string;
  kind: ContractKind;
  period: string;
  tiers: TemplateRow['tiers'];
  rate_ppm: number;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}): ContractTemplate {
  return {
    id: Number(t.id),
    name: t.name,
    kind: t.kind,
    period: t.period,
    tiers: presentTiers(t.tiers),
    ratePpm: t.rate_ppm,
    enabled: t.enabled,
    createdAt: new Date(t.created_at).toISOString(),
    updatedAt: new Date(t.updated_at).toISOString(),
  };
}

export function presentNode(r: NodeRow): TreeNode {
  return {
    id: Number(r.id),
    username: r.username,
    type: r.type,
    isAgent: (AGENT_ACCOUNT_TYPES as readonly number[]).includes(r.type),
    teamSize: Number(r.team_size),
    directCount: Number(r.direct_count),
    activeContracts: (r.kinds ?? []) as ContractKind[],
  };
}

export function presentHit(r: NodeRow) {
  return {
    ...presentNode(r),
    upline: r.upline_id === null ? null : { id: Number(r.upline_id), username: r.upline_username ?? '' },
    depth: Number(r.depth),
  };
}

export function presentAdminStatement(r: StatementRow, holds: Map<number, HoldRow>): AdminStatement {
  const h = holds.get(Number(r.id));
  return {
    ...presentStatement(r),
    hold: h ? { note: h.note, heldBy: h.held_by_username, heldAt: new Date(h.held_at).toISOString() } : null,
  };
}
