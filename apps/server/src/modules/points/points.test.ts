import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { createSessionMember, playVendorRound } from '../../test/programmes';
import { hashPassword } from '../accounts/passwords';
import { drainActivity } from '../activity/activity-bus';
import * as ledger from '../ledger/ledger.service';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { verifyPointsLedger } from '../ledger/points-ledger.service';
import { earnForRound, pointsEarningConsumer } from './points.service';

// The points mall through HTTP (spec §3, §4, §7 Points; docs/points.md):
// earning once per round, the catalogue, redeeming with the payment password, physical items
// fulfilled by an operator, converting at the exchange ratio, adjustments, and the points ledger's
// guarantees (balanced, append-only, never negative, verified).
// postgres: two redeems of the last stock item and two conversions above the balance race on row locks

let t: TestApp;
let admin: string;
const PAY = 'Pay@12345';
const REDEEM = '/wps/relay/passwordCheck/MCS2_redeemPointReward';
const CONVERT = '/wps/relay/passwordCheck/MCS2_convertPoint';

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

const rid = () => `req-${randomBytes(8).toString('hex')}`;

async function member(options: { type?: number; payment?: string | null } = {}) {
  const m = await createSessionMember(t, { type: options.type ?? 0 });
  const payment = options.payment === undefined ? PAY : options.payment;
  if (payment) {
    await t.ctx.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword(payment) })
      .where('id', '=', m.id)
      .execute();
  }
  return m;
}

function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: token } });
}

