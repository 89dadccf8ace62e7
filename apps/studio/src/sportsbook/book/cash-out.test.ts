import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutoCashOutAnswer, CashOutAnswer } from '../api';
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
} from './test-fixture';

// Auto cash-out through the HTTP API and the book's loop on PGlite with the fake platform wallet:
// the value a player may name, the loop cashing a bet out once its offer reaches the value (once,
// whoever runs the pass), and a cash-out by hand removing the value.

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
