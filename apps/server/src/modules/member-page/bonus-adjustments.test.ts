import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { brandToday } from '../../test/brand-day';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { cashBalance, createSessionMember, creditDeposit, playVendorRound } from '../../test/programmes';
import { drainActivity } from '../activity/activity-bus';
import { setBrandSetting } from '../brand/brand.service';
import { actors, call, expectFailure } from '../cashier/cashier.fixtures';
import { bonusBalanceOf, verifyLedger } from '../ledger/ledger.service';
import { refreshRollups } from '../reports/reports.service';
import { expireRewards, wageringConsumer } from '../rewards/rewards.service';

// Balance adjustments of type bonus (docs/back-office.md "Adjustment types"): the amount lands in the
// bonus wallet with a wager of the operator's multiple, converts by the wagering rules (and then
// counts as bonus cost in the NGR report) or is forfeited, counts in the dashboard's bonus
// liability meanwhile, and keeps the approval threshold and the waiting-request flow.

let t: TestApp;
let admin: string;
let slotVendor: string;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  // 1,000.00: larger adjustments wait for a second operator.
  await setBrandSetting(t.ctx.db, 'adjustmentApprovalThreshold', 100_000);
  await setBrandSetting(t.ctx.db, 'bonusAdjustmentWagering', {
    multiple: 4,
    days: 7,
    otherPercent: 100,
    contributions: {},
  });
  const g = await t.ctx.db.selectFrom('games').select('vendor_code').orderBy('node_id').executeTakeFirstOrThrow();
  slotVendor = g.vendor_code;
  today = await brandToday(t.ctx);
});
afterAll(() => t.close());

const { operator } = actors(() => t, createMember);
const ALL = ['members.read', 'members.write', 'wallet.adjust', 'wallet.approve'];

const adjust = (token: string, memberId: number, body: Record<string, unknown>) =>
  call(t, 'POST', `/admin/members/${memberId}/adjustments`, token, { requestId: randomUUID(), ...body });
const bonus = (memberId: number) => bonusBalanceOf(t.ctx.db, memberId, 'PHP');
const wagersOf = (memberId: number) =>
  t.ctx.db.selectFrom('bonus_wagers').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

async function wageringOf(token: string) {
  const res = await call(t, 'GET', '/wps/relay/MCSFE_getBonusWagering', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    bonusBalance: number;
    list: { title: string; fromOperator: boolean; bonus: number; required: number; progress: number; state: string }[];
  };
}

