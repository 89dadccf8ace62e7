import type { ContractKind, ContractPeriod } from '@gamehall/shared/api/contracts';
import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import type { Deductions, StoredTier } from './contracts.tables';
import { DEDUCTION_COLUMNS, DEDUCTION_NAMES, dayRevenueSql } from './member-revenue.sql';

// Settlement reads and writes (docs/agents.md "Settlement"): every query covers all the contracts
// of one (kind, period) and one window at once.

/** A contract covers the window when it was accepted before the window ended and had not ended by then. */
function covers(alias: string, end: Date) {
  const a = sql.ref(`${alias}.accepted_at`);
  const e = sql.ref(`${alias}.ended_at`);
  return sql`(${a} IS NOT NULL AND ${a} < ${end} AND (${e} IS NULL OR ${e} >= ${end}))`;
}

/** The earliest accepted_at / settled_until among contracts of this (kind, period) still to settle. */
export async function earliestDue(db: Conn, kind: ContractKind, period: ContractPeriod) {
  const r = await sql<{ start: Date | null }>`
    SELECT min(coalesce(settled_until, accepted_at)) AS start FROM contracts
     WHERE kind = ${kind} AND period = ${period} AND accepted_at IS NOT NULL
       AND (ended_at IS NULL OR settled_until IS NULL OR settled_until < ended_at)`.execute(db);
  const start = r.rows[0]?.start;
  return start ? new Date(start) : null;
}

export type WindowContractRow = {
  id: number;
  holder_id: number;
  tiers: StoredTier[];
  /** The carry before this window: the statement's carry in when one was written, else the contract's. */
  carry: number;
  carry_from: number | null;
  settled: boolean;
  /** The contract this one sits under in the window (see windowContracts), and the branch it is in. */
  parent: { id: number; directId: number } | null;
};

/**
 * Every contract of this (kind, period) covering the window, settled for it or not: a run that
 * resumes a half-settled window computes the same figures again from the statements already
 * written (their carry in), and writes the rest. Each sits under the contract of its holder's
 * nearest ancestor in agent_tree (the tree as it is now, as the branch figures read it) that holds
 * one covering the window, whoever gave it: the giver's own contract may have ended, or the holder
 * moved, and its team's play is then in that ancestor's team and budget. `direct_id` is the
 * ancestor's direct downline on the way (the holder itself at depth 1).
 */
export async function windowContracts(
  db: Conn,
  kind: ContractKind,
  period: ContractPeriod,
  start: Date,
  end: Date,
): Promise<WindowContractRow[]> {
  const r = await sql<Record<string, unknown>>`
    WITH due AS (
      SELECT c.id, c.holder_id FROM contracts c WHERE c.kind = ${kind} AND c.period = ${period} AND ${covers('c', end)}
    ), placed AS (
      SELECT DISTINCT ON (d.id) d.id, p.id AS parent_id, via.ancestor_id AS direct_id
        FROM due d
        JOIN agent_tree up ON up.member_id = d.holder_id AND up.depth >= 1
        JOIN due p ON p.holder_id = up.ancestor_id
        JOIN agent_tree via ON via.member_id = d.holder_id AND via.depth = up.depth - 1
       ORDER BY d.id, up.depth, p.id
    )
    SELECT c.id, c.holder_id, c.tiers, coalesce(s.carry_in, c.carry) AS carry, c.carry_from,
           (c.settled_until IS NOT NULL AND c.settled_until >= ${end}) AS settled, pl.parent_id, pl.direct_id
      FROM due
      JOIN contracts c ON c.id = due.id
      LEFT JOIN contract_statements s ON s.contract_id = c.id AND s.period_start = ${start}
      LEFT JOIN placed pl ON pl.id = c.id
     ORDER BY c.id`.execute(db);
  return r.rows.map((c) => ({
    id: Number(c.id),
    holder_id: Number(c.holder_id),
    tiers: (typeof c.tiers === 'string' ? JSON.parse(c.tiers) : c.tiers) as StoredTier[],
    carry: Number(c.carry),
    carry_from: c.carry_from === null ? null : Number(c.carry_from),
    settled: c.settled === true,
    parent: c.parent_id === null ? null : { id: Number(c.parent_id), directId: Number(c.direct_id) },
  }));
}

export type BranchFigures = {
  contract_id: number;
  direct_id: number;
  valid_bets: number;
  wins: number;
  /** Dividends: net gaming revenue (valid bets - wins - deductions); salaries: valid bets - wins. */
  net_loss: number;
  active: number;
  deductions: Deductions;
};

