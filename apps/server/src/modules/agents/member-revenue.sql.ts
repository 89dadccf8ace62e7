import type { NgrDeduction } from '@gamehall/shared/api/agents';
import { type RawBuilder, sql } from 'kysely';
import type { VipBonusKind } from '../../db/schema';
import type { BrandSettings } from '../brand/brand.service';

// The agents' dividend base: each member's net gaming revenue over a window (docs/agents.md
// "Figures"), a SQL builder the agents' queries share (settlement, daily figures, statement base);
// a *.sql.ts fragment, the one kind of module code a *.queries.ts file may import at runtime. Like
// the agent figures, it reads what other areas record (closed rounds, ledger postings, approved
// orders) for aggregation only.

export type AgentNgrSettings = BrandSettings['agentNgr'];

export function agentNgrSettings(brand: Pick<BrandSettings, 'agentNgr'>): AgentNgrSettings {
  return brand.agentNgr;
}

/**
 * The adjustment types that move a member's cash by an adjustment posting, with the agentNgr
 * switch that counts each in the manual deduction and the column that carries it: corrections in
 * d_manual, goodwill in d_goodwill, so a statement names which one was charged to the team.
 */
export const MANUAL_ADJUSTMENT_TYPES = {
  correction: { setting: 'manualCorrection', column: 'manual' },
  goodwill: { setting: 'manualGoodwill', column: 'goodwill' },
} as const;

/** The switchable deduction categories, in the order the reports show them. */
export const NGR_CATEGORIES = ['bonus', 'rebate', 'mission', 'ticket', 'referral', 'vip', 'points', 'manual'] as const;
export type NgrCategory = (typeof NGR_CATEGORIES)[number];

const VIP_KINDS: Record<VipBonusKind, true> = { upgrade: true, monthly: true, birthday: true };

/**
 * The ledger posting types that put house money on a member's cash, by category. Only the cash
 * entries count: what a posting pays into the bonus account becomes cash (and is counted, as bonus)
 * when the wagering converts it (`bonus.convert`), so a mission, ticket or referral bonus paid as
 * bonus counts under bonus then, and forfeited bonus never counts. Points are money only when they
 * turn into cash (`bonus.points-*`); the points ledger's own postings (points.*, ticket.prize,
 * points.mission) move no cash. `adjustment.debit` takes cash back from the member, so it offsets
 * the manual credits (the column is credits minus debits and may be negative). Not house money:
 * deposits, withdrawals and their refunds (kyc.underAgeRefund), game money (bet.*, win.vendor,
 * win.resettle-*, wallet-transfer; the rounds count it), member-to-member transfers (transfer.*),
 * and agent commissions (commission.*: a sub-agent's pay is not a cost of the upline's team's play).
 */
export const NGR_POSTING_TYPES: Record<NgrCategory, readonly string[]> = {
  bonus: ['bonus', 'bonus.convert'],
  rebate: ['bonus.rebate'],
  mission: ['bonus.mission'],
  ticket: ['bonus.ticket'],
  referral: ['bonus.referral'],
  vip: Object.keys(VIP_KINDS).map((k) => `bonus.vip-${k}`),
  points: ['bonus.points-redeem', 'bonus.points-convert'],
  manual: ['adjustment.credit', 'adjustment.debit'],
};

/**
 * Posting types that are never deducted (see NGR_POSTING_TYPES), each with why; `*` ends a family.
 * Every posting type the code makes is in one of the two lists (member-revenue.sql.test.ts).
 */
export const NOT_DEDUCTED: Record<string, string> = {
  deposit: "the member's own money",
  withdrawal: "the member's own money",
  'withdrawal.paid': "the member's own money",
  'withdrawal.fee': "the bank's charge for a payout: between house accounts, no member's money",
  'withdrawal.returned': "the member's own money, back when a provider's payout failed",
  'kyc.underAgeRefund': "the member's own deposits held and paid back",
  'bet.vendor': 'game money, counted by the rounds',
  'win.vendor': 'game money, counted by the rounds',
  'bet.rollback': 'game money, counted by the rounds',
  'win.resettle-*': "game money: a vendor's correction changes its round's win",
  'wallet-transfer': "between the member's own wallets",
  'transfer.*': 'between members',
  'commission.*': "agents' pay, not a cost of the team's play",
  'bonus.forfeit': 'bonus taken back from the bonus balance, never cash',
  'points.*': 'the points ledger moves no money',
  'ticket.prize': 'points (a ticket prize in points), on the points ledger',
};

