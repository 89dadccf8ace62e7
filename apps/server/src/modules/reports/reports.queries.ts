import { AGENT_ACCOUNT_TYPES, MEMBER_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import { type RawBuilder, sql } from 'kysely';
import { brandDayBounds } from '../../db/brand-days';
import type { Conn } from '../../db/database';
import { pageOffset } from '../../http/paging';
import { FIGURE_POSTING_TYPES, figureChangesSql, groupChanges } from '../agents/figure-changes.sql';
import { amongIds, VALID_BET_SUMS, validRoundsIn } from '../agents/member-revenue.sql';
import { amongKeys, COST_POSTING_TYPES, differs, type GameKey, type GameTypeKey, staleKeys } from './net-revenue.sql';
import type {} from './reports.tables';

// Reports aggregate what other areas record: rounds (vendor_rounds, written by vendor-gateway),
// deposit and withdrawal orders (cashier), members and sessions (accounts). Reading their tables
// here, and only for aggregation, is the one exception to "areas call each other through
// services": going through those services would mean loading every row into the process. This
// file never writes another area's table; it writes only the report_daily_* rollups.

/** A brand-time-zone day as 'YYYY-MM-DD'. */
export type Day = string;

/**
 * The postings made in a day that change its rollups: what the agents' figures read, the agent
 * commissions (the operator's cost), and a round's bets and wins (the games report counts a round
 * from when it opens, with its win so far). A bet or win in a later day on a round opened in this
 * one, and still open, is seen by the hourly recompute (reports.service.ts WHOLE_EVERY_MS).
 */
const ROLLUP_POSTING_TYPES = [
  ...new Set([...FIGURE_POSTING_TYPES, ...COST_POSTING_TYPES.commission, 'bet.vendor', 'win.vendor']),
];

// Who counts as a registration: members and agents, not trial players nor operators (type 90).
const REGISTERED_TYPES = [MEMBER_ACCOUNT_TYPE, ...AGENT_ACCOUNT_TYPES];
// Withdrawals have one method: to the member's bank account (payment_methods kind 'withdrawal').
const WITHDRAWAL_METHOD = 'WITHDRAWAL';

function dayStart(day: Day, tz: string): RawBuilder<Date> {
  return sql<Date>`(${day}::date::timestamp AT TIME ZONE ${tz})`;
}
function dayEnd(day: Day, tz: string): RawBuilder<Date> {
  return sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE ${tz})`;
}

/** The brand-time-zone day of an instant. */
export async function dayOf(db: Conn, at: Date, tz: string): Promise<Day> {
  const r = await sql<{ day: string }>`SELECT (${at}::timestamptz AT TIME ZONE ${tz})::date::text AS day`.execute(db);
  return r.rows[0]?.day ?? '';
}

/**
 * The sketch (hll.ts) of each group of `keys` over the relation `r` (which has member_id):
 * register = low 10 bits of hashint8(member_id), rank = 23 - bit length of the other 22 bits.
 */
function sketchCte(keys: string[]) {
  const k = sql.raw(keys.join(', '));
  return sql`sk AS (
    SELECT ${k}, array_agg(((idx << 5) | rnk)::smallint ORDER BY idx) AS hll
    FROM (
      SELECT ${k}, idx, max(rnk) AS rnk FROM (
        SELECT ${k}, (h & 1023) AS idx, 23 - length(ltrim(((h >> 10)::bit(22))::text, '0')) AS rnk
        FROM (SELECT DISTINCT ${k}, hashint8(member_id) AS h FROM r) d
      ) x GROUP BY ${k}, idx
    ) y GROUP BY ${k}
  )`;
}

/**
 * The day's rounds (rolled-back ones bet nothing) of these members (every member's when null); open
 * rounds count with their win so far.
 */
function roundsOfDay(day: Day, tz: string, members: readonly number[] | null) {
  return sql`r AS (
    SELECT vendor_code, game_type, game_code, member_id, node_id, bet_amount, win_amount
    FROM vendor_rounds
    WHERE created_at >= ${dayStart(day, tz)} AND created_at < ${dayEnd(day, tz)} AND status <> 'rolled_back'${amongIds('member_id', members)}
  )`;
}

// Each refresh writes the day's rows with one stamp (upsert by key), then deletes the day's rows
// the upsert did not touch (a key with no activity any more): running it twice gives the same rows.
// The per-game and per-type rows (a row per game played that day: thousands) are written only where
// a figure differs, and the keys no longer computed are deleted in the same statement: the job
// passes over today every few minutes, and rewriting every row of the day each time left as many
// dead rows for vacuum and as much WAL. Their refreshed_at is when their figures were last written.
// They are summed from report_daily_member_games (a row per member and game of the day, migration
// 0133), whose rows a pass over the day's changes rewrites for the members that changed only.

const MEMBER_GAME_FIGURES = ['node_id', 'rounds', 'bet_amount', 'win_amount', 'valid_rounds', 'valid_bet', 'valid_win'];

/**
 * Rewrites the day's rows of report_daily_member_games of these members (every member's when null)
 * from their rounds opened in the day and their rounds closed in it, and answers the games whose rows
 * moved (a row new, gone or with a figure that differs): only those games' rollups can have changed.
 */
export async function refreshMemberGames(
  trx: Conn,
  day: Day,
  tz: string,
  members: readonly number[] | null,
): Promise<GameKey[]> {
  const keys = 'vendor_code, game_type, game_code, member_id';
  const k = sql.raw(keys);
  const r = await sql<GameKey>`
    WITH ${roundsOfDay(day, tz, members)},
    opened AS (
      SELECT ${k}, max(node_id) AS node_id, count(*) AS rounds, sum(bet_amount)::bigint AS bet_amount,
        sum(win_amount)::bigint AS win_amount
      FROM r GROUP BY ${k}
    ),
    valid AS (
      SELECT ${k}, max(node_id) AS node_id, count(*) AS valid_rounds, ${VALID_BET_SUMS}
      FROM vendor_rounds WHERE ${validRoundsIn(dayStart(day, tz), dayEnd(day, tz))}${amongIds('member_id', members)}
      GROUP BY ${k}
    ),
    computed AS MATERIALIZED (
      SELECT ${k}, greatest(o.node_id, v.node_id) AS node_id, coalesce(o.rounds, 0) AS rounds,
        coalesce(o.bet_amount, 0) AS bet_amount, coalesce(o.win_amount, 0) AS win_amount,
        coalesce(v.valid_rounds, 0) AS valid_rounds, coalesce(v.vb, 0) AS valid_bet, coalesce(v.w, 0) AS valid_win
      FROM opened o FULL JOIN valid v USING (${k})
    ),
    stale AS (${staleKeys(
      sql`SELECT ${k} FROM report_daily_member_games WHERE day = ${day}::date${amongIds('member_id', members)}`,
      sql`SELECT ${k} FROM computed`,
      keys,
    )}),
    gone AS (
      DELETE FROM report_daily_member_games g USING stale s
      WHERE g.day = ${day}::date AND g.vendor_code = s.vendor_code AND g.game_type = s.game_type
        AND g.game_code = s.game_code AND g.member_id = s.member_id
      RETURNING g.vendor_code, g.game_type, g.game_code
    ),
    written AS (
      INSERT INTO report_daily_member_games AS g (day, ${k}, ${sql.raw(MEMBER_GAME_FIGURES.join(', '))})
      SELECT ${day}::date, c.* FROM computed c
      ON CONFLICT (day, ${k}) DO UPDATE SET ${sql.raw(MEMBER_GAME_FIGURES.map((f) => `${f} = excluded.${f}`).join(', '))}
        WHERE ${differs('g', 'excluded', MEMBER_GAME_FIGURES)}
      RETURNING g.vendor_code, g.game_type, g.game_code
    )
    SELECT DISTINCT vendor_code, game_type, game_code FROM (SELECT * FROM gone UNION ALL SELECT * FROM written) x
  `.execute(trx);
  return r.rows;
}

/**
 * The day's member rows of these games (every game's when null) with rounds opened in the day, as the
 * games rollups' relation `r`.
 */
function memberGamesOfDay(day: Day, keys: readonly GameKey[] | readonly GameTypeKey[] | null) {
  return sql`r AS (
    SELECT day, vendor_code, game_type, game_code, member_id, node_id, rounds, bet_amount, win_amount
    FROM report_daily_member_games m WHERE m.day = ${day}::date AND m.rounds > 0${amongKeys('m', keys)}
  )`;
}

/** The figures of a per-game rollup row; a row is rewritten only when one of them differs. */
const GAME_ROLLUP_FIGURES = ['rounds', 'bet_amount', 'win_amount', 'players', 'players_hll'] as const;

/** Sums the day's per-game rows again for these games (every game when null) from their member rows. */
export async function refreshGames(trx: Conn, day: Day, stamp: Date, games: readonly GameKey[] | null) {
  if (games !== null && games.length === 0) return;
  await sql`
    WITH ${memberGamesOfDay(day, games)}, ${sketchCte(['day', 'vendor_code', 'game_type', 'game_code'])},
    computed AS MATERIALIZED (
      SELECT a.day, a.vendor_code, a.game_type, a.game_code, a.node_id, a.rounds, a.bet_amount, a.win_amount, a.players,
        sk.hll AS players_hll
      FROM (
        SELECT day, vendor_code, game_type, game_code, max(node_id) AS node_id, sum(rounds)::bigint AS rounds,
          sum(bet_amount)::bigint AS bet_amount, sum(win_amount)::bigint AS win_amount, count(*)::int AS players
        FROM r GROUP BY day, vendor_code, game_type, game_code
      ) a JOIN sk USING (day, vendor_code, game_type, game_code)
    ),
    gone AS (
      DELETE FROM report_daily_games g WHERE g.day = ${day}::date${amongKeys('g', games)} AND NOT EXISTS (
        SELECT 1 FROM computed c
        WHERE c.vendor_code = g.vendor_code AND c.game_type = g.game_type AND c.game_code = g.game_code)
    )
    INSERT INTO report_daily_games
      (day, vendor_code, game_type, game_code, node_id, rounds, bet_amount, win_amount, players, players_hll, refreshed_at)
    SELECT c.*, ${stamp}::timestamptz FROM computed c
    LEFT JOIN report_daily_games g ON g.day = c.day AND g.vendor_code = c.vendor_code AND g.game_type = c.game_type
      AND g.game_code = c.game_code
    WHERE g.day IS NULL OR ${differs('g', 'c', ['node_id', ...GAME_ROLLUP_FIGURES])}
    ON CONFLICT (day, vendor_code, game_type, game_code) DO UPDATE SET
      node_id = excluded.node_id, rounds = excluded.rounds, bet_amount = excluded.bet_amount,
      win_amount = excluded.win_amount, players = excluded.players, players_hll = excluded.players_hll,
      refreshed_at = excluded.refreshed_at
  `.execute(trx);
}

/** Sums the day's per-type rows again for these types (every type when null) from their member rows. */
export async function refreshGameTypes(trx: Conn, day: Day, stamp: Date, types: readonly GameTypeKey[] | null) {
  if (types !== null && types.length === 0) return;
  await sql`
    WITH ${memberGamesOfDay(day, types)}, ${sketchCte(['day', 'vendor_code', 'game_type'])},
    computed AS MATERIALIZED (
      SELECT a.day, a.vendor_code, a.game_type, a.rounds, a.bet_amount, a.win_amount, a.players, sk.hll AS players_hll
      FROM (
        SELECT day, vendor_code, game_type, sum(rounds)::bigint AS rounds,
          sum(bet_amount)::bigint AS bet_amount, sum(win_amount)::bigint AS win_amount,
          count(DISTINCT member_id)::int AS players
        FROM r GROUP BY day, vendor_code, game_type
      ) a JOIN sk USING (day, vendor_code, game_type)
    ),
    gone AS (
      DELETE FROM report_daily_game_types g WHERE g.day = ${day}::date${amongKeys('g', types)} AND NOT EXISTS (
        SELECT 1 FROM computed c WHERE c.vendor_code = g.vendor_code AND c.game_type = g.game_type)
    )
    INSERT INTO report_daily_game_types
      (day, vendor_code, game_type, rounds, bet_amount, win_amount, players, players_hll, refreshed_at)
    SELECT c.*, ${stamp}::timestamptz FROM computed c
    LEFT JOIN report_daily_game_types g ON g.day = c.day AND g.vendor_code = c.vendor_code AND g.game_type = c.game_type
    WHERE g.day IS NULL OR ${differs('g', 'c', GAME_ROLLUP_FIGURES)}
    ON CONFLICT (day, vendor_code, game_type) DO UPDATE SET
      rounds = excluded.rounds, bet_amount = excluded.bet_amount, win_amount = excluded.win_amount,
      players = excluded.players, players_hll = excluded.players_hll, refreshed_at = excluded.refreshed_at
  `.execute(trx);
}

/** Approved deposits by the day they were approved; withdrawals by the day they were approved (money left). */
export async function refreshCashier(trx: Conn, day: Day, tz: string, stamp: Date) {
  await sql`
    INSERT INTO report_daily_cashier (day, method_code, kind, orders, amount, refreshed_at)
    SELECT ${day}::date, method_code, 'deposit', count(*), sum(amount)::bigint, ${stamp}::timestamptz
    FROM deposit_orders
    WHERE status = 'approved' AND decided_at >= ${dayStart(day, tz)} AND decided_at < ${dayEnd(day, tz)}
    GROUP BY method_code
    UNION ALL
    SELECT ${day}::date, ${WITHDRAWAL_METHOD}, 'withdrawal', count(*), sum(amount)::bigint, ${stamp}::timestamptz
    FROM withdrawal_orders
    -- A payout a provider failed returned the money (rejected, approved_at kept): not withdrawn.
    WHERE approved_at >= ${dayStart(day, tz)} AND approved_at < ${dayEnd(day, tz)} AND status <> 'rejected'
    HAVING count(*) > 0
    ON CONFLICT (day, method_code, kind) DO UPDATE SET
      orders = excluded.orders, amount = excluded.amount, refreshed_at = excluded.refreshed_at
  `.execute(trx);
  await trx.deleteFrom('report_daily_cashier').where('day', '=', day).where('refreshed_at', '<>', stamp).execute();
}

/** First deposits approved on `day`, by the day their member registered (the cohort). */
export async function refreshCohorts(trx: Conn, day: Day, tz: string, stamp: Date) {
  await sql`
    INSERT INTO report_daily_cohorts (registration_day, first_deposit_day, members, amount, refreshed_at)
    SELECT (m.created_at AT TIME ZONE ${tz})::date, ${day}::date, count(*), sum(d.amount)::bigint, ${stamp}::timestamptz
    FROM deposit_orders d JOIN members m ON m.id = d.member_id
    WHERE d.status = 'approved' AND d.first_deposit
      AND d.decided_at >= ${dayStart(day, tz)} AND d.decided_at < ${dayEnd(day, tz)}
    GROUP BY 1
    ON CONFLICT (first_deposit_day, registration_day) DO UPDATE SET
      members = excluded.members, amount = excluded.amount, refreshed_at = excluded.refreshed_at
  `.execute(trx);
  await trx
    .deleteFrom('report_daily_cohorts')
    .where('first_deposit_day', '=', day)
    .where('refreshed_at', '<>', stamp)
    .execute();
}

/** The day's totals; reads the day's game and cashier rollups, so it runs after them. */
export async function refreshTotals(trx: Conn, day: Day, tz: string, stamp: Date) {
  await sql`
    INSERT INTO report_daily_totals
      (day, registrations, first_depositors, first_deposit_amount, deposit_orders, deposit_amount,
       withdrawal_orders, withdrawal_amount, rounds, bet_amount, win_amount, active_players, players_hll, refreshed_at)
    WITH ${memberGamesOfDay(day, null)}, ${sketchCte(['day'])}
    SELECT ${day}::date,
      (SELECT count(*) FROM members WHERE created_at >= ${dayStart(day, tz)} AND created_at < ${dayEnd(day, tz)}
        AND type IN (${sql.join(REGISTERED_TYPES)}))::int,
      coalesce((SELECT sum(members) FROM report_daily_cohorts WHERE first_deposit_day = ${day}::date), 0)::int,
      coalesce((SELECT sum(amount) FROM report_daily_cohorts WHERE first_deposit_day = ${day}::date), 0)::bigint,
      coalesce((SELECT sum(orders) FROM report_daily_cashier WHERE day = ${day}::date AND kind = 'deposit'), 0)::int,
      coalesce((SELECT sum(amount) FROM report_daily_cashier WHERE day = ${day}::date AND kind = 'deposit'), 0)::bigint,
      coalesce((SELECT sum(orders) FROM report_daily_cashier WHERE day = ${day}::date AND kind = 'withdrawal'), 0)::int,
      coalesce((SELECT sum(amount) FROM report_daily_cashier WHERE day = ${day}::date AND kind = 'withdrawal'), 0)::bigint,
      coalesce((SELECT sum(rounds) FROM report_daily_game_types WHERE day = ${day}::date), 0)::bigint,
      coalesce((SELECT sum(bet_amount) FROM report_daily_game_types WHERE day = ${day}::date), 0)::bigint,
      coalesce((SELECT sum(win_amount) FROM report_daily_game_types WHERE day = ${day}::date), 0)::bigint,
      (SELECT count(DISTINCT member_id) FROM r)::int,
      coalesce((SELECT hll FROM sk), '{}'::smallint[]),
      ${stamp}::timestamptz
    ON CONFLICT (day) DO UPDATE SET
      registrations = excluded.registrations, first_depositors = excluded.first_depositors,
      first_deposit_amount = excluded.first_deposit_amount, deposit_orders = excluded.deposit_orders,
      deposit_amount = excluded.deposit_amount, withdrawal_orders = excluded.withdrawal_orders,
      withdrawal_amount = excluded.withdrawal_amount, rounds = excluded.rounds, bet_amount = excluded.bet_amount,
      win_amount = excluded.win_amount, active_players = excluded.active_players, players_hll = excluded.players_hll,
      refreshed_at = excluded.refreshed_at
  `.execute(trx);
}

/** The job's last pass over the day, or null (never computed since migration 0132). */
export async function dayPass(db: Conn, day: Day) {
  const row = await db
    .selectFrom('report_day_passes')
    .select(['refreshed_at', 'computed_at', 'changes_from', 'settings_key'])
    .where('day', '=', day)
    .executeTakeFirst();
  if (!row) return null;
  return {
    refreshedAt: new Date(row.refreshed_at),
    computedAt: new Date(row.computed_at),
    changesFrom: row.changes_from === null ? null : new Date(row.changes_from),
    settingsKey: row.settings_key,
  };
}

/** When the job last passed over the day (its figures are up to date as of then), or null. */
export async function passedAt(db: Conn, day: Day): Promise<Date | null> {
  const row = await db.selectFrom('report_day_passes').select('refreshed_at').where('day', '=', day).executeTakeFirst();
  return row ? new Date(row.refreshed_at) : null;
}

/** Records a pass over the day; `computed` when it computed the day's rollups whole, with their settings. */
export async function markPass(
  trx: Conn,
  day: Day,
  stamp: Date,
  changesFrom: Date,
  computed: { settingsKey: string } | null,
) {
  const pass = { refreshed_at: stamp, changes_from: changesFrom };
  if (computed === null) {
    await trx.updateTable('report_day_passes').set(pass).where('day', '=', day).execute();
    return;
  }
  const all = { ...pass, computed_at: stamp, settings_key: computed.settingsKey };
  await trx
    .insertInto('report_day_passes')
    .values({ day, ...all })
    .onConflict((oc) => oc.column('day').doUpdateSet(all))
    .execute();
}

/** The days from `from` on are recomputed at their next pass. */
export async function forgetPasses(db: Conn, from: Day) {
  await db.updateTable('report_day_passes').set({ changes_from: null }).where('day', '>=', from).execute();
}

/**
 * What the day's rollups read that changed since `since` (figure-changes.sql.ts, with rounds counted
 * from when they open, commissions, bets and wins, and payouts): the members it concerns, and the
 * old uplines of members moved to another upline (a move changes the top agent of a whole team).
 */
export async function changedSince(db: Conn, day: Day, tz: string, since: Date) {
  const changes = figureChangesSql(
    since,
    { day, ...(await brandDayBounds(db, day, day, tz)) },
    { postingTypes: ROLLUP_POSTING_TYPES, roundsOpened: true, payouts: true },
  );
  return groupChanges((await changes.execute(db)).rows);
}

/** Serialises refreshes of one day (two nodes, or the job and a backfill) until the transaction ends. */
export async function lockDay(trx: Conn, day: Day) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`reports.day:${day}`}, 0))`.execute(trx);
}

