import { addDays } from '@gamehall/shared/calendar-day';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { ensureVendorIntegrations, insertRound, twoVendorGames } from '../../test/game-factories';
import { clearOfMidnight, createTestApp, type TestApp } from '../../test/harness';
import { createSessionMember } from '../../test/programmes';
import { brandDefaults, setBrandSetting } from '../brand/brand.service';
import { call } from '../cashier/cashier.fixtures';
import { dayOf } from './reports.queries';
import { refreshRollups } from './reports.service';

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

    // A round opened (an open round counts with its win so far): today is recomputed, yesterday not.
    await insertRound(t.ctx, { memberId: m.id, nodeId: g1.node_id, bet: 2_500, status: 'open', at: t.ctx.now() });
    const third = await pass();
    const after = await computedAt();
    expect(after[today]).toBe(third.getTime());
    expect(after[addDays(today, -1)]).toBe(computed[addDays(today, -1)]);
    expect(await todayFigures()).toMatchObject({ rounds: figures.rounds + 1, betAmount: figures.betAmount + 25 });
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
