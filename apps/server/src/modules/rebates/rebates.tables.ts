import type { ColumnType, Generated } from 'kysely';
import type { RebateMode } from '../vip/vip.tables';

// The rebate tables of migration 0037, declared beside the module that alone writes them and
// merged into db/schema.ts's Database. Money in minor units, rates in ppm.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

declare module '../../db/schema' {
  interface Database {
    rebate_accruals: RebateAccrualsTable;
    rebate_payouts: RebatePayoutsTable;
  }
}

export interface RebateAccrualsTable {
  id: Generated<number>;
  member_id: number;
  event_id: number;
  game_type: string;
  valid_bet: number;
  rate_ppm: number;
  settled_at: Stamp;
  payout_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Stamp;
}

export type RebateLine = { gameType: string; validBet: number; ratePpm: number; amount: number };

export interface RebatePayoutsTable {
  id: Generated<number>;
  member_id: number;
  mode: RebateMode;
  /** The brand day an automatic payout belongs to (yyyy-mm-dd); null for a claim. */
  pay_day: ColumnType<string | null, string | null, never>;
  amount: number;
  valid_bet: number;
  lines: ColumnType<RebateLine[], string, never>;
  currency: string;
  created_at: Stamp;
}
