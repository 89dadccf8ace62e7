import { addDays } from '@gamehall/shared/calendar-day';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDue } from '../../scheduler/scheduler';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound, twoVendorGames } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { actors, call, expectFailure, requestId, setPaymentPassword } from '../cashier/cashier.fixtures';
import { reportRollupsJob } from './reports.jobs';
import { dayOf } from './reports.queries';
import { refreshDay, refreshRollups } from './reports.service';

let t: TestApp;
let admin: string;
let today: string;
const TZ = 'Asia/Manila';

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  await ensureVendorIntegrations(t.ctx);
  today = await dayOf(t.ctx.db, t.ctx.now(), TZ);
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorWith } = actors(() => t, createMember);

async function deposit(token: string, amount: number) {
  const res = await call(t, 'POST', '/wps/cashier/deposit', token, {
    methodCode: 'BANK_TRANSFER',
    amount,
    requestId: requestId(),
  });
  expect(res.statusCode).toBe(200);
  return res.json().value.reference as string;
}

async function approveDeposit(reference: string) {
  expect((await call(t, 'POST', `/admin/cashier/deposits/${reference}/approve`, admin)).statusCode).toBe(200);
}

/** Every rollup row of every table, in a stable order, without the refresh stamp. */
async function allRollups() {
  const strip = <R extends { refreshed_at?: unknown }>(rows: R[]) => rows.map(({ refreshed_at: _, ...r }) => r);
  const q = (table: string, order: string) =>
    sql<{ refreshed_at: unknown }>`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(order)}`
      .execute(t.ctx.db)
      .then((r) => strip(r.rows));
  return {
    games: await q('report_daily_games', 'day, vendor_code, game_type, game_code'),
    types: await q('report_daily_game_types', 'day, vendor_code, game_type'),
    cashier: await q('report_daily_cashier', 'day, method_code, kind'),
    totals: await q('report_daily_totals', 'day'),
    cohorts: await q('report_daily_cohorts', 'first_deposit_day, registration_day'),
  };
}

function get(url: string, token = admin) {
  return call(t, 'GET', url, token);
}

