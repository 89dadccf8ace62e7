import { addDays } from '@gamehall/shared/calendar-day';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { changesFrom } from '../../db/open-transactions';
import { BrandSettingsSchema, getBrand } from '../brand/brand.service';
import * as q from './agent-stats.queries';
import { type AgentNgrSettings, agentNgrSettings } from './member-revenue.sql';

// The job keeps today and yesterday fresh (yesterday: rounds closed and orders approved around
// midnight) and fills in days never computed, a few per run so one run stays short. A settled day
// (a dividend settlement used it, docs/agents.md "Settled periods are frozen") is never computed
// again: what changes in it later is carried into today.
const RECENT_DAYS = 2;
const BACKFILL_PER_RUN = 14;
const BACKFILL_HORIZON_DAYS = 400;
/**
 * A pass looks for changes recorded since the last pass less this much, or less the age of the
 * oldest transaction running then when that is longer: a change is found by the time it was
 * recorded at, which its transaction stamps before it commits (or the request before it begins).
 */
const CHANGE_MARGIN_MS = 2 * 60_000;
/**
 * An open day is computed whole at least this often, whatever the passes found: a backstop for a
 * change recorded with a time older than the margin (a transaction open longer than that).
 */
const WHOLE_EVERY_MS = 60 * 60_000;
/** More changed members than this in a pass: the day is computed whole (one scan beats many probes). */
const MAX_CHANGED = 20_000;
/** Upline changes are kept this long for the passes (then every open day's pass has seen them). */
const TREE_CHANGES_KEPT_MS = 2 * 86_400_000;
/** Settled days that ended this recently are looked at for late data on every run. */
const LATE_RECENT_MS = 3 * 86_400_000;
/** Older settled days looked at per run, the longest unchecked first (all of them, in turn). */
const LATE_OLDER_PER_RUN = 4;

/** A settled day's stored settings, read with today's defaults for keys added since. */
export function storedNgr(raw: unknown): AgentNgrSettings {
  return BrandSettingsSchema.shape.agentNgr.parse(raw ?? {});
}

/**
 * Recomputes one brand-time-zone day's member and team figures; idempotent. A settled day is left
 * as it was settled. `settle` settles it (the dividend settlement, before it reads the day): its
 * figures are computed once more with `ngr` (the brand's settings when not given) and frozen.
 */
export async function refreshAgentDay(
  ctx: AppContext,
  day: q.Day,
  tz?: string,
  opts: { ngr?: AgentNgrSettings; settle?: boolean } = {},
): Promise<void> {
  const brand = await getBrand(ctx.db);
  const zone = tz ?? brand.timeZone;
  const ngr = opts.ngr ?? agentNgrSettings(brand);
  await ctx.db.transaction().execute(async (trx: Conn) => {
    await q.lockDay(trx, day);
    if ((await q.settledDays(trx, day, day)).length > 0) return;
    const stamp = ctx.now();
    await computeWhole(trx, day, zone, stamp, await changesFrom(trx, stamp, CHANGE_MARGIN_MS), ngr);
    if (opts.settle) await q.insertSettledDay(trx, day, zone, ngr, stamp);
  });
}

/**
 * Computes the day whole. `next`: where the next pass looks for changes from, measured before this
 * one reads anything (a transaction still open then may commit while it reads).
 */
async function computeWhole(trx: Conn, day: q.Day, zone: string, stamp: Date, next: Date, ngr: AgentNgrSettings) {
  const written = await q.refreshMemberDays(trx, day, zone, stamp, ngr);
  await q.analyzeMemberDays(trx, written);
  await q.refreshTeamDays(trx, day, stamp);
  await q.markDay(trx, day, stamp, next, { ngrKey: agentNgrKey(ngr, zone) });
}

/** The settings (and the time zone the days are cut in) as a key that does not depend on the order of their fields. */
export function agentNgrKey(ngr: AgentNgrSettings, zone: string): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;
  return `${zone} ${JSON.stringify(canonical(ngr))}`;
}

/**
 * The job's pass over an open day: the members that changed since the day's last pass (less the
 * margin) have their rows recomputed, and their agents' team rows; nothing changed, nothing is
 * written but the pass's time. The day is computed whole when it never was, when the settings it was
 * computed with changed, when the clock went back, when too many members changed, and at least
 * every WHOLE_EVERY_MS. Answers whether it computed the day whole.
 */
