import type { PointsDetail, RedeemRecord } from '@gamehall/shared/api/points';
import { toMajor } from '@gamehall/shared/money';
import type { Selectable } from 'kysely';
import type { PointsRedemptionsTable } from './points.tables';

// Redeem records and points movements as both the member calls and the back office show them
// (shared by points.routes.ts and admin-points, so one presenter serves both).

type RedemptionRow = Selectable<PointsRedemptionsTable>;

export function presentRedemption(row: RedemptionRow): RedeemRecord {
  return {
    reference: row.reference,
    applyTime: row.created_at.toISOString(),
    type: row.kind,
    name: row.name,
    ticketKind: row.ticket_kind,
    quantity: row.quantity,
    pointsRequirement: row.points,
    amountRequirement: toMajor(row.amount),
    status: row.status,
    changedPoints: row.status === 'rejected' ? 0 : -row.points,
    pointsBalance: row.points_balance_after,
    remark: row.remark,
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

export function presentDetail(row: {
  id: number;
  amount: number;
  balance_after: number;
  type: string;
  reference: string;
  remark: string;
  created_at: Date;
}): PointsDetail {
  return {
    id: row.id,
    time: row.created_at.toISOString(),
    type: row.type,
    reference: row.reference,
    changedPoints: row.amount,
    pointsBalance: row.balance_after,
    remark: row.remark,
  };
}
