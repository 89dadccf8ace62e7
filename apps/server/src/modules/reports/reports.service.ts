import type {
  CashierReportQuery,
  GamesReportQuery,
  PaymentFeePayoutsQuery,
  PaymentFeesQuery,
  RegistrationsReportQuery,
} from '@gamehall/shared/api/reports';
import { addDays } from '@gamehall/shared/calendar-day';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { countDistinct, emptyRegisters, estimate, mergeSketch } from '../../db/hll';
import { changesFrom } from '../../db/open-transactions';
import { agentNgrKey } from '../agents/agent-stats.service';
import { getBrand } from '../brand/brand.service';
import * as ngr from './net-revenue.queries';
import { dailyNet, liabilities, ngrSettingsOf } from './net-revenue.service';
import type { GameKey, GameTypeKey } from './net-revenue.sql';
import * as q from './reports.queries';

// The job keeps today and yesterday fresh (yesterday: late approvals and rounds settled after
// midnight) and fills in days never computed, a few per run so one run stays short.
const RECENT_DAYS = 2;
const BACKFILL_PER_RUN = 14;
/**
 * A pass over today or yesterday looks for changes recorded since the last pass less this much, or
 * less the age of the oldest transaction running then when that is longer (db/open-transactions.ts).
 */
const CHANGE_MARGIN_MS = 2 * 60_000;
/** A day's rollups are recomputed at least this often, whatever the passes found (a change recorded later than its margin). */
const WHOLE_EVERY_MS = 60 * 60_000;
/**
 * Part of a day's settings key: a day computed before its rows of members' games were kept (migration
 * 0133) has a key without it, so its next pass computes it whole and a pass over changes has those rows.
 */
const ROLLUPS_SHAPE = 'member-games';
/** More changed members than this in a pass: the net revenue rows are recomputed whole (one scan beats many probes). */
const MAX_CHANGED_MEMBERS = 20_000;
// Days before this many ago are not backfilled by the job (a new brand's history is short; an
// old database's can be filled with refreshDays by hand).
const BACKFILL_HORIZON_DAYS = 400;
/** A member counts as online when a session of theirs was used this recently (sessions touch every minute). */
export const ONLINE_WINDOW_MS = 5 * 60_000;
/** Cohort columns: first deposits 0..7 weeks after the registration week began, the last one "7 or more". */
export const COHORT_WEEKS = 8;

async function timeZone(ctx: AppContext): Promise<string> {
  return (await getBrand(ctx.db)).timeZone;
}

/** Recomputes every rollup of one brand-time-zone day; idempotent (same activity, same rows). */
export async function refreshDay(ctx: AppContext, day: q.Day, tz?: string): Promise<void> {
  await refreshDayPass(ctx, day, tz ?? (await timeZone(ctx)), true);
}

/**
 * Has the job recompute, at its next pass, the days from the one holding `from`: for writes dated
 * in the past (the demo's past play), which the passes do not look for.
 */
export async function recountDaysFrom(ctx: AppContext, from: Date): Promise<void> {
  const tz = await timeZone(ctx);
  const first = await q.dayOf(ctx.db, from, tz);
  const today = await q.dayOf(ctx.db, ctx.now(), tz);
  // Under the days' locks, so a pass running meanwhile does not record its look after this.
  await ctx.db.transaction().execute(async (trx: Conn) => {
    for (let day = first; day <= today; day = addDays(day, 1)) await q.lockDay(trx, day);
    await q.forgetPasses(trx, first);
  });
}

/** The job's pass over one open day (refreshDayPass); answers whether it recomputed the day. */
export async function passOverDay(ctx: AppContext, day: q.Day): Promise<boolean> {
  return refreshDayPass(ctx, day, await timeZone(ctx), false);
}

/**
 * A pass over a day: its rollups are recomputed unless `always` is false and nothing they read
 * changed since the day's last pass (less the margin), with the same settings and time zone, and
 * they were computed within WHOLE_EVERY_MS. The net revenue rows of a member are recomputed only
 * for the members that changed, unless a member moved to another upline or more than
 * MAX_CHANGED_MEMBERS changed; so are their rows of the day's games (report_daily_member_games),
 * and the per-game rollups (the games report's and the net revenue's) and the per-type ones are
 * summed again from those rows for the games (and their types) whose rows moved; the per-day
 * rollups are recomputed whole. Answers whether it computed
 * them (whole or over the changes).
 */
