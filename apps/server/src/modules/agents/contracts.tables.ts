import type { ContractKind, ContractPeriod, ContractStatus } from '@gamehall/shared/api/contracts';
import type { ColumnType, Generated } from 'kysely';

// The contract tables of migration 0028, declared beside the module that alone writes them (merged
// into the Database interface of db/schema.ts). Money columns are bigint minor units read as numbers.
type Stamp = ColumnType<Date, Date, Date>;
type MaybeStamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Big = ColumnType<number, number, number>;
/** Tiers as stored: minValidBet in minor units. */
export type StoredTier = { minValidBet: number; minActiveMembers: number; ratePpm: number };
type Tiers = ColumnType<StoredTier[], string, string>;
/** The net-revenue deductions a base was reduced by, minor units per category. */
export type Deductions = Record<string, number>;

export interface ContractsTable {
  id: Generated<number>;
  kind: ContractKind;
  period: ContractPeriod;
  tiers: Tiers;
  rate_ppm: number;
  upline_id: number | null;
  holder_id: number;
  status: ContractStatus;
  termination_requested_by: 'upline' | 'holder' | null;
  termination_requested_at: MaybeStamp;
  termination_reason: string | null;
  offered_by_operator: number | null;
  created_at: Stamp;
  accepted_at: MaybeStamp;
  ended_at: MaybeStamp;
  ended_by: 'upline' | 'holder' | 'operator' | 'system' | null;
  end_reason: string | null;
  settled_until: MaybeStamp;
  carry: ColumnType<number, number | undefined, number>;
  /** An ended contract between the same two agents whose open carry this one takes over (0065). */
  carry_from: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: Stamp;
}

export interface ContractStatementsTable {
  id: Generated<number>;
  contract_id: number;
  holder_id: number;
  kind: ContractKind;
  period_start: Stamp;
  period_end: Stamp;
  valid_bets: Big;
  net_loss: Big;
  active_members: number;
  rate_ppm: number;
  gross: Big;
  carry_in: Big;
  amount: Big;
  carry_out: Big;
  wins: ColumnType<number, number | undefined, number>;
  deductions: ColumnType<Deductions, string | undefined, string>;
  /** What the contracted downline branches were paid for the period (their whole subtrees). */
  downline_paid: ColumnType<number, number | undefined, number>;
  /** What the upline's cap withheld from this contract's claim (never owed later). */
  capped: ColumnType<number, number | undefined, number>;
  status: 'paid' | 'held';
  posting_id: number | null;
  paid_at: MaybeStamp;
  released_by: number | null;
  created_at: Stamp;
}

export interface ContractStatementLinesTable {
  statement_id: number;
  line_no: number;
  downline_id: number | null;
  valid_bets: Big;
  net_loss: Big;
  active_members: number;
  downline_rate_ppm: number;
  wins: ColumnType<number, number | undefined, number>;
  deductions: ColumnType<Deductions, string | undefined, string>;
  /** The holder's rate on the branch's base. */
  gross: ColumnType<number, number | undefined, number>;
  /** What the branch's contracted downline and its own downlines were paid for the period. */
  branch_paid: ColumnType<number, number | undefined, number>;
  amount: Big;
}

export interface ContractTemplatesTable {
  id: Generated<number>;
  name: string;
  kind: ContractKind;
  period: ContractPeriod;
  tiers: Tiers;
  rate_ppm: number;
  enabled: boolean;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ContractLimitsTable {
  kind: ContractKind;
  max_rate_ppm: number;
  updated_at: Stamp;
}

declare module '../../db/schema' {
  interface Database {
    contracts: ContractsTable;
    contract_statements: ContractStatementsTable;
    contract_statement_lines: ContractStatementLinesTable;
    contract_templates: ContractTemplatesTable;
    contract_limits: ContractLimitsTable;
  }
}
