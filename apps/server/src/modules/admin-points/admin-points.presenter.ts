import type { AdminPointsConfig, AdminRedemption, AdminReward } from '@gamehall/shared/api/points';
import { toMajor } from '@gamehall/shared/money';
import type { Selectable } from 'kysely';
import type { PointsConfigTable, PointsRedemptionsTable, PointsRewardsTable } from '../points/points.tables';
import { presentRedemption } from '../points/points.views';

// Row -> response for the back office's points screens.

type RewardRow = Selectable<PointsRewardsTable>;
type RedemptionRow = Selectable<PointsRedemptionsTable>;
type ConfigRow = Selectable<PointsConfigTable>;

export function presentAdminRedemption(
  row: RedemptionRow & { username: string; decided_by_username: string | null },
): AdminRedemption {
  return {
    ...presentRedemption(row),
    id: row.id,
    memberId: row.member_id,
    username: row.username,
    decidedBy: row.decided_by_username,
  };
}

export function presentAdminConfig(c: {
  config: ConfigRow;
  rates: { game_type: string; rate_ppm: number }[];
  currency: string;
}): AdminPointsConfig {
  return {
    exchangePoints: c.config.exchange_points,
    exchangeAmount: toMajor(c.config.exchange_amount),
    minConvertPoints: c.config.min_convert_points,
    convertEnabled: c.config.convert_enabled,
    rates: c.rates.map((r) => ({ gameType: r.game_type, ratePpm: r.rate_ppm })),
    rules: c.config.rules,
    currency: c.currency,
    updatedAt: c.config.updated_at.toISOString(),
  };
}

export function presentAdminReward(r: { row: RewardRow; redeemed: number }): AdminReward {
  return {
    id: r.row.id,
    kind: r.row.kind,
    name: r.row.name,
    names: r.row.names,
    description: r.row.description,
    imageUrl: r.row.image_url,
    pointsCost: r.row.points_cost,
    amount: toMajor(r.row.amount),
    ticketKind: r.row.ticket_kind,
    ticketKindId: r.row.ticket_kind_id === null ? null : Number(r.row.ticket_kind_id),
    stock: r.row.stock,
    maxPerRedeem: r.row.max_per_redeem,
    status: r.row.status,
    sort: r.row.sort,
    redeemed: r.redeemed,
    updatedAt: r.row.updated_at.toISOString(),
  };
}
