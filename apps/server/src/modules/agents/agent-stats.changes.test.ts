import { addDays } from '@gamehall/shared/calendar-day';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followAppClock } from '../../db/app-clock';
import { ensureVendorIntegrations, insertRound, twoVendorGames } from '../../test/game-factories';
import { clearOfMidnight, createTestApp, type TestApp } from '../../test/harness';
import { createSessionMember } from '../../test/programmes';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { post } from '../ledger/ledger.service';
import { changedSince, dayOf } from './agent-stats.queries';
import { refreshAgentDay, refreshAgentStats } from './agent-stats.service';

// The daily figures job's passes over an open day recompute only the members that changed since
// the last pass; these tests hold them to what computing the day whole gives.

let t: TestApp;
let currency: string;
let today: string;
let seq = 0;
let unfreeze: () => void;
const PASS = 121_000;

beforeAll(async () => {
  t = await createTestApp();
  // Each pass's stamp is the clock's time: the tests tell the rows a pass wrote by it.
  unfreeze = t.freeze();
  await ensureVendorIntegrations(t.ctx);
  const brand = await getBrand(t.ctx.db);
  // The passes and the hourly recomputes move the clock about three hours through the file.
  clearOfMidnight(t, brand.timeZone, 4);
  currency = brand.currency;
  today = await dayOf(t.ctx.db, t.ctx.now(), brand.timeZone);
});
afterAll(async () => {
  unfreeze();
  await t.close();
});

/** A signed-in member, registered now by the site's clock (the test clock runs ahead of the database's now()). */
async function account(input: Parameters<typeof createSessionMember>[1] = {}) {
  const m = await createSessionMember(t, input);
  await sql`UPDATE members SET created_at = ${t.ctx.now()} WHERE id = ${m.id}`.execute(t.ctx.db);
  return m;
}

async function overview(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/wps/agent/team/overview', headers: { authorization: token } });
  expect(res.statusCode).toBe(200);
  return res.json().value.current as { validBets: number; activeMembers: number; deposits: number };
}

async function rebate(memberId: number, amount: number, type = 'bonus.rebate') {
  seq++;
  await t.ctx.db.transaction().execute(async (trx) => {
    // Dated by the test clock, as the site's postings are by its clock.
    await followAppClock(trx, t.ctx.now());
    await post(trx, {
      idempotencyKey: `changes-rebate-${seq}-${Date.now()}`,
      type,
      reference: `RB-${seq}`,
      entries: [
        { account: { house: 'deposits-in-transit', currency }, amount: -amount },
        { account: { member: memberId, currency }, amount },
      ],
    });
  });
}

async function approvedDeposit(memberId: number, amount: number) {
  seq++;
  await t.ctx.db
    .insertInto('deposit_orders')
    .values({
      reference: `DCHG${Date.now().toString(36)}${seq}`,
      member_id: memberId,
      request_id: `chg${seq}`,
      method_code: 'BANK_TRANSFER',
      method_kind: 'bank_transfer',
      amount,
      currency,
      status: 'approved',
      first_deposit: false,
      decided_at: t.ctx.now(),
    })
    .execute();
}

type Rows = { members: Record<string, unknown>[]; teams: Record<string, unknown>[] };

/** The day's member and team rows, without when each was written, in a stable order. */
async function rows(): Promise<Rows> {
  const members = await t.ctx.db
    .selectFrom('agent_member_days')
    .selectAll()
    .where('day', '=', today)
    .orderBy('member_id')
    .execute();
  const teams = await t.ctx.db
    .selectFrom('agent_team_days')
    .selectAll()
    .where('day', '=', today)
    .orderBy('agent_id')
    .execute();
  const strip = ({ refreshed_at: _, ...r }: { refreshed_at: unknown }) => r;
  return { members: members.map(strip), teams: teams.map(strip) };
}

/** Member ids whose row of today the last pass wrote (its stamp). */
async function writtenBy(stamp: Date): Promise<number[]> {
  const r = await t.ctx.db
    .selectFrom('agent_member_days')
    .select(['member_id', 'refreshed_at'])
    .where('day', '=', today)
    .execute();
  return r
    .filter((x) => new Date(x.refreshed_at).getTime() === stamp.getTime())
    .map((x) => Number(x.member_id))
    .sort((a, b) => a - b);
}

async function pass(): Promise<Date> {
  t.advance(PASS);
  const stamp = t.ctx.now();
  await refreshAgentStats(t.ctx);
  return stamp;
}

async function stat() {
  const row = await t.ctx.db
    .selectFrom('agent_stat_days')
    .select(['refreshed_at', 'full_at'])
    .where('day', '=', today)
    .executeTakeFirstOrThrow();
  return { refreshedAt: new Date(row.refreshed_at).getTime(), fullAt: new Date(row.full_at ?? 0).getTime() };
}

