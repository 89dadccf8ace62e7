import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutoCashOutAnswer, CashOutAnswer, CashOutQuoteAnswer } from '../api';
import { autoCashOuts } from './cash-out';
import {
  type BookHarness,
  betOf,
  marketOf,
  newEvent,
  openPlayer,
  sbApi,
  sel,
  setOdds,
  single,
  startBook,
  suspend,
} from './test-fixture';

// Auto cash-out through the HTTP API and the book's loop on PGlite with the fake platform wallet:
// the value a player may name, the loop cashing a bet out once its offer reaches the value (once,
// whoever runs the pass), and a cash-out by hand removing the value. Then a cash-out price the book
// holds for a few seconds while the player confirms: paid though the offer fell, and only then.

let h: BookHarness;
beforeAll(async () => {
  h = await startBook('sbauto');
});
afterAll(() => h.close());

const moved = (betId: string) => h.wallet.moved.get(betId) ?? 0;
const cashCalls = (betId: string) =>
  h.wallet.calls.filter((c) => c.path === 'win' && String(c.body.transactionId).startsWith(`sb:${betId}:cash:`));
const M = marketOf('1x2');

/** One pass of the loop a second after the last (auto cash-outs are priced once a second). */
async function pass(): Promise<void> {
  h.clock.now += 1000;
  await h.runtime.book.tick();
}

/** A 10.00 single on home taken at 2.10 in a new event: offered 9.04 at that price. */
async function armedBet() {
  const e = await newEvent(h);
  const p = await openPlayer(h, 100_000);
  const placed = await single(h, p.token, sel(e.id, M, 'home'), 2100, 1000);
  const id = placed.body.bets[0]?.id ?? '';
  expect((await betOf(h, p.token, id)).cashOut).toBe(904);
  return { e, p, id };
}

const setAuto = (token: string, id: string, value: unknown) =>
  sbApi(h, token, 'PUT', `/bets/${id}/auto-cashout`, { value });

