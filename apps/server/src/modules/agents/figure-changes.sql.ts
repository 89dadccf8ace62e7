import { type RawBuilder, sql } from 'kysely';
import { NGR_POSTING_TYPES } from './member-revenue.sql';

// What the daily figures read, as probes for what changed in one day since a time: a *.sql.ts
// fragment the agents' figures job and the back office's rollup job share (their passes over an
// open day). Like the figures, it reads what other areas record, for aggregation only. Each probe
// is an index range from the later of `since` and the day's start (vendor_rounds closed_at and
// created_at, ledger_postings (type, created_at), the orders' decision times, members.created_at),
// so a probe costs what happened since then.

/**
 * Postings that change a day after the fact, of whichever day: a round's rollback or resettle, and
 * a payout that failed after its withdrawal was approved (the withdrawal is rejected, its approval
 * time kept, and the money returned).
 */
const LATE_CHANGE_POSTING_TYPES = ['bet.rollback', 'win.resettle-credit', 'win.resettle-debit', 'withdrawal.returned'];

/** The ledger posting types the agents' figures count in the day they are made: every deduction category's. */
export const FIGURE_POSTING_TYPES = Object.values(NGR_POSTING_TYPES).flat();

export type FigureChangeProbes = {
  /** Ledger posting types counted in the day they are made. */
  postingTypes: readonly string[];
  /**
   * Rounds counted from when they open, with their win so far (the back office): rounds opened in
   * the day since, and the day's rounds closed since. Without it, rounds count when they close (the
   * agents' figures).
   */
  roundsOpened?: boolean;
  /** Withdrawals paid in the day since (the payouts' bank fees). */
  payouts?: boolean;
};

/**
 * One row per member whose figures of the brand day `day`, [start, end), may have changed since `since` (moved
 * false), and per old upline, at every depth, of a member moved to another upline since then (moved
 * true): rounds, the given postings, deposits approved, withdrawals approved, registrations, late
 * data carried into the day, upline changes (migration 0131), and as asked rounds opened and
 * withdrawals paid; a rollback, a resettle or a returned payout since then counts for every day
 * (what it changes may be of any).
 * A SELECT of (member_id, moved).
 */
export function figureChangesSql(
  since: Date,
  window: { day: string; start: Date; end: Date },
  probes: FigureChangeProbes,
): RawBuilder<{ member_id: string; moved: boolean }> {
  const from = since > window.start ? since : window.start;
  const { end } = window;
  const inDay = (column: string) => sql`${sql.ref(column)} >= ${from} AND ${sql.ref(column)} < ${end}`;
  const posted = (types: readonly string[], when: RawBuilder<unknown>) =>
    sql`SELECT a.member_id, false FROM ledger_postings p
      JOIN ledger_entries e ON e.posting_id = p.id
      JOIN ledger_accounts a ON a.id = e.account_id
     WHERE p.type = ANY(${types}::text[]) AND ${when} AND a.member_id IS NOT NULL`;
  const parts = [
    sql`SELECT member_id, false AS moved FROM vendor_rounds WHERE status = 'closed' AND ${inDay('closed_at')}`,
    posted(probes.postingTypes, inDay('p.created_at')),
    posted(LATE_CHANGE_POSTING_TYPES, sql`p.created_at >= ${since}`),
    sql`SELECT member_id, false FROM deposit_orders WHERE status = 'approved' AND ${inDay('decided_at')}`,
    sql`SELECT member_id, false FROM withdrawal_orders WHERE ${inDay('approved_at')}`,
    sql`SELECT id, false FROM members WHERE ${inDay('created_at')}`,
    sql`SELECT member_id, false FROM agent_member_late WHERE day_into = ${window.day}::date AND found_at >= ${since}`,
    sql`SELECT member_id, false FROM agent_tree_changes WHERE changed_at >= ${since}`,
    sql`SELECT t.ancestor_id, true FROM agent_tree_changes c JOIN agent_tree t ON t.member_id = c.old_upline_id
     WHERE c.changed_at >= ${since}`,
  ];
  if (probes.roundsOpened) {
    parts.push(sql`SELECT member_id, false FROM vendor_rounds WHERE ${inDay('created_at')}`);
    // The rounds closed since (the closed_at index's range), of those opened in the day; a round
    // rolled back is found by its rollback's posting.
    parts.push(sql`SELECT member_id, false FROM vendor_rounds WHERE status = 'closed' AND closed_at >= ${since}
      AND created_at >= ${window.start} AND created_at < ${end}`);
  }
  // Paid: the (status, paid_at) index's range; a payout returned later is found by its posting.
  if (probes.payouts)
    parts.push(sql`SELECT member_id, false FROM withdrawal_orders WHERE status = 'paid' AND ${inDay('paid_at')}`);
  return sql`${sql.join(parts, sql` UNION `)}`;
}

/**
 * figureChangesSql's rows as the passes use them: the members whose figures may have changed, and
 * the old uplines of members moved since (`agents`; none when nobody moved).
 */
export function groupChanges(rows: readonly { member_id: string | number; moved: boolean }[]) {
  const members = new Set<number>();
  const agents = new Set<number>();
  for (const row of rows) (row.moved ? agents : members).add(Number(row.member_id));
  return { members: [...members], agents: [...agents] };
}