function adminCall(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

async function adjust(username: string, points: number) {
  const res = await adminCall('POST', '/admin/points/adjustments', {
    username,
    points,
    reason: 'test',
    requestId: rid(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { pointsBalance: number };
}

async function points(token: string): Promise<number> {
  const res = await get('/wps/relay/MCS2_getPointBalance', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.points;
}

let rewardCounter = 0;
async function reward(body: Record<string, unknown>) {
  rewardCounter++;
  const res = await adminCall('POST', '/admin/points/rewards', { name: `Reward ${rewardCounter}`, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; stock: number | null };
}

const redeem = (token: string, body: unknown) => injectEncrypted(t.app, { method: 'POST', url: REDEEM, body, token });
const convert = (token: string, body: unknown) => injectEncrypted(t.app, { method: 'POST', url: CONVERT, body, token });

async function snapshot(memberId: number) {
  const [p, cash, redemptions, conversions, postings] = await Promise.all([
    t.ctx.db.selectFrom('points_accounts').select('balance').where('member_id', '=', memberId).executeTakeFirst(),
    balanceOf(t.ctx.db, memberId, 'PHP'),
    t.ctx.db.selectFrom('points_redemptions').select('id').where('member_id', '=', memberId).execute(),
    t.ctx.db.selectFrom('points_conversions').select('id').where('member_id', '=', memberId).execute(),
    t.ctx.db
      .selectFrom('points_postings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const stock = await t.ctx.db.selectFrom('points_rewards').select(['id', 'stock']).orderBy('id').execute();
  return {
    points: p?.balance ?? 0,
    cash: cash.balance,
    redemptions: redemptions.length,
    conversions: conversions.length,
    postings: Number(postings.n),
    stock,
  };
}

async function expectLedgersOk() {
  const pointsReport = await verifyPointsLedger(t.ctx.db);
  expect(pointsReport.violations).toEqual([]);
  const money = await verifyLedger(t.ctx.db);
  expect(money.violations).toEqual([]);
}

describe('earning', () => {
  it('earns floor(valid bet x rate) per game type, once per round', async () => {
    const m = await member();
    const earn = (roundId: string, gameType: string, validBet: number) =>
      t.ctx.db
        .transaction()
        .execute((trx) => earnForRound(trx, { memberId: m.id, vendor: 'PT', roundId, gameType, validBet }));
    // Default rate 10,000 ppm: 1 point per 1.00 (100 minor units) of valid bet.
    expect(await earn('r1', 'RNG', 12_345)).toEqual({ points: 123, replayed: false });
    expect(await earn('r1', 'RNG', 12_345)).toEqual({ points: 123, replayed: true });
    expect(await points(m.token)).toBe(123);
    // PVP earns nothing by default; an unknown game type earns nothing; a bet below a point earns nothing.
    expect((await earn('r2', 'PVP', 100_000)).points).toBe(0);
    expect((await earn('r3', 'NOPE', 100_000)).points).toBe(0);
    expect((await earn('r4', 'LIVE', 99)).points).toBe(0);
    // The same round id at another vendor is another round.
    await t.ctx.db
      .transaction()
      .execute((trx) =>
        earnForRound(trx, { memberId: m.id, vendor: 'AG', roundId: 'r1', gameType: 'LIVE', validBet: 1_000 }),
      );
    expect(await points(m.token)).toBe(133);
    const details = await get('/wps/relay/ODSFE2_MemTransDet', m.token);
    expect(details.json().value).toMatchObject({
      totalElements: 2,
      content: [
        { type: 'points.earn', changedPoints: 10, pointsBalance: 133, reference: 'r1', remark: 'LIVE' },
        { type: 'points.earn', changedPoints: 123, pointsBalance: 123 },
      ],
    });
    await expectLedgersOk();
  });

  it('earns from rounds settled through the vendor API, through the rewards engine, once', async () => {
    const m = await member();
    await t.ctx.db.transaction().execute((trx) =>
      ledger.post(trx, {
        idempotencyKey: `fund:${m.id}`,
        type: 'deposit',
        reference: 'fund',
        entries: [
          { account: { member: m.id, currency: 'PHP' }, amount: 100_000 },
          { account: { house: 'bank', currency: 'PHP' }, amount: -100_000 },
        ],
      }),
    );
    const session = await playVendorRound(t, { memberId: m.id, vendor: 'PT', bet: 25_000, win: 10_000 });
    await playVendorRound(t, { memberId: m.id, vendor: 'PT', bet: 5_050 });
    await drainActivity(t.ctx, pointsEarningConsumer);
    // 1 point per 1.00 of valid bet at the seeded rate of the game's type: 250 + 50.
    const rate =
      (
        await t.ctx.db
          .selectFrom('points_rates')
          .select('rate_ppm')
          .where('game_type', '=', session.gameType)
          .executeTakeFirst()
      )?.rate_ppm ?? 0;
    const expected = Math.floor((25_000 * rate) / 1_000_000) + Math.floor((5_050 * rate) / 1_000_000);
    expect(expected).toBeGreaterThan(0);
    expect(await points(m.token)).toBe(expected);
    // A rerun, and the same round replayed into the ledger directly, earn nothing more.
    await drainActivity(t.ctx, pointsEarningConsumer);
    await t.ctx.db.transaction().execute((trx) =>
      earnForRound(trx, {
        memberId: m.id,
        vendor: 'PT',
        roundId: session.roundId,
        gameType: session.gameType,
        validBet: 25_000,
      }),
    );
    expect(await points(m.token)).toBe(expected);
    await expectLedgersOk();
  });

  it('earns at the rates the operator configures', async () => {
    const before = (await adminCall('GET', '/admin/points/config')).json().value;
    const res = await adminCall('PUT', '/admin/points/config', {
      exchangePoints: before.exchangePoints,
      exchangeAmount: before.exchangeAmount,
      minConvertPoints: before.minConvertPoints,
      convertEnabled: true,
      rates: [
        ...before.rates.filter((r: { gameType: string }) => r.gameType !== 'FISH'),
        { gameType: 'FISH', ratePpm: 50_000 },
      ],
      rules: { EN: 'Earn points on every valid bet.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = await member();
    await t.ctx.db
      .transaction()
      .execute((trx) =>
        earnForRound(trx, { memberId: m.id, vendor: 'CQ9', roundId: 'f1', gameType: 'FISH', validBet: 10_000 }),
      );
    expect(await points(m.token)).toBe(500);
    const config = (await get('/wps/relay/MCS2_getPointConfig', m.token)).json().value;
    expect(config).toMatchObject({
      exchangePoints: 100,
      exchangeAmount: 1,
      rules: 'Earn points on every valid bet.',
      expires: false,
    });
    expect(config.rates).toContainEqual({ gameType: 'FISH', ratePpm: 50_000 });
  });
});

describe('catalogue and redeeming', () => {
  it('redeems a cash reward with the payment password: points out, cash in, history approved, once per requestId', async () => {
    const m = await member();
    await adjust(m.username, 1_000);
    const r = await reward({ kind: 'cash', pointsCost: 300, amount: 5, stock: null });
    const list = (await get('/wps/relay/MCS2_getPointReward?kind=cash', m.token)).json().value;
    expect(list.content).toContainEqual(
      expect.objectContaining({ id: r.id, kind: 'cash', pointsRequirement: 300, amount: 5 }),
    );

    const requestId = rid();
    const res = await redeem(m.token, { rewardId: r.id, quantity: 2, paymentPassword: PAY, requestId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      type: 'cash',
      quantity: 2,
      pointsRequirement: 600,
      amountRequirement: 10,
      status: 'approved',
      changedPoints: -600,
      pointsBalance: 400,
      replayed: false,
    });
    expect(await points(m.token)).toBe(400);
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(1_000);

    const again = await redeem(m.token, { rewardId: r.id, quantity: 2, paymentPassword: PAY, requestId });
    expect(again.json().value).toMatchObject({ reference: res.json().value.reference, replayed: true });
    const other = await redeem(m.token, { rewardId: r.id, quantity: 1, paymentPassword: PAY, requestId });
    expect(other.json().code).toBe('POINTS_REQUEST_CONFLICT');
    expect(await points(m.token)).toBe(400);

    const history = (await get('/wps/relay/MCS2_getRedeemPointList', m.token)).json().value;
    expect(history).toMatchObject({ totalElements: 1, content: [{ status: 'approved', name: expect.any(String) }] });
    await expectLedgersOk();
  });

  it('pays bonus rewards to the bonus balance and issues tickets of the configured kind', async () => {
    const m = await member();
    await adjust(m.username, 500);
    const bonus = await reward({ kind: 'bonus', pointsCost: 100, amount: 2.5 });
    const wheel = await adminCall('POST', '/admin/tickets/kinds', {
      kind: 'prize_wheel',
      name: `Wheel ${rid()}`,
      enabled: true,
      depositMin: null,
      prizes: [{ label: 'Nothing', type: 'none', weight: 1 }],
    });
    expect(wheel.statusCode, wheel.body).toBe(200);
    const ticket = await reward({ kind: 'ticket', pointsCost: 50, ticketKindId: wheel.json().value.id });
    expect((await redeem(m.token, { rewardId: bonus.id, paymentPassword: PAY, requestId: rid() })).statusCode).toBe(
      200,
    );
    const tk = await redeem(m.token, { rewardId: ticket.id, quantity: 3, paymentPassword: PAY, requestId: rid() });
    expect(tk.json().value).toMatchObject({
      type: 'ticket',
      ticketKind: 'prize_wheel',
      quantity: 3,
      status: 'approved',
    });
    const bonusAccount = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('member_id', '=', m.id)
      .where('kind', '=', 'bonus')
      .executeTakeFirstOrThrow();
    expect(bonusAccount.balance).toBe(250);
    expect(await points(m.token)).toBe(250);
    const issued = await t.ctx.db
      .selectFrom('tickets')
      .select(['kind_id', 'source'])
      .where('member_id', '=', m.id)
      .orderBy('source')
      .execute();
    expect(issued.map((r) => Number(r.kind_id))).toEqual([
      wheel.json().value.id,
      wheel.json().value.id,
      wheel.json().value.id,
    ]);
    expect(issued.map((r) => r.source.replace(/^points:\d+:/, ''))).toEqual(['1', '2', '3']);
    await expectLedgersOk();
  });

  it('refuses bad input, a wrong password, too few points and paused rewards, and changes nothing', async () => {
    const m = await member();
    await adjust(m.username, 100);
    const r = await reward({ kind: 'physical', pointsCost: 80, stock: 5, maxPerRedeem: 2 });
    const before = await snapshot(m.id);
    const cases: [unknown, string][] = [
      [{ rewardId: r.id, paymentPassword: 'Wrong@123', requestId: rid() }, 'PAYMENT_PASSWORD_INVALID'],
      [{ rewardId: r.id, quantity: 2, paymentPassword: PAY, requestId: rid() }, 'POINTS_INSUFFICIENT'],
      [{ rewardId: r.id, quantity: 3, paymentPassword: PAY, requestId: rid() }, 'POINTS_QUANTITY_ABOVE_LIMIT'],
      [{ rewardId: 999_999, paymentPassword: PAY, requestId: rid() }, 'POINTS_REWARD_NOT_FOUND'],
      [{ rewardId: r.id, quantity: 0, paymentPassword: PAY, requestId: rid() }, 'VALIDATION_FAILED'],
      [{ rewardId: r.id, quantity: 1.5, paymentPassword: PAY, requestId: rid() }, 'VALIDATION_FAILED'],
      [{ rewardId: 'x', paymentPassword: PAY, requestId: rid() }, 'VALIDATION_FAILED'],
      [{ rewardId: r.id, paymentPassword: PAY, requestId: 'short' }, 'VALIDATION_FAILED'],
      [{ rewardId: r.id, paymentPassword: PAY, requestId: rid(), extra: 1 }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of cases)
      expect((await redeem(m.token, body)).json().code, JSON.stringify(body)).toBe(code);
    const plain = await t.app.inject({
      method: 'POST',
      url: REDEEM,
      headers: { authorization: m.token },
      payload: { rewardId: r.id, paymentPassword: PAY, requestId: rid() },
    });
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
    const noPassword = await member({ payment: null });
    expect(
      (await redeem(noPassword.token, { rewardId: r.id, paymentPassword: PAY, requestId: rid() })).json().code,
    ).toBe('PAYMENT_PASSWORD_NOT_SET');
    const trial = await member({ type: 4 });
    expect((await get('/wps/relay/MCS2_getPointBalance', trial.token)).json().code).toBe('ACCOUNT_TRIAL_RESTRICTED');
    expect((await t.app.inject({ method: 'GET', url: '/wps/relay/MCS2_getPointBalance' })).statusCode).toBe(401);

    const paused = await adminCall('PUT', `/admin/points/rewards/${r.id}`, {
      kind: 'physical',
      name: `Paused ${r.id}`,
      pointsCost: 80,
      stock: 5,
      maxPerRedeem: 2,
      status: 'paused',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await redeem(m.token, { rewardId: r.id, paymentPassword: PAY, requestId: rid() })).json().code).toBe(
      'POINTS_REWARD_UNAVAILABLE',
    );
    expect(
      (await get('/wps/relay/MCS2_getPointReward', m.token)).json().value.content.map((x: { id: number }) => x.id),
    ).not.toContain(r.id);
    expect(await snapshot(m.id)).toEqual(before);
  });

  it('keeps physical items in process until an operator approves or rejects (points and stock back), once', {
    tags: ['postgres'],
  }, async () => {
    const m = await member();
    await adjust(m.username, 1_000);
    const r = await reward({ kind: 'physical', pointsCost: 200, stock: 3 });
    const one = (await redeem(m.token, { rewardId: r.id, paymentPassword: PAY, requestId: rid() })).json().value;
    const two = (await redeem(m.token, { rewardId: r.id, quantity: 2, paymentPassword: PAY, requestId: rid() })).json()
      .value;
    expect(one.status).toBe('in_process');
    expect(await points(m.token)).toBe(400);
    const rows = (await adminCall('GET', '/admin/points/redemptions?status=in_process&order=asc')).json().value;
    const ids = rows.list
      .filter((x: { username: string }) => x.username === m.username)
      .map((x: { id: number }) => x.id);
    expect(ids).toHaveLength(2);
    const [firstId, secondId] = ids as [number, number];

    const ok = await adminCall('POST', `/admin/points/redemptions/${firstId}/decision`, {
      decision: 'approve',
      remark: 'sent',
    });
    expect(ok.json().value).toMatchObject({ status: 'approved', remark: 'sent', decidedBy: 'admin' });
    const [a, b] = await Promise.all([
      adminCall('POST', `/admin/points/redemptions/${secondId}/decision`, { decision: 'reject', remark: 'no address' }),
      adminCall('POST', `/admin/points/redemptions/${secondId}/decision`, { decision: 'reject', remark: 'no address' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(
      (await adminCall('POST', `/admin/points/redemptions/${firstId}/decision`, { decision: 'reject' })).json().code,
    ).toBe('POINTS_REDEMPTION_DECIDED');
    expect(
      (await adminCall('POST', '/admin/points/redemptions/999999/decision', { decision: 'reject' })).json().code,
    ).toBe('POINTS_REDEMPTION_NOT_FOUND');
    expect(await points(m.token)).toBe(800);
    const stock = await t.ctx.db
      .selectFrom('points_rewards')
      .select('stock')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(2);
    const history = (await get('/wps/relay/MCS2_getRedeemPointList', m.token)).json().value.content;
    expect(history.map((h: { reference: string; status: string }) => [h.reference, h.status])).toEqual([
      [two.reference, 'rejected'],
      [one.reference, 'approved'],
    ]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('event')
      .where('event', '=', 'points.redemption')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
    await expectLedgersOk();
  });

  it('sells the last items in stock once each when more members redeem them at the same time', {
    tags: ['postgres'],
  }, async () => {
    const r = await reward({ kind: 'physical', pointsCost: 10, stock: 2 });
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => member()));
    for (const m of members) await adjust(m.username, 10);
    const results = await Promise.all(
      members.map((m) => redeem(m.token, { rewardId: r.id, paymentPassword: PAY, requestId: rid() })),
    );
    const codes = results.map((x) => (x.statusCode === 200 ? 'OK' : x.json().code)).sort();
    expect(codes).toEqual(['OK', 'OK', 'POINTS_OUT_OF_STOCK', 'POINTS_OUT_OF_STOCK', 'POINTS_OUT_OF_STOCK']);
    let total = 0;
    for (const m of members) total += await points(m.token);
    expect(total).toBe(30);
    const stock = await t.ctx.db
      .selectFrom('points_rewards')
      .select('stock')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
    await expectLedgersOk();
  });
});

describe('converting', () => {
  it('converts whole steps at the exchange ratio into cash from promotions-expense, once per requestId', async () => {
    const m = await member();
    await adjust(m.username, 1_050);
    const requestId = rid();
    const res = await convert(m.token, { points: 500, paymentPassword: PAY, requestId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      points: 500,
      amount: 5,
      pointsBalance: 550,
      cashBalance: 5,
      replayed: false,
    });
    expect((await convert(m.token, { points: 500, paymentPassword: PAY, requestId })).json().value).toMatchObject({
      replayed: true,
      pointsBalance: 550,
    });
    expect((await convert(m.token, { points: 100, paymentPassword: PAY, requestId })).json().code).toBe(
      'POINTS_REQUEST_CONFLICT',
    );
    const before = await snapshot(m.id);
    const cases: [unknown, string][] = [
      [{ points: 150, paymentPassword: PAY, requestId: rid() }, 'POINTS_CONVERT_STEP'],
      [{ points: 600, paymentPassword: PAY, requestId: rid() }, 'POINTS_INSUFFICIENT'],
      [{ points: 100, paymentPassword: 'Nope@1234', requestId: rid() }, 'PAYMENT_PASSWORD_INVALID'],
      [{ points: -100, paymentPassword: PAY, requestId: rid() }, 'VALIDATION_FAILED'],
      [{ points: 1e300, paymentPassword: PAY, requestId: rid() }, 'VALIDATION_FAILED'],
      [{ points: '100', paymentPassword: PAY, requestId: rid() }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of cases)
      expect((await convert(m.token, body)).json().code, JSON.stringify(body)).toBe(code);
    expect(await snapshot(m.id)).toEqual(before);
    const cash = await t.ctx.db
      .selectFrom('ledger_postings')
      .select(['type'])
      .where('idempotency_key', 'like', 'points:convert:%')
      .execute();
    expect(cash.map((c) => c.type)).toContain('bonus.points-convert');
    await expectLedgersOk();
  });

  it('lets only as many of three parallel conversions through as the points cover', {
    tags: ['postgres'],
  }, async () => {
    const m = await member();
    await adjust(m.username, 1_200);
    const results = await Promise.all(
      [1, 2, 3].map(() => convert(m.token, { points: 500, paymentPassword: PAY, requestId: rid() })),
    );
    const codes = results.map((x) => (x.statusCode === 200 ? 'OK' : x.json().code)).sort();
    expect(codes).toEqual(['OK', 'OK', 'POINTS_INSUFFICIENT']);
    expect(await points(m.token)).toBe(200);
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(1_000);
    await expectLedgersOk();
  });

  it('refuses conversions below the minimum or while switched off', async () => {
    const base = (await adminCall('GET', '/admin/points/config')).json().value;
    const put = (over: Record<string, unknown>) =>
      adminCall('PUT', '/admin/points/config', {
        exchangePoints: base.exchangePoints,
        exchangeAmount: base.exchangeAmount,
        minConvertPoints: base.minConvertPoints,
        convertEnabled: true,
        rates: base.rates,
        rules: base.rules,
        ...over,
      });
    const m = await member();
    await adjust(m.username, 1_000);
    expect((await put({ minConvertPoints: 300 })).statusCode).toBe(200);
    expect((await convert(m.token, { points: 200, paymentPassword: PAY, requestId: rid() })).json().code).toBe(
      'POINTS_CONVERT_BELOW_MINIMUM',
    );
    expect((await put({ convertEnabled: false })).statusCode).toBe(200);
    expect((await convert(m.token, { points: 500, paymentPassword: PAY, requestId: rid() })).json().code).toBe(
      'POINTS_CONVERT_DISABLED',
    );
    // Bad configuration is refused and changes nothing.
    for (const bad of [
      { exchangePoints: 0 },
      { exchangeAmount: 0 },
      { exchangeAmount: 0.001 },
      { rates: [{ gameType: 'RNG', ratePpm: 2_000_000 }] },
      {
        rates: [
          { gameType: 'RNG', ratePpm: 1 },
          { gameType: 'RNG', ratePpm: 2 },
        ],
      },
    ]) {
      expect((await put(bad)).json().code, JSON.stringify(bad)).toBe('VALIDATION_FAILED');
    }
    expect((await put({})).statusCode).toBe(200);
    expect((await adminCall('GET', '/admin/points/config')).json().value).toMatchObject({
      exchangePoints: base.exchangePoints,
      minConvertPoints: base.minConvertPoints,
      convertEnabled: true,
    });
  });
});

describe('back office', () => {
  it('needs the points permissions, validates rewards and audits adjustments', async () => {
    const m = await member();
    expect((await adminCall('GET', '/admin/points/rewards', undefined, m.token)).statusCode).toBe(403);
    for (const bad of [
      { kind: 'cash', name: 'No amount', pointsCost: 10 },
      { kind: 'physical', name: 'Paid item', pointsCost: 10, amount: 5 },
      { kind: 'ticket', name: 'No ticket kind', pointsCost: 10 },
      { kind: 'physical', name: 'Negative stock', pointsCost: 10, stock: -1 },
      { kind: 'physical', name: 'Free', pointsCost: 0 },
      { kind: 'physical', name: 'Bad image', pointsCost: 10, imageUrl: 'javascript:alert(1)' },
    ]) {
      expect((await adminCall('POST', '/admin/points/rewards', bad)).json().code, JSON.stringify(bad)).toBe(
        'VALIDATION_FAILED',
      );
    }
    const r = await reward({ kind: 'physical', pointsCost: 10 });
    const dup = await adminCall('POST', '/admin/points/rewards', {
      kind: 'physical',
      name: `Reward ${rewardCounter}`,
      pointsCost: 10,
    });
    expect(dup.json().code).toBe('POINTS_REWARD_NAME_TAKEN');
    expect(
      (await adminCall('PUT', '/admin/points/rewards/999999', { kind: 'physical', name: 'x', pointsCost: 1 })).json()
        .code,
    ).toBe('POINTS_REWARD_NOT_FOUND');
    expect(r.id).toBeGreaterThan(0);

    const requestId = rid();
    const first = await adminCall('POST', '/admin/points/adjustments', {
      username: m.username,
      points: 40,
      reason: 'goodwill',
      requestId,
    });
    expect(first.json().value).toMatchObject({ points: 40, pointsBalance: 40, replayed: false });
    const again = await adminCall('POST', '/admin/points/adjustments', {
      username: m.username,
      points: 40,
      reason: 'goodwill',
      requestId,
    });
    expect(again.json().value).toMatchObject({ pointsBalance: 40, replayed: true });
    const below = await adminCall('POST', '/admin/points/adjustments', {
      username: m.username,
      points: -41,
      reason: 'x',
      requestId: rid(),
    });
    expect(below.json().code).toBe('POINTS_INSUFFICIENT');
    const nobody = await adminCall('POST', '/admin/points/adjustments', {
      username: 'nobody-here',
      points: 1,
      reason: 'x',
      requestId: rid(),
    });
    expect(nobody.json().code).toBe('MEMBER_NOT_FOUND');
    const view = (await adminCall('GET', `/admin/points/member?username=${m.username}`)).json().value;
    expect(view).toMatchObject({
      points: 40,
      details: { totalElements: 1, content: [{ type: 'points.adjust', remark: 'goodwill' }] },
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success'])
      .where('event', '=', 'points.adjust')
      .execute();
    expect(audit.filter((a) => a.success).length).toBeGreaterThanOrEqual(2);
    expect(audit.some((a) => !a.success)).toBe(true);
  });
});

describe('the points ledger', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of postings and entries, and a negative member balance', async () => {
    const m = await member();
    await adjust(m.username, 5);
    await expect(sql`UPDATE points_entries SET amount = amount + 1`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM points_postings`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE points_entries`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(
      sql`UPDATE points_accounts SET balance = -1 WHERE member_id = ${m.id}`.execute(t.ctx.db),
    ).rejects.toThrow();
    await expectLedgersOk();
  });

  it('reports a balance that no longer matches its entries, and an unbalanced posting', async () => {
    const m = await member();
    await adjust(m.username, 7);
    await sql`UPDATE points_accounts SET balance = balance + 2 WHERE member_id = ${m.id}`.execute(t.ctx.db);
    expect((await verifyPointsLedger(t.ctx.db)).violations).toEqual([
      `points account member:${m.id}: balance 9 but its entries sum to 7`,
    ]);
    await sql`UPDATE points_accounts SET balance = balance - 2 WHERE member_id = ${m.id}`.execute(t.ctx.db);
    const account = await t.ctx.db
      .selectFrom('points_accounts')
      .select('id')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const posting = await t.ctx.db
      .selectFrom('points_postings')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('points_entries')
      .values({ posting_id: posting.id, account_id: account.id, amount: 1, balance_after: 99 })
      .execute();
    // The file's last test: the stray entry cannot be taken out again (append-only), and the
    // database is thrown away with the file.
    const report = await verifyPointsLedger(t.ctx.db);
    expect(report.ok).toBe(false);
    expect(report.violations.join('\n')).toMatch(/points posting .* entries summing to 1/);
    expect(report.violations.join('\n')).toContain(`points entry`);
  });
});
