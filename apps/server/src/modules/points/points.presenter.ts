import type { ConvertValue, PointConfigValue, PointReward } from '@gamehall/shared/api/points';
import { toMajor } from '@gamehall/shared/money';
import type { Selectable } from 'kysely';
import type { PointsConfigTable, PointsConversionsTable, PointsRewardsTable } from './points.tables';

// Row -> response for the member's points calls (never a row out). Points are whole numbers; money
// goes out in major units.

type RewardRow = Selectable<PointsRewardsTable>;
type ConversionRow = Selectable<PointsConversionsTable>;
type ConfigRow = Selectable<PointsConfigTable>;

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