describe('auto cash-out', () => {
  it('refuses a value at or below the offer, at or above the potential payout, or malformed, and changes nothing', async () => {
    const { p, id } = await armedBet();
    for (const value of [904, 500, 2100, 5000]) {
      const res = await setAuto(p.token, id, value);
      expect([value, res.statusCode]).toEqual([value, 422]);
      expect(res.json().error).toMatchObject({
        code: 'SB_AUTO_CASHOUT_INVALID',
        detail: { value: 904, potentialPayout: 2100 },
      });
      expect(res.json().error.message).toMatch(/above the cash-out value now and below the potential payout/);
    }
    for (const value of [0, -5, 12.5, '1200', undefined]) {
      const res = await setAuto(p.token, id, value);
      expect([value, res.statusCode]).toEqual([value, 400]);
    }
    const other = await openPlayer(h, 1000);
    expect((await setAuto(other.token, id, 1200)).json().error.code).toBe('SB_BET_NOT_FOUND');
    expect((await betOf(h, p.token, id)).autoCashOut).toBeNull();
    await pass();
    expect(cashCalls(id)).toEqual([]);
  });

  it('cashes the whole bet out once its offer reaches the value, at the offer, once', async () => {
    const { e, p, id } = await armedBet();
    const set = await setAuto(p.token, id, 1200);
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as AutoCashOutAnswer).bet).toMatchObject({ status: 'open', autoCashOut: 1200, cashOut: 904 });
    // Below the value: the loop leaves it.
    await pass();
    expect(cashCalls(id)).toEqual([]);
    // Home now 1.50: 1000 x 2.10 / 1.50 / 1.05 x 0.95 = 1,266, above 12.00: cashed out at 1,266.
    await setOdds(h, e.id, M, { home: 1500, draw: 4000, away: 6500 });
    await pass();
    expect(cashCalls(id).map((c) => c.body)).toEqual([
      expect.objectContaining({ transactionId: `sb:${id}:cash:1`, amount: 1266, roundClosed: true }),
    ]);
    expect(await betOf(h, p.token, id)).toMatchObject({
      status: 'cashed_out',
      openStake: 0,
      cashedOut: 1266,
      autoCashOut: 1200,
      cashOut: null,
    });
    expect(moved(id)).toBe(-1000 + 1266);
    await pass();
    expect(cashCalls(id)).toHaveLength(1);
    // Nothing left to arm or remove.
    expect((await setAuto(p.token, id, null)).json().error.code).toBe('SB_CASHOUT_UNAVAILABLE');
  });

  it('pays once when two loops (two nodes) find the same bet at once', async () => {
    const { e, p, id } = await armedBet();
    expect((await setAuto(p.token, id, 1000)).statusCode).toBe(200);
    await setOdds(h, e.id, M, { home: 1500, draw: 4000, away: 6500 });
    const book = h.runtime.book;
    const [a, b] = await Promise.all([autoCashOuts(book, () => false), autoCashOuts(book, () => false)]);
    const rowId = [...a, ...b];
    expect(rowId).toHaveLength(1);
    await pass();
    expect(cashCalls(id)).toHaveLength(1);
    expect(moved(id)).toBe(-1000 + 1266);
  });

  it('leaves a bet armed while the offer is below the value, and a cash-out by hand removes the value', async () => {
    const { e, p, id } = await armedBet();
    expect((await setAuto(p.token, id, 1300)).statusCode).toBe(200);
    // Up past the value and back before the pass: not caught (the value is a floor, priced each second).
    await setOdds(h, e.id, M, { home: 1400, draw: 4000, away: 7500 });
    await setOdds(h, e.id, M, { home: 2100, draw: 3400, away: 3600 });
    await pass();
    expect(await betOf(h, p.token, id)).toMatchObject({ status: 'open', autoCashOut: 1300 });
    // Removed, then named again, then a part cashed out by hand: the value goes with it.
    expect(((await setAuto(p.token, id, null)).json() as AutoCashOutAnswer).bet.autoCashOut).toBeNull();
    expect((await setAuto(p.token, id, 1300)).statusCode).toBe(200);
    const part = await sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 0, stake: 400 });
    expect(part.statusCode, part.body).toBe(200);
    expect((part.json() as CashOutAnswer).bet).toMatchObject({ status: 'open', openStake: 600, autoCashOut: null });
    await setOdds(h, e.id, M, { home: 1100, draw: 8000, away: 9000 });
    await pass();
    expect(cashCalls(id)).toHaveLength(1);
  });
});

