import { addDays } from '@gamehall/shared/calendar-day';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { getBrand } from '../brand/brand.service';
import * as q from './agent-stats.queries';
import { agentNgrSettings } from './member-revenue.sql';

// The job keeps today and yesterday fresh (yesterday: rounds closed and orders approved around
// midnight) and fills in days never computed, a few per run so one run stays short.
const RECENT_DAYS = 2;
const BACKFILL_PER_RUN = 14;
const BACKFILL_HORIZON_DAYS = 400;

/** Recomputes one brand-time-zone day's member and team figures; idempotent. */
export async function refreshAgentDay(ctx: AppContext, day: q.Day, tz?: string): Promise<void> {
  const brand = await getBrand(ctx.db);
  const zone = tz ?? brand.timeZone;
  await ctx.db.transaction().execute(async (trx: Conn) => {
    await q.lockDay(trx, day);
    const stamp = ctx.now();
    const written = await q.refreshMemberDays(trx, day, zone, stamp, agentNgrSettings(brand));
    await q.analyzeMemberDays(trx, written);
    await q.refreshTeamDays(trx, day, stamp);
    await q.markDay(trx, day, stamp);
  });
}

/** The job's work: recent days, then missing ones; returns the days it computed. */
export async function refreshAgentStats(ctx: AppContext): Promise<q.Day[]> {
  const tz = (await getBrand(ctx.db)).timeZone;
  const today = await q.dayOf(ctx.db, ctx.now(), tz);
  const recent = Array.from({ length: RECENT_DAYS }, (_, i) => addDays(today, -i));
  const first = await q.firstActivityDay(ctx.db, tz);
  const horizon = addDays(today, -BACKFILL_HORIZON_DAYS);
  const from = first && first > horizon ? first : horizon;
  const before = addDays(today, -RECENT_DAYS);
  const missing = first && from <= before ? await q.missingDays(ctx.db, from, before, BACKFILL_PER_RUN) : [];
  const days = [...recent, ...missing];
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
