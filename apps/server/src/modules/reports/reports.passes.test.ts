import { addDays } from '@gamehall/shared/calendar-day';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound, twoVendorGames } from '../../test/game-factories';
import { clearOfMidnight, createTestApp, type TestApp } from '../../test/harness';
import { createSessionMember } from '../../test/programmes';
import { brandDefaults, setBrandSetting } from '../brand/brand.service';
import { call } from '../cashier/cashier.fixtures';
import { dayOf } from './reports.queries';
import { refreshDay, refreshRollups } from './reports.service';

// The rollup job's passes over today and yesterday leave a day with no change as it is, and
// recompute it when anything it reads changed since the last pass.

let t: TestApp;
let admin: string;
let today: string;
let unfreeze: () => void;
const TZ = 'Asia/Manila';
const PASS = 121_000;

beforeAll(async () => {
  t = await createTestApp();
  // The passes' stamps are the clock's time: the tests tell what a pass wrote by them.
  unfreeze = t.freeze();
  // The passes and the hourly recompute move the clock about an hour and a half through the file.
  clearOfMidnight(t, TZ, 3);
  admin = await adminToken(t.app);
  await ensureVendorIntegrations(t.ctx);
  today = await dayOf(t.ctx.db, t.ctx.now(), TZ);
});
afterAll(async () => {
  unfreeze();
  await t.close();
});

/**
 * A pass of the job, one period after the last. The first one also a minute on: rows the database
 * stamps itself (a member's registration) carry its own clock, which runs on from the frozen one
 * while the test sets up; the second pass must not see them as changes after the first.
 */
let passes = 0;
async function pass(): Promise<Date> {
  t.advance(PASS + (passes++ === 0 ? 60_000 : 0));
  const stamp = t.ctx.now();
  await refreshRollups(t.ctx);
  return stamp;
}

/** When today's and yesterday's rollups were last computed. */
async function computedAt(): Promise<Record<string, number>> {
  const r = await sql<{ day: string; computed_at: Date }>`
    SELECT day::text AS day, computed_at FROM report_day_passes WHERE day >= ${addDays(today, -1)}::date`.execute(
    t.ctx.db,
  );
  return Object.fromEntries(r.rows.map((row) => [row.day, new Date(row.computed_at).getTime()]));
}

/** When today's and yesterday's last passes ran. */
async function passedAt(): Promise<Record<string, number>> {
  const r = await sql<{ day: string; refreshed_at: Date }>`
    SELECT day::text AS day, refreshed_at FROM report_day_passes WHERE day >= ${addDays(today, -1)}::date`.execute(
    t.ctx.db,
  );
  return Object.fromEntries(r.rows.map((row) => [row.day, new Date(row.refreshed_at).getTime()]));
}

/** Today's rows of a rollup table in `order`, without the times they were written. */
function todayRows(table: string, order: string) {
  return sql<
    Record<string, unknown>
  >`SELECT * FROM ${sql.table(table)} WHERE day = ${today}::date ORDER BY ${sql.raw(order)}`
    .execute(t.ctx.db)
    .then((r) => r.rows.map(({ refreshed_at: _, ...x }) => x));
}

/** Today's rows of every net revenue rollup, without the times they were written. */
async function ngrTables() {
  return {
    members: await todayRows('report_daily_ngr_members', 'member_id'),
    memberVendors: await todayRows('report_daily_ngr_member_vendors', 'member_id, vendor_code'),
    agents: await todayRows('report_daily_ngr_agents', 'agent_id'),
    vendors: await todayRows('report_daily_ngr_vendors', 'vendor_code'),
    games: await todayRows('report_daily_ngr_games', 'vendor_code, game_type, game_code'),
    total: await todayRows('report_daily_ngr', 'day'),
    // The ranges summed ahead (today's, the last 7 and 30 days', the month's) take each day's changes.
    memberRanges: (await sql`SELECT * FROM report_ngr_range_members ORDER BY range_id, member_id`.execute(t.ctx.db))
      .rows,
    gameRanges: (
      await sql`SELECT * FROM report_ngr_range_games ORDER BY range_id, vendor_code, game_type, game_code`.execute(
        t.ctx.db,
      )
    ).rows,
    rangeCounts: (await sql`SELECT id, members FROM report_ngr_ranges ORDER BY id`.execute(t.ctx.db)).rows,
  };
}

