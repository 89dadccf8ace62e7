// postgres: concurrent deliveries of one correction, and a debit racing the member's own bets
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandToday } from '../../test/brand-day';
import { createMember } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import {
  betBody,
  fund,
  uniqueId as id,
  openVendorWallet,
  type VendorWallet,
  walletPlayer,
  winBody,
} from '../../test/vendor-wallet-fixture';
import { sessionFor } from '../cashier/cashier.fixtures';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';

// POST /vendor/wallet/resettle: a vendor's correction of a settled round by a signed amount. Through
// HTTP, signed as a vendor signs: credits, debits within and above the member's cash (a debit
// takes what is there and says so), repeats and concurrent deliveries, the refusals, and the
// figures that must count it (the round, the betting record, profit and loss, reconciliation,
// ledger verify).

let t: TestApp;
let vendor: string;
let client: VendorWallet['client'];

beforeAll(async () => {
  ({ t, vendor, client } = await openVendorWallet());
});
afterAll(() => t.close());

const player = (amount: number) => walletPlayer(t, vendor, amount);
type Player = Awaited<ReturnType<typeof player>>;

/** A round of `stake` settled by a win of `win` (closed unless told). */
async function settledRound(p: Player, stake: number, win: number, roundClosed = true) {
  const bet = betBody(p, stake);
  expect((await client.call('bet', bet)).body.status).toBe('OK');
  expect((await client.call('win', winBody(p, bet, win, roundClosed))).body.status).toBe('OK');
  return bet.roundId;
}

function fix(p: Player, roundId: string, amount: number, extra: Record<string, unknown> = {}) {
  return {
    player: p.player,
    gameCode: p.gameCode,
    roundId,
    transactionId: id('fix'),
    amount,
    currency: 'PHP',
    reason: 'Result corrected: 2-1 to 1-1',
    ...extra,
  };
}