async function refreshDayPass(ctx: AppContext, day: q.Day, zone: string, always: boolean): Promise<boolean> {
  const settings = await ngrSettingsOf(ctx, day);
  const settingsKey = `${agentNgrKey(settings, zone)}|${ROLLUPS_SHAPE}`;
  return ctx.db.transaction().execute(async (trx: Conn) => {
    await q.lockDay(trx, day);
    const stamp = ctx.now();
    // Measured before the pass reads anything: a transaction still open now may commit meanwhile.
    const next = await changesFrom(trx, stamp, CHANGE_MARGIN_MS);
    const last = always ? null : await q.dayPass(trx, day);
    const passable =
      last !== null &&
      last.changesFrom !== null &&
      last.settingsKey === settingsKey &&
      stamp >= last.refreshedAt &&
      stamp.getTime() - last.computedAt.getTime() < WHOLE_EVERY_MS;
    const changed = passable ? await q.changedSince(trx, day, zone, last.changesFrom ?? stamp) : null;
    const moved = (changed?.agents.length ?? 0) > 0;
    if (changed && changed.members.length === 0 && !moved) {
      await q.markPass(trx, day, stamp, next, null);
      return false;
    }
    const members = changed && !moved && changed.members.length <= MAX_CHANGED_MEMBERS ? changed.members : null;
    await q.dayWorkMemory(trx);
    const touched = await q.refreshMemberGames(trx, day, zone, members);
    const games = members === null ? null : touched;
    await q.refreshGames(trx, day, stamp, games);
    await q.refreshGameTypes(trx, day, stamp, games === null ? null : typesOf(games));
    await q.refreshCashier(trx, day, zone, stamp);
    await q.refreshCohorts(trx, day, zone, stamp);
    await q.refreshTotals(trx, day, zone, stamp);
    await ngr.refreshNetRevenue(trx, day, zone, stamp, settings, members, games);
    // A pass over the members that changed keeps the time the day was last computed whole: the
    // hourly recompute (WHOLE_EVERY_MS) runs from it.
    await q.markPass(trx, day, stamp, next, members === null ? { settingsKey } : null);
    return true;
  });
}

/** The game types of these games, once each. */
function typesOf(games: readonly GameKey[]): GameTypeKey[] {
  const seen = new Map(games.map((g) => [`${g.vendor_code}\u0000${g.game_type}`, g]));
  return [...seen.values()].map((g) => ({ vendor_code: g.vendor_code, game_type: g.game_type }));
}

/**
 * The ranges of the net revenue report summed ahead (net-revenue.queries.ts buildRange): today,
 * yesterday, the last 7 and 30 days (the console's default range) and the month so far, so
 * ranking members or games over one of them reads a row per member or game, not one per day.
 */
export function ngrRanges(today: q.Day): ngr.Range[] {
  const all = [
    { from: today, to: today },
    { from: addDays(today, -1), to: addDays(today, -1) },
    { from: addDays(today, -6), to: today },
    { from: addDays(today, -29), to: today },
    { from: `${today.slice(0, 8)}01`, to: today },
  ];
  return all.filter((r, i) => all.findIndex((o) => o.from === r.from && o.to === r.to) === i);
}

async function lockDays(trx: Conn, range: ngr.Range) {
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) await q.lockDay(trx, day);
}

/**
 * Builds the wanted ranges not summed yet and drops those no longer wanted (yesterday's last 30
 * days, once today starts), each under its days' locks so no recompute of a day runs in between.
 */