/** ` AND <column> = ANY(ids)`, or nothing without ids: a daily figures query narrowed to the members (or agents) that changed. */
export function amongIds(column: string, ids: readonly number[] | null): RawBuilder<unknown> {
  return ids ? sql` AND ${sql.ref(column)} = ANY(${ids}::bigint[])` : sql``;
}

/** The columns memberRevenueSql answers (minor units). */
export type MemberRevenueRow = {
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
  /** Manual adjustments of type correction (and adjustments recorded before types). */
  d_manual: number;
  /** Manual adjustments of type goodwill. */
  d_goodwill: number;
  d_provider_fee: number;
  d_payment_fee: number;
  ngr: number;
};

export const DEDUCTION_COLUMNS = [
  'd_bonus',
  'd_rebate',
  'd_mission',
  'd_ticket',
  'd_referral',
  'd_vip',
  'd_points',
  'd_manual',
  'd_goodwill',
  'd_provider_fee',
  'd_payment_fee',
] as const;

/** The API's name of each deduction column: statements, the agent figures and the dividend base. */
export const DEDUCTION_NAMES: Record<(typeof DEDUCTION_COLUMNS)[number], NgrDeduction> = {
  d_bonus: 'bonus',
  d_rebate: 'rebate',
  d_mission: 'mission',
  d_ticket: 'ticket',
  d_referral: 'referral',
  d_vip: 'vip',
  d_points: 'points',
  d_manual: 'manual',
  d_goodwill: 'goodwill',
  d_provider_fee: 'providerFee',
  d_payment_fee: 'paymentFee',
};

/**
 * A round's valid bet and wins as the agent figures count them (vb, w; sums over vendor_rounds): the
 * stake its vendor declared returned without risk (void_amount: a void or pushed bet, half of a half
 * won or lost one) is neither valid bet nor win, so a void bet counts 0 and 0 while GGR (vb - w)
 * stays what the member lost.
 */
export const VALID_BET_SUMS = sql`sum(bet_amount - void_amount)::bigint AS vb, sum(win_amount - void_amount)::bigint AS w`;

/** The rounds whose bets are valid in [start, end): closed ones, at their close (a WHERE condition on vendor_rounds). */
export function validRoundsIn(start: Date | RawBuilder<Date>, end: Date | RawBuilder<Date>) {
  return sql`status = 'closed' AND closed_at >= ${start} AND closed_at < ${end}`;
}

/**
 * The provider fee rates as a relation f(vendor_code, ppm) of the vendors with a rate above 0 (a
 * vendor not in it pays nothing); with providerFeeSql, the one definition of the fee that the
 * dividend base and the operator's net revenue report (reports/net-revenue.queries.ts) share.
 */
export function providerFeeRates(s: AgentNgrSettings) {
  const fees = Object.entries(s.providerFeePpm).filter(([, ppm]) => ppm > 0);
  return sql`unnest(${fees.map(([code]) => code)}::text[], ${fees.map(([, ppm]) => ppm)}::bigint[]) AS f(vendor_code, ppm)`;
}

/**
 * One member's provider fee at one vendor over a window, from its bigint valid bets and wins and
 * the vendor's ppm (null: none): the ppm of the positive GGR, rounded down to the minor unit.
 */
export function providerFeeSql(bets: string, wins: string, ppm: string) {
  return sql`(greatest(${sql.ref(bets)} - ${sql.ref(wins)}, 0) * coalesce(${sql.ref(ppm)}, 0) / 1000000)`;
}

