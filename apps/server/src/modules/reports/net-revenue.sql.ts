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
