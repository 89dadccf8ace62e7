import { CONTRACT_KINDS } from '@gamehall/shared/api/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type AgentNgrSettings, NGR_CATEGORIES, NGR_POSTING_TYPES } from '../agents/member-revenue.sql';

// The operator's net gaming revenue, in definitions its queries and service share: a *.sql.ts
// fragment. It is the agents' dividend base (agents/member-revenue.sql.ts: valid bets, what counts
// as which deduction, the provider and payment fees of the brand setting agentNgr), with every
// deduction counted whatever the agents' switches say (they choose what dividends share, not what
// the house pays), plus agent commissions, which the dividend base leaves out (a sub-agent's pay is
// no cost of its upline's team) but which the operator pays.

/** The operator's cost categories paid through the ledger, in the order the report shows them. */
export const COST_CATEGORIES = [...NGR_CATEGORIES, 'commission'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];

export const COST_POSTING_TYPES: Record<CostCategory, readonly string[]> = {
  ...NGR_POSTING_TYPES,
  commission: CONTRACT_KINDS.map((k) => `commission.${k}`),
};

/** The dividend base's settings with every deduction (every adjustment type) on: the operator's costs, with the same fees. */
export function operatorNgrSettings(s: AgentNgrSettings): AgentNgrSettings {
  const all = Object.fromEntries(NGR_CATEGORIES.map((c) => [c, true])) as Record<(typeof NGR_CATEGORIES)[number], true>;
  return { ...s, ...all, manualCorrection: true, manualGoodwill: true };
}

/**
 * Rows `a` and `b` differ in one of `cols` (NULL equal to NULL): the rollups write a row again only
 * when a figure changed (`b` = excluded in an upsert, or the computed row beside the stored one).
 */
export function differs(a: string, b: string, cols: readonly string[]): RawBuilder<boolean> {
  return sql.raw(
    `(${cols.map((c) => `${a}.${c}`).join(', ')}) IS DISTINCT FROM (${cols.map((c) => `${b}.${c}`).join(', ')})`,
  );
}

/**
 * The keys of `stored` (the day's rows) that `computed` no longer has, by one aggregation over both
 * lists. Not an anti-join: the planner estimates the rows of a day newer than the table's
 * statistics (today, always) at one, and chose a nested loop that scanned the computed rows once
 * per stored row, 300,000 squared.
 */
export function staleKeys(stored: RawBuilder<unknown>, computed: RawBuilder<unknown>, keys: string) {
  return sql`SELECT ${sql.raw(keys)} FROM (
      SELECT *, true AS was FROM (${stored}) s UNION ALL SELECT *, false FROM (${computed}) c
    ) k GROUP BY ${sql.raw(keys)} HAVING bool_and(was)`;
}

/** A game's key in the games rollups. */
export type GameKey = { vendor_code: string; game_type: string; game_code: string };
/** A game type's key in the game-type rollups. */
export type GameTypeKey = Omit<GameKey, 'game_code'>;

/** The games or types of `keys` (null: every one) as a condition on the columns of `alias`. */
export function amongKeys(alias: string, keys: readonly GameKey[] | readonly GameTypeKey[] | null) {
  if (keys === null) return sql``;
  const columns = (k: GameTypeKey | GameKey) =>
    'game_code' in k ? [k.vendor_code, k.game_type, k.game_code] : [k.vendor_code, k.game_type];
  const width = keys.length > 0 && 'game_code' in keys[0]! ? 3 : 2;
  const arrays = Array.from({ length: width }, (_, i) => sql`${keys.map((k) => columns(k)[i] ?? '')}::text[]`);
  const names = ['vendor_code', 'game_type', 'game_code'].slice(0, width).map((c) => sql.ref(`${alias}.${c}`));
  return sql` AND (${sql.join(names)}) IN (SELECT * FROM unnest(${sql.join(arrays)}))`;
}
