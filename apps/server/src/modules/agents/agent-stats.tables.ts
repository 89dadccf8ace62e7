import type { ColumnType, Generated } from 'kysely';

// The agent centre's figure tables of migration 0027, declared beside the module that alone writes
// them (merged into the Database interface of db/schema.ts). `day` is a brand-time-zone date read as
// 'YYYY-MM-DD' text (queries cast it), so no driver turns it into a UTC midnight.
type Day = ColumnType<string, string, string>;
type Stamp = ColumnType<Date, Date, Date>;
/** Sparse HyperLogLog sketch (db/hll.ts): idx << 5 | rank per non-empty register. */
type Sketch = ColumnType<number[], number[], number[]>;

export interface AgentMemberDaysTable {
  day: Day;
  member_id: number;
  registered: boolean;
  rounds: number;
  valid_bets: number;
  wins: number;
  deposit_count: number;
  deposits: number;
  first_deposit: boolean;
  withdrawal_count: number;
  withdrawals: number;
  /** What the house paid the member in cash by category, and the fees (member-revenue.sql.ts; migration 0067). */
  d_bonus: Generated<number>;
  d_rebate: Generated<number>;
  d_mission: Generated<number>;
  d_ticket: Generated<number>;
  d_referral: Generated<number>;
  d_vip: Generated<number>;
  d_points: Generated<number>;
  d_manual: Generated<number>;
  d_goodwill: Generated<number>;
  d_provider_fee: Generated<number>;
  d_payment_fee: Generated<number>;
  refreshed_at: Stamp;
}

export interface AgentTeamDaysTable {
  agent_id: number;
  day: Day;
  new_members: number;
  active_members: number;
  active_hll: Sketch;
  first_depositors: number;
  deposit_count: number;
  deposits: number;
  withdrawal_count: number;
  withdrawals: number;
  rounds: number;
  valid_bets: number;
  wins: number;
  refreshed_at: Stamp;
}

export interface AgentStatDaysTable {
  day: Day;
  /** The last pass of the job over the day: the figures are up to date as of it. */
  refreshed_at: Stamp;
  /** When the day was last computed whole (migration 0131); null: not since then. */
  full_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The dividend-base settings it was computed with (agentNgrKey). */
  ngr_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where the next pass looks for changes from (null: it computes the day whole). */
  changes_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An upline change (migration 0131, written by a trigger on members.upline_id). */
export interface AgentTreeChangesTable {
  id: Generated<number>;
  member_id: number;
  old_upline_id: number | null;
  changed_at: Stamp;
}

/** A settled brand day (migration 0114): its member days are frozen, computed with `ngr`. */
export interface AgentSettledDaysTable {
  day: Day;
  start_at: Stamp;
  end_at: Stamp;
  ngr: ColumnType<unknown, string, string>;
  settled_at: Stamp;
  checked_at: Stamp;
}

/** Late data of a settled day, counted in the open day it was found (migration 0114). */
export interface AgentMemberLateTable {
  id: Generated<number>;
  day_from: Day;
  day_into: Day;
  member_id: number;
  valid_bets: number;
  wins: number;
  d_bonus: number;
  d_rebate: number;
  d_mission: number;
  d_ticket: number;
  d_referral: number;
  d_vip: number;
  d_points: number;
  d_manual: number;
  d_goodwill: number;
  d_provider_fee: number;
  d_payment_fee: number;
  found_at: Stamp;
}

declare module '../../db/schema' {
  interface Database {
    agent_settled_days: AgentSettledDaysTable;
    agent_member_late: AgentMemberLateTable;
    agent_member_days: AgentMemberDaysTable;
    agent_team_days: AgentTeamDaysTable;
    agent_stat_days: AgentStatDaysTable;
    agent_tree_changes: AgentTreeChangesTable;
  }
}
