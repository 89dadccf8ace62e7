import type {
  AdminPointsConfig,
  AdminRedemption,
  AdminReward,
  ConvertValue,
  PointConfigValue,
  PointReward,
  PointsDetail,
  RedeemRecord,
} from '@gamehall/shared/api/points';
import { toMajor } from '@gamehall/shared/money';
import type { Selectable } from 'kysely';
import type {
  PointsConfigTable,
  PointsConversionsTable,
  PointsRedemptionsTable,
  PointsRewardsTable,
} from './points.tables';

// Row -> response for the member's points calls and the back office's points screens (never a row out). Points are whole numbers; money
// goes out in major units.

type RewardRow = Selectable<PointsRewardsTable>;
type ConversionRow = Selectable<PointsConversionsTable>;
type ConfigRow = Selectable<PointsConfigTable>;
type RedemptionRow = Selectable<PointsRedemptionsTable>;

/** A per-language text: the member's language, else the fallback. */
export function localName(names: Record<string, string>, fallback: string, language: string): string {
  return names[language] ?? names[language.toUpperCase()] ?? names[language.toLowerCase()] ?? fallback;
}

export function presentReward(row: RewardRow, language: string): PointReward {
  return {
    id: row.id,
    kind: row.kind,
    name: localName(row.names, row.name, language),
    description: row.description,
    imageUrl: row.image_url,
    pointsRequirement: row.points_cost,
    amount: toMajor(row.amount),
    ticketKind: row.ticket_kind,
    stock: row.stock,
    maxPerRedeem: row.max_per_redeem,
  };
}

export function presentConfig(
  c: { config: ConfigRow; rates: { game_type: string; rate_ppm: number }[]; currency: string },
  language: string,
): PointConfigValue {
  const rules = c.config.rules;
  return {
    exchangePoints: c.config.exchange_points,
    exchangeAmount: toMajor(c.config.exchange_amount),
    minConvertPoints: c.config.min_convert_points,
    convertEnabled: c.config.convert_enabled,
    currency: c.currency,
    rates: c.rates.map((r) => ({ gameType: r.game_type, ratePpm: r.rate_ppm })),
    rules: localName(rules, rules.EN ?? rules.en ?? '', language),
    expires: false,
  };
}

export function presentConversion(c: {
  row: ConversionRow;
  pointsBalance: number;
  cashBalance: number;
  currency: string;
  replayed: boolean;
}): ConvertValue {
  return {
    reference: c.row.reference,
    points: c.row.points,
    amount: toMajor(c.row.amount),
    currency: c.currency,
    pointsBalance: c.pointsBalance,
    cashBalance: toMajor(c.cashBalance),
    replayed: c.replayed,
  };
}

/** A redeem record as the member and the back office see it. */
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
