// postgres: concurrent bets of one member spending cash and bonus never overdraw either
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { createGameSession, vendorClient } from '../../test/vendor-client';
import { drainActivity } from '../activity/activity-bus';
import { setBrandSetting } from '../brand/brand.service';
import { actors, call, fund, setPaymentPassword } from '../cashier/cashier.fixtures';
import { post, returnSplit, stakeSplit, verifyLedger } from '../ledger/ledger.service';
import { promotionsConsumer, wageringConsumer } from './rewards.service';

// Bets spend cash first, then bonus; wins go back in the proportion the round's bets were
// taken; rollbacks return each part where it came from (docs/rewards.md "Bonus wallet and wagering").

let t: TestApp;
let vendor: string;
let client: ReturnType<typeof vendorClient>;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  await t.ctx.db.updateTable('promotions').set({ state: 'ended' }).execute();
  const g = await t.ctx.db.selectFrom('games').select('vendor_code').orderBy('vendor_code').executeTakeFirstOrThrow();
  vendor = g.vendor_code;
  client = vendorClient(t, vendor);
});
afterAll(() => t.close());

const uid = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;

async function balances(memberId: number) {
  const rows = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('member_id', '=', memberId)
    .where('currency', '=', 'PHP')
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return { cash: of('cash'), bonus: of('bonus') };
}

/** A member with `cash` and `bonus` minor units and a live session at the vendor. */
async function player(cash: number, bonus: number) {
  const m = await createMember(t.ctx);
  await t.ctx.db.transaction().execute(async (trx) => {
    const entries = [];
    if (cash > 0) entries.push({ account: { member: m.id, currency: 'PHP' }, amount: cash });
    if (bonus > 0) entries.push({ account: { member: m.id, kind: 'bonus' as const, currency: 'PHP' }, amount: bonus });
    entries.push({ account: { house: 'promotions-expense', currency: 'PHP' }, amount: -(cash + bonus) });
    await post(trx, { idempotencyKey: uid('fund'), type: 'bonus', reference: 'test', entries });
  });
  const session = await createGameSession(t, { memberId: m.id, vendor });
  return { id: m.id, player: String(m.id), ...session };
}

type Player = Awaited<ReturnType<typeof player>>;

function bet(p: Player, amount: number, roundId = uid('round'), transactionId = uid('bet')) {
  const body = {
    token: p.token,
    player: p.player,
    gameCode: p.gameCode,
    roundId,
    transactionId,
    amount,
    currency: 'PHP',
  };
  return { body, send: () => client.call('bet', body) };
}

function win(p: Player, b: { roundId: string; transactionId: string }, amount: number, transactionId = uid('win')) {
  return client.call('win', {
    player: p.player,
    gameCode: p.gameCode,
    roundId: b.roundId,
    transactionId,
    betTransactionId: b.transactionId,
    amount,
    currency: 'PHP',
    roundClosed: true,
  });
}

async function bonusPartOf(transactionId: string) {
  const r = await t.ctx.db
    .selectFrom('vendor_transactions')
    .select('bonus_amount')
    .where('vendor_code', '=', vendor)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return Number(r.bonus_amount);
}

describe('the split rules', () => {
  it('a stake takes cash first; a return follows the stake proportion, rounding to cash', () => {
    expect(stakeSplit(500, 300)).toEqual({ cash: 300, bonus: 200 });
    expect(stakeSplit(500, 800)).toEqual({ cash: 500, bonus: 0 });
    expect(stakeSplit(500, 0)).toEqual({ cash: 0, bonus: 500 });
    expect(returnSplit(1000, 500, 200)).toEqual({ cash: 600, bonus: 400 });
    expect(returnSplit(1001, 3, 1)).toEqual({ cash: 668, bonus: 333 });
    expect(returnSplit(1000, 500, 0)).toEqual({ cash: 1000, bonus: 0 });
    expect(returnSplit(0, 500, 500)).toEqual({ cash: 0, bonus: 0 });
  });
});

