import type { TreeNode } from '@gamehall/shared/api/admin-agents';
import type { Downline, DownlinesValue } from '@gamehall/shared/api/agents';
import type { ContractKind } from '@gamehall/shared/api/contracts';
import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import { toMajor } from '@gamehall/shared/money';
import { isAgentType } from '../../http/auth';
import { pageCounts } from '../../http/paging';
import type { DownlineRow, NodeRow } from './downlines.queries';

export function presentDownline(r: DownlineRow): Downline {
  return {
    memberId: r.id,
    username: r.username,
    nickname: r.nickname,
    level: r.depth,
    type: r.type,
    isAgent: isAgentType(r.type),
    status: r.status,
    balance: toMajor(r.balance),
    registeredAt: r.created_at.toISOString(),
    lastLoginAt: r.last_login_at ? r.last_login_at.toISOString() : null,
    uplineId: r.upline_id,
    uplineUsername: r.upline_username,
    directDownlines: r.direct_downlines,
  };
}

export function presentDownlines(
  r: { rows: DownlineRow[]; total: number; balance: number; timeZone: string },
  page: { pageNo: number; pageSize: number },
): DownlinesValue {
  return {
    content: r.rows.map(presentDownline),
    ...pageCounts(r.total, page),
    totals: { members: r.total, balance: toMajor(r.balance) },
    timeZone: r.timeZone,
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