async function ngrBonus(): Promise<number> {
  await refreshRollups(t.ctx);
  const res = await call(t, 'GET', `/admin/reports/ngr?from=${today}&to=${today}&groupBy=day`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.totals.bonus;
}

describe('bonus adjustments', () => {
  it('the rules the dialog shows: the threshold in money and the default multiple', async () => {
    const op = await operator(ALL);
    const res = await call(t, 'GET', '/admin/adjustments/rules', op.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      approvalThreshold: 1_000,
      currency: 'PHP',
      bonusWageringMultiple: 4,
      bonusWageringDays: 7,
      // The brand's defaults: a correction counts in the agents' base, goodwill and deposits do not,
      // and a bonus counts as bonus once its wagering converts it.
      agentBase: { correction: true, goodwill: false, manual_deposit: false, bonus: true },
    });
    const reader = await operator(['members.read']);
    expect((await call(t, 'GET', '/admin/adjustments/rules', reader.token)).statusCode).toBe(403);
  });

  it('lands in the bonus wallet with its wager, counts as liability, converts as bonus cost', async () => {
    const op = await operator(ALL);
    const m = await createSessionMember(t);
    await creditDeposit(t, m.id, 100_000);
    const bonusBefore = await ngrBonus();
    const liabilityBefore = (await call(t, 'GET', '/admin/dashboard', admin)).json().value.liabilities.bonus;

    const res = await adjust(op.token, m.id, {
      type: 'bonus',
      direction: 'credit',
      amount: 100,
      wageringMultiple: 3,
      reason: 'Apology for the outage',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ type: 'bonus', status: 'posted', wageringMultiple: 3 });
    expect(await bonus(m.id)).toBe(10_000);
    expect(await cashBalance(t, m.id)).toBe(100_000);
    const [wager] = await wagersOf(m.id);
    expect(wager).toMatchObject({ bonus: 10_000, required: 30_000, state: 'active' });
    // The player's reward centre names it as the team's bonus (no promotion to take a title from).
    const w0 = await wageringOf(m.token);
    expect(w0.list[0]).toMatchObject({ fromOperator: true, bonus: 100, required: 300, progress: 0, state: 'active' });
    // Not yet a cost: the bonus is a liability until it converts.
    expect(await ngrBonus()).toBe(bonusBefore);
    const liability = (await call(t, 'GET', '/admin/dashboard', admin)).json().value.liabilities.bonus;
    expect(liability).toBe(liabilityBefore + 100);

    // Bets spend cash first: 200.00 of 300.00 wagered, then the last 100.00 converts the bonus.
    await playVendorRound(t, { memberId: m.id, vendor: slotVendor, bet: 20_000 });
    await drainActivity(t.ctx, wageringConsumer);
    expect((await wageringOf(m.token)).list[0]).toMatchObject({ progress: 200, state: 'active' });
    await playVendorRound(t, { memberId: m.id, vendor: slotVendor, bet: 10_000 });
    await drainActivity(t.ctx, wageringConsumer);
    expect((await wageringOf(m.token)).list[0]).toMatchObject({ progress: 300, state: 'converted' });
    expect(await bonus(m.id)).toBe(0);
    // 1,000.00 deposited - 300.00 bet + 100.00 converted.
    expect(await cashBalance(t, m.id)).toBe(80_000);
    expect(await ngrBonus()).toBe(bonusBefore + 100);
    const rows = await call(t, 'GET', `/admin/reports/ngr/rows?from=${today}&to=${today}&figure=bonus`, admin);
    expect(rows.json().value.list).toContainEqual(expect.objectContaining({ memberId: m.id, amount: 100 }));
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('above the threshold it waits; the approval pays it once with the multiple asked; the days forfeit it', async () => {
    const requester = await operator(ALL);
    const approver = await operator(['members.read', 'wallet.approve']);
    const m = await createMember(t.ctx);
    const waiting = await adjust(requester.token, m.id, {
      type: 'bonus',
      direction: 'credit',
      amount: 1_500,
      reason: 'VIP gesture',
    });
    // No multiple sent: the brand's default, fixed at the request.
    expect(waiting.json().value).toMatchObject({ status: 'pending', wageringMultiple: 4 });
    expect(await bonus(m.id)).toBe(0);
    await setBrandSetting(t.ctx.db, 'bonusAdjustmentWagering', {
      multiple: 9,
      days: 7,
      otherPercent: 100,
      contributions: {},
    });
    const id = waiting.json().value.id;
    const [a, b] = await Promise.all([
      call(t, 'POST', `/admin/adjustments/${id}/approve`, approver.token, {}),
      call(t, 'POST', `/admin/adjustments/${id}/approve`, approver.token, {}),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await bonus(m.id)).toBe(150_000);
    const wagers = await wagersOf(m.id);
    expect(wagers).toEqual([expect.objectContaining({ bonus: 150_000, required: 600_000, state: 'active' })]);

    t.advance(8 * 86_400_000);
    try {
      await expireRewards(t.ctx);
    } finally {
      t.advance(-8 * 86_400_000);
    }
    expect(await bonus(m.id)).toBe(0);
    expect((await wagersOf(m.id))[0]).toMatchObject({ state: 'forfeited', forfeited: 150_000 });
    expect(await cashBalance(t, m.id)).toBe(0);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('refuses a bonus debit and a multiple on another type, and changes nothing', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    expectFailure(
      await adjust(op.token, m.id, { type: 'bonus', direction: 'debit', amount: 5, reason: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await adjust(op.token, m.id, {
        type: 'goodwill',
        direction: 'credit',
        amount: 5,
        reason: 'x',
        wageringMultiple: 2,
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await adjust(op.token, m.id, { type: 'bonus', direction: 'credit', amount: 5, reason: 'x', wageringMultiple: 0 }),
      400,
      'VALIDATION_FAILED',
    );
    expect(
      await t.ctx.db.selectFrom('balance_adjustments').select('id').where('member_id', '=', m.id).execute(),
    ).toEqual([]);
    expect(await bonus(m.id)).toBe(0);
  });
});
