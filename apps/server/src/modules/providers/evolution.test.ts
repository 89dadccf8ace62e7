// postgres: Evolution's repeats of one debit, and of one promotion, at once, on separate connections
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../../test/admin-session';
import type { TestApp } from '../../test/harness';
import { createGameSession } from '../../test/vendor-client';
import { uniqueId as id, openVendorWallet, type VendorWallet, walletPlayer } from '../../test/vendor-wallet-fixture';
import { verifyLedger } from '../ledger/ledger.service';

// Evolution's licensee scenarios for the One Wallet (its integration test list), written for this
// platform's adapter and run over HTTP as Evolution calls it: the sid swap at check, debits, credits
// and cancels bet by bet (refId), repeats, unknown bets, several sids and players, promotions, a big
// payout, and every refusal with the balance it carries. Where the list leaves a choice (a repeated
// debit: OK or BET_ALREADY_EXIST) the platform's answer is the one asserted.

let t: TestApp;
let vendor: string;
let ownProtocol: VendorWallet['client'];
let authToken: string;
const START = 1000;
/** The table the scenarios play at: a game of the vendor's catalogue. */
let table: string;

beforeAll(async () => {
  ({ t, vendor, client: ownProtocol } = await openVendorWallet());
  // An outside provider's vendor, not one the house studio serves.
  await t.ctx.db
    .updateTable('vendor_integrations')
    .set({ launch_url: 'https://games.evolution.example/entry' })
    .where('vendor_code', '=', vendor)
    .execute();
  const token = await adminToken(t.app);
  const changed = await t.app.inject({
    method: 'PUT',
    url: `/admin/games/vendors/${vendor}`,
    headers: { authorization: token },
    payload: { protocol: 'evolution' },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const rotated = await t.app.inject({
    method: 'POST',
    url: `/admin/games/vendors/${vendor}/rotateSecret`,
    headers: { authorization: token },
  });
  expect(rotated.statusCode, rotated.body).toBe(200);
  authToken = rotated.json().value.secret;
});
afterAll(() => t.close());

type Answer = { status: string; balance: number; bonus: number; uuid?: string; sid?: string; retransmission?: boolean };

async function call(path: string, body: unknown, token: string | null = authToken) {
  const query = token === null ? '' : `?authToken=${encodeURIComponent(token)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/providers/evolution/${vendor}/${path}${query}`,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return { http: res.statusCode, body: res.json() as Answer };
}

/** A player with START pesos and a launched sid, checked as Evolution does first. */
async function player(amount = START * 100) {
  const p = await walletPlayer(t, vendor, amount);
  table = p.gameCode;
  const client = evo(p.player, p.token);
  expect((await client.check()).body.status).toBe('OK');
  return { ...p, ...client };
}

/** Evolution's calls for `userId`, on `sid` (check replaces it, as Evolution then uses the new one). */
function evo(userId: string, launchSid: string) {
  let sid = launchSid;
  const base = () => ({ sid, userId, uuid: id('uuid') });
  const money = (amount: number, round: string, refId: string, txId: string) => ({
    ...base(),
    currency: 'PHP',
    game: { id: round, type: 'blackjack', details: { table: { id: table, vid: null } } },
    transaction: { id: txId, refId, amount },
  });
  return {
    sid: () => sid,
    useSid: (next: string) => {
      sid = next;
    },
    as: (other: string) => evo(other, sid),
    check: async () => {
      const answer = await call('check', { ...base(), channel: { type: 'P' } });
      if (answer.body.sid) sid = answer.body.sid;
      return answer;
    },
    balance: () => call('balance', { ...base(), currency: 'PHP', game: null }),
    debit: (amount: number, round: string, refId: string, txId = id('tx')) =>
      call('debit', money(amount, round, refId, txId)),
    credit: (amount: number, round: string, refId: string) => call('credit', money(amount, round, refId, id('tx'))),
    cancel: (amount: number, round: string, refId: string, txId: string) =>
      call('cancel', money(amount, round, refId, txId)),
    promo: (amount: number, round: string, promoId: string) =>
      call('promo_payout', {
        ...base(),
        currency: 'PHP',
        game: { id: round, type: 'blackjack', details: { table: { id: table } } },
        promoTransaction: { type: 'JACKPOT_PROMO_PAYOUT', id: promoId, amount },
      }),
  };
}
type Player = Awaited<ReturnType<typeof player>>;

/** An answer of `status` carrying the player's balance, `pesos`. */
function expectAnswer(answer: { http: number; body: Answer }, status: string, pesos: number) {
  expect(answer.http).toBe(200);
  expect(answer.body).toEqual({ status, balance: pesos, bonus: 0, uuid: expect.any(String) });
}

async function expectBalance(p: Pick<Player, 'balance'>, pesos: number) {
  expectAnswer(await p.balance(), 'OK', pesos);
}

describe('authentication and the sid', () => {
  it('refuses a wrong or missing authToken (401), and the platform protocol once the vendor speaks Evolution', async () => {
    const p = await player();
    const body = { sid: p.sid(), userId: p.player, currency: 'PHP' };
    for (const token of [null, 'wrong', `${authToken}x`]) {
      const answer = await call('balance', body, token);
      expect(answer.http).toBe(401);
      expect(answer.body.status).toBe('INVALID_TOKEN_ID');
    }
    const signed = await ownProtocol.call('balance', { token: p.sid() });
    expect(signed.body.status).toBe('ERROR_INVALID_SIGNATURE');
  });

  it('refuses the old authToken at once after a rotation, for a check as for a balance', async () => {
    const p = await player();
    await expectBalance(p, START);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/admin/games/vendors/${vendor}/rotateSecret`,
      headers: { authorization: await adminToken(t.app) },
    });
    const old = authToken;
    authToken = rotated.json().value.secret;
    for (const [path, body] of [
      ['check', { sid: p.sid(), userId: p.player }],
      ['balance', { sid: p.sid(), userId: p.player, currency: 'PHP' }],
    ] as const) {
      const stale = await call(path, body, old);
      expect(stale.http, path).toBe(401);
      expect(stale.body.status).toBe('INVALID_TOKEN_ID');
    }
    await expectBalance(p, START);
  });

  it('swaps the sid at check; the old sid is refused for balance, debit and credit (checkUsingNewSID)', async () => {
    const p = await player();
    const launched = p.sid();
    expect((await p.check()).body.status).toBe('OK');
    expect(p.sid()).not.toBe(launched);
    const old = evo(p.player, launched);
    expect((await old.balance()).body.status).toBe('INVALID_SID');
    const round = id('round');
    const ref = id('ref');
    expectAnswer(await old.debit(10, round, ref), 'INVALID_SID', START);
    expectAnswer(await old.credit(10, round, ref), 'INVALID_SID', START);
    expect((await old.check()).body.status).toBe('INVALID_SID');
    await expectBalance(p, START);
  });

  it('refuses another userId than the sid is for at check, debit, cancel and credit, and moves nothing (checkUsingInvalidUserId)', async () => {
    const p = await player();
    const fake = p.as(`fakeUserId_${id('u')}`);
    expect((await fake.check()).body.status).toBe('INVALID_PARAMETER');
    expect((await p.check()).body.status).toBe('OK');
    const round = id('round');
    const ref = id('ref');
    // Another player's balance is nobody's business: a refusal for a wrong userId carries none.
    expectAnswer(await fake.as(`fakeUserId_${id('u')}`).debit(10, round, ref), 'INVALID_PARAMETER', 0);
    const tx = id('tx');
    expectAnswer(await p.debit(10, round, ref, tx), 'OK', START - 10);
    expectAnswer(await p.as('999999999').cancel(10, round, ref, tx), 'INVALID_PARAMETER', 0);
    expectAnswer(await p.as('999999999').credit(2, round, ref), 'INVALID_PARAMETER', 0);
    await expectBalance(p, START - 10);
    expectAnswer(await p.credit(10, round, ref), 'OK', START);
  });

  it('takes bets on two sids of one player at once, and settles them on either (sameUserPlayingWithDifferentChannelType, debitCreditWithDifferentSids)', async () => {
    const p = await player();
    const second = evo(p.player, (await createGameSession(t, { memberId: p.id, vendor })).token);
    expect((await second.check()).body.status).toBe('OK');
    await expectBalance(p, START);
    await expectBalance(second, START);
    const round = id('round');
    const a = id('ref');
    const b = id('ref');
    expectAnswer(await p.debit(2, round, a), 'OK', START - 2);
    expectAnswer(await second.debit(3, round, b), 'OK', START - 5);
    expectAnswer(await second.credit(2, round, a), 'OK', START - 3);
    expectAnswer(await p.credit(3, round, b), 'OK', START);
    await expectBalance(second, START);
  });
});

describe('debits and credits', () => {
  it('debits and credits a bet, and reads the balance (allMethodsCheckBeforeRunningTests, debitCredit)', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    expectAnswer(await p.debit(1, round, ref), 'OK', START - 1);
    expectAnswer(await p.credit(1, round, ref), 'OK', START);
    await expectBalance(p, START);
    const next = id('ref');
    expectAnswer(await p.debit(2.5, round, next), 'OK', START - 2.5);
    expectAnswer(await p.credit(5.05, round, next), 'OK', START + 2.55);
  });

  it('takes a debit sent twice once (debitBetAlreadyExist)', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    const tx = id('tx');
    expectAnswer(await p.debit(1, round, ref, tx), 'OK', START - 1);
    expectAnswer(await p.debit(1, round, ref, tx), 'OK', START - 1);
    // The same id with other details is another bet than the one taken.
    expectAnswer(await p.debit(2, round, ref, tx), 'BET_ALREADY_EXIST', START - 1);
    await expectBalance(p, START - 1);
    expectAnswer(await p.credit(1, round, ref), 'OK', START);
  });

  it('pays a bet once: a second credit is BET_ALREADY_SETTLED, whatever its amount (debitCreditBetAlreadySettled)', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    expectAnswer(await p.debit(2, round, ref), 'OK', START - 2);
    expectAnswer(await p.credit(2, round, ref), 'OK', START);
    expectAnswer(await p.credit(2, round, ref), 'BET_ALREADY_SETTLED', START);
    expectAnswer(await p.credit(50, round, ref), 'BET_ALREADY_SETTLED', START);
    await expectBalance(p, START);
  });

  it('refuses a credit of a bet never placed with the balance, then pays the real one (debitCreditBetDoesNotExist)', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    expectAnswer(await p.debit(2, round, ref), 'OK', START - 2);
    expectAnswer(await p.credit(2, round, id('ref')), 'BET_DOES_NOT_EXIST', START - 2);
    await expectBalance(p, START - 2);
    expectAnswer(await p.credit(2, round, ref), 'OK', START);
  });

  it('settles a credit of 0 as a loss (creditWithZeroAmount)', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    expectAnswer(await p.debit(3, round, ref), 'OK', START - 3);
    expectAnswer(await p.credit(0, round, ref), 'OK', START - 3);
    expectAnswer(await p.credit(3, round, ref), 'BET_ALREADY_SETTLED', START - 3);
  });

  it('settles bets of two rounds in any order (verifyCanPlaceBetBeforeSettleForAnotherGame)', async () => {
    const p = await player();
    const [roundA, roundB, refA, refB] = [id('round'), id('round'), id('ref'), id('ref')];
    expectAnswer(await p.debit(2, roundA, refA), 'OK', START - 2);
    expectAnswer(await p.debit(2, roundB, refB), 'OK', START - 4);
    expectAnswer(await p.credit(2, roundB, refB), 'OK', START - 2);
    expectAnswer(await p.credit(2, roundA, refA), 'OK', START);
  });

  it('keeps two players of one round apart, two hands each (twoUsersBjGameEachPlaying_2_hands)', async () => {
    const a = await player();
    const b = await player();
    const round = id('round');
    const [a1, a2, b1, b2] = [id('ref'), id('ref'), id('ref'), id('ref')];
    expectAnswer(await a.debit(2, round, a1), 'OK', START - 2);
    expectAnswer(await b.debit(3, round, b1), 'OK', START - 3);
    expectAnswer(await a.debit(2, round, a2), 'OK', START - 4);
    expectAnswer(await b.debit(3, round, b2), 'OK', START - 6);
    // One player's bet is not the other's to settle.
    expectAnswer(await b.credit(2, round, a1), 'BET_DOES_NOT_EXIST', START - 6);
    expectAnswer(await a.credit(2, round, a1), 'OK', START - 2);
    expectAnswer(await a.credit(2, round, a2), 'OK', START);
    expectAnswer(await b.credit(3, round, b1), 'OK', START - 3);
    expectAnswer(await b.credit(3, round, b2), 'OK', START);
  });

  it('refuses a debit over the balance with the balance unchanged (insufficientFunds)', async () => {
    const p = await player();
    expectAnswer(await p.debit(START * 3, id('round'), id('ref')), 'INSUFFICIENT_FUNDS', START);
    await expectBalance(p, START);
  });

  it('pays and takes a big amount to the cent (debitCreditWithBigPayout)', async () => {
    const p = await player();
    const big = 63_727_092.34;
    const round = id('round');
    const ref = id('ref');
    expectAnswer(await p.debit(10, round, ref), 'OK', START - 10);
    expectAnswer(await p.credit(big, round, ref), 'OK', 63_728_082.34);
    const again = id('ref');
    expectAnswer(await p.debit(big, round, again), 'OK', START - 10);
    expectAnswer(await p.credit(10, round, again), 'OK', START);
  });

  it('refuses an amount finer than a cent, a negative one, another currency and malformed bodies, and moves nothing', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    expectAnswer(await p.debit(1.005, round, ref), 'INVALID_PARAMETER', START);
    expectAnswer(await p.debit(-1, round, ref), 'INVALID_PARAMETER', START);
    const other = await call('debit', {
      sid: p.sid(),
      userId: p.player,
      uuid: id('uuid'),
      currency: 'USD',
      game: { id: round, details: { table: { id: table } } },
      transaction: { id: id('tx'), refId: ref, amount: 1 },
    });
    expectAnswer(other, 'INVALID_PARAMETER', START);
    const broken = await call('debit', '{"sid":');
    expect(broken.body.status).toBe('INVALID_PARAMETER');
    const partial = await call('debit', { sid: p.sid(), userId: p.player, uuid: 'u-1' });
    expect(partial.body).toEqual({ status: 'INVALID_PARAMETER', balance: 0, bonus: 0, uuid: 'u-1' });
    await expectBalance(p, START);
  });

  it("lets a player's 101 bets of one round each be debited and settled (multipleDontSettlementsScenario)", async () => {
    const p = await player();
    const round = id('round');
    for (let i = 0; i < 101; i++) {
      const ref = id('ref');
      expectAnswer(await p.debit(12, round, ref), 'OK', START - 12);
      expectAnswer(await p.credit(12, round, ref), 'OK', START);
    }
  });

  it('takes one debit once when Evolution sends it five times at once', { tags: ['postgres'] }, async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    const tx = id('tx');
    const answers = await Promise.all(Array.from({ length: 5 }, () => p.debit(7, round, ref, tx)));
    for (const answer of answers) expect(answer.body.status).toBe('OK');
    await expectBalance(p, START - 7);
  });
});

describe('cancels', () => {
  it('returns a debit (debitCancel), and refuses a second cancel as BET_ALREADY_SETTLED (debitCancelBetAlreadySettled)', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    const tx = id('tx');
    expectAnswer(await p.debit(3, round, ref, tx), 'OK', START - 3);
    expectAnswer(await p.cancel(3, round, ref, tx), 'OK', START);
    expectAnswer(await p.cancel(3, round, ref, tx), 'BET_ALREADY_SETTLED', START);
    await expectBalance(p, START);
  });

  it('refuses a cancel of a debit never taken and records nothing, then cancels the real one (debitCancelBetDoesNotExist)', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    const tx = id('tx');
    expectAnswer(await p.debit(2, round, ref, tx), 'OK', START - 2);
    const unknown = id('tx');
    expectAnswer(await p.cancel(2, round, id('ref'), unknown), 'BET_DOES_NOT_EXIST', START - 2);
    expectAnswer(await p.cancel(2, round, id('ref'), tx), 'BET_DOES_NOT_EXIST', START - 2);
    await expectBalance(p, START - 2);
    expectAnswer(await p.cancel(2, round, ref, tx), 'OK', START);
    // Nothing was recorded for the unknown one: a debit with its id is taken.
    expectAnswer(await p.debit(2, round, id('ref'), unknown), 'OK', START - 2);
  });

  it('refuses to cancel a settled bet and to credit a cancelled one (debitCreditCancel, debitCancelCredit)', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    const tx = id('tx');
    expectAnswer(await p.debit(2, round, ref, tx), 'OK', START - 2);
    expectAnswer(await p.credit(2, round, ref), 'OK', START);
    expectAnswer(await p.cancel(2, round, ref, tx), 'BET_ALREADY_SETTLED', START);
    const other = id('ref');
    const otherTx = id('tx');
    expectAnswer(await p.debit(10, round, other, otherTx), 'OK', START - 10);
    expectAnswer(await p.cancel(10, round, other, otherTx), 'OK', START);
    expectAnswer(await p.credit(300, round, other), 'BET_ALREADY_SETTLED', START);
    await expectBalance(p, START);
  });

  it('settles one bet of a round and cancels the other, in either order (multiStepGameTwoDebits…)', async () => {
    const p = await player();
    const round = id('round');
    const [r1, r2, t2] = [id('ref'), id('ref'), id('tx')];
    expectAnswer(await p.debit(7, round, r1), 'OK', START - 7);
    expectAnswer(await p.debit(5, round, r2, t2), 'OK', START - 12);
    expectAnswer(await p.credit(7, round, r1), 'OK', START - 5);
    expectAnswer(await p.cancel(5, round, r2, t2), 'OK', START);
    const later = id('round');
    const [s1, s2, u2] = [id('ref'), id('ref'), id('tx')];
    expectAnswer(await p.debit(3, later, s1), 'OK', START - 3);
    expectAnswer(await p.debit(2, later, s2, u2), 'OK', START - 5);
    expectAnswer(await p.cancel(2, later, s2, u2), 'OK', START - 3);
    expectAnswer(await p.credit(3, later, s1), 'OK', START);
  });

  it('plays two rounds of one table at once (onePlayerPlaysTwoGameRoundsOnOneTableInParallel)', async () => {
    const p = await player();
    const [a, b] = [id('round'), id('round')];
    const [a1, b1, b2, a2] = [id('ref'), id('ref'), id('ref'), id('ref')];
    const [tb1, tb2] = [id('tx'), id('tx')];
    expectAnswer(await p.debit(10, a, a1), 'OK', START - 10);
    expectAnswer(await p.debit(3, b, b1, tb1), 'OK', START - 13);
    expectAnswer(await p.debit(3, b, b2, tb2), 'OK', START - 16);
    expectAnswer(await p.debit(5, a, a2), 'OK', START - 21);
    expectAnswer(await p.cancel(3, b, b2, tb2), 'OK', START - 18);
    expectAnswer(await p.credit(15, a, a2), 'OK', START - 3);
    expectAnswer(await p.credit(3, b, b1), 'OK', START);
    expectAnswer(await p.cancel(5, b, b1, tb1), 'BET_ALREADY_SETTLED', START);
    await expectBalance(p, START);
  });

  it('debits 15 bets of a round, settles 11 and cancels 4 (multipleDebitCreditCancelSettleTypeMixed)', async () => {
    const p = await player();
    const round = id('round');
    const ref = id('ref');
    const txs: string[] = [];
    for (let i = 1; i <= 15; i++) {
      const tx = id('tx');
      txs.push(tx);
      expectAnswer(await p.debit(3, round, `${ref}_${i}`, tx), 'OK', START - 3 * i);
    }
    for (let i = 1; i <= 7; i++) expectAnswer(await p.credit(4, round, `${ref}_${i}`), 'OK', START - 45 + 4 * i);
    for (let i = 8; i <= 10; i++) expectAnswer(await p.credit(0, round, `${ref}_${i}`), 'OK', START - 17);
    expectAnswer(await p.credit(5, round, `${ref}_11`), 'OK', START - 12);
    for (let i = 12; i <= 15; i++)
      expectAnswer(await p.cancel(3, round, `${ref}_${i}`, txs[i - 1] ?? ''), 'OK', START - 12 + 3 * (i - 11));
    await expectBalance(p, START);
  });
});

describe('failures', () => {
  it('answers a debit the database dropped with TEMPORARY_ERROR to send again, and takes it once when sent again', async () => {
    const p = await player();
    const pglite = t.ctx.database.pglite;
    if (!pglite) throw new Error('the PGlite run drops a query of its own database');
    const round = id('round');
    const ref = id('ref');
    const tx = id('tx');
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const query = vi.spyOn(pglite, 'query').mockRejectedValueOnce(lost);
    try {
      const first = await p.debit(4, round, ref, tx);
      expect(first.http).toBe(200);
      expect(first.body).toMatchObject({ status: 'TEMPORARY_ERROR', retransmission: true });
    } finally {
      query.mockRestore();
    }
    await expectBalance(p, START);
    expectAnswer(await p.debit(4, round, ref, tx), 'OK', START - 4);
    expectAnswer(await p.debit(4, round, ref, tx), 'OK', START - 4);
  });
});

describe('promotions', () => {
  it('pays a promotion once when it comes twice (promoPayout, doublePromoPayouts)', async () => {
    const p = await player();
    const promo = id('promo');
    expectAnswer(await p.promo(10, id('round'), promo), 'OK', START + 10);
    expectAnswer(await p.promo(10, id('round'), promo), 'OK', START + 10);
    await expectBalance(p, START + 10);
    expectAnswer(await p.promo(0.015, id('round'), id('promo')), 'INVALID_PARAMETER', START + 10);
  });

  it('records a promotion as a round of its own, a bet of 0 and a win of the amount', async () => {
    const p = await player();
    const promo = id('promo');
    expectAnswer(await p.promo(25.5, id('round'), promo), 'OK', START + 25.5);
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/members/${p.player}/rounds?pageSize=10`,
      headers: { authorization: await adminToken(t.app) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().value.list as { roundId: string; bet: number; win: number; status: string }[];
    expect(rows.filter((r) => r.roundId === `promo:${promo}`)).toEqual([
      expect.objectContaining({ roundId: `promo:${promo}`, bet: 0, win: 25.5, status: 'closed' }),
    ]);
  });

  it('pays nothing more for a promotion id sent again with another amount, or for another player', async () => {
    const p = await player();
    const other = await player();
    const promo = id('promo');
    expectAnswer(await p.promo(10, id('round'), promo), 'OK', START + 10);
    expectAnswer(await p.promo(99, id('round'), promo), 'BET_ALREADY_SETTLED', START + 10);
    expectAnswer(await other.promo(10, id('round'), promo), 'BET_ALREADY_SETTLED', START);
    await expectBalance(p, START + 10);
    await expectBalance(other, START);
  });

  it('answers a promotion sent again after its sid was swapped as the first time, paying once', async () => {
    const p = await player();
    const promo = id('promo');
    const first = p.sid();
    expectAnswer(await p.promo(10, id('round'), promo), 'OK', START + 10);
    expect((await p.check()).body.status).toBe('OK');
    const ended = p.as(p.player);
    ended.useSid(first);
    // Its answer was lost, and Evolution sends it again on the sid it had.
    expectAnswer(await ended.promo(10, id('round'), promo), 'OK', START + 10);
    // A new promotion on a sid that no longer stakes is refused, and pays nothing.
    expectAnswer(await ended.promo(10, id('round'), id('promo')), 'INVALID_SID', START + 10);
    await expectBalance(p, START + 10);
  });

  it('pays a promotion once when Evolution sends it five times at once', { tags: ['postgres'] }, async () => {
    const p = await player();
    const promo = id('promo');
    const answers = await Promise.all(Array.from({ length: 5 }, () => p.promo(7, id('round'), promo)));
    for (const answer of answers) expectAnswer(answer, 'OK', START + 7);
    await expectBalance(p, START + 7);
  });

  it('keeps the ledger balanced through every scenario', async () => {
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});