const cash = async (memberId: number) => (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;

function round(roundId: string) {
  return t.ctx.db
    .selectFrom('vendor_rounds')
    .select(['bet_amount', 'win_amount', 'status'])
    .where('vendor_code', '=', vendor)
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();
}

function postingsOf(transactionId: string) {
  return t.ctx.db
    .selectFrom('ledger_postings')
    .select(['type', 'reference'])
    .where('idempotency_key', '=', `vendor:${vendor}:${transactionId}`)
    .execute();
}

describe('POST /vendor/wallet/resettle', () => {
  it('credits a closed round: the member is paid, the round wins more, the posting is a correction credit', async () => {
    const p = await player(10_000);
    const roundId = await settledRound(p, 1_000, 0);
    const body = fix(p, roundId, 1_900);
    const res = await client.call('resettle', body);
    expect(res).toMatchObject({ statusCode: 200, body: { status: 'OK', balance: 10_900, taken: 1_900 } });
    expect(await cash(p.id)).toBe(10_900);
    expect(await round(roundId)).toMatchObject({ bet_amount: 1_000, win_amount: 1_900, status: 'closed' });
    expect(await postingsOf(body.transactionId)).toEqual([
      { type: 'win.resettle-credit', reference: `${vendor}:${roundId}` },
    ]);
  });

  it('debits within the balance: takes the whole debit', async () => {
    const p = await player(5_000);
    const roundId = await settledRound(p, 1_000, 2_000);
    expect(await cash(p.id)).toBe(6_000);
    const body = fix(p, roundId, -2_000, { reason: 'Void: the match was abandoned before kick-off' });
    expect((await client.call('resettle', body)).body).toMatchObject({ status: 'OK', balance: 4_000, taken: 2_000 });
    expect(await cash(p.id)).toBe(4_000);
    expect((await round(roundId)).win_amount).toBe(0);
    expect((await postingsOf(body.transactionId))[0]?.type).toBe('win.resettle-debit');
  });

  it('debits above the balance: takes what the cash holds, the rest stays the house loss, never below zero', async () => {
    const p = await player(1_000);
    const roundId = await settledRound(p, 1_000, 5_000);
    // The member played the win away: 600 left of it.
    const lost = await settledRound(p, 4_400, 0);
    expect(lost).toBeTruthy();
    expect(await cash(p.id)).toBe(600);
    const body = fix(p, roundId, -5_000);
    expect((await client.call('resettle', body)).body).toMatchObject({ status: 'OK', balance: 0, taken: 600 });
    expect(await cash(p.id)).toBe(0);
    expect((await round(roundId)).win_amount).toBe(4_400);
    const asked = await t.ctx.db
      .selectFrom('vendor_resettlements')
      .select(['requested', 'taken', 'reason'])
      .where('transaction_id', '=', body.transactionId)
      .executeTakeFirstOrThrow();
    expect(asked).toEqual({ requested: -5_000, taken: 600, reason: body.reason });

    // With nothing left to take, a further debit takes nothing and still answers OK.
    const again = fix(p, roundId, -100);
    expect((await client.call('resettle', again)).body).toMatchObject({ status: 'OK', balance: 0, taken: 0 });
    expect(await postingsOf(again.transactionId)).toEqual([]);
    expect((await round(roundId)).win_amount).toBe(4_400);
  });

  it('leaves held money alone: a withdrawal in review is not the cash a debit can take', async () => {
    const p = await player(3_000);
    const roundId = await settledRound(p, 1_000, 3_000);
    await t.ctx.db
      .updateTable('ledger_accounts')
      .set({ held: 4_000 })
      .where('code', '=', `member:${p.id}:cash:PHP`)
      .execute();
    try {
      expect((await client.call('resettle', fix(p, roundId, -3_000))).body).toMatchObject({
        status: 'OK',
        taken: 1_000,
      });
      expect(await balanceOf(t.ctx.db, p.id, 'PHP')).toMatchObject({ balance: 4_000, held: 4_000 });
    } finally {
      await t.ctx.db
        .updateTable('ledger_accounts')
        .set({ held: 0 })
        .where('code', '=', `member:${p.id}:cash:PHP`)
        .execute();
    }
  });

  it('answers a repeat with the first answer, and other details with ERROR_DUPLICATE_TRANSACTION', async () => {
    const p = await player(2_000);
    const roundId = await settledRound(p, 1_000, 3_000);
    const body = fix(p, roundId, -3_000);
    const first = await client.call('resettle', body);
    expect(first.body).toMatchObject({ status: 'OK', balance: 1_000, taken: 3_000 });
    await fund(t, p.id, 7_000);
    // The same call again: nothing moves, the first answer (its balance and what it took) comes back.
    const repeat = await client.call('resettle', body);
    expect(repeat.body).toMatchObject({ status: 'OK', balance: 1_000, taken: 3_000 });
    expect(await cash(p.id)).toBe(8_000);
    for (const other of [{ amount: -2_999 }, { reason: 'another reason' }]) {
      expect((await client.call('resettle', { ...body, ...other })).body).toMatchObject({
        status: 'ERROR_DUPLICATE_TRANSACTION',
        balance: 8_000,
      });
    }
    // The id of a correction cannot be reused for a win either.
    const win = await client.call('win', {
      player: p.player,
      gameCode: p.gameCode,
      roundId,
      transactionId: body.transactionId,
      amount: 1,
      currency: 'PHP',
      roundClosed: true,
    });
    expect(win.body.status).toBe('ERROR_DUPLICATE_TRANSACTION');
    expect(await postingsOf(body.transactionId)).toHaveLength(1);
  });

  it('moves money once for concurrent deliveries of one correction', { tags: ['postgres'] }, async () => {
    const p = await player(1_000);
    const roundId = await settledRound(p, 1_000, 4_000);
    const body = fix(p, roundId, -4_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.call('resettle', body)));
    for (const a of answers) expect(a.body).toMatchObject({ status: 'OK', balance: 0, taken: 4_000 });
    expect(await cash(p.id)).toBe(0);
    expect(await postingsOf(body.transactionId)).toHaveLength(1);
    expect((await round(roundId)).win_amount).toBe(0);
  });

  it("never takes a member's balance below zero while the member bets at the same time", {
    tags: ['postgres'],
  }, async () => {
    const p = await player(3_000);
    const roundId = await settledRound(p, 1_000, 3_000);
    expect(await cash(p.id)).toBe(5_000);
    const bets = Array.from({ length: 8 }, () =>
      client.call('bet', {
        token: p.token,
        player: p.player,
        gameCode: p.gameCode,
        roundId: id('round'),
        transactionId: id('bet'),
        amount: 500,
        currency: 'PHP',
      }),
    );
    const [debit, ...placed] = await Promise.all([client.call('resettle', fix(p, roundId, -3_000)), ...bets]);
    expect(debit.body.status).toBe('OK');
    const staked = placed.filter((b) => b.body.status === 'OK').length * 500;
    expect(await cash(p.id)).toBe(5_000 - staked - (debit.body.taken ?? 0));
    expect(await cash(p.id)).toBeGreaterThanOrEqual(0);
  });

  it('refuses an unknown round, an unsettled or rolled-back one, a debit beyond what the round paid, and 0', async () => {
    const p = await player(10_000);
    expect((await client.call('resettle', fix(p, id('nope'), 100))).body.status).toBe('ERROR_TRANSACTION_NOT_FOUND');
    // Another player's round.
    const q = await player(1_000);
    const theirs = await settledRound(q, 100, 200);
    expect((await client.call('resettle', fix(p, theirs, 100))).body.status).toBe('ERROR_TRANSACTION_NOT_FOUND');
    // Another game code than the round's.
    const mine = await settledRound(p, 100, 200);
    expect((await client.call('resettle', fix(p, mine, 100, { gameCode: 'NOT-A-GAME' }))).body.status).toBe(
      'ERROR_TRANSACTION_NOT_FOUND',
    );
    // A round no win has settled yet.
    const openRound = id('round');
    const bet = {
      token: p.token,
      player: p.player,
      gameCode: p.gameCode,
      roundId: openRound,
      transactionId: id('bet'),
    };
    expect((await client.call('bet', { ...bet, amount: 100, currency: 'PHP' })).body.status).toBe('OK');
    expect(await client.call('resettle', fix(p, openRound, 100))).toMatchObject({
      statusCode: 409,
      body: { status: 'ERROR_ROUND_NOT_SETTLED' },
    });
    // Rolled back.
    expect(
      (
        await client.call('rollback', {
          player: p.player,
          roundId: openRound,
          transactionId: id('rb'),
          rollbackTransactionId: bet.transactionId,
        })
      ).body.status,
    ).toBe('OK');
    expect((await client.call('resettle', fix(p, openRound, 100))).body.status).toBe('ERROR_TRANSACTION_ROLLED_BACK');
    // More than the round paid.
    expect(await client.call('resettle', fix(p, mine, -201))).toMatchObject({
      statusCode: 409,
      body: { status: 'ERROR_CORRECTION_EXCEEDS_PAID' },
    });
    expect((await client.call('resettle', fix(p, mine, 0))).body.status).toBe('ERROR_BAD_REQUEST');
    expect((await client.call('resettle', fix(p, mine, 10, { reason: 'x'.repeat(201) }))).body.status).toBe(
      'ERROR_BAD_REQUEST',
    );
    expect((await client.call('resettle', fix(p, mine, 10), { secret: 'wrong' })).body.status).toBe(
      'ERROR_INVALID_SIGNATURE',
    );
    // A round a partial win settled but left open can be corrected.
    const partial = await settledRound(p, 1_000, 300, false);
    expect((await client.call('resettle', fix(p, partial, 50))).body).toMatchObject({ status: 'OK', taken: 50 });
    expect(await round(partial)).toMatchObject({ win_amount: 350, status: 'open' });
  });

  it("counts in the member's betting record and profit and loss, the day's reconciliation matches and the ledger verifies", async () => {
    const p = await player(2_000);
    const roundId = await settledRound(p, 1_000, 1_500);
    expect((await client.call('resettle', fix(p, roundId, -500))).body.taken).toBe(500);
    const member = await sessionFor(t, p.id);
    const record = await t.app.inject({
      method: 'GET',
      url: '/wps/member/bettingRecord?range=past7&pageNo=1&pageSize=20',
      headers: { authorization: member },
    });
    const row = record.json().value.content.find((r: { roundId: string }) => r.roundId === roundId);
    expect(row).toMatchObject({ bet: 10, win: 10, net: 0, status: 'closed' });
    const profit = await t.app.inject({
      method: 'GET',
      url: '/wps/member/profitLoss?range=past7',
      headers: { authorization: member },
    });
    expect(profit.json().value).toMatchObject({ bets: 10, wins: 10, net: 0 });

    const op = await createMember(t.ctx, { type: 90, permissions: ['games.read'] });
    const admin = await sessionFor(t, op.id, 'admin');
    const date = await brandToday(t.ctx, new Date());
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/vendors/${vendor}/reconciliation?date=${date}`,
      headers: { authorization: admin },
    });
    const value = res.json().value;
    const fixes = await t.ctx.db
      .selectFrom('vendor_transactions')
      .select(['amount'])
      .where('vendor_code', '=', vendor)
      .where('kind', '=', 'resettle')
      .execute();
    expect(value.corrections).toEqual({ count: fixes.length, amount: fixes.reduce((n, f) => n + f.amount, 0) });
    expect(value.corrections.count).toBeGreaterThanOrEqual(8);
    expect(value.net).toBe(value.bets.amount - value.rollbacks.amount - value.wins.amount - value.corrections.amount);
    expect(value.ledger.net).toBe(value.net);
    expect(value.matches).toBe(true);

    const report = await verifyLedger(t.ctx.db);
    expect(report.ok).toBe(true);
  });
});