/**
 * Memory for the day's aggregations, for the transaction only: at scale the per-member ones hold a
 * few hundred thousand groups, and with the default work_mem (4 MB) each spilled to disk in batches.
 */
export async function dayWorkMemory(trx: Conn) {
  await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
}

/** The first day anything happened (the earliest member), or null on an empty database. */
export async function firstActivityDay(db: Conn, tz: string): Promise<Day | null> {
  const r = await sql<{ day: string | null }>`
    SELECT (min(created_at) AT TIME ZONE ${tz})::date::text AS day FROM members`.execute(db);
  return r.rows[0]?.day ?? null;
}

/** Days in [from, to] with no totals or net revenue row yet, oldest first. */
export async function missingDays(db: Conn, from: Day, to: Day, limit: number): Promise<Day[]> {
  const r = await sql<{ day: string }>`
    SELECT g::date::text AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') g
    WHERE NOT EXISTS (SELECT 1 FROM report_daily_totals t WHERE t.day = g::date)
       OR NOT EXISTS (SELECT 1 FROM report_daily_ngr n WHERE n.day = g::date)
    ORDER BY g LIMIT ${limit}`.execute(db);
  return r.rows.map((row) => row.day);
}

// ---- reads (reports and the dashboard)

export type TotalsRow = {
  day: string;
  registrations: number;
  first_depositors: number;
  first_deposit_amount: number;
  deposit_orders: number;
  deposit_amount: number;
  withdrawal_orders: number;
  withdrawal_amount: number;
  rounds: number;
  bet_amount: number;
  win_amount: number;
  active_players: number;
  players_hll: number[];
  refreshed_at: Date;
};

