// postgres: taking over a carry locks the ended contract rows settlement also locks
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followAppClock } from '../../db/app-clock';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { balanceOf, post } from '../ledger/ledger.service';
import { type Settings, settleWindow, type Window, windowDays, windowOf } from './settlement.service';

// The worked examples of docs/agents.md that need the database: a contract that starts mid-period,
// and an ended contract with an open carry (taken over by a new contract between the same two
// agents, or not, by brand setting); the dividend period a tree shares. Contracts are offered and
// answered through HTTP; windows are settled by the settlement's own function.

let t: TestApp;
let admin: string;
let nodeId: number;
let s: Settings;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  await ensureVendorIntegrations(t.ctx);
  const game = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  nodeId = game.node_id;
  const brand = await getBrand(t.ctx.db);
  s = {
    tz: brand.timeZone,
    currency: brand.currency,
    holdThreshold: Number.MAX_SAFE_INTEGER,
    netLosingBranches: true,
    ngr: brand.agentNgr,
  };
});
afterAll(() => t.close());

type Account = { id: number; token: string };
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const DIV = '/wps/relay/MCS2_processDividendReq';

async function account(type: number, uplineId: number | null = null): Promise<Account> {
  const m = await createMember(t.ctx, { type, uplineId });
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: type === 0 ? 'member' : 'agent',
    ip: '127.0.0.1',
    userAgent: null,
  });
  return { id: m.id, token };
}

function call(url: string, token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload });
}
const tier = (ratePpm: number) => [{ minValidBet: 0, minActiveMembers: 0, ratePpm }];

async function topContract(agent: Account, ratePpm: number, period = 'daily') {
  const res = await call('/admin/agents/contracts', admin, {
    agentId: agent.id,
    kind: 'dividend',
    period,
    tiers: tier(ratePpm),
  });
  expect(res.statusCode, res.body).toBe(200);
  await accept(agent, res.json().value.id);
  return res.json().value.id as number;
}
async function give(from: Account, to: Account, ratePpm: number, period = 'daily') {
  const res = await call(DIV, from.token, { action: 'offer', downlineId: to.id, period, tiers: tier(ratePpm) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}
async function accept(holder: Account, contractId: number) {
  const res = await call(DIV, holder.token, { action: 'accept', contractId });
  expect(res.statusCode, res.body).toBe(200);
}
async function endByAgreement(upline: Account, holder: Account, contractId: number) {
  expect((await call(DIV, holder.token, { action: 'requestTermination', contractId })).statusCode).toBe(200);
  expect((await call(DIV, upline.token, { action: 'acceptTermination', contractId })).statusCode).toBe(200);
}
/** Dates a contract's acceptance (and its end, if any): the API stamps them with the real clock. */
async function dateContract(id: number, acceptedAt: Date, endedAt?: Date) {
  await t.ctx.db
    .updateTable('contracts')
    .set({ accepted_at: acceptedAt, created_at: acceptedAt, ...(endedAt ? { ended_at: endedAt } : {}) })
    .where('id', '=', id)
    .execute();
}
async function statement(contractId: number, w: Window) {
  return t.ctx.db
    .selectFrom('contract_statements')
    .select([
      'amount',
      'gross',
      'carry_in as carryIn',
      'carry_out as carryOut',
      'downline_paid as downlinePaid',
      'capped',
    ])
    .where('contract_id', '=', contractId)
    .where('period_start', '=', w.start)
    .executeTakeFirst();
}
const numbers = (r: Record<string, unknown> | undefined) =>
  r && Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));

// Each case plays on days of its own, far in the past.
let day = 0;
function days(n: number): Window[] {
  day += n + 2;
  const out: Window[] = [windowOf('daily', new Date(Date.now() - (900 - day) * DAY), s.tz)];
  while (out.length < n) out.push(windowOf('daily', (out[out.length - 1] as Window).end, s.tz));
  return out;
}
/** A player of D's team loses (positive base) or wins (negative base) this much in the window. */
async function play(member: Account, w: Window, netLoss: number, at = 1000) {
  await insertRound(t.ctx, {
    memberId: member.id,
    nodeId,
    bet: 20_000,
    win: 20_000 - netLoss,
    at: new Date(w.start.getTime() + at),
  });
}

