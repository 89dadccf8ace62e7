import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema';

// Kysely types of the vendors' rounds, wallet transactions and refused bets, declared beside
// vendor-gateway.queries.ts, their only writer (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    vendor_rounds: VendorRoundsTable;
    vendor_transactions: VendorTransactionsTable;
    vendor_bet_refusals: VendorBetRefusalsTable;
    vendor_resettlements: VendorResettlementsTable;
    vendor_round_details: VendorRoundDetailsTable;
  }
}

/** A refused bet and the answer given, so a repeat gets the same answer (migration 0018). */
export interface VendorBetRefusalsTable {
  vendor_code: string;
  transaction_id: string;
  round_id: string;
  /** The player the vendor named, not checked against members: an unknown player is refused too. */
  player_id: number;
  amount: number;
  /** SHA-256 of the bet's identifying details, as vendor_transactions.details_hash. */
  details_hash: string;
  /** The ERROR_* status answered and the balance it carried. */
  status: string;
  balance: number;
  created_at: CreatedAt;
}

export interface VendorRoundsTable {
  id: Id;
  vendor_code: string;
  round_id: string;
  member_id: number;
  node_id: number | null;
  game_code: string;
  game_type: string;
  currency: string;
  bet_amount: Generated<number>;
  win_amount: Generated<number>;
  /** The part of bet_amount taken from the bonus account (migration 0044). */
  bonus_bet_amount: Generated<number>;
  /**
   * The part of bet_amount the vendor declared returned without risk (a void or pushed bet, half of
   * a half won or lost one: the win closing the round carries validBet, migration 0100). The
   * round's valid bet is bet_amount - void_amount.
   */
  void_amount: Generated<number>;
  status: Generated<'open' | 'closed' | 'rolled_back'>;
  created_at: CreatedAt;
  closed_at: Date | string | null;
}

export interface VendorTransactionsTable {
  id: Id;
  vendor_code: string;
  transaction_id: string;
  /** resettle: a correction of a settled round (migration 0071); its amount is signed, what moved. */
  kind: 'bet' | 'win' | 'rollback' | 'resettle';
  round_id: string;
  member_id: number;
  amount: number;
  ref_transaction_id: string | null;
  details_hash: string;
  status: 'ok' | 'rolled_back' | 'rollback_of_unknown';
  balance_after: number;
  /** The part of the amount booked on the member's bonus account (migration 0044). */
  bonus_amount: Generated<number>;
  created_at: CreatedAt;
}

/** What a resettle call asked for and why (migration 0071); `taken` is what moved. */
export interface VendorResettlementsTable {
  vendor_code: string;
  transaction_id: string;
  round_id: string;
  member_id: number;
  requested: number;
  taken: number;
  reason: string;
  created_at: CreatedAt;
}

/** The latest detail a vendor sent for a round (migration 0072): packages/shared VendorRoundDetail. */
export interface VendorRoundDetailsTable {
  vendor_code: string;
  round_id: string;
  member_id: number;
  detail: unknown;
  summary: string;
  transaction_seq: number;
  updated_at: CreatedAt;
}