export async function totalsBetween(db: Conn, from: Day, to: Day): Promise<TotalsRow[]> {
  return db
    .selectFrom('report_daily_totals')
    .select([
      sql<string>`day::text`.as('day'),
      'registrations',
      'first_depositors',
      'first_deposit_amount',
      'deposit_orders',
      'deposit_amount',
      'withdrawal_orders',
      'withdrawal_amount',
      'rounds',
      'bet_amount',
      'win_amount',
      'active_players',
      'players_hll',
      'refreshed_at',
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

export type Sort = { column: string; order: 'asc' | 'desc' };
export type Paging = { pageNo: number; pageSize: number };

export type GameGroup = 'day' | 'vendor' | 'gameType' | 'game';
export type GameFilter = { from: Day; to: Day; vendor?: string | undefined; gameType?: string | undefined };
export type GameReportRow = {
  key: string;
  vendor_code: string | null;
  game_type: string | null;
  game_code: string | null;
  rounds: number;
  bet_amount: number;
  win_amount: number;
};

const GAME_KEYS: Record<GameGroup, string[]> = {
  day: ['day'],
  vendor: ['vendor_code'],
  gameType: ['game_type'],
  game: ['vendor_code', 'game_type', 'game_code'],
};

// Sortable columns of the report grids (schema names -> SQL); rtp is a ratio with no value when nothing was bet.
const GAME_SORT: Record<string, string> = {
  key: 'key',
  rounds: 'rounds',
  betAmount: 'bet_amount',
  winAmount: 'win_amount',
  ggr: '(bet_amount - win_amount)',
  rtp: 'CASE WHEN bet_amount = 0 THEN NULL ELSE win_amount::float8 / bet_amount END',
};

function orderBy(map: Record<string, string>, sort: Sort) {
  const column = map[sort.column] ?? 'key';
  const dir = sort.order === 'asc' ? 'ASC' : 'DESC';
  return sql.raw(`${column} ${dir} NULLS LAST, key ${dir}`);
}

function gameSource(group: GameGroup) {
  // Game-level rows only for the game grouping: everything else reads the far smaller per-type table.
  return sql.raw(group === 'game' ? 'report_daily_games' : 'report_daily_game_types');
}

function gameWhere(f: GameFilter) {
  return sql`day >= ${f.from}::date AND day <= ${f.to}::date
    ${f.vendor ? sql`AND vendor_code = ${f.vendor}` : sql``}
    ${f.gameType ? sql`AND game_type = ${f.gameType}` : sql``}`;
}

function gameKeyColumns(group: GameGroup) {
  switch (group) {
    case 'day':
      return sql.raw(`day::text AS key, NULL::text AS vendor_code, NULL::text AS game_type, NULL::text AS game_code`);
    case 'vendor':
      return sql.raw(`vendor_code AS key, vendor_code, NULL::text AS game_type, NULL::text AS game_code`);
    case 'gameType':
      return sql.raw(`game_type AS key, NULL::text AS vendor_code, game_type, NULL::text AS game_code`);
    case 'game':
      return sql.raw(`vendor_code || ':' || game_code AS key, vendor_code, game_type, game_code`);
  }
}

/** One page of the game report's groups, sorted, and the number of groups. */
export async function gameReportPage(
  db: Conn,
  group: GameGroup,
  filter: GameFilter,
  sort: Sort,
  page: Paging,
): Promise<{ rows: GameReportRow[]; total: number }> {
  const keys = sql.raw(GAME_KEYS[group].join(', '));
  const grouped = sql`
    SELECT ${gameKeyColumns(group)}, sum(rounds)::bigint AS rounds,
      sum(bet_amount)::bigint AS bet_amount, sum(win_amount)::bigint AS win_amount
    FROM ${gameSource(group)} WHERE ${gameWhere(filter)} GROUP BY ${keys}`;
  // One aggregation: the number of groups comes with the page (a window over the grouped rows).
  const r = await sql<GameReportRow & { groups: number }>`
    SELECT *, count(*) OVER ()::int AS groups FROM (${grouped}) g ORDER BY ${orderBy(GAME_SORT, sort)}
    LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`.execute(db);
  const first = r.rows[0];
  // Past the last page no row carries the count: ask for it (rare: a stale page number).
  const total =
    first?.groups ??
    (page.pageNo > 1
      ? ((
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${gameSource(group)}
            WHERE ${gameWhere(filter)} GROUP BY ${keys}) g`.execute(db)
        ).rows[0]?.n ?? 0)
      : 0);
  return { rows: r.rows.map(({ groups: _, ...row }) => row), total };
}

// Sketches travel as comma-separated text: node-pg's generic array parser costs several times
// more than a split for the thousands of 1,024-element sketches of a 30-day range.
function parseSketch(text: string | null): number[] {
  return text ? text.split(',').map(Number) : [];
}

const GROUP_KEY: Record<GameGroup, string> = {
  day: 'day::text',
  vendor: 'vendor_code',
  gameType: 'game_type',
  game: `vendor_code || ':' || game_code`,
};

/** The game-level sketches of the given games (keys as gameReportPage names them) over the range. */
export async function gameSketches(
  db: Conn,
  filter: GameFilter,
  keys: string[],
): Promise<{ key: string; players: number; players_hll: number[] }[]> {
  if (keys.length === 0) return [];
  const keyExpr = sql.raw(GROUP_KEY.game);
  const r = await sql<{ key: string; players: number; hll: string | null }>`
    SELECT ${keyExpr} AS key, players, array_to_string(players_hll, ',') AS hll FROM report_daily_games
    WHERE ${gameWhere(filter)} AND ${keyExpr} IN (${sql.join(keys)})`.execute(db);
  return r.rows.map((row) => ({ key: row.key, players: row.players, players_hll: parseSketch(row.hll) }));
}

/**
 * Every per-type row of the filtered range, keyed as `group` names its groups (a game grouping gets
 * no key): the grid's footer, and the sketches of the day, vendor and game-type groupings.
 */
export async function gameTypeRows(db: Conn, filter: GameFilter, group: GameGroup) {
  const keyExpr = sql.raw(group === 'game' ? 'NULL::text' : GROUP_KEY[group]);
  const r = await sql<{
    key: string | null;
    rounds: number;
    bet_amount: number;
    win_amount: number;
    players: number;
    hll: string | null;
  }>`
    SELECT ${keyExpr} AS key, rounds, bet_amount, win_amount, players, array_to_string(players_hll, ',') AS hll
    FROM report_daily_game_types WHERE ${gameWhere(filter)}`.execute(db);
  return r.rows.map(({ hll, ...row }) => ({ ...row, players_hll: parseSketch(hll) }));
}

/** Display names of games (vendor_code:game_code -> name). */
export async function gameNames(db: Conn, keys: { vendor: string; code: string }[]) {
  if (keys.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('games')
    .select(['vendor_code', 'game_code', 'name'])
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('vendor_code', '=', k.vendor), eb('game_code', '=', k.code)]))))
    .execute();
  return new Map(rows.map((r) => [`${r.vendor_code}:${r.game_code}`, r.name]));
}

export type CashierGroup = 'day' | 'method';
export type CashierReportRow = {
  key: string;
  method_code: string | null;
  method_name: string | null;
  deposit_orders: number;
  deposit_amount: number;
  withdrawal_orders: number;
  withdrawal_amount: number;
};

const CASHIER_SORT: Record<string, string> = {
  key: 'key',
  depositOrders: 'deposit_orders',
  depositAmount: 'deposit_amount',
  withdrawalOrders: 'withdrawal_orders',
  withdrawalAmount: 'withdrawal_amount',
  net: '(deposit_amount - withdrawal_amount)',
};

function cashierGrouped(group: CashierGroup, from: Day, to: Day) {
  const key =
    group === 'day'
      ? sql.raw('c.day::text AS key, NULL::text AS method_code, NULL::text AS method_name')
      : sql.raw('c.method_code AS key, c.method_code, max(pm.name) AS method_name');
  const by = sql.raw(group === 'day' ? 'c.day' : 'c.method_code');
  return sql`
    SELECT ${key},
      coalesce(sum(c.orders) FILTER (WHERE c.kind = 'deposit'), 0)::bigint AS deposit_orders,
      coalesce(sum(c.amount) FILTER (WHERE c.kind = 'deposit'), 0)::bigint AS deposit_amount,
      coalesce(sum(c.orders) FILTER (WHERE c.kind = 'withdrawal'), 0)::bigint AS withdrawal_orders,
      coalesce(sum(c.amount) FILTER (WHERE c.kind = 'withdrawal'), 0)::bigint AS withdrawal_amount
    FROM report_daily_cashier c LEFT JOIN payment_methods pm ON pm.code = c.method_code
    WHERE c.day >= ${from}::date AND c.day <= ${to}::date
    GROUP BY ${by}`;
}

export async function cashierReportPage(
  db: Conn,
  group: CashierGroup,
  range: { from: Day; to: Day },
  sort: Sort,
  page: Paging,
): Promise<{ rows: CashierReportRow[]; total: number; totals: CashierReportRow | undefined }> {
  const grouped = cashierGrouped(group, range.from, range.to);
  const [rows, count, totals] = await Promise.all([
    sql<CashierReportRow>`SELECT * FROM (${grouped}) g ORDER BY ${orderBy(CASHIER_SORT, sort)}
      LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${grouped}) g`.execute(db),
    sql<CashierReportRow>`SELECT 'total' AS key, NULL AS method_code, NULL AS method_name,
      coalesce(sum(deposit_orders), 0)::bigint AS deposit_orders, coalesce(sum(deposit_amount), 0)::bigint AS deposit_amount,
      coalesce(sum(withdrawal_orders), 0)::bigint AS withdrawal_orders,
      coalesce(sum(withdrawal_amount), 0)::bigint AS withdrawal_amount
      FROM (${grouped}) g`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0, totals: totals.rows[0] };
}

export type RegistrationGroup = 'day' | 'week';
export type RegistrationRow = {
  key: string;
  registrations: number;
  first_depositors: number;
  first_deposit_amount: number;
};

const REGISTRATION_SORT: Record<string, string> = {
  key: 'key',
  registrations: 'registrations',
  firstDepositors: 'first_depositors',
  firstDepositAmount: 'first_deposit_amount',
};

export async function registrationPage(
  db: Conn,
  group: RegistrationGroup,
  range: { from: Day; to: Day },
  sort: Sort,
  page: Paging,
): Promise<{ rows: RegistrationRow[]; total: number }> {
  // Weeks start on Monday (ISO), as PostgreSQL's date_trunc('week').
  const key = sql.raw(group === 'day' ? 'day::text' : `date_trunc('week', day)::date::text`);
  const grouped = sql`
    SELECT ${key} AS key, sum(registrations)::int AS registrations, sum(first_depositors)::int AS first_depositors,
      sum(first_deposit_amount)::bigint AS first_deposit_amount
    FROM report_daily_totals WHERE day >= ${range.from}::date AND day <= ${range.to}::date GROUP BY 1`;
  const [rows, count] = await Promise.all([
    sql<RegistrationRow>`SELECT * FROM (${grouped}) g ORDER BY ${orderBy(REGISTRATION_SORT, sort)}
      LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${grouped}) g`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/**
 * Registration-week cohorts of [from, to]: members registered that week, and how many made their
 * first deposit 0, 1, 2, ... weeks after the week began (up to today, whatever `to` says).
 */
export async function cohortWeeks(db: Conn, range: { from: Day; to: Day }) {
  const [registered, deposited] = await Promise.all([
    sql<{ week: string; registrations: number }>`
      SELECT date_trunc('week', day)::date::text AS week, sum(registrations)::int AS registrations
      FROM report_daily_totals WHERE day >= ${range.from}::date AND day <= ${range.to}::date GROUP BY 1`.execute(db),
    sql<{ week: string; offset: number; members: number; amount: number }>`
      SELECT date_trunc('week', registration_day)::date::text AS week,
        ((first_deposit_day - date_trunc('week', registration_day)::date) / 7)::int AS offset,
        sum(members)::int AS members, sum(amount)::bigint AS amount
      FROM report_daily_cohorts
      WHERE registration_day >= ${range.from}::date AND registration_day <= ${range.to}::date
      GROUP BY 1, 2`.execute(db),
  ]);
  return { registered: registered.rows, deposited: deposited.rows };
}

// ---- live counters of the dashboard (cheap: partial indexes of migration 0024)

export async function onlineMembers(db: Conn, since: Date, now: Date): Promise<number> {
  const r = await db
    .selectFrom('sessions')
    .select(sql<number>`count(DISTINCT member_id)::int`.as('n'))
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>', since)
    .where('expires_at', '>', now)
    .where('area', '<>', 'admin')
    .executeTakeFirst();
  return r?.n ?? 0;
}

export async function pendingWork(db: Conn) {
  const r = await sql<{ deposits: number; withdrawals: number; bank_accounts: number }>`
    SELECT
      (SELECT count(*) FROM deposit_orders WHERE status = 'pending' AND method_kind = 'bank_transfer')::int AS deposits,
      (SELECT count(*) FROM withdrawal_orders WHERE status = 'pending')::int AS withdrawals,
      (SELECT count(*) FROM member_bank_accounts WHERE status = 'pending')::int AS bank_accounts`.execute(db);
  return r.rows[0] ?? { deposits: 0, withdrawals: 0, bank_accounts: 0 };
}