describe('the daily figures job on an open day', () => {
  it('writes nothing on a day with no change but the time of its pass', async () => {
    const [g1] = await twoVendorGames(t.ctx, true);
    const a = await account({ type: 1 });
    const m = await account({ uplineId: a.id });
    await insertRound(t.ctx, { memberId: m.id, nodeId: Number(g1.node_id), bet: 1_000, win: 200, at: t.ctx.now() });
    const first = await pass();
    const whole = await stat();
    expect(whole.fullAt).toBe(first.getTime());
    const before = await rows();
    const second = await pass();
    expect(await writtenBy(second)).toEqual([]);
    expect(await rows()).toEqual(before);
    const after = await stat();
    expect(after.refreshedAt).toBe(second.getTime());
    expect(after.fullAt).toBe(whole.fullAt);
    expect((await overview(a.token)).validBets).toBe(10);
  });

  it('recomputes only the members that changed, and agrees with the day computed whole', async () => {
    const [g1, g2] = await twoVendorGames(t.ctx, true);
    const a = await account({ type: 1 });
    const s = await account({ type: 2, uplineId: a.id });
    const m1 = await account({ uplineId: a.id });
    const m2 = await account({ uplineId: s.id });
    const idle = await account({ uplineId: s.id });
    const b = await account({ type: 1 });
    const mb = await account({ uplineId: b.id });
    const node1 = Number(g1.node_id);
    const node2 = Number(g2.node_id);
    for (const [memberId, bet] of [
      [m1.id, 1_000],
      [m2.id, 500],
      [idle.id, 300],
      [mb.id, 700],
    ] as const)
      await insertRound(t.ctx, { memberId, nodeId: node1, bet, win: 0, at: t.ctx.now() });
    await pass();
    const before = await overview(a.token);
    expect(before.validBets).toBe(18);

    // One change of each kind the figures read, then a pass.
    t.advance(PASS);
    await insertRound(t.ctx, { memberId: m1.id, nodeId: node2, bet: 2_500, win: 1_000, at: t.ctx.now() });
    await rebate(m2.id, 150);
    await approvedDeposit(mb.id, 9_000);
    const newcomer = await account({ uplineId: s.id });
    // m2 leaves S (and A's team) for B's.
    await t.ctx.db.updateTable('members').set({ upline_id: b.id }).where('id', '=', m2.id).execute();
    const stamp = await pass();

    expect(await writtenBy(stamp)).toEqual([m1.id, m2.id, mb.id, newcomer.id].sort((x, y) => x - y));
    expect((await stat()).fullAt).toBeLessThan(stamp.getTime());
    const a1 = await overview(a.token);
    expect(a1.validBets).toBe(18 + 25 - 5);
    expect((await overview(b.token)).validBets).toBe(7 + 5);
    expect((await overview(b.token)).deposits).toBe(90);

    const partial = await rows();
    await refreshAgentDay(t.ctx, today);
    expect(await rows()).toEqual(partial);
  });

  it('finds a change stamped before the last pass that committed after it, and the whole day catches up hourly', async () => {
    const [g1] = await twoVendorGames(t.ctx, true);
    const a = await account({ type: 1 });
    const m = await account({ uplineId: a.id });
    await insertRound(t.ctx, { memberId: m.id, nodeId: Number(g1.node_id), bet: 400, win: 0, at: t.ctx.now() });
    const last = await pass();
    // A transaction that began a minute before that pass and committed after it.
    await insertRound(t.ctx, {
      memberId: m.id,
      nodeId: Number(g1.node_id),
      bet: 600,
      win: 0,
      at: new Date(last.getTime() - 60_000),
    });
    await pass();
    expect((await overview(a.token)).validBets).toBe(10);

    // Older than the margin (a transaction open for ten minutes): the hourly whole day counts it.
    const late = await pass();
    await insertRound(t.ctx, {
      memberId: m.id,
      nodeId: Number(g1.node_id),
      bet: 800,
      win: 0,
      at: new Date(late.getTime() - 10 * 60_000),
    });
    await pass();
    expect((await overview(a.token)).validBets).toBe(10);
    t.advance(60 * 60_000);
    const whole = await pass();
    expect((await stat()).fullAt).toBe(whole.getTime());
    expect((await overview(a.token)).validBets).toBe(18);
  });

  it('computes the day whole again when a dividend-base setting changes', async () => {
    const [g1] = await twoVendorGames(t.ctx, true);
    const a = await account({ type: 1 });
    const m = await account({ uplineId: a.id });
    await insertRound(t.ctx, { memberId: m.id, nodeId: Number(g1.node_id), bet: 1_000, win: 0, at: t.ctx.now() });
    await pass();
    const before = (await getBrand(t.ctx.db)).agentNgr;
    await setBrandSetting(t.ctx.db, 'agentNgr', {
      ...before,
      providerFeePpm: { ...before.providerFeePpm, [g1.vendor_code]: 100_000 },
    });
    const stamp = await pass();
    expect((await stat()).fullAt).toBe(stamp.getTime());
    const row = await t.ctx.db
      .selectFrom('agent_member_days')
      .select('d_provider_fee')
      .where('day', '=', today)
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.d_provider_fee)).toBe(100);
    await setBrandSetting(t.ctx.db, 'agentNgr', before);
  });

  it("finds a member of any day on a returned payout, a rollback or a resettle, and only that day's on the rest", async () => {
    const m = await account();
    const other = await account();
    const last = await pass();
    const since = new Date(last.getTime() - 60_000);
    const yesterday = addDays(today, -1);
    const tz = (await getBrand(t.ctx.db)).timeZone;
    // A rebate today changes today only; a payout returned today changes the day it was approved.
    await rebate(other.id, 100);
    await rebate(m.id, 500, 'withdrawal.returned');
    const found = async (day: string) => (await changedSince(t.ctx.db, day, tz, since)).members;
    expect(await found(today)).toEqual(expect.arrayContaining([m.id, other.id]));
    expect(await found(yesterday)).toContain(m.id);
    expect(await found(yesterday)).not.toContain(other.id);
  });
});