export async function keepNgrRanges(ctx: AppContext, today: q.Day) {
  const wanted = ngrRanges(today);
  const same = (a: ngr.Range, b: ngr.Range) => a.from === b.from && a.to === b.to;
  const have = await ngr.ranges(ctx.db);
  for (const r of have.filter((h) => !wanted.some((w) => same(w, h))))
    await ctx.db.transaction().execute(async (trx: Conn) => {
      await lockDays(trx, r);
      await ngr.dropRange(trx, r.id);
    });
  for (const w of wanted.filter((x) => !have.some((h) => same(x, h))))
    await ctx.db.transaction().execute(async (trx: Conn) => {
      await lockDays(trx, w);
      // Another refresh may have built it while this one waited for the locks.
      if ((await ngr.rangeId(trx, w.from, w.to)) === null) await ngr.buildRange(trx, w, ctx.now());
    });
}

/** The rollup job's work: recent days, then missing ones; returns the days it computed. */
export async function refreshRollups(ctx: AppContext): Promise<q.Day[]> {
  const tz = await timeZone(ctx);
  const today = await q.dayOf(ctx.db, ctx.now(), tz);
  const recent = Array.from({ length: RECENT_DAYS }, (_, i) => addDays(today, -i));
  const first = await q.firstActivityDay(ctx.db, tz);
  const horizon = addDays(today, -BACKFILL_HORIZON_DAYS);
  const from = first && first > horizon ? first : horizon;
  const before = addDays(today, -RECENT_DAYS);
  const missing = first && from <= before ? await q.missingDays(ctx.db, from, before, BACKFILL_PER_RUN) : [];
  const days = [...recent, ...missing];
  for (const day of recent) await refreshDayPass(ctx, day, tz, false);
  for (const day of missing) await refreshDay(ctx, day, tz);
  await keepNgrRanges(ctx, today);
  await ngr.refreshLiabilities(ctx.db, (await getBrand(ctx.db)).currency, ctx.now());
  return days;
}

// ---- dashboard

type Figures = {
  registrations: number;
  firstDepositors: number;
  depositOrders: number;
  depositAmount: number;
  withdrawalOrders: number;
  withdrawalAmount: number;
  rounds: number;
  betAmount: number;
  winAmount: number;
  ggr: number;
  activePlayers: number;
  ngrGgr: number;
  deductions: number;
  ngr: number;
};

type Net = { ggr: number; deductions: number };

function latest(at: Date | string, other: Date | null): Date {
  const a = new Date(at);
  return other && other > a ? other : a;
}

function figuresOf(rows: q.TotalsRow[], net: Net[] = []): Figures {
  const f = {
    registrations: 0,
    firstDepositors: 0,
    depositOrders: 0,
    depositAmount: 0,
    withdrawalOrders: 0,
    withdrawalAmount: 0,
    rounds: 0,
    betAmount: 0,
    winAmount: 0,
  };
  for (const r of rows) {
    f.registrations += r.registrations;
    f.firstDepositors += r.first_depositors;
    f.depositOrders += r.deposit_orders;
    f.depositAmount += r.deposit_amount;
    f.withdrawalOrders += r.withdrawal_orders;
    f.withdrawalAmount += r.withdrawal_amount;
    f.rounds += r.rounds;
    f.betAmount += r.bet_amount;
    f.winAmount += r.win_amount;
  }
  // One day's count is exact; over several days the sketches count each player once.
  const activePlayers =
    rows.length === 1 ? (rows[0]?.active_players ?? 0) : countDistinct(rows.map((r) => r.players_hll));
  // NGR is the net revenue report's: its GGR (valid rounds, at their close) minus its deductions.
  const ngrGgr = net.reduce((a, n) => a + n.ggr, 0);
  const deductions = net.reduce((a, n) => a + n.deductions, 0);
  return { ...f, ggr: f.betAmount - f.winAmount, activePlayers, ngrGgr, deductions, ngr: ngrGgr - deductions };
}

export type Dashboard = Awaited<ReturnType<typeof dashboard>>;