/**
 * One row per member with anything counted in [start, end): closed rounds (valid bets and wins at
 * closed_at, as the settlement counts them), cash the house paid the member by an enabled
 * category (at the posting's time), and, when set, the provider fee (per vendor: its ppm of the
 * member's positive GGR at that vendor, rounded down, since providers charge on what the house
 * won) and the payment fee (its ppm of the approved deposits, at their decision, and approved
 * withdrawals, at their approval, rounded down). ngr = valid_bets - wins - every d_* column.
 * A SELECT to use as a CTE body or subquery; every column is bigint. With `members`, only those
 * members' rows (the daily figures job recomputing the members that changed).
 */
export function memberRevenueSql(
  start: Date,
  end: Date,
  s: AgentNgrSettings,
  members: readonly number[] | null = null,
): RawBuilder<MemberRevenueRow> {
  const only = (column: string) => amongIds(column, members);
  const manualTypes = s.manual
    ? (Object.keys(MANUAL_ADJUSTMENT_TYPES) as (keyof typeof MANUAL_ADJUSTMENT_TYPES)[]).filter(
        (type) => s[MANUAL_ADJUSTMENT_TYPES[type].setting],
      )
    : [];
  const categories = NGR_CATEGORIES.filter((c) => s[c] && (c !== 'manual' || manualTypes.length > 0));
  const types = categories.flatMap((c) => NGR_POSTING_TYPES[c]);
  const fees = Object.entries(s.providerFeePpm).filter(([, ppm]) => ppm > 0);
  const paymentFee = s.paymentFeePpm > 0;
  const ledger = types.length > 0;

  // The ledger CTE's sums (l.<name>): one per category, the manual one per counted adjustment type.
  // An adjustment posting without a record of its type is a correction, as adjustments before types were.
  const adjustmentType = sql`coalesce(b.type, 'correction')`;
  const sums = categories.flatMap((c) =>
    c === 'manual'
      ? manualTypes.map(
          (type) =>
            sql`sum(e.amount) FILTER (WHERE p.type IN (${sql.join(NGR_POSTING_TYPES.manual)}) AND ${adjustmentType} = ${type})::bigint AS ${sql.ref(MANUAL_ADJUSTMENT_TYPES[type].column)}`,
        )
      : [sql`sum(e.amount) FILTER (WHERE p.type IN (${sql.join(NGR_POSTING_TYPES[c])}))::bigint AS ${sql.ref(c)}`],
  );
  const summed = new Set<string>([
    ...categories.filter((c) => c !== 'manual'),
    ...manualTypes.map((type) => MANUAL_ADJUSTMENT_TYPES[type].column),
  ]);
  const deduction = (name: string) =>
    summed.has(name) ? sql`coalesce(l.${sql.ref(name)}, 0)::bigint` : sql`0::bigint`;
  const manual = categories.includes('manual');
  const providerFee = fees.length > 0 ? sql`coalesce(r.fee, 0)::bigint` : sql`0::bigint`;
  const payFee = paymentFee ? sql`coalesce(pay.fee, 0)::bigint` : sql`0::bigint`;
  // In DEDUCTION_COLUMNS order: the categories (manual as its two types), then the two fees.
  const deductions = [
    ...NGR_CATEGORIES.flatMap((c) =>
      c === 'manual' ? Object.values(MANUAL_ADJUSTMENT_TYPES).map((t) => t.column) : [c],
    ).map(deduction),
    providerFee,
    payFee,
  ];

  const ctes = [
    sql`rv AS (
      SELECT member_id, vendor_code, ${VALID_BET_SUMS}
        FROM vendor_rounds
       WHERE ${validRoundsIn(start, end)}${only('member_id')}
       GROUP BY member_id, vendor_code
    )`,
    fees.length > 0
      ? sql`r AS (
      SELECT rv.member_id, sum(rv.vb)::bigint AS vb, sum(rv.w)::bigint AS w,
             sum(${providerFeeSql('rv.vb', 'rv.w', 'f.ppm')})::bigint AS fee
        FROM rv LEFT JOIN ${providerFeeRates(s)} ON f.vendor_code = rv.vendor_code
       GROUP BY rv.member_id
    )`
      : sql`r AS (SELECT member_id, sum(vb)::bigint AS vb, sum(w)::bigint AS w FROM rv GROUP BY member_id)`,
  ];
  const sources = [sql`SELECT member_id FROM r`];
  if (ledger) {
    ctes.push(sql`l AS (
      SELECT a.member_id, ${sql.join(sums)}
        FROM ledger_postings p
        JOIN ledger_entries e ON e.posting_id = p.id
        JOIN ledger_accounts a ON a.id = e.account_id
        ${manual ? sql`LEFT JOIN balance_adjustments b ON b.posting_id = p.id AND p.type IN (${sql.join(NGR_POSTING_TYPES.manual)})` : sql``}
       WHERE p.type IN (${sql.join(types)}) AND p.created_at >= ${start} AND p.created_at < ${end}
         AND a.kind = 'cash' AND a.member_id IS NOT NULL${only('a.member_id')}
       GROUP BY a.member_id
    )`);
    sources.push(sql`SELECT member_id FROM l`);
  }
  if (paymentFee) {
    ctes.push(sql`pay AS (
      SELECT member_id, floor(sum(amount) * ${s.paymentFeePpm}::bigint / 1000000)::bigint AS fee FROM (
        SELECT member_id, amount FROM deposit_orders
         WHERE status = 'approved' AND decided_at >= ${start} AND decided_at < ${end}${only('member_id')}
        UNION ALL
        SELECT member_id, amount FROM withdrawal_orders
        WHERE approved_at >= ${start} AND approved_at < ${end} AND status <> 'rejected'${only('member_id')}
      ) o GROUP BY member_id
    )`);
    sources.push(sql`SELECT member_id FROM pay`);
  }
  ctes.push(sql`ids AS (${sql.join(sources, sql` UNION `)})`);

  return sql<MemberRevenueRow>`
    WITH ${sql.join(ctes)}
    SELECT x.*, (x.valid_bets - x.wins - ${sql.join(
      DEDUCTION_COLUMNS.map((c) => sql.ref(`x.${c}`)),
      sql` - `,
    )})::bigint AS ngr
      FROM (
        SELECT ids.member_id::bigint AS member_id, coalesce(r.vb, 0)::bigint AS valid_bets,
               coalesce(r.w, 0)::bigint AS wins,
               ${sql.join(deductions.map((d, i) => sql`${d} AS ${sql.ref(DEDUCTION_COLUMNS[i] as string)}`))}
          FROM ids
          LEFT JOIN r ON r.member_id = ids.member_id
          ${ledger ? sql`LEFT JOIN l ON l.member_id = ids.member_id` : sql``}
          ${paymentFee ? sql`LEFT JOIN pay ON pay.member_id = ids.member_id` : sql``}
      ) x`;
}

