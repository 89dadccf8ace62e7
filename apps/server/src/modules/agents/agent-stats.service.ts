import { addDays } from '@gamehall/shared/calendar-day';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
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
    const written = await q.refreshMemberDays(trx, day, zone, stamp, ngr);
    await q.analyzeMemberDays(trx, written);
    await q.refreshTeamDays(trx, day, stamp);
    await q.markDay(trx, day, stamp);
    if (opts.settle) await q.insertSettledDay(trx, day, zone, ngr, stamp);
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
  const days = [...recent, ...missing].filter((d) => !settled.has(d));
  for (const day of days) await refreshAgentDay(ctx, day, tz);
  return days;
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
