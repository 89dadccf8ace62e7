import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { solveChallenge } from '../../test/challenge';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { createPromotion } from '../../test/programmes';
import { createGameSession, vendorClient } from '../../test/vendor-client';
import { actors, call, expectFailure, fund, requestId, sessionFor } from '../cashier/cashier.fixtures';
import { balanceOf } from '../ledger/ledger.service';
import { today } from './responsible.queries';
import { marketingBlocked } from './responsible.service';

// Responsible play through HTTP (docs/responsible-play.md): each limit at its boundary where the
// money moves (cashier deposit,
// vendor wallet bet, game launch), the 24-hour delay on raising and removing, breaks blocking every
// path but login and withdrawal, operator lifting with a reason (audited), the statement and the
// back office view and report. The races are in responsible.race.test.ts.

let t: TestApp;
let admin: string;
const { member, operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

/** Runs `fn` with the application's clock moved by `ms`, then moves it back. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  t.advance(ms);
  try {
    return await fn();
  } finally {
    t.advance(-ms);
  }
}

function put(url: string, token: string, payload: unknown) {
  return t.app.inject({ method: 'PUT', url, headers: { authorization: token }, payload: payload as object });
}

async function view(token: string) {
  const res = await call(t, 'GET', '/wps/responsible', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    limits: {
      key: string;
      value: number | null;
      used: number;
      pending: { value: number | null; effectiveAt: string } | null;
    }[];
    realityCheckMinutes: number | null;
    break: { kind: string; period: string; until: string | null } | null;
  };
}

function limitOf(v: Awaited<ReturnType<typeof view>>, key: string) {
  return v.limits.find((l) => l.key === key);
}

function deposit(token: string, amount: number) {
  return call(t, 'POST', '/wps/cashier/deposit', token, {
    methodCode: 'BANK_TRANSFER',
    amount,
    requestId: requestId(),
  });
}

let roundSeq = 0;
async function bet(memberId: number, amount: number, token?: string) {
  const session = token ? { token, gameCode: '' } : await createGameSession(t, { memberId, vendor: 'PT' });
  const gameCode =
    session.gameCode ||
    (
      await t.ctx.db
        .selectFrom('games')
        .select('game_code')
        .where('vendor_code', '=', 'PT')
        .orderBy('node_id')
        .executeTakeFirstOrThrow()
    ).game_code;
  const roundId = `rp-${Date.now()}-${++roundSeq}`;
  return vendorClient(t, 'PT').call('bet', {
    token: session.token,
    player: String(memberId),
    gameCode,
    roundId,
    transactionId: `${roundId}-bet`,
    amount,
    currency: 'PHP',
  });
}

async function firstGameNode(vendor = 'PT') {
  const g = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('vendor_code', '=', vendor)
    .where('status', '=', 'active')
    .where('game_type', '=', 'RNG')
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  return Number(g.node_id);
}

function launch(token: string, nodeId: number) {
  return call(t, 'POST', '/wps/game/launchGame', token, { nodeId, language: 'en' });
}

describe('deposit limits', () => {
  it('accepts deposits up to the limit, refuses the one that crosses it with the remaining amount', async () => {
    const m = await member();
    const set = await put('/wps/responsible/limits', m.token, { depositDay: 300 });
    expect(set.statusCode, set.body).toBe(200);
    expect(limitOf(set.json().value, 'depositDay')).toMatchObject({ value: 300, used: 0, pending: null });
    expect((await deposit(m.token, 200)).statusCode).toBe(200);
    expect((await deposit(m.token, 100)).statusCode).toBe(200); // exactly the limit
    const over = await deposit(m.token, 100);
    expectFailure(over, 422, 'RESPONSIBLE_DEPOSIT_LIMIT');
    expect(over.json().value).toMatchObject({ period: 'day', limit: 300, remaining: 0 });
    const orders = await t.ctx.db.selectFrom('deposit_orders').select('amount').where('member_id', '=', m.id).execute();
    expect(orders.map((o) => Number(o.amount)).sort()).toEqual([10000, 20000]);
    expect(limitOf(await view(m.token), 'depositDay')?.used).toBe(300);
    // A refused order is not counted, and a rejected one frees its room.
    await t.ctx.db
      .updateTable('deposit_orders')
      .set({ status: 'rejected' })
      .where('member_id', '=', m.id)
      .where('amount', '=', 20000)
      .execute();
    expect((await deposit(m.token, 200)).statusCode).toBe(200);
  });

  it('a lower limit applies at once; a raise or removal waits 24 hours and is shown with its time', async () => {
    const m = await member();
    await put('/wps/responsible/limits', m.token, { depositWeek: 1000, sessionMinutes: 120 });
    expect((await deposit(m.token, 600)).statusCode).toBe(200);
    const lower = await put('/wps/responsible/limits', m.token, { depositWeek: 700 });
    expect(limitOf(lower.json().value, 'depositWeek')).toMatchObject({ value: 700, used: 600, pending: null });
    expectFailure(await deposit(m.token, 200), 422, 'RESPONSIBLE_DEPOSIT_LIMIT');

    const before = Date.now();
    const raise = await put('/wps/responsible/limits', m.token, { depositWeek: 5000, sessionMinutes: null });
    const raised = raise.json().value;
    expect(limitOf(raised, 'depositWeek')?.value).toBe(700);
    expect(limitOf(raised, 'depositWeek')?.pending?.value).toBe(5000);
    const at = Date.parse(limitOf(raised, 'depositWeek')?.pending?.effectiveAt ?? '');
    expect(at - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(at - before).toBeLessThan(24 * 3_600_000 + 60_000);
    expect(limitOf(raised, 'sessionMinutes')).toMatchObject({ value: 120, pending: { value: null } });
    // Still the old limit: the raise does not help yet.
    expectFailure(await deposit(m.token, 200), 422, 'RESPONSIBLE_DEPOSIT_LIMIT');

    // A day later the member signs in again (the old session has ended by then).
    await later(23 * 3_600_000, async () => {
      expect(limitOf(await view(await sessionFor(t, m.id)), 'depositWeek')?.value).toBe(700);
    });
    await later(24 * 3_600_000 + 1000, async () => {
      const after = await view(await sessionFor(t, m.id));
      expect(limitOf(after, 'depositWeek')).toMatchObject({ value: 5000, pending: null });
      expect(limitOf(after, 'sessionMinutes')).toMatchObject({ value: null, pending: null });
    });

    // Lowering during a waiting raise drops the raise.
    const m2 = await member();
    await put('/wps/responsible/limits', m2.token, { lossDay: 100 });
    await put('/wps/responsible/limits', m2.token, { lossDay: 500 });
    const low = await put('/wps/responsible/limits', m2.token, { lossDay: 50 });
    expect(limitOf(low.json().value, 'lossDay')).toMatchObject({ value: 50, pending: null });
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const m = await member();
    expectFailure(await put('/wps/responsible/limits', m.token, {}), 400, 'VALIDATION_FAILED');
    expectFailure(await put('/wps/responsible/limits', m.token, { depositDay: -5 }), 400, 'VALIDATION_FAILED');
    expectFailure(await put('/wps/responsible/limits', m.token, { depositDay: 1.001 }), 400, 'VALIDATION_FAILED');
    expectFailure(await put('/wps/responsible/limits', m.token, { sessionMinutes: 0 }), 400, 'VALIDATION_FAILED');
    expectFailure(await put('/wps/responsible/limits', m.token, { nope: 5 }), 400, 'VALIDATION_FAILED');
    expectFailure(await put('/wps/responsible/realityCheck', m.token, { minutes: 20 }), 400, 'VALIDATION_FAILED');
    expectFailure(
      await call(t, 'POST', '/wps/responsible/break', m.token, { period: '2d', confirm: true }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await call(t, 'POST', '/wps/responsible/break', m.token, { period: '24h' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(await call(t, 'GET', '/wps/responsible'), 401, 'AUTH_REQUIRED');
    const v = await view(m.token);
    expect(v.limits.every((l) => l.value === null && l.pending === null)).toBe(true);
    expect(v.break).toBeNull();
    expect(
      await t.ctx.db
        .selectFrom('responsible_settings')
        .select('member_id')
        .where('member_id', '=', m.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('wager and loss limits at the vendor wallet', () => {
  it('accepts bets up to the wager limit and refuses the next with ERROR_PLAYER_LIMIT, nothing taken', async () => {
    const m = await member();
    await fund(t, m.id, 100_000);
    await put('/wps/responsible/limits', m.token, { wagerDay: 10 });
    expect((await bet(m.id, 600)).body.status).toBe('OK');
    expect((await bet(m.id, 400)).body.status).toBe('OK'); // exactly 10.00
    const refused = await bet(m.id, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ status: 'ERROR_PLAYER_LIMIT', balance: 99_000 });
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(99_000);
    expect(limitOf(await view(m.token), 'wagerDay')?.used).toBe(10);
    const row = await t.ctx.db
      .selectFrom('responsible_settings')
      .select('limit_hit_at')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.limit_hit_at).not.toBeNull();
  });

  it('counts net loss: wins make room again; a stake that would take the loss past the limit is refused', async () => {
    const m = await member();
    await fund(t, m.id, 100_000);
    await put('/wps/responsible/limits', m.token, { lossWeek: 10 });
    const session = await createGameSession(t, { memberId: m.id, vendor: 'PT' });
    const client = vendorClient(t, 'PT');
    const round = `loss-${Date.now()}`;
    const b = await client.call('bet', {
      token: session.token,
      player: String(m.id),
      gameCode: session.gameCode,
      roundId: round,
      transactionId: `${round}-bet`,
      amount: 800,
      currency: 'PHP',
    });
    expect(b.body.status).toBe('OK');
    expect((await bet(m.id, 300)).body.status).toBe('ERROR_PLAYER_LIMIT'); // 8 + 3 > 10
    expect((await bet(m.id, 200)).body.status).toBe('OK'); // 8 + 2 = 10
    const w = await client.call('win', {
      player: String(m.id),
      gameCode: session.gameCode,
      roundId: round,
      transactionId: `${round}-win`,
      betTransactionId: `${round}-bet`,
      amount: 500,
      currency: 'PHP',
      roundClosed: true,
    });
    expect(w.body.status).toBe('OK');
    expect((await bet(m.id, 500)).body.status).toBe('OK'); // net loss 5 + 5 = 10
    expect((await bet(m.id, 1)).body.status).toBe('ERROR_PLAYER_LIMIT');
    // A member without any setting bets as before.
    const free = await member();
    await fund(t, free.id, 10_000);
    expect((await bet(free.id, 5_000)).body.status).toBe('OK');
  });
});

describe('session time limit', () => {
  it('ends the game session with the day session and refuses launches until the next day', async () => {
    // The day session ends with the brand day: run at a set hour of it, so the 30 minutes below
    // never cross midnight in the brand's time zone, whatever the hour the suite runs at.
    const { nextDay } = await today(t.ctx.db, t.ctx.now());
    const shift = nextDay.getTime() + 60 * 60_000 - t.ctx.now().getTime();
    t.advance(shift);
    onTestFinished(() => t.advance(-shift));
    const m = await member();
    await fund(t, m.id, 10_000);
    await put('/wps/responsible/limits', m.token, { sessionMinutes: 30 });
    const nodeId = await firstGameNode();
    const first = await launch(m.token, nodeId);
    expect(first.statusCode, first.body).toBe(200);
    const expires = Date.parse(first.json().value.expiresAt);
    expect(expires - t.ctx.now().getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);
    expect(expires - t.ctx.now().getTime()).toBeGreaterThan(29 * 60_000);
    const token = new URL(first.json().value.url, 'http://x').searchParams.get('token') ?? '';
    expect((await bet(m.id, 100, token)).body.status).toBe('OK');

    await later(20 * 60_000, async () => {
      // A later launch the same day keeps the first launch's end.
      const second = await launch(await sessionFor(t, m.id), nodeId);
      expect(Date.parse(second.json().value.expiresAt)).toBe(expires);
    });
    await later(30 * 60_000 + 1000, async () => {
      const token2 = await sessionFor(t, m.id);
      const late = await launch(token2, nodeId);
      expectFailure(late, 403, 'RESPONSIBLE_SESSION_LIMIT');
      expect(Date.parse(late.json().value.until)).toBeGreaterThan(t.ctx.now().getTime());
      // The game token ended with the session.
      expect((await bet(m.id, 100, token)).body.status).toBe('ERROR_INVALID_TOKEN');
      expect(limitOf(await view(token2), 'sessionMinutes')?.used).toBe(30);
    });
  });
});

describe('time-out and self-exclusion', () => {
  it('blocks deposit, launch, vendor bet and promotions; login and withdrawal info still work', async () => {
    const promotionId = await createPromotion(t, admin, {
      kind: 'fixed',
      type: 'SLOTS',
      rules: { trigger: 'login', amount: 10, payAs: 'cash', requiresJoin: true },
    });
    const m = await member();
    await fund(t, m.id, 10_000);
    const reward = await t.ctx.db
      .insertInto('rewards')
      .values({
        member_id: m.id,
        promotion_id: promotionId,
        source: 'test',
        amount: 1000,
        currency: 'PHP',
        pay_as: 'cash',
        state: 'claimable',
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await createGameSession(t, { memberId: m.id, vendor: 'PT' });

    const taken = await call(t, 'POST', '/wps/responsible/break', m.token, { period: '6m', confirm: true });
    expect(taken.statusCode, taken.body).toBe(200);
    const b = taken.json().value.break;
    expect(b).toMatchObject({ kind: 'exclusion', period: '6m' });
    expect(Date.parse(b.until)).toBeGreaterThan(Date.now() + 180 * 86_400_000);

    const login = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      body: { username: m.username, password: m.password, type: 'username', challenge: await solveChallenge(t.app) },
      remoteAddress: '127.0.0.1',
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().value.token as string;
    expect((await call(t, 'GET', '/wps/cashier/withdrawInfo', token)).statusCode).toBe(200);

    expectFailure(await deposit(token, 200), 403, 'RESPONSIBLE_BREAK_ACTIVE');
    expectFailure(await launch(token, await firstGameNode()), 403, 'RESPONSIBLE_BREAK_ACTIVE');
    const refused = await bet(m.id, 100, session.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.status).toBe('ERROR_PLAYER_EXCLUDED');
    expectFailure(
      await call(t, 'POST', '/wps/relay/MCSFE_signUpRequestReward', token, { rewardId: reward.id }),
      403,
      'RESPONSIBLE_BREAK_ACTIVE',
    );
    expectFailure(
      await call(t, 'POST', '/wps/relay/MCSFE_signUpPromotionJoin', token, { promotionId }),
      403,
      'RESPONSIBLE_BREAK_ACTIVE',
    );
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(10_000);

    // Marketing leaves the member out (the function broadcasts use).
    const other = await member();
    const targets = await t.ctx.db
      .selectFrom('members')
      .select('id')
      .where('id', 'in', [m.id, other.id])
      .where(marketingBlocked(sql.ref('members.id'), new Date()), '=', false)
      .execute();
    expect(targets.map((r) => Number(r.id))).toEqual([other.id]);

    // The member cannot shorten or end it; a longer one is accepted.
    expectFailure(
      await call(t, 'POST', '/wps/responsible/break', token, { period: '24h', confirm: true }),
      409,
      'RESPONSIBLE_BREAK_LOCKED',
    );
    const longer = await call(t, 'POST', '/wps/responsible/break', token, { period: '1y', confirm: true });
    expect(longer.json().value.break.period).toBe('1y');
  });

  it('a time-out ends by itself; an operator lifts a break only with the permission and a reason, audited', async () => {
    const m = await member();
    await call(t, 'POST', '/wps/responsible/break', m.token, { period: '24h', confirm: true });
    expect((await view(m.token)).break?.kind).toBe('timeout');
    await later(24 * 3_600_000 + 1000, async () => {
      expect((await view(await sessionFor(t, m.id))).break).toBeNull();
    });

    const x = await member();
    await call(t, 'POST', '/wps/responsible/break', x.token, { period: 'permanent', confirm: true });
    expect((await view(x.token)).break).toMatchObject({ kind: 'exclusion', until: null });
    const plain = await operator(['members.read']);
    const url = `/admin/protection/members/${x.id}/lift`;
    expectFailure(await call(t, 'POST', url, plain.token, { reason: 'Asked by phone' }), 403, 'AUTH_FORBIDDEN');
    const protector = await operator(['players.protect']);
    expectFailure(await call(t, 'POST', url, protector.token, { reason: 'x' }), 400, 'VALIDATION_FAILED');
    expect((await view(x.token)).break).not.toBeNull();
    const lifted = await call(t, 'POST', url, protector.token, { reason: 'Court order reviewed by compliance' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().value.break).toBeNull();
    expect((await view(x.token)).break).toBeNull();
    expectFailure(
      await call(t, 'POST', url, protector.token, { reason: 'Court order reviewed' }),
      409,
      'RESPONSIBLE_NO_BREAK',
    );
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event', '=', 'protection.lift')
      .where('member_id', '=', protector.id)
      .execute();
    expect(audit.filter((a) => a.success)).toHaveLength(1);
    expect(JSON.stringify(audit.find((a) => a.success)?.detail)).toContain('Court order reviewed by compliance');
    expect((await launch(x.token, await firstGameNode())).statusCode).toBe(200);
  });
});

describe('reality check and statement', () => {
  it('answers the interval and the net result since login', async () => {
    const m = await member();
    await fund(t, m.id, 10_000);
    expect(
      (await put('/wps/responsible/realityCheck', m.token, { minutes: 15 })).json().value.realityCheckMinutes,
    ).toBe(15);
    expect((await bet(m.id, 250)).body.status).toBe('OK');
    const rc = await call(t, 'GET', '/wps/responsible/realityCheck', m.token);
    expect(rc.statusCode, rc.body).toBe(200);
    expect(rc.json().value).toMatchObject({ minutes: 15, net: -2.5, currency: 'PHP', playedMinutes: 0 });

    // The house studio's page asks with its game token: the same answer for the login it came from.
    const game = (token: string | undefined) =>
      t.app.inject({
        method: 'GET',
        url: '/wps/responsible/realityCheck/game',
        headers: token === undefined ? {} : { 'x-game-token': token },
      });
    const session = await createGameSession(t, { memberId: m.id, vendor: 'PT' });
    const byGame = await later(20 * 60_000, () => game(session.token));
    expect(byGame.statusCode, byGame.body).toBe(200);
    expect(byGame.json().value).toMatchObject({ minutes: 15, net: -2.5, currency: 'PHP', playedMinutes: 20 });
    const trial = await createGameSession(t, { memberId: null, vendor: 'PT', trial: true });
    const expired = await createGameSession(t, {
      memberId: m.id,
      vendor: 'PT',
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const token of [trial.token, expired.token, 'x'.repeat(32)])
      expectFailure(await game(token), 401, 'AUTH_REQUIRED');
    expectFailure(await game(undefined), 400, 'VALIDATION_FAILED');
  });

  it('lists deposits, withdrawals, bets, wins and net by month, as JSON and CSV', async () => {
    const m = await member();
    await t.ctx.db
      .insertInto('deposit_orders')
      .values({
        reference: `DST${m.id}`,
        member_id: m.id,
        request_id: `st-${m.id}`,
        method_code: 'BANK_TRANSFER',
        method_kind: 'bank_transfer',
        amount: 50_000,
        currency: 'PHP',
        status: 'approved',
        decided_at: new Date(),
      })
      .execute();
    await fund(t, m.id, 50_000);
    expect((await bet(m.id, 1_234)).body.status).toBe('OK');
    const res = await call(t, 'GET', '/wps/responsible/statement?months=3', m.token);
    expect(res.statusCode, res.body).toBe(200);
    const months = res.json().value.months;
    expect(months).toHaveLength(1);
    expect(months[0]).toMatchObject({ deposits: 500, withdrawals: 0, bets: 12.34, wins: 0, net: -12.34 });
    const csv = await call(t, 'GET', '/wps/responsible/statement.csv', m.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('month,deposits,withdrawals,bets,wins,net');
    expect(csv.body.split('\r\n')[1]).toBe(`${months[0].month},500.00,0.00,12.34,0.00,-12.34`);
    expectFailure(await call(t, 'GET', '/wps/responsible/statement?months=99', m.token), 400, 'VALIDATION_FAILED');
  });
});

describe('back office player protection', () => {
  it('lists members with limits and breaks, keeps notes and counts the month', async () => {
    const protector = await operator(['players.protect']);
    // Other tests move the clock forward, so their events may sit in a later month near a month's
    // end: the report is read for this brand month, before and after this test's own events.
    const thisMonth = (await today(t.ctx.db, t.ctx.now())).dayKey.slice(0, 7);
    const counts = async () => {
      const res = await call(t, 'GET', '/admin/protection/report?months=2', protector.token);
      expect(res.statusCode, res.body).toBe(200);
      const months = res.json().value.months as { month: string; [k: string]: unknown }[];
      return months.find((x) => x.month === thisMonth) ?? { month: thisMonth };
    };
    const before = await counts();
    const m = await member();
    await put('/wps/responsible/limits', m.token, { depositDay: 100 });
    await call(t, 'POST', '/wps/responsible/break', m.token, { period: '7d', confirm: true });
    const list = await call(t, 'GET', `/admin/protection/members?filter=breaks&member=${m.username}`, protector.token);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().value.content[0];
    expect(row).toMatchObject({ memberId: m.id, username: m.username, break: { kind: 'timeout', period: '7d' } });
    expect(row.signals).toEqual({ depositFrequencyRising: false, lossChasing: false, nightPlay: false });
    expect(
      (await call(t, 'GET', `/admin/protection/members?filter=exclusions&member=${m.username}`, protector.token)).json()
        .value.content,
    ).toHaveLength(0);
    const noted = await call(t, 'POST', `/admin/protection/members/${m.id}/notes`, protector.token, {
      kind: 'contact',
      text: 'Called the member about the time-out',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().value.notes[0]).toMatchObject({ kind: 'contact', operator: protector.username });
    expectFailure(
      await call(t, 'POST', `/admin/protection/members/${m.id}/notes`, protector.token, { kind: 'note', text: ' ' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(await call(t, 'GET', '/admin/protection/members/999999999', protector.token), 404, 'NOT_FOUND');
    const x = await member();
    await call(t, 'POST', '/wps/responsible/break', x.token, { period: 'permanent', confirm: true });
    const lift = await call(t, 'POST', `/admin/protection/members/${x.id}/lift`, protector.token, {
      reason: 'Reviewed by compliance with the member',
    });
    expect(lift.statusCode, lift.body).toBe(200);
    const after = await counts();
    const grew = (k: string) => Number(after[k] ?? 0) - Number(before[k] ?? 0);
    expect({
      limitsSet: grew('limitsSet'),
      timeouts: grew('timeouts'),
      exclusions: grew('exclusions'),
      lifted: grew('lifted'),
    }).toEqual({ limitsSet: 1, timeouts: 1, exclusions: 1, lifted: 1 });
  });
});