/** Today's rows of the games rollups and the day's totals, without the times they were written. */
async function gameTables() {
  return {
    memberGames: await todayRows('report_daily_member_games', 'vendor_code, game_type, game_code, member_id'),
    games: await todayRows('report_daily_games', 'vendor_code, game_type, game_code'),
    types: await todayRows('report_daily_game_types', 'vendor_code, game_type'),
    totals: await todayRows('report_daily_totals', 'day'),
  };
}

async function todayFigures() {
  const res = await call(t, 'GET', '/admin/dashboard', admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.todayFigures as { rounds: number; betAmount: number; registrations: number };
}

describe('the rollup job on today and yesterday', () => {
  it('leaves a day with no change as it is, and recomputes one where a round opened', async () => {
    const [g1] = await twoVendorGames(t.ctx);
    const m = await createSessionMember(t);
    await insertRound(t.ctx, { memberId: m.id, nodeId: g1.node_id, bet: 1_000, win: 0, at: t.ctx.now() });
    const first = await pass();
    const computed = await computedAt();
    expect(computed[today]).toBe(first.getTime());
    const figures = await todayFigures();

    // Nothing new: the pass reads a few indexes and writes its time only.
    await pass();
    expect(await computedAt()).toEqual(computed);
    expect(await todayFigures()).toEqual(figures);

    // A round opened (an open round counts with its win so far): today is recomputed over what
    // changed (its time computed whole stays), yesterday not at all.
    await insertRound(t.ctx, { memberId: m.id, nodeId: g1.node_id, bet: 2_500, status: 'open', at: t.ctx.now() });
    const third = await pass();
    expect(await computedAt()).toEqual(computed);
    expect((await passedAt())[today]).toBe(third.getTime());
    expect(await todayFigures()).toMatchObject({ rounds: figures.rounds + 1, betAmount: figures.betAmount + 25 });
  });

  it('recomputes the net revenue of the members that changed only, and agrees with the day computed whole', async () => {
    const [g1, g2] = await twoVendorGames(t.ctx);
    const [m1, m2, m3] = [await createMember(t.ctx), await createMember(t.ctx), await createMember(t.ctx)];
    const closed = (memberId: number, nodeId: number, bet: number, win: number) =>
      insertRound(t.ctx, { memberId, nodeId, bet, win, at: t.ctx.now() });
    await closed(m1.id, g1.node_id, 1_000, 300);
    await closed(m2.id, g2.node_id, 2_000, 0);
    await refreshDay(t.ctx, today);
    await pass();
    const betOf = async (memberId: number) =>
      Number(
        (
          await t.ctx.db
            .selectFrom('report_daily_ngr_members')
            .select('bet_amount')
            .where('day', '=', today)
            .where('member_id', '=', memberId)
            .executeTakeFirst()
        )?.bet_amount ?? -1,
      );
    // A stored row made wrong on purpose shows which rows a pass recomputes.
    const m2Bet = await betOf(m2.id);
    const tamper = (by: number) =>
      sql`UPDATE report_daily_ngr_members SET bet_amount = bet_amount + ${by}
        WHERE day = ${today}::date AND member_id = ${m2.id}`.execute(t.ctx.db);
    await tamper(1);

    // m1 plays again and m3 plays for the first time: their rows are recomputed, m2's is not.
    await closed(m1.id, g2.node_id, 4_000, 9_000);
    await closed(m3.id, g1.node_id, 500, 0);
    await pass();
    expect(await betOf(m1.id)).toBe(5_000);
    expect(await betOf(m3.id)).toBe(500);
    expect(await betOf(m2.id)).toBe(m2Bet + 1);

    // With the stored row put right, the next pass over changes leaves what a whole recompute makes.
    await tamper(-1);
    await closed(m1.id, g1.node_id, 700, 0);
    await pass();
    const overChanges = await ngrTables();
    const gamesOverChanges = await gameTables();
    expect(overChanges.memberRanges.length).toBeGreaterThan(0);
    await refreshDay(t.ctx, today);
    expect(await ngrTables()).toEqual(overChanges);
    expect(await gameTables()).toEqual(gamesOverChanges);
    expect(await betOf(m1.id)).toBe(5_700);
  });

  it('sums again only the games whose members changed, and agrees with the day computed whole', async () => {
    const [g1, g2] = await twoVendorGames(t.ctx);
    const [m1, m2] = [await createMember(t.ctx), await createMember(t.ctx)];
    const play = (memberId: number, nodeId: number, bet: number, win: number) =>
      insertRound(t.ctx, { memberId, nodeId, bet, win, at: t.ctx.now() });
    await play(m1.id, g1.node_id, 1_000, 0);
    await play(m2.id, g2.node_id, 2_000, 500);
    await pass();
    const gameRow = (nodeId: number) =>
      t.ctx.db
        .selectFrom('report_daily_games')
        .select(['rounds', 'bet_amount', 'players'])
        .where('day', '=', today)
        .where('node_id', '=', nodeId)
        .executeTakeFirstOrThrow();
    // A stored game row made wrong on purpose shows which games a pass sums again.
    const g2Row = await gameRow(g2.node_id);
    await sql`UPDATE report_daily_games SET rounds = rounds + 100 WHERE day = ${today}::date AND node_id = ${g2.node_id}`.execute(
      t.ctx.db,
    );
    const g1Row = await gameRow(g1.node_id);

    // m1 plays g1 again and m2 plays g1 for the first time: g1 is summed again, g2 is not.
    await play(m1.id, g1.node_id, 300, 0);
    await play(m2.id, g1.node_id, 400, 1_200);
    await pass();
    expect(await gameRow(g1.node_id)).toEqual({
      rounds: Number(g1Row.rounds) + 2,
      bet_amount: Number(g1Row.bet_amount) + 700,
      players: g1Row.players + 1,
    });
    expect(Number((await gameRow(g2.node_id)).rounds)).toBe(Number(g2Row.rounds) + 100);

    // A whole recompute puts g2 right; the rollups a pass over changes kept are what it makes.
    await sql`UPDATE report_daily_games SET rounds = rounds - 100 WHERE day = ${today}::date AND node_id = ${g2.node_id}`.execute(
      t.ctx.db,
    );
    // A rolled-back round bets nothing: m2's only round of g2 goes, and with it m2's row of g2.
    await sql`UPDATE vendor_rounds SET status = 'rolled_back' WHERE member_id = ${m2.id} AND node_id = ${g2.node_id}`.execute(
      t.ctx.db,
    );
    await play(m2.id, g1.node_id, 100, 0);
    await pass();
    const overChanges = await gameTables();
    await refreshDay(t.ctx, today);
    expect(await gameTables()).toEqual(overChanges);
    expect(overChanges.memberGames.some((r) => Number(r.member_id) === m2.id && Number(r.node_id) === g2.node_id)).toBe(
      false,
    );
  });

  it('recomputes a day when a setting it was computed with changes, and at least hourly', async () => {
    await pass();
    const before = await computedAt();
    const changed = await pass();
    expect(await computedAt()).toEqual(before);
    await setBrandSetting(t.ctx.db, 'agentNgr', { ...brandDefaults.agentNgr, paymentFeePpm: 10_000 });
    const settings = await pass();
    expect((await computedAt())[today]).toBe(settings.getTime());
    expect(settings.getTime()).toBeGreaterThan(changed.getTime());
    await setBrandSetting(t.ctx.db, 'agentNgr', brandDefaults.agentNgr);
    await pass();
    t.advance(60 * 60_000);
    const hourly = await pass();
    expect((await computedAt())[today]).toBe(hourly.getTime());
    expect((await computedAt())[addDays(today, -1)]).toBe(hourly.getTime());
  });
});