describe('dashboard and reports from the daily rollups', () => {
  it('equal a hand-made day: registrations, first deposits, cashier, rounds, GGR, RTP, players', async () => {
    await refreshRollups(t.ctx);
    const before = (await get('/admin/dashboard')).json().value;
    expect(before.today).toBe(today);
    expect(before.todayFigures).toMatchObject({ depositAmount: 0, betAmount: 0, rounds: 0, activePlayers: 0 });

    // Three registrations; two first deposits (500 and 1,000), one second deposit (250), one rejected.
    const [a, b, c] = [await memberWithSession(), await memberWithSession(), await memberWithSession()];
    await approveDeposit(await deposit(a.token, 500));
    await approveDeposit(await deposit(b.token, 1000));
    await approveDeposit(await deposit(a.token, 250));
    const rejected = await deposit(c.token, 300);
    expect(
      (await call(t, 'POST', `/admin/cashier/deposits/${rejected}/reject`, admin, { reason: 'no money arrived' }))
        .statusCode,
    ).toBe(200);
    // A withdrawal of 200 approved (money left) and one still pending.
    await setPaymentPassword(t, a.id);
    const account = await call(t, 'POST', '/wps/cashier/bankAccounts', a.token, {
      bankName: 'BDO',
      accountName: 'Juan Dela Cruz',
      accountNumber: '0012345678',
    });
    expect(account.statusCode, account.body).toBe(200);
    const accountId = account.json().value.id as number;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, admin)).statusCode).toBe(200);
    const withdraw = (amount: number) =>
      injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdraw',
        token: a.token,
        body: { amount, bankAccountId: accountId, paymentPassword: 'Pay@1234', requestId: requestId() },
      });
    const w1 = await withdraw(200);
    expect(w1.statusCode, w1.body).toBe(200);
    const w1ref = w1.json().value.reference as string;
    expect((await call(t, 'POST', `/admin/cashier/withdrawals/${w1ref}/approve`, admin)).statusCode).toBe(200);
    expect((await withdraw(100)).statusCode).toBe(200);
    // A bank account waiting for confirmation.
    const waiting = await call(t, 'POST', '/wps/cashier/bankAccounts', b.token, {
      bankName: 'BPI',
      accountName: 'Maria Santos',
      accountNumber: '9988776655',
    });
    expect(waiting.statusCode, waiting.body).toBe(200);

    // Rounds (minor units): a plays game 1 twice, b plays game 1 and game 2, c game 2; one rolled back.
    const [g1, g2] = await twoVendorGames(t.ctx);
    await insertRound(t.ctx, { memberId: a.id, nodeId: g1.node_id, bet: 1000, win: 0 });
    await insertRound(t.ctx, { memberId: a.id, nodeId: g1.node_id, bet: 2000, win: 5000 });
    await insertRound(t.ctx, { memberId: b.id, nodeId: g1.node_id, bet: 500, win: 100 });
    await insertRound(t.ctx, { memberId: b.id, nodeId: g2.node_id, bet: 4000, win: 1000 });
    await insertRound(t.ctx, { memberId: c.id, nodeId: g2.node_id, bet: 1500, win: 0, status: 'open' });
    await insertRound(t.ctx, { memberId: c.id, nodeId: g2.node_id, bet: 9999, status: 'rolled_back' });

    await refreshRollups(t.ctx);
    const d = (await get('/admin/dashboard')).json().value;
    expect(d.todayFigures).toEqual({
      registrations: before.todayFigures.registrations + 3,
      firstDepositors: 2,
      depositOrders: 3,
      depositAmount: 1750,
      withdrawalOrders: 1,
      withdrawalAmount: 200,
      rounds: 5,
      betAmount: 90,
      winAmount: 61,
      ggr: 29,
      activePlayers: 3,
      // Net revenue counts closed rounds only (c's open 15.00 bet not yet): 10 - 30 + 4 + 30; no
      // promotions, adjustments or fees set.
      ngrGgr: 14,
      deductions: 0,
      ngr: 14,
    });
    expect(d.last30Days).toEqual(d.todayFigures);
    expect(d.daily).toHaveLength(30);
    expect(d.daily[29]).toEqual({ day: today, ...d.todayFigures });
    expect(d.pending).toEqual({ deposits: 0, withdrawals: 1, bankAccounts: 1 });
    // a, b and c have member sessions used just now; the operator's own session does not count.
    expect(d.onlineNow).toBeGreaterThanOrEqual(3);
    expect(d.refreshedAt).not.toBeNull();

    const range = `from=${today}&to=${today}`;
    const byGame = (await get(`/admin/reports/games?${range}&groupBy=game&sort=betAmount&order=desc`)).json().value;
    expect(byGame.total).toBe(2);
    expect(byGame.list).toEqual([
      {
        key: `${g2.vendor_code}:${g2.game_code}`,
        vendorCode: g2.vendor_code,
        gameType: g2.game_type,
        gameCode: g2.game_code,
        gameName: expect.any(String),
        rounds: 2,
        betAmount: 55,
        winAmount: 10,
        ggr: 45,
        rtp: 18.18,
        uniquePlayers: 2,
      },
      {
        key: `${g1.vendor_code}:${g1.game_code}`,
        vendorCode: g1.vendor_code,
        gameType: g1.game_type,
        gameCode: g1.game_code,
        gameName: expect.any(String),
        rounds: 3,
        betAmount: 35,
        winAmount: 51,
        ggr: -16,
        rtp: 145.71,
        uniquePlayers: 2,
      },
    ]);
    expect(byGame.totals).toEqual({ rounds: 5, betAmount: 90, winAmount: 61, ggr: 29, rtp: 67.78, uniquePlayers: 3 });

    const byVendor = (await get(`/admin/reports/games?${range}&groupBy=vendor&sort=key`)).json().value;
    expect(byVendor.list.map((r: { key: string; uniquePlayers: number }) => [r.key, r.uniquePlayers])).toEqual(
      [
        [g1.vendor_code, 2],
        [g2.vendor_code, 2],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const oneVendor = (await get(`/admin/reports/games?${range}&groupBy=day&vendor=${g2.vendor_code}`)).json().value;
    expect(oneVendor.list).toEqual([expect.objectContaining({ key: today, rounds: 2, betAmount: 55 })]);

    const cashier = (await get(`/admin/reports/cashier?${range}&groupBy=method&sort=depositAmount&order=desc`)).json()
      .value;
    expect(cashier.list).toEqual([
      {
        key: 'BANK_TRANSFER',
        methodCode: 'BANK_TRANSFER',
        methodName: 'Bank transfer',
        depositOrders: 3,
        depositAmount: 1750,
        withdrawalOrders: 0,
        withdrawalAmount: 0,
        net: 1750,
        // An adjustment has no payment method.
        adjustmentCount: null,
        adjustmentCredits: null,
        adjustmentDebits: null,
      },
      {
        key: 'WITHDRAWAL',
        methodCode: 'WITHDRAWAL',
        methodName: 'Withdrawal to bank account',
        depositOrders: 0,
        depositAmount: 0,
        withdrawalOrders: 1,
        withdrawalAmount: 200,
        net: -200,
        // An adjustment has no payment method.
        adjustmentCount: null,
        adjustmentCredits: null,
        adjustmentDebits: null,
      },
    ]);
    expect(cashier.totals).toEqual({
      depositOrders: 3,
      depositAmount: 1750,
      withdrawalOrders: 1,
      withdrawalAmount: 200,
      net: 1550,
      adjustmentCount: 0,
      adjustmentCredits: 0,
      adjustmentDebits: 0,
    });

    const regs = (await get(`/admin/reports/registrations?${range}`)).json().value;
    expect(regs.list).toEqual([
      {
        key: today,
        registrations: d.todayFigures.registrations,
        firstDepositors: 2,
        firstDepositAmount: 1500,
      },
    ]);
    expect(regs.cohorts).toEqual([
      {
        week: expect.any(String),
        registrations: d.todayFigures.registrations,
        firstDepositors: 2,
        byWeek: [2, 0, 0, 0, 0, 0, 0, 0],
      },
    ]);
  });

  it('cuts days at midnight in the brand time zone and counts a player of several days once', async () => {
    const m = await memberWithSession();
    const [g1] = await twoVendorGames(t.ctx);
    const day = addDays(today, -3);
    const next = addDays(day, 1);
    // Manila is UTC+8: 15:59:59Z is the day's last second there, 16:00:00Z the next day's first.
    const lastSecond = new Date(`${day}T15:59:59Z`);
    const firstSecond = new Date(`${day}T16:00:00Z`);
    await insertRound(t.ctx, { memberId: m.id, nodeId: g1.node_id, bet: 700, at: lastSecond });
    await insertRound(t.ctx, { memberId: m.id, nodeId: g1.node_id, bet: 300, win: 900, at: firstSecond });
    await refreshDay(t.ctx, day);
    await refreshDay(t.ctx, next);
    const res = (await get(`/admin/reports/games?from=${day}&to=${next}&groupBy=day&vendor=${g1.vendor_code}`)).json()
      .value;
    expect(res.list).toEqual([
      expect.objectContaining({ key: day, rounds: 1, betAmount: 7, winAmount: 0, uniquePlayers: 1 }),
      expect.objectContaining({ key: next, rounds: 1, betAmount: 3, winAmount: 9, uniquePlayers: 1 }),
    ]);
    // One player on two days: the range counts them once.
    expect(res.totals).toMatchObject({ rounds: 2, uniquePlayers: 1 });
    const game = (await get(`/admin/reports/games?from=${day}&to=${next}&groupBy=game`)).json().value;
    expect(game.list).toEqual([expect.objectContaining({ rounds: 2, uniquePlayers: 1 })]);
  });

  it('the job is idempotent (twice = the same rows) and fills in days never computed', async () => {
    // The earliest member registered eight days ago: the days between have never been computed.
    const old = await createMember(t.ctx);
    const eightDaysAgo = new Date(t.ctx.now().getTime() - 8 * 86_400_000);
    await sql`UPDATE members SET created_at = ${eightDaysAgo} WHERE id = ${old.id}`.execute(t.ctx.db);
    const first = await dayOf(t.ctx.db, eightDaysAgo, TZ);
    const computed = await refreshRollups(t.ctx);
    expect(computed).toContain(first);
    const once = await allRollups();
    expect(once.totals.map((r) => (r as { day: Date | string }).day)).toHaveLength(9);
    expect(await refreshRollups(t.ctx)).toEqual([today, addDays(today, -1)]);
    expect(await allRollups()).toEqual(once);
    // Through the scheduler as every node runs it: a period runs once.
    t.advance(reportRollupsJob.everyMs);
    expect(await runDue(t.ctx, reportRollupsJob)).toBe(true);
    expect(await runDue(t.ctx, reportRollupsJob)).toBe(false);
    expect(await allRollups()).toEqual(once);
    const regs = (await get(`/admin/reports/registrations?from=${first}&to=${first}`)).json().value;
    expect(regs.list).toEqual([expect.objectContaining({ key: first, registrations: 1 })]);
  });

  it('a day that lost its activity loses its rows', async () => {
    const day = addDays(today, -20);
    const m = await createMember(t.ctx);
    const [g1] = await twoVendorGames(t.ctx);
    const roundId = await insertRound(t.ctx, {
      memberId: m.id,
      nodeId: g1.node_id,
      bet: 100,
      at: new Date(`${day}T04:00:00Z`),
    });
    await refreshDay(t.ctx, day);
    const count = () => t.ctx.db.selectFrom('report_daily_games').select('game_code').where('day', '=', day).execute();
    expect(await count()).toHaveLength(1);
    await t.ctx.db
      .updateTable('vendor_rounds')
      .set({ status: 'rolled_back' })
      .where('round_id', '=', roundId)
      .execute();
    await refreshDay(t.ctx, day);
    expect(await count()).toHaveLength(0);
  });

  it('a recompute rewrites only the per-game rows whose figures changed, and drops a game gone', async () => {
    const day = addDays(today, -21);
    const [m1, m2] = [await createMember(t.ctx), await createMember(t.ctx)];
    const [g1, g2] = await twoVendorGames(t.ctx);
    const at = new Date(`${day}T05:00:00Z`);
    await insertRound(t.ctx, { memberId: m1.id, nodeId: g1.node_id, bet: 100, win: 40, at });
    const gone = await insertRound(t.ctx, { memberId: m1.id, nodeId: g2.node_id, bet: 300, at });
    await refreshDay(t.ctx, day);
    const rows = async (table: 'report_daily_games' | 'report_daily_game_types') =>
      sql<{ vendor_code: string; refreshed_at: Date; rounds: string; players: number }>`
        SELECT vendor_code, refreshed_at, rounds, players FROM ${sql.table(table)} WHERE day = ${day}::date
        ORDER BY vendor_code`
        .execute(t.ctx.db)
        .then((r) => r.rows.map((x) => ({ ...x, rounds: Number(x.rounds), refreshed_at: new Date(x.refreshed_at) })));
    const before = await rows('report_daily_games');
    const typesBefore = await rows('report_daily_game_types');
    expect(before.map((r) => [r.vendor_code, r.rounds])).toEqual([
      [g1.vendor_code, 1],
      [g2.vendor_code, 1],
    ]);

    // Nothing changed: no row is written again.
    t.advance(60_000);
    await refreshDay(t.ctx, day);
    expect(await rows('report_daily_games')).toEqual(before);
    expect(await rows('report_daily_game_types')).toEqual(typesBefore);

    // The first game gets a second player; the second game's only round is rolled back.
    t.advance(60_000);
    await insertRound(t.ctx, { memberId: m2.id, nodeId: g1.node_id, bet: 50, at });
    await t.ctx.db.updateTable('vendor_rounds').set({ status: 'rolled_back' }).where('round_id', '=', gone).execute();
    await refreshDay(t.ctx, day);
    const after = await rows('report_daily_games');
    expect(after).toEqual([{ ...before[0], rounds: 2, players: 2, refreshed_at: expect.any(Date) }]);
    expect(after[0]?.refreshed_at.getTime()).toBeGreaterThan(before[0]?.refreshed_at.getTime() ?? Infinity);
    expect((await rows('report_daily_game_types')).map((r) => [r.vendor_code, r.rounds, r.players])).toEqual([
      [g1.vendor_code, 2, 2],
    ]);
    // The same rows a first computation of the day makes.
    await sql`DELETE FROM report_daily_games WHERE day = ${day}::date`.execute(t.ctx.db);
    await sql`DELETE FROM report_daily_game_types WHERE day = ${day}::date`.execute(t.ctx.db);
    await refreshDay(t.ctx, day);
    const strip = (r: { refreshed_at: Date }[]) => r.map(({ refreshed_at: _, ...x }) => x);
    expect(strip(await rows('report_daily_games'))).toEqual(strip(after));
  });

  it('refuses bad ranges and unknown sorts with field errors', async () => {
    for (const q of [
      `from=${today}&to=${addDays(today, -1)}`,
      `from=${addDays(today, -400)}&to=${today}`,
      'from=yesterday&to=today',
      `from=${today}`,
      `from=${today}&to=${today}&sort=drop table`,
      `from=${today}&to=${today}&groupBy=member`,
      `from=${today}&to=${today}&pageSize=500`,
    ]) {
      expectFailure(await get(`/admin/reports/games?${q}`), 400, 'VALIDATION_FAILED');
    }
  });

  it('answers only operators holding the permission', async () => {
    const range = `from=${today}&to=${today}`;
    const noRights = await operatorWith(['members.read']);
    const member = await memberWithSession();
    for (const url of [
      '/admin/dashboard',
      `/admin/reports/games?${range}`,
      `/admin/reports/cashier?${range}`,
      `/admin/reports/registrations?${range}`,
    ]) {
      expectFailure(await get(url, noRights.token), 403, 'AUTH_FORBIDDEN');
      expectFailure(await get(url, member.token), 403, 'AUTH_FORBIDDEN');
      expectFailure(await call(t, 'GET', url), 401, 'AUTH_REQUIRED');
    }
    const dashboardOnly = await operatorWith(['dashboard.read']);
    expect((await get('/admin/dashboard', dashboardOnly.token)).statusCode).toBe(200);
    expectFailure(await get(`/admin/reports/games?${range}`, dashboardOnly.token), 403, 'AUTH_FORBIDDEN');
    const reportsOnly = await operatorWith(['reports.read']);
    expect((await get(`/admin/reports/cashier?${range}`, reportsOnly.token)).statusCode).toBe(200);
    expectFailure(await get('/admin/dashboard', reportsOnly.token), 403, 'AUTH_FORBIDDEN');
  });
});