describe('bets spend cash first, then bonus (vendor API)', () => {
  it('the vendor sees cash + bonus; a bet above cash takes the rest from bonus; the win goes back in proportion', async () => {
    const p = await player(300, 1000);
    const shown = await client.call('balance', { token: p.token, player: p.player });
    expect(shown.body).toMatchObject({ status: 'OK', balance: 1300 });

    const b = bet(p, 500);
    const first = await b.send();
    expect(first.body).toMatchObject({ status: 'OK', balance: 800 });
    expect(await balances(p.id)).toEqual({ cash: 0, bonus: 800 });
    expect(await bonusPartOf(b.body.transactionId)).toBe(200);
    // A retry of the same bet answers the first answer and moves nothing.
    expect((await b.send()).body).toMatchObject({ status: 'OK', balance: 800 });
    expect(await balances(p.id)).toEqual({ cash: 0, bonus: 800 });

    // 200 of the 500 came from bonus: 2/5 of the win goes back to bonus, the rest to cash.
    const winId = uid('win');
    expect((await win(p, b.body, 1000, winId)).body).toMatchObject({ status: 'OK', balance: 1800 });
    expect(await balances(p.id)).toEqual({ cash: 600, bonus: 1200 });
    expect(await bonusPartOf(winId)).toBe(400);
    expect((await win(p, b.body, 1000, winId)).body).toMatchObject({ status: 'OK', balance: 1800 });
    expect(await balances(p.id)).toEqual({ cash: 600, bonus: 1200 });

    // The round's stake and its bonus part are on the round.
    const round = await t.ctx.db
      .selectFrom('vendor_rounds')
      .select(['bet_amount', 'bonus_bet_amount', 'win_amount', 'status'])
      .where('vendor_code', '=', vendor)
      .where('round_id', '=', b.body.roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ bet_amount: 500, bonus_bet_amount: 200, win_amount: 1000, status: 'closed' });
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('a bet within cash leaves bonus alone, and its win is paid to cash only', async () => {
    const p = await player(1000, 500);
    const b = bet(p, 400);
    expect((await b.send()).body).toMatchObject({ status: 'OK', balance: 1100 });
    expect(await balances(p.id)).toEqual({ cash: 600, bonus: 500 });
    expect((await win(p, b.body, 900)).body).toMatchObject({ status: 'OK', balance: 2000 });
    expect(await balances(p.id)).toEqual({ cash: 1500, bonus: 500 });
  });

  it('two bets in one round: the win follows the round total; a bet above cash + bonus is refused', async () => {
    const p = await player(100, 300);
    const roundId = uid('round');
    const one = bet(p, 100, roundId);
    const two = bet(p, 200, roundId);
    expect((await one.send()).body.status).toBe('OK'); // cash 100
    expect((await two.send()).body.status).toBe('OK'); // bonus 200
    expect(await balances(p.id)).toEqual({ cash: 0, bonus: 100 });
    const over = bet(p, 101);
    const refused = await over.send();
    expect(refused.body).toMatchObject({ status: 'ERROR_INSUFFICIENT_FUNDS', balance: 100 });
    expect(await balances(p.id)).toEqual({ cash: 0, bonus: 100 });
    // 200 of 300 from bonus: 2/3 of 301 = 200 (floor) to bonus, 101 to cash.
    expect((await win(p, two.body, 301)).body).toMatchObject({ status: 'OK', balance: 401 });
    expect(await balances(p.id)).toEqual({ cash: 101, bonus: 300 });
  });

  it('a rollback returns each part of its bet where it came from, once', async () => {
    const p = await player(300, 1000);
    const b = bet(p, 500);
    expect((await b.send()).body.status).toBe('OK');
    const rollback = {
      player: p.player,
      roundId: b.body.roundId,
      transactionId: uid('rb'),
      rollbackTransactionId: b.body.transactionId,
    };
    expect((await client.call('rollback', rollback)).body).toMatchObject({ status: 'OK', balance: 1300 });
    expect(await balances(p.id)).toEqual({ cash: 300, bonus: 1000 });
    expect(await bonusPartOf(rollback.transactionId)).toBe(200);
    expect((await client.call('rollback', rollback)).body).toMatchObject({ status: 'OK', balance: 1300 });
    expect(await balances(p.id)).toEqual({ cash: 300, bonus: 1000 });
    const round = await t.ctx.db
      .selectFrom('vendor_rounds')
      .select(['bet_amount', 'bonus_bet_amount', 'status'])
      .where('vendor_code', '=', vendor)
      .where('round_id', '=', b.body.roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ bet_amount: 0, bonus_bet_amount: 0, status: 'rolled_back' });
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('concurrent bets of one member never overdraw cash + bonus', { tags: ['postgres'] }, async () => {
    const p = await player(300, 1000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => bet(p, 200).send()));
    const accepted = answers.filter((a) => a.body.status === 'OK').length;
    expect(accepted).toBe(6); // 1,300 covers six bets of 200
    for (const a of answers) expect(['OK', 'ERROR_INSUFFICIENT_FUNDS']).toContain(a.body.status);
    const after = await balances(p.id);
    expect(after.cash).toBe(0);
    expect(after.bonus).toBe(100);
    const staked = await t.ctx.db
      .selectFrom('vendor_transactions')
      .select((eb) => [eb.fn.sum<string>('amount').as('amount'), eb.fn.sum<string>('bonus_amount').as('bonus')])
      .where('member_id', '=', p.id)
      .where('kind', '=', 'bet')
      .executeTakeFirstOrThrow();
    expect({ amount: Number(staked.amount), bonus: Number(staked.bonus) }).toEqual({ amount: 1200, bonus: 900 });
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});

describe('withdrawal while wagering', () => {
  const { member: memberWithSession } = actors(() => t, createMember);

  it('the member sees the active wager (the warning), then a withdrawal request forfeits the bonus left', async () => {
    const operator = (await actors(() => t, createMember).operator()).token;
    const admin = await adminToken(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/promotions',
      headers: { authorization: admin },
      payload: {
        type: 'NEWBIE',
        kind: 'fixed',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: null,
        texts: { en: { title: uid('Welcome'), summary: 's', rules: 'r' } },
        rules: {
          trigger: 'registration',
          amount: 50,
          payAs: 'bonus',
          wagering: { multiple: 10, base: 'bonus', contributions: {}, otherPercent: 100, days: 7 },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const promotionId = created.json().value.id as number;
    const on = await t.app.inject({
      method: 'POST',
      url: `/admin/promotions/${promotionId}/state`,
      headers: { authorization: admin },
      payload: { state: 'active' },
    });
    expect(on.statusCode, on.body).toBe(200);
    const m = await memberWithSession({ payeeName: 'Ana Reyes' });
    await setPaymentPassword(t, m.id);
    await fund(t, m.id, 100_000);
    const added = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
      bankName: 'BDO',
      accountName: 'ana reyes',
      accountNumber: `00${Math.floor(Math.random() * 1e10)}`,
    });
    const accountId = added.json().value.id as number;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, operator)).statusCode).toBe(200);
    // A claimed bonus of 50.00 with 10x wagering, through the promotion it came from.
    await drainActivity(t.ctx, promotionsConsumer);
    const centre = await call(t, 'GET', '/wps/relay/MCSFE_getRewardCentre', m.token);
    const reward = (centre.json().value.content as { id: number; promotionId: number }[]).find(
      (r) => r.promotionId === promotionId,
    );
    const claimed = await call(t, 'POST', '/wps/relay/MCSFE_signUpRequestReward', m.token, { rewardId: reward?.id });
    expect(claimed.statusCode, claimed.body).toBe(200);
    // The warning the reward centre and the withdraw page show comes from this answer.
    const before = await call(t, 'GET', '/wps/relay/MCSFE_getBonusWagering', m.token);
    expect(before.json().value).toMatchObject({ bonusBalance: 50, activeCount: 1 });

    // The withdraw page names what a request would forfeit, and the header shows the bonus balance.
    const info = await call(t, 'GET', '/wps/cashier/withdrawInfo', m.token);
    expect(info.json().value).toMatchObject({ bonusForfeited: 50 });
    const state = await call(t, 'GET', '/wps/member/publicState', m.token);
    expect(state.json().value).toMatchObject({ balance: 1000, bonusBalance: 50 });

    const withdraw = (body: Record<string, unknown>) =>
      injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdraw',
        token: m.token,
        body: { bankAccountId: accountId, amount: 100, paymentPassword: 'Pay@1234', requestId: uid('w'), ...body },
      });
    // Without the member's word the request is refused, holds nothing and forfeits nothing.
    for (const body of [{}, { forfeitBonus: false }]) {
      const refused = await withdraw(body);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CASHIER_BONUS_FORFEIT_UNCONFIRMED', value: { bonus: 50 } });
    }
    await drainActivity(t.ctx, promotionsConsumer);
    expect(
      await t.ctx.db.selectFrom('withdrawal_orders').select('id').where('member_id', '=', m.id).execute(),
    ).toHaveLength(0);
    expect((await call(t, 'GET', '/wps/relay/MCSFE_getBonusWagering', m.token)).json().value).toMatchObject({
      bonusBalance: 50,
      activeCount: 1,
    });

    const res = await withdraw({ forfeitBonus: true });
    expect(res.statusCode, res.body).toBe(200);
    await drainActivity(t.ctx, promotionsConsumer);
    await drainActivity(t.ctx, wageringConsumer);
    const after = (await call(t, 'GET', '/wps/relay/MCSFE_getBonusWagering', m.token)).json().value;
    expect(after).toMatchObject({ bonusBalance: 0, activeCount: 0 });
    expect(after.list[0].state).toBe('forfeited');
    // The reward centre and the promotion say it was forfeited, not "Claimed".
    const rewards = (await call(t, 'GET', '/wps/relay/MCSFE_getRewardCentre', m.token)).json().value.content as {
      promotionId: number;
      status: string;
      wagerState: string | null;
    }[];
    expect(rewards.find((r) => r.promotionId === promotionId)).toMatchObject({
      status: 'Forfeited',
      wagerState: 'forfeited',
    });
    const promotion = await call(t, 'GET', `/wps/relay/MCSFE_getPromotion/${promotionId}`, m.token);
    expect(promotion.json().value).toMatchObject({ status: 'Forfeited' });
    expect((await call(t, 'GET', '/wps/cashier/withdrawInfo', m.token)).json().value).toMatchObject({
      bonusForfeited: 0,
    });
    expect(await balances(m.id)).toEqual({ cash: 100_000, bonus: 0 });
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});