/**
 * Per member, the figures of the brand days [from, to] as the agent figures keep them
 * (agent_member_days): for settled days the frozen figures (docs/agents.md "Settled periods are
 * frozen"), late data of earlier settled days included in the day it was counted in. The columns
 * of memberRevenueSql; members whose days hold none of these figures (only a registration or a
 * deposit) are left out, as memberRevenueSql leaves them out.
 */
export function dayRevenueSql(from: string, to: string): RawBuilder<MemberRevenueRow> {
  const cols = ['valid_bets', 'wins', ...DEDUCTION_COLUMNS] as const;
  return sql<MemberRevenueRow>`
    SELECT member_id::bigint AS member_id,
           ${sql.join(cols.map((c) => sql`sum(${sql.ref(c)})::bigint AS ${sql.ref(c)}`))},
           sum(${sql.join(
             cols.map((c) => sql.ref(c)),
             sql` - `,
           )})::bigint AS ngr
      FROM agent_member_days
     WHERE day BETWEEN ${from}::date AND ${to}::date
       AND (rounds > 0 OR ${sql.join(
         cols.map((c) => sql`${sql.ref(c)} <> 0`),
         sql` OR `,
       )})
     GROUP BY member_id`;
}

/** A row as numbers (the driver answers bigint as strings). */
export function revenueRowOf(x: Record<keyof MemberRevenueRow, string | number>): MemberRevenueRow {
  return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, Number(v)])) as MemberRevenueRow;
}
