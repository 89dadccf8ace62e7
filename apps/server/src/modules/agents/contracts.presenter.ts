// Contracts and statements as the API shows them (packages/shared/src/api/contracts.ts): the agent
// centre and the back office show the same shapes; the back office adds templates and holds.
import type { AdminStatement, ContractTemplate } from '@gamehall/shared/api/admin-agents';
import type { Contract, ContractKind, Statement, StatementDetail, StatementLine } from '@gamehall/shared/api/contracts';
import { toMajor } from '@gamehall/shared/money';
import type { ContractRow } from './contracts.queries';
import type { ContractTemplatesTable, StoredTier } from './contracts.tables';
import type { HoldRow } from './statement-holds.queries';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentTiers(tiers: StoredTier[]) {
  return tiers.map((t) => ({
    minValidBet: toMajor(t.minValidBet),
    minActiveMembers: t.minActiveMembers,
    ratePpm: t.ratePpm,
  }));
}

export function presentContract(r: ContractRow): Contract {
  return {
    id: Number(r.id),
    kind: r.kind,
    period: r.period,
    tiers: presentTiers(r.tiers),
    ratePpm: r.rate_ppm,
    upline:
      r.upline_id === null ? null : { id: Number(r.upline_id), username: r.upline_username ?? String(r.upline_id) },
    holder: { id: Number(r.holder_id), username: r.holder_username },
    status: r.status,
    terminationRequestedBy: r.termination_requested_by,
    terminationRequestedAt: iso(r.termination_requested_at),
    createdAt: iso(r.created_at) as string,
    acceptedAt: iso(r.accepted_at),
    endedAt: iso(r.ended_at),
    endedBy: r.ended_by,
    endReason: r.end_reason,
  };
}

export type StatementRow = {
  id: number;
  contract_id: number;
  kind: Statement['kind'];
  holder_id: number;
  holder_username: string;
  period_start: Date;
  period_end: Date;
  valid_bets: number | string;
  net_loss: number | string;
  active_members: number;
  rate_ppm: number;
  gross: number | string;
  carry_in: number | string;
  amount: number | string;
  carry_out: number | string;
  wins: number | string;
  deductions: Record<string, number>;
  downline_paid: number | string;
  capped: number | string;
  status: 'paid' | 'held';
  paid_at: Date | null;
  created_at: Date;
};

export type LineRow = {
  statement_id: number;
  downline_id: number | null;
  downline_username: string | null;
  valid_bets: number | string;
  net_loss: number | string;
  active_members: number;
  downline_rate_ppm: number;
  wins: number | string;
  deductions: Record<string, number>;
  gross: number | string;
  branch_paid: number | string;
  amount: number | string;
};

/** Deductions as stored (minor units by category) in major units. */
function deductionsOf(d: Record<string, number> | null): Record<string, number> {
  return Object.fromEntries(Object.entries(d ?? {}).map(([k, v]) => [k, toMajor(v)]));
}

export function presentStatement(r: StatementRow): Statement {
  return {
    id: Number(r.id),
    contractId: Number(r.contract_id),
    kind: r.kind,
    holder: { id: Number(r.holder_id), username: r.holder_username },
    periodStart: iso(r.period_start) as string,
    periodEnd: iso(r.period_end) as string,
    validBets: toMajor(r.valid_bets),
    wins: toMajor(r.wins),
    netLoss: toMajor(r.net_loss),
    deductions: deductionsOf(r.deductions),
    activeMembers: Number(r.active_members),
    ratePpm: r.rate_ppm,
    gross: toMajor(r.gross),
    downlinePaid: toMajor(r.downline_paid),
    capped: toMajor(r.capped),
    carryIn: toMajor(r.carry_in),
    amount: toMajor(r.amount),
    carryOut: toMajor(r.carry_out),
    status: r.status,
    paidAt: iso(r.paid_at),
    createdAt: iso(r.created_at) as string,
  };
}

export function presentLine(r: LineRow): StatementLine {
  return {
    downline: r.downline_id === null ? null : { id: Number(r.downline_id), username: r.downline_username ?? '' },
    validBets: toMajor(r.valid_bets),
    netLoss: toMajor(r.net_loss),
    activeMembers: Number(r.active_members),
    downlineRatePpm: r.downline_rate_ppm,
    wins: toMajor(r.wins),
    deductions: deductionsOf(r.deductions),
    gross: toMajor(r.gross),
    branchPaid: toMajor(r.branch_paid),
    amount: toMajor(r.amount),
  };
}

export function presentStatementDetail(r: StatementRow, lines: LineRow[]): StatementDetail {
  return {
    ...presentStatement(r),
    lines: lines.filter((l) => Number(l.statement_id) === Number(r.id)).map(presentLine),
  };
}

type TemplateRow = {
  [K in keyof ContractTemplatesTable]: ContractTemplatesTable[K] extends { __select__: infer S }
    ? S
    : ContractTemplatesTable[K];
};

export function presentTemplate(t: {
  id: number;
  name: string;
  kind: ContractKind;
  period: string;
  tiers: TemplateRow['tiers'];
  rate_ppm: number;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}): ContractTemplate {
  return {
    id: Number(t.id),
    name: t.name,
    kind: t.kind,
    period: t.period,
    tiers: presentTiers(t.tiers),
    ratePpm: t.rate_ppm,
    enabled: t.enabled,
    createdAt: new Date(t.created_at).toISOString(),
    updatedAt: new Date(t.updated_at).toISOString(),
  };
}

export function presentAdminStatement(r: StatementRow, holds: Map<number, HoldRow>): AdminStatement {
  const h = holds.get(Number(r.id));
  return {
    ...presentStatement(r),
    hold: h ? { note: h.note, heldBy: h.held_by_username, heldAt: new Date(h.held_at).toISOString() } : null,
  };
}