describe('a held cash-out price', () => {
  const holdOf = (token: string, id: string, body: unknown = {}) =>
    sbApi(h, token, 'POST', `/bets/${id}/cashout-quote`, body);
  const cashOut = (token: string, id: string, body: unknown) => sbApi(h, token, 'POST', `/bets/${id}/cashout`, body);
  /** Home drifts from 2.10 to 2.60: the bet's offer falls below what was held. */
  async function drift(eventId: string, token: string, id: string) {
    await setOdds(h, eventId, M, { home: 2600, draw: 3200, away: 3000 });
    const now = (await betOf(h, token, id)).cashOut ?? 0;
    expect(now).toBeLessThan(904);
    return now;
  }

  it('pays the value held while the hold lasts though the offer fell, once', async () => {
    const { e, p, id } = await armedBet();
    const q = await holdOf(p.token, id);
    expect(q.statusCode, q.body).toBe(200);
    const held = q.json() as CashOutQuoteAnswer;
    expect(held).toMatchObject({ value: 904, stake: 1000, heldForMs: 5000 });
    expect(Date.parse(held.heldUntil)).toBe(h.clock.now + 5000);
    const now = await drift(e.id, p.token, id);
    // Without the hold the value shown is only a floor: refused at the price now.
    const plain = await cashOut(p.token, id, { expected: 904 });
    expect(plain.json().error).toMatchObject({ code: 'SB_CASHOUT_CHANGED', detail: { value: now } });
    h.clock.now += 4_000;
    const paid = await cashOut(p.token, id, { expected: 904, hold: held.hold });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((paid.json() as CashOutAnswer).paid).toBe(904);
    expect(cashCalls(id).map((c) => c.body)).toEqual([expect.objectContaining({ amount: 904, roundClosed: true })]);
    expect(moved(id)).toBe(-1000 + 904);
    // Sent again: the bet is cashed out, nothing more is paid.
    expect((await cashOut(p.token, id, { expected: 904, hold: held.hold })).json().error.code).toBe(
      'SB_CASHOUT_UNAVAILABLE',
    );
    expect(cashCalls(id)).toHaveLength(1);
  });

  it('holds nothing once run out, after another cash-out of the bet or for another part, and never while a market is suspended', async () => {
    const { e, p, id } = await armedBet();
    const part = (await holdOf(p.token, id, { stake: 400 })).json() as CashOutQuoteAnswer;
    const whole = (await holdOf(p.token, id)).json() as CashOutQuoteAnswer;
    expect([part.stake, whole.stake]).toEqual([400, 1000]);
    const now = await drift(e.id, p.token, id);
    // A hold of 400 sent with the whole stake: the value held is not this one's.
    const other = await cashOut(p.token, id, { expected: whole.value, hold: part.hold });
    expect(other.json().error).toMatchObject({ code: 'SB_CASHOUT_CHANGED', detail: { value: now } });
    // Run out: the value held is only the floor.
    h.clock.now += 5_001;
    const late = await cashOut(p.token, id, { expected: whole.value, hold: whole.hold });
    expect(late.json().error).toMatchObject({ code: 'SB_CASHOUT_CHANGED', detail: { value: now } });
    // Held again, then part of the bet cashed out at the price now: the hold of the whole is spent.
    const again = (await holdOf(p.token, id)).json() as CashOutQuoteAnswer;
    expect((await cashOut(p.token, id, { expected: 0, stake: 400 })).statusCode).toBe(200);
    const rest = await cashOut(p.token, id, { expected: again.value, hold: again.hold });
    expect(rest.json().error.code).toBe('SB_CASHOUT_CHANGED');
    // A goal suspends the market: no hold pays while it is not open.
    const held = (await holdOf(p.token, id)).json() as CashOutQuoteAnswer;
    await suspend(h, e.id);
    expect((await cashOut(p.token, id, { expected: 0, hold: held.hold })).json().error.code).toBe(
      'SB_CASHOUT_UNAVAILABLE',
    );
    expect((await holdOf(p.token, id)).json().error.code).toBe('SB_CASHOUT_UNAVAILABLE');
    expect(cashCalls(id)).toHaveLength(1);
  });

  it('refuses a hold it did not sign, one of another bet, another player, and malformed input', async () => {
    const a = await armedBet();
    const b = await armedBet();
    const held = (await holdOf(a.p.token, a.id)).json() as CashOutQuoteAnswer;
    const parts = held.hold.split('.');
    const raised = [parts[0], parts[1], parts[2], '2000', parts[4], parts[5]].join('.');
    for (const hold of [raised, `${held.hold}x`, 'nonsense', ''.padEnd(201, '1')]) {
      const res = await cashOut(a.p.token, a.id, { expected: 0, hold });
      expect([hold.length, res.statusCode]).toEqual([hold.length, 400]);
    }
    const res = await cashOut(b.p.token, b.id, { expected: 0, hold: held.hold });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'STUDIO_BAD_REQUEST']);
    expect((await holdOf(b.p.token, a.id)).json().error.code).toBe('SB_BET_NOT_FOUND');
    for (const stake of [0, -1, 2.5, '400', 1001]) {
      const q = await holdOf(a.p.token, a.id, { stake });
      expect([stake, q.statusCode]).toEqual([stake, stake === 1001 ? 409 : 400]);
    }
    expect(cashCalls(a.id)).toEqual([]);
    expect(cashCalls(b.id)).toEqual([]);
  });
});