/**
 * Per contract covering the window and direct downline of its holder: the window's figures of the
 * downline's whole branch (the downline and everyone under it). Dividends share the branch's net
 * gaming revenue over the window's brand days `days`, as settled (member-revenue.sql.ts
 * dayRevenueSql: the frozen agent figures of those days); salaries its closed rounds' valid bets.
 */
export async function branchFigures(
  db: Conn,
  kind: ContractKind,
  period: ContractPeriod,
  start: Date,
  end: Date,
  days: { from: string; to: string },
): Promise<BranchFigures[]> {
  const perMember =
    kind === 'dividend'
      ? dayRevenueSql(days.from, days.to)
      : sql`SELECT member_id, sum(bet_amount - void_amount)::bigint AS valid_bets,
                   sum(win_amount - void_amount)::bigint AS wins,
                   sum(bet_amount - win_amount)::bigint AS ngr
              FROM vendor_rounds
             WHERE status = 'closed' AND closed_at >= ${start} AND closed_at < ${end}
             GROUP BY member_id`;
  const deductionSums =
    kind === 'dividend'
      ? sql`, ${sql.join(DEDUCTION_COLUMNS.map((c) => sql`sum(pm.${sql.ref(c)})::bigint AS ${sql.ref(c)}`))}`
      : sql``;
  const r = await sql<Record<string, string | number>>`
    WITH pm AS (${perMember}), due AS (
      SELECT c.id, c.holder_id FROM contracts c
       WHERE c.kind = ${kind} AND c.period = ${period} AND ${covers('c', end)}
    )
    SELECT due.id AS contract_id, d.member_id AS direct_id,
           sum(pm.valid_bets)::bigint AS valid_bets, sum(pm.wins)::bigint AS wins,
           sum(pm.ngr)::bigint AS net_loss,
           count(*) FILTER (WHERE pm.valid_bets > 0)::int AS active ${deductionSums}
      FROM due
      JOIN agent_tree d ON d.ancestor_id = due.holder_id AND d.depth = 1
      JOIN agent_tree s ON s.ancestor_id = d.member_id
      JOIN pm ON pm.member_id = s.member_id
     GROUP BY due.id, d.member_id`.execute(db);
  return r.rows.map((b) => {
    const deductions: Deductions = {};
    for (const c of DEDUCTION_COLUMNS) {
      const v = Number(b[c] ?? 0);
      if (v !== 0) deductions[DEDUCTION_NAMES[c]] = v;
    }
    return {
      contract_id: Number(b.contract_id),
      direct_id: Number(b.direct_id),
      valid_bets: Number(b.valid_bets),
      wins: Number(b.wins),
      net_loss: Number(b.net_loss),
      active: Number(b.active),
      deductions,
    };
  });
}