export async function refreshOpenDay(ctx: AppContext, day: q.Day, zone: string, ngr: AgentNgrSettings) {
  return ctx.db.transaction().execute(async (trx: Conn) => {
    await q.lockDay(trx, day);
    if ((await q.settledDays(trx, day, day)).length > 0) return false;
    const stamp = ctx.now();
    const next = await changesFrom(trx, stamp, CHANGE_MARGIN_MS);
    const last = await q.dayPass(trx, day);
    const key = agentNgrKey(ngr, zone);
    const whole =
      !last?.fullAt ||
      !last.changesFrom ||
      last.ngrKey !== key ||
      stamp < last.refreshedAt ||
      stamp.getTime() - last.fullAt.getTime() >= WHOLE_EVERY_MS;
    const changed = whole ? null : await q.changedSince(trx, day, zone, last.changesFrom ?? stamp);
    if (changed === null || changed.members.length > MAX_CHANGED) {
      await computeWhole(trx, day, zone, stamp, next, ngr);
      return true;
    }
    if (changed.members.length > 0) await q.refreshMemberDays(trx, day, zone, stamp, ngr, changed.members);
    const agents = await q.teamsOf(trx, changed.members, changed.agents);
    if (agents.length > 0) await q.refreshTeamDays(trx, day, stamp, agents);
    await q.markDay(trx, day, stamp, next);
    return false;
  });
}

/**
 * Has the job compute whole, at its next pass, the open days from the one holding `from`: for
 * writes dated in the past (the demo's past play), which the passes over changes do not look for.
 */
export async function recountAgentDaysFrom(ctx: AppContext, from: Date): Promise<void> {
  const tz = (await getBrand(ctx.db)).timeZone;
  const first = await q.dayOf(ctx.db, from, tz);
  const today = await q.dayOf(ctx.db, ctx.now(), tz);
  // Under the days' locks, so a pass running meanwhile does not record its look after this.
  await ctx.db.transaction().execute(async (trx: Conn) => {
    for (let day = first; day <= today; day = addDays(day, 1)) await q.lockDay(trx, day);
    await q.forgetPasses(trx, first);
  });
}

/**
 * Carries the late data of one settled day into `into` (an open day), under both days' locks; a
 * day settled meanwhile is not written into (the next run carries into the next open day).
 * Answers the member rows carried.
 */
async function carryLateOf(ctx: AppContext, settled: q.SettledDay, into: q.Day): Promise<number> {
  return ctx.db.transaction().execute(async (trx: Conn) => {
    for (const day of [settled.day, into].sort()) await q.lockDay(trx, day);
    if ((await q.settledDays(trx, into, into)).length > 0) return 0;
    return q.carryLate(trx, settled, into, storedNgr(settled.ngr), ctx.now());
  });
}

/** The job's work: late data of settled days into today, recent days, then missing ones; returns the days it computed. */
export async function refreshAgentStats(ctx: AppContext): Promise<q.Day[]> {
  const tz = (await getBrand(ctx.db)).timeZone;
  const today = await q.dayOf(ctx.db, ctx.now(), tz);
  for (const settled of await q.lateCheckDays(
    ctx.db,
    new Date(ctx.now().getTime() - LATE_RECENT_MS),
    LATE_OLDER_PER_RUN,
  ))
    if (settled.day < today) await carryLateOf(ctx, settled, today);
  const recent = Array.from({ length: RECENT_DAYS }, (_, i) => addDays(today, -i));
  const first = await q.firstActivityDay(ctx.db, tz);
  const horizon = addDays(today, -BACKFILL_HORIZON_DAYS);
  const from = first && first > horizon ? first : horizon;
  const before = addDays(today, -RECENT_DAYS);
  const missing = first && from <= before ? await q.missingDays(ctx.db, from, before, BACKFILL_PER_RUN) : [];
  const settled = new Set((await q.settledDays(ctx.db, addDays(today, -RECENT_DAYS), today)).map((d) => d.day));
  const ngr = agentNgrSettings(await getBrand(ctx.db));
  const open = recent.filter((d) => !settled.has(d));
  for (const day of open) await refreshOpenDay(ctx, day, tz, ngr);
  for (const day of missing) await refreshAgentDay(ctx, day, tz, { ngr });
  await q.pruneTreeChanges(ctx.db, new Date(ctx.now().getTime() - TREE_CHANGES_KEPT_MS));
  return [...open, ...missing];
}

export type MemberFigures = Awaited<ReturnType<typeof q.memberFigureSums>>['lifetime'];

/**
 * One member's computed figures (the member page's summary): over every day and over the days from
 * `since` on, with when the job last computed `today` (null: not yet). Valid bets and wins count
 * closed rounds at their close, deposits at approval, withdrawals at approval (docs/agents.md).
 */
export async function memberFigures(db: Conn, memberId: number, since: q.Day, today: q.Day) {
  const [sums, asOf] = await Promise.all([q.memberFigureSums(db, memberId, since), q.dayRefreshedAt(db, today)]);
  return { lifetime: sums.lifetime, recent: sums.since, asOf };
}