describe('worked examples on the database (docs/agents.md)', () => {
  it('4. a contract accepted mid-period covers the whole period, rounds before it included', async () => {
    const [w] = days(1) as [Window];
    const a = await account(1);
    const d = await account(2, a.id);
    const player = await account(0, d.id);
    const aContract = await topContract(a, 300_000);
    const dContract = await give(a, d, 250_000);
    await accept(d, dContract);
    await dateContract(aContract, new Date(w.start.getTime() - DAY));
    // D accepts at noon; its team lost 100.00 at 00:00:01, before that.
    await dateContract(dContract, new Date(w.start.getTime() + 12 * HOUR));
    await play(player, w, 10_000);
    await settleWindow(t.ctx, 'dividend', 'daily', w, s);
    expect(numbers(await statement(dContract, w))).toMatchObject({ gross: 2500, amount: 2500 });
    expect(numbers(await statement(aContract, w))).toMatchObject({ gross: 3000, downlinePaid: 2500, amount: 500 });
    expect(Number((await balanceOf(t.ctx.db, d.id, s.currency)).balance)).toBe(2500);
    // Each agent paid hears of it in its inbox, once, even when the window is settled again.
    await settleWindow(t.ctx, 'dividend', 'daily', w, s);
    for (const agent of [a, d]) {
      const inbox = await t.ctx.db
        .selectFrom('member_messages')
        .select('kind')
        .where('member_id', '=', agent.id)
        .where('kind', '=', 'statement_paid')
        .execute();
      expect(inbox).toHaveLength(1);
    }
  });

  for (const survives of [true, false])
    it(`5. an ended contract's open carry ${survives ? 'is taken over by' : 'stays behind, unrecovered, without'} a new contract between the same agents`, {
      tags: ['postgres'],
    }, async () => {
      await setBrandSetting(t.ctx.db, 'agentCarrySurvivesNewContract', survives);
      const [w1, w2, w3] = days(3) as [Window, Window, Window];
      const a = await account(1);
      const d = await account(2, a.id);
      const player = await account(0, d.id);
      const aContract = await topContract(a, 300_000);
      await dateContract(aContract, new Date(w1.start.getTime() - DAY));
      const first = await give(a, d, 250_000);
      await accept(d, first);
      await dateContract(first, new Date(w1.start.getTime() - DAY));
      // Day 1: D's team wins 100.00: D carries -25.00; A's team base is -100.00, A carries -30.00.
      await play(player, w1, -10_000);
      await settleWindow(t.ctx, 'dividend', 'daily', w1, s);
      expect(numbers(await statement(first, w1))).toMatchObject({ gross: -2500, amount: 0, carryOut: -2500 });
      // The contract ends on day 2 (by agreement); it does not cover day 2, so its carry stays open.
      await endByAgreement(a, d, first);
      await dateContract(first, new Date(w1.start.getTime() - DAY), new Date(w2.start.getTime() + HOUR));
      const second = await give(a, d, 250_000);
      await accept(d, second);
      await dateContract(second, new Date(w2.start.getTime() + 2 * HOUR));
      // Days 2 and 3: D's team loses 100.00 each day.
      await play(player, w2, 10_000, 3 * HOUR);
      await settleWindow(t.ctx, 'dividend', 'daily', w2, s);
      if (survives) {
        // D's 25.00 sets off the -25.00 it took over; A's 30.00 sets off its own -30.00.
        expect(numbers(await statement(second, w2))).toMatchObject({ carryIn: -2500, gross: 2500, amount: 0 });
        expect(numbers(await statement(aContract, w2))).toMatchObject({ carryIn: -3000, gross: 3000, amount: 0 });
      } else {
        // D is paid its 25.00 out of A's budget, but A's own carry leaves none: it is withheld.
        expect(numbers(await statement(second, w2))).toMatchObject({
          carryIn: 0,
          gross: 2500,
          capped: 2500,
          amount: 0,
        });
      }
      await play(player, w3, 10_000);
      await settleWindow(t.ctx, 'dividend', 'daily', w3, s);
      expect(numbers(await statement(second, w3))).toMatchObject({ carryIn: 0, gross: 2500, amount: 2500 });
      expect(numbers(await statement(aContract, w3))).toMatchObject({ gross: 3000, downlinePaid: 2500, amount: 500 });
      const carries = await t.ctx.db
        .selectFrom('contracts')
        .select(['id', 'carry', 'carry_from'])
        .where('id', 'in', [first, second])
        .orderBy('id')
        .execute();
      // Taken over: the ended contract's carry is 0 and cannot be taken twice; else it stays open.
      expect(carries.map((c) => [Number(c.carry), c.carry_from])).toEqual([
        [survives ? 0 : -2500, null],
        [0, null],
      ]);
      // Three days, team base +100.00: 30.00 in all was A's to share, and D + A got 25.00 + 5.00.
      const paid =
        Number((await balanceOf(t.ctx.db, d.id, s.currency)).balance) +
        Number((await balanceOf(t.ctx.db, a.id, s.currency)).balance);
      expect(paid).toBe(3000);
      await setBrandSetting(t.ctx.db, 'agentCarrySurvivesNewContract', true);
    });

  it('a window stopped half-way is finished from the same carries: the downline gets what an unbroken run gives it', async () => {
    const [w1, w2] = days(2) as [Window, Window];
    const a = await account(1);
    const d = await account(2, a.id);
    const other = await account(0, a.id);
    const player = await account(0, d.id);
    const aContract = await topContract(a, 300_000);
    const dContract = await give(a, d, 250_000);
    await accept(d, dContract);
    await dateContract(aContract, new Date(w1.start.getTime() - DAY));
    await dateContract(dContract, new Date(w1.start.getTime() - DAY));
    // Example 2: day 1 leaves A a -30.00 carry; day 2 D's team loses 200.00, A's net is 30.00.
    await play(player, w1, 10_000);
    await play(other, w1, -20_000);
    await settleWindow(t.ctx, 'dividend', 'daily', w1, s);
    await play(player, w2, 20_000);
    // One contract a transaction in id order, stopped right after A's (earlier cases' contracts
    // that cover the day come first): A's carry is now 0, D is not written.
    const before = await t.ctx.db
      .selectFrom('contracts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'dividend')
      .where('period', '=', 'daily')
      .where('id', '<=', aContract)
      .where('accepted_at', '<', w2.end)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', w2.end)]))
      .where((eb) => eb.or([eb('settled_until', 'is', null), eb('settled_until', '<', w2.end)]))
      .executeTakeFirstOrThrow();
    // The run reads the clock once per brand day it freezes (docs/agents.md "Settled periods are
    // frozen"), then once per batch.
    const frozen = windowDays(w2, s.tz).list.length;
    let calls = 0;
    const stopping = {
      ...t.ctx,
      now: () => {
        if (++calls > frozen + Number(before.n)) throw new Error('stopped half-way');
        return t.ctx.now();
      },
    };
    await expect(settleWindow(stopping, 'dividend', 'daily', w2, { ...s, batchSize: 1 })).rejects.toThrow(
      'stopped half-way',
    );
    expect(numbers(await statement(aContract, w2))).toMatchObject({ carryIn: -3000, downlinePaid: 3000, amount: 0 });
    expect(await statement(dContract, w2)).toBeUndefined();
    // A round of the day closing late does not reach the rest of the window: it is finished from
    // the day as it was frozen, so D is paid what A's statement already counted it.
    await play(player, w2, 10_000, 2 * HOUR);
    await settleWindow(t.ctx, 'dividend', 'daily', w2, s);
    expect(numbers(await statement(dContract, w2))).toMatchObject({ gross: 5000, capped: 2000, amount: 3000 });
    expect(numbers(await statement(aContract, w2))).toMatchObject({ gross: 6000, downlinePaid: 3000, amount: 0 });
  });

  it('6. the dividend base is net gaming revenue: a rebate paid to a team member is deducted, unless switched off', async () => {
    const brand = await getBrand(t.ctx.db);
    const run = async (rebateDeducted: boolean) => {
      const [w] = days(1) as [Window];
      const a = await account(1);
      const player = await account(0, a.id);
      const contract = await topContract(a, 300_000);
      await dateContract(contract, new Date(w.start.getTime() - DAY));
      // The player loses 100.00 and is paid a 40.00 rebate in the window.
      await play(player, w, 10_000);
      await t.ctx.db.transaction().execute(async (trx) => {
        await followAppClock(trx, new Date(w.start.getTime() + 2 * HOUR));
        await post(trx, {
          type: 'bonus.rebate',
          idempotencyKey: `carry-test-rebate-${player.id}`,
          reference: 'REBATE',
          entries: [
            { account: { house: 'promotions-expense', currency: s.currency }, amount: -4000 },
            { account: { member: player.id, currency: s.currency }, amount: 4000 },
          ],
        });
      });
      await settleWindow(t.ctx, 'dividend', 'daily', w, {
        ...s,
        ngr: { ...brand.agentNgr, rebate: rebateDeducted },
      });
      return t.ctx.db
        .selectFrom('contract_statements')
        .select(['net_loss', 'wins', 'deductions', 'gross', 'amount'])
        .where('contract_id', '=', contract)
        .executeTakeFirstOrThrow();
    };
    const on = await run(true);
    expect([Number(on.net_loss), Number(on.wins), on.deductions, Number(on.amount)]).toEqual([
      6000,
      10_000,
      { rebate: 4000 },
      1800,
    ]);
    const off = await run(false);
    expect([Number(off.net_loss), off.deductions, Number(off.amount)]).toEqual([10_000, {}, 3000]);
  });

  /** A statement's lines of the window, the other members' first, then by downline id: [downline, gross, branch paid, amount]. */
  async function lines(contractId: number, w: Window) {
    const rows = await t.ctx.db
      .selectFrom('contract_statement_lines as l')
      .innerJoin('contract_statements as s', 's.id', 'l.statement_id')
      .select(['l.downline_id', 'l.gross', 'l.branch_paid', 'l.amount'])
      .where('s.contract_id', '=', contractId)
      .where('s.period_start', '=', w.start)
      .orderBy('l.downline_id', (ob) => ob.nullsFirst())
      .execute();
    return rows.map((l) => [
      l.downline_id === null ? null : Number(l.downline_id),
      ...[l.gross, l.branch_paid, l.amount].map(Number),
    ]);
  }

  /** A (30% from the operator) -> B (28% from A) -> D (25% from B), all covering the window. */
  async function chain(w: Window) {
    const a = await account(1);
    const b = await account(2, a.id);
    const d = await account(2, b.id);
    const aContract = await topContract(a, 300_000);
    const bContract = await give(a, b, 280_000);
    await accept(b, bContract);
    const dContract = await give(b, d, 250_000);
    await accept(d, dContract);
    for (const id of [aContract, bContract, dContract]) await dateContract(id, new Date(w.start.getTime() - DAY));
    return { a, b, d, aContract, bContract, dContract };
  }
  /** D's team, B's other members and A's other direct members each lose 100.00: team base 300.00. */
  async function playUnderEach(w: Window, ...uplines: Account[]) {
    for (const upline of uplines) await play(await account(0, upline.id), w, 10_000);
  }

  it('7. a contract whose giver ended its own is paid out of the contract above, not on top of it', async () => {
    const [w] = days(1) as [Window];
    const { a, b, d, aContract, bContract, dContract } = await chain(w);
    // The operator ends B's contract; D's, which B gave, goes on (spec §4).
    const end = await t.app.inject({
      method: 'POST',
      url: `/admin/agents/contracts/${bContract}/terminate`,
      headers: { authorization: admin },
      payload: { reason: 'ended' },
    });
    expect(end.statusCode, end.body).toBe(200);
    await dateContract(bContract, new Date(w.start.getTime() - DAY), new Date(w.start.getTime() - HOUR));
    await playUnderEach(w, d, b, a);
    await settleWindow(t.ctx, 'dividend', 'daily', w, s);
    expect(numbers(await statement(dContract, w))).toMatchObject({ gross: 2500, capped: 0, amount: 2500 });
    expect(numbers(await statement(aContract, w))).toMatchObject({ gross: 9000, downlinePaid: 2500, amount: 6500 });
    expect(await statement(bContract, w)).toBeUndefined();
    // D's pay is on A's line for B's branch (B holds no contract now).
    expect(await lines(aContract, w)).toEqual([
      [null, 3000, 0, 3000],
      [b.id, 6000, 2500, 3500],
    ]);
    const paid =
      Number((await balanceOf(t.ctx.db, a.id, s.currency)).balance) +
      Number((await balanceOf(t.ctx.db, d.id, s.currency)).balance);
    expect(paid).toBe(9000);
  });

  it('7b. a contract holder moved to another upline is paid out of the contract of the team it is in now', async () => {
    const [w] = days(1) as [Window];
    const { a, b, d, aContract, bContract, dContract } = await chain(w);
    const c = await account(2, a.id);
    // The operator moves D (and its team) under C, A's direct downline without a contract.
    const move = await t.app.inject({
      method: 'POST',
      url: `/admin/members/${d.id}/upline`,
      headers: { authorization: admin },
      payload: { uplineId: c.id },
    });
    expect(move.statusCode, move.body).toBe(200);
    await playUnderEach(w, d, b, a);
    await settleWindow(t.ctx, 'dividend', 'daily', w, s);
    // B is paid 28% of its own team (28.00), D 25.00 on C's branch, A the rest of its 90.00.
    expect(numbers(await statement(bContract, w))).toMatchObject({ gross: 2800, amount: 2800 });
    expect(numbers(await statement(dContract, w))).toMatchObject({ gross: 2500, amount: 2500 });
    expect(numbers(await statement(aContract, w))).toMatchObject({ gross: 9000, downlinePaid: 5300, amount: 3700 });
    expect(await lines(aContract, w)).toEqual([
      [null, 3000, 0, 3000],
      [b.id, 3000, 2800, 200],
      [c.id, 3000, 2500, 500],
    ]);
  });

  it('a downline dividend contract takes its upline period: another is refused and nothing is written', async () => {
    const a = await account(1);
    const d = await account(2, a.id);
    await topContract(a, 300_000, 'weekly');
    const res = await call(DIV, a.token, { action: 'offer', downlineId: d.id, period: 'daily', tiers: tier(100_000) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONTRACT_PERIOD_MISMATCH');
    const rows = await t.ctx.db.selectFrom('contracts').select('id').where('holder_id', '=', d.id).execute();
    expect(rows).toHaveLength(0);
    await give(a, d, 100_000, 'weekly');
  });

  it('a new top contract of another period ends the dividend contracts its holder gave, and theirs, telling each side', async () => {
    const a = await account(1);
    const d = await account(2, a.id);
    const e = await account(2, d.id);
    const aFirst = await topContract(a, 300_000, 'daily');
    const dContract = await give(a, d, 250_000);
    await accept(d, dContract);
    const eContract = await give(d, e, 200_000);
    await accept(e, eContract);
    // A's contract ends: what it gave stays (spec §4), until A accepts one on another period.
    const end = await t.app.inject({
      method: 'POST',
      url: `/admin/agents/contracts/${aFirst}/terminate`,
      headers: { authorization: admin },
      payload: { reason: 'new terms' },
    });
    expect(end.statusCode, end.body).toBe(200);
    const offer = await call('/admin/agents/contracts', admin, {
      agentId: a.id,
      kind: 'dividend',
      period: 'weekly',
      tiers: tier(300_000),
    });
    const preview = await t.app.inject({
      method: 'GET',
      url: `/wps/contracts/${offer.json().value.id}/cascade`,
      headers: { authorization: a.token },
    });
    expect(preview.json().value.ends.map((x: { level: number }) => x.level)).toEqual([1, 2]);
    await accept(a, offer.json().value.id);
    const ended = await t.ctx.db
      .selectFrom('contracts')
      .select(['status', 'end_reason'])
      .where('id', 'in', [dContract, eContract])
      .orderBy('id')
      .execute();
    expect(ended).toEqual([
      { status: 'terminated', end_reason: 'upline_period_changed' },
      { status: 'terminated', end_reason: 'upline_contract_ended' },
    ]);
    const told = await t.ctx.db
      .selectFrom('member_messages')
      .select('member_id')
      .where('member_id', 'in', [a.id, d.id, e.id])
      .where('kind', '=', 'contract_ended')
      .execute();
    // A and D of D's contract, D and E of E's; A also of its own ended contract.
    expect(told.filter((m) => Number(m.member_id) === d.id)).toHaveLength(2);
    expect(told.filter((m) => Number(m.member_id) === e.id)).toHaveLength(1);
  });
});