/** Locks these contracts; answers the ones still unsettled for the window (another node may have done some). */
export async function lockUnsettled(trx: Trx, ids: number[], end: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom('contracts')
    .select(['id', 'settled_until'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Set(
    rows.filter((r) => r.settled_until === null || new Date(r.settled_until) < end).map((r) => Number(r.id)),
  );
}

/**
 * Takes over the open carries of the ended contracts these contracts name in carry_from (and the
 * ones those name in turn), once every one of them has settled its last window (until then it is
 * tried again next window): the ended contracts' carries become 0 and the taking contract's carry
 * grows by their sum, carry_from cleared; the sums are returned. Locks the rows it changes.
 */
export async function takeCarries(trx: Trx, from: Map<number, number>): Promise<Map<number, number>> {
  const taken = new Map<number, number>();
  for (const [id, first] of from) {
    const chain: { id: number; carry: number }[] = [];
    let complete = true;
    for (let next: number | null = first; next !== null && !chain.some((c) => c.id === next); ) {
      const old = await trx
        .selectFrom('contracts')
        .select(['carry', 'carry_from', 'ended_at', 'settled_until'])
        .where('id', '=', next)
        .forUpdate()
        .executeTakeFirst();
      if (!old || old.ended_at === null || old.settled_until === null || old.settled_until < old.ended_at) {
        complete = false;
        break;
      }
      chain.push({ id: next, carry: Number(old.carry) });
      next = old.carry_from === null ? null : Number(old.carry_from);
    }
    if (!complete) continue;
    const ids = chain.map((c) => c.id);
    if (ids.length > 0)
      await trx.updateTable('contracts').set({ carry: 0, carry_from: null }).where('id', 'in', ids).execute();
    const sum = chain.reduce((total, c) => total + c.carry, 0);
    await sql`UPDATE contracts SET carry = carry + ${sum}, carry_from = NULL WHERE id = ${id}`.execute(trx);
    taken.set(id, sum);
  }
  return taken;
}

export async function markSettled(trx: Trx, ids: number[], end: Date, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('contracts').set({ settled_until: end, updated_at: now }).where('id', 'in', ids).execute();
}

/**
 * Contracts of this (kind, period) that ended before the window's end: nothing more is owed after
 * their last full window, so they are marked settled up to their end and leave the job's backlog.
 */
export async function closeEnded(trx: Conn, kind: ContractKind, period: ContractPeriod, end: Date): Promise<void> {
  await sql`
    UPDATE contracts SET settled_until = ended_at
     WHERE kind = ${kind} AND period = ${period} AND accepted_at IS NOT NULL
       AND ended_at IS NOT NULL AND ended_at < ${end}
       AND (settled_until IS NULL OR settled_until < ended_at)`.execute(trx);
}

/** The dividend contracts' carry after their statements, one UPDATE for a batch. */
export async function setCarries(trx: Trx, list: { contractId: number; carry: number }[]): Promise<void> {
  if (list.length === 0) return;
  await sql`
    UPDATE contracts c SET carry = v.carry
      FROM unnest(${list.map((x) => x.contractId)}::bigint[], ${list.map((x) => x.carry)}::bigint[]) AS v(id, carry)
     WHERE c.id = v.id`.execute(trx);
}

export type NewStatement = {
  contractId: number;
  holderId: number;
  kind: ContractKind;
  start: Date;
  end: Date;
  validBets: number;
  netLoss: number;
  activeMembers: number;
  ratePpm: number;
  gross: number;
  carryIn: number;
  amount: number;
  carryOut: number;
  wins: number;
  deductions: Deductions;
  downlinePaid: number;
  capped: number;
  status: 'paid' | 'held';
  now: Date;
};

/** Inserts statements; the ones whose (contract, period) exists already are skipped. Returns contract -> id. */
export async function insertStatements(trx: Trx, list: NewStatement[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  // 24 parameters a row: chunks stay under PostgreSQL's 65,535 parameters a statement.
  for (let i = 0; i < list.length; i += 1000)
    for (const [k, v] of await insertStatementChunk(trx, list.slice(i, i + 1000))) ids.set(k, v);
  return ids;
}

async function insertStatementChunk(trx: Trx, list: NewStatement[]): Promise<Map<number, number>> {
  if (list.length === 0) return new Map();
  const rows = await trx
    .insertInto('contract_statements')
    .values(
      list.map((s) => ({
        contract_id: s.contractId,
        holder_id: s.holderId,
        kind: s.kind,
        period_start: s.start,
        period_end: s.end,
        valid_bets: s.validBets,
        net_loss: s.netLoss,
        active_members: s.activeMembers,
        rate_ppm: s.ratePpm,
        gross: s.gross,
        carry_in: s.carryIn,
        amount: s.amount,
        carry_out: s.carryOut,
        wins: s.wins,
        deductions: JSON.stringify(s.deductions),
        downline_paid: s.downlinePaid,
        capped: s.capped,
        status: s.status,
        posting_id: null,
        paid_at: s.status === 'paid' && s.amount > 0 ? s.now : null,
        released_by: null,
        created_at: s.now,
      })),
    )
    .onConflict((oc) => oc.columns(['contract_id', 'period_start']).doNothing())
    .returning(['id', 'contract_id'])
    .execute();
  return new Map(rows.map((r) => [Number(r.contract_id), Number(r.id)]));
}

export type NewLine = {
  statementId: number;
  lineNo: number;
  downlineId: number | null;
  validBets: number;
  netLoss: number;
  activeMembers: number;
  downlineRatePpm: number;
  wins: number;
  deductions: Deductions;
  gross: number;
  branchPaid: number;
  amount: number;
};

export async function insertLines(trx: Trx, lines: NewLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += 1000) {
    await trx
      .insertInto('contract_statement_lines')
      .values(
        lines.slice(i, i + 1000).map((l) => ({
          statement_id: l.statementId,
          line_no: l.lineNo,
          downline_id: l.downlineId,
          valid_bets: l.validBets,
          net_loss: l.netLoss,
          active_members: l.activeMembers,
          downline_rate_ppm: l.downlineRatePpm,
          wins: l.wins,
          deductions: JSON.stringify(l.deductions),
          gross: l.gross,
          branch_paid: l.branchPaid,
          amount: l.amount,
        })),
      )
      .execute();
  }
}

/** The statements' payout postings, one UPDATE for a batch (not a round trip per statement). */
export async function setPostings(trx: Trx, list: { statementId: number; postingId: number }[]): Promise<void> {
  if (list.length === 0) return;
  await sql`
    UPDATE contract_statements s SET posting_id = v.posting_id
      FROM unnest(${list.map((p) => p.statementId)}::bigint[], ${list.map((p) => p.postingId)}::bigint[])
        AS v(id, posting_id)
     WHERE s.id = v.id`.execute(trx);
}
