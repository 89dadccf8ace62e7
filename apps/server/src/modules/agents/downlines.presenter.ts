import type { Downline, DownlinesValue } from '@gamehall/shared/api/agents';
import { toMajor } from '@gamehall/shared/money';
import { isAgentType } from '../../http/auth';
import { pageCounts } from '../../http/paging';
import type { DownlineRow } from './downlines.queries';

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
  r: { rows: DownlineRow[]; total: number; balance: number },
  page: { pageNo: number; pageSize: number },
): DownlinesValue {
  return {
    content: r.rows.map(presentDownline),
    ...pageCounts(r.total, page),
    totals: { members: r.total, balance: toMajor(r.balance) },
  };
}