export async function dashboard(ctx: AppContext) {
  const now = ctx.now();
  const tz = await timeZone(ctx);
  const today = await q.dayOf(ctx.readDb, now, tz);
  const from = addDays(today, -29);
  // The figures come from the replica (context.ts readDb); the pending work stays on the primary:
  // the console reads the dashboard again on each cashier event, and must count the order it announced.
  const [rows, net, online, pending, owed, passed] = await Promise.all([
    q.totalsBetween(ctx.readDb, from, today),
    dailyNet(ctx, from, today),
    q.onlineMembers(ctx.readDb, new Date(now.getTime() - ONLINE_WINDOW_MS), now),
    q.pendingWork(ctx.db),
    liabilities(ctx),
    q.passedAt(ctx.readDb, today),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const todayRow = byDay.get(today);
  const days = Array.from({ length: 30 }, (_, i) => addDays(from, i));
  const netOf = (day: string) => {
    const n = net.get(day);
    return n ? [n] : [];
  };
  return {
    timeZone: tz,
    today,
    // A pass that found nothing changed leaves the rows' stamps: the figures are as of the pass.
    refreshedAt: todayRow ? latest(todayRow.refreshed_at, passed) : null,
    todayFigures: figuresOf(todayRow ? [todayRow] : [], netOf(today)),
    last30Days: figuresOf(rows, [...net.values()]),
    daily: days.map((day) => ({
      day,
      ...figuresOf(byDay.has(day) ? [byDay.get(day) as q.TotalsRow] : [], netOf(day)),
    })),
    onlineNow: online,
    pending,
    liabilities: owed,
  };
}

// ---- reports

type Range = { from: q.Day; to: q.Day };

function rtpOf(bet: number, win: number): number | null {
  return bet === 0 ? null : Math.round((win / bet) * 10_000) / 100;
}

export async function gamesReport(ctx: AppContext, query: GamesReportQuery) {
  const filter: q.GameFilter = { from: query.from, to: query.to, vendor: query.vendor, gameType: query.gameType };
  const sort = { column: query.sort, order: query.order };
  const [page, totalRows] = await Promise.all([
    q.gameReportPage(ctx.readDb, query.groupBy, filter, sort, query),
    q.gameTypeRows(ctx.readDb, filter, query.groupBy),
  ]);
  const isGame = query.groupBy === 'game';
  const keys = page.rows.map((r) => r.key);
  // Day, vendor and game-type groups take their sketches from the per-type rows already read;
  // games read their own, for the page's games only.
  const [sketches, names] = await Promise.all([
    isGame ? q.gameSketches(ctx.readDb, filter, keys) : Promise.resolve(totalRows),
    isGame
      ? q.gameNames(
          ctx.readDb,
          page.rows.map((r) => ({ vendor: r.vendor_code ?? '', code: r.game_code ?? '' })),
        )
      : Promise.resolve(new Map<string, string>()),
  ]);
  const onPage = new Set(keys);
  const players = new Map<string, { rows: number; exact: number; registers: Uint8Array }>();
  for (const s of sketches) {
    if (s.key === null || !onPage.has(s.key)) continue;
    const p = players.get(s.key) ?? { rows: 0, exact: 0, registers: emptyRegisters() };
    p.rows++;
    p.exact = s.players;
    mergeSketch(p.registers, s.players_hll);
    players.set(s.key, p);
  }
  const uniqueOf = (key: string) => {
    const p = players.get(key);
    if (!p) return 0;
    return p.rows === 1 ? p.exact : estimate(p.registers);
  };
  const sum = (f: (r: (typeof totalRows)[number]) => number) => totalRows.reduce((a, r) => a + f(r), 0);
  const bet = sum((r) => r.bet_amount);
  const win = sum((r) => r.win_amount);
  return {
    rows: page.rows.map((r) => ({
      ...r,
      name: r.vendor_code && r.game_code ? (names.get(`${r.vendor_code}:${r.game_code}`) ?? null) : null,
      ggr: r.bet_amount - r.win_amount,
      rtp: rtpOf(r.bet_amount, r.win_amount),
      unique_players: uniqueOf(r.key),
    })),
    total: page.total,
    totals: {
      rounds: sum((r) => r.rounds),
      bet_amount: bet,
      win_amount: win,
      ggr: bet - win,
      rtp: rtpOf(bet, win),
      unique_players:
        totalRows.length === 1 ? (totalRows[0]?.players ?? 0) : countDistinct(totalRows.map((r) => r.players_hll)),
    },
  };
}

/** The cashier report, with the balance adjustments of each day and of the range beside the orders. */
export async function cashierReport(ctx: AppContext, query: CashierReportQuery) {
  const range: Range = { from: query.from, to: query.to };
  const [page, adjustments] = await Promise.all([
    q.cashierReportPage(ctx.readDb, query.groupBy, range, { column: query.sort, order: query.order }, query),
    ngr.adjustmentDays(ctx.readDb, range.from, range.to),
  ]);
  const byDay = new Map(adjustments.map((a) => [a.day, a]));
  const none = { count: 0, credits: 0, debits: 0 };
  const total = adjustments.reduce(
    (t, a) => ({ count: t.count + a.count, credits: t.credits + a.credits, debits: t.debits + a.debits }),
    none,
  );
  return {
    ...page,
    rows: page.rows.map((r) => ({ ...r, adjustments: query.groupBy === 'day' ? (byDay.get(r.key) ?? none) : null })),
    adjustments: total,
  };
}

/**
 * The payment fees of [from, to] (docs/back-office.md "Payment fees"): by day from the NGR rollup
 * (so each day and the total are the NGR report's payment fee), or by paying account from the
 * payouts themselves, with the rate's fees (no account) as a row of their own; the totals are the
 * rollup's either way.
 */
export async function paymentFees(ctx: AppContext, query: PaymentFeesQuery) {
  const tz = (await getBrand(ctx.readDb)).timeZone;
  const days = await ngr.paymentFeeDays(ctx.readDb, query.from, query.to, tz);
  const totals = days.reduce(
    (t, d) => ({
      payouts: t.payouts + d.payouts,
      payoutFees: t.payoutFees + d.total - d.rate,
      rateFees: t.rateFees + d.rate,
    }),
    { payouts: 0, payoutFees: 0, rateFees: 0 },
  );
  const rows =
    query.groupBy === 'day'
      ? days.map((d) => ({
          key: d.day,
          accountId: null,
          accountLabel: null,
          payouts: d.payouts,
          payoutFees: d.total - d.rate,
          rateFees: d.rate as number | null,
        }))
      : [
          ...(await ngr.payoutFeeAccounts(ctx.readDb, query.from, query.to, tz)).map((a) => ({
            key: a.accountId === null ? 'none' : String(a.accountId),
            accountId: a.accountId,
            accountLabel: a.label,
            payouts: a.payouts,
            payoutFees: a.fees,
            rateFees: null as number | null,
          })),
          ...(totals.rateFees > 0
            ? [
                {
                  key: 'rate',
                  accountId: null,
                  accountLabel: null,
                  payouts: 0,
                  payoutFees: 0,
                  rateFees: totals.rateFees,
                },
              ]
            : []),
        ];
  return { rows, totals };
}

export async function paymentFeePayouts(ctx: AppContext, query: PaymentFeePayoutsQuery) {
  const tz = (await getBrand(ctx.readDb)).timeZone;
  return ngr.payoutFeeRows(ctx.readDb, query, tz, query);
}

export async function registrationsReport(ctx: AppContext, query: RegistrationsReportQuery) {
  const range: Range = { from: query.from, to: query.to };
  const [page, cohorts] = await Promise.all([
    q.registrationPage(ctx.readDb, query.groupBy, range, { column: query.sort, order: query.order }, query),
    q.cohortWeeks(ctx.readDb, range),
  ]);
  const weeks = new Map<string, { registrations: number; byWeek: number[] }>();
  const weekOf = (week: string) => {
    let w = weeks.get(week);
    if (!w) {
      w = { registrations: 0, byWeek: Array.from({ length: COHORT_WEEKS }, () => 0) };
      weeks.set(week, w);
    }
    return w;
  };
  for (const r of cohorts.registered) weekOf(r.week).registrations += r.registrations;
  for (const d of cohorts.deposited) {
    const w = weekOf(d.week);
    const i = Math.min(Math.max(d.offset, 0), COHORT_WEEKS - 1);
    w.byWeek[i] = (w.byWeek[i] ?? 0) + d.members;
  }
  return {
    ...page,
    cohorts: [...weeks.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([week, w]) => ({ week, ...w, firstDepositors: w.byWeek.reduce((a, n) => a + n, 0) })),
  };
}
