// postgres: concurrent bets and wins of one player and one round
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDayBounds } from '../../db/brand-days';
import { seed } from '../../seed/seed';
import { brandToday } from '../../test/brand-day';
import { createMember } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { createGameSession, seededVendorSecret } from '../../test/vendor-client';
import {
  betBody,
  catalogueVendors,
  fund,
  uniqueId as id,
  openVendorWallet,
  type VendorWallet,
  walletPlayer,
  winBody,
} from '../../test/vendor-wallet-fixture';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { sessionFor } from '../cashier/cashier.fixtures';
import { balanceOf, houseAccountCodes, verifyLedger } from '../ledger/ledger.service';

let t: TestApp;
let vendor: string;
let other: string;
let client: VendorWallet['client'];

beforeAll(async () => {
  ({ t, vendor, client } = await openVendorWallet());
  // A second vendor that has games in the test catalogue.
  other = (await catalogueVendors(t, 2))[1] ?? '';
});
afterAll(() => t.close());

/** A funded member with a live session at `vendor`. */
const player = (amount = 10_000, input: Parameters<typeof createMember>[1] = {}) =>
  walletPlayer(t, vendor, amount, input);

type Player = Awaited<ReturnType<typeof player>>;

const cash = async (memberId: number) => (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;

describe('seeded integrations', () => {
  it('gives every vendor a seamless integration with the secret derived from the house secret', async () => {
    const vendors = await t.ctx.db.selectFrom('vendors').select('code').execute();
    const integrations = await t.ctx.db.selectFrom('vendor_integrations').selectAll().execute();
    expect(integrations).toHaveLength(vendors.length);
    for (const row of integrations) {
      expect(row.secret).toBe(seededVendorSecret(t, row.vendor_code));
      expect(row).toMatchObject({
        launch_url: '/studio/play',
        wallet_mode: 'seamless',
        currency: 'PHP',
        enabled: true,
      });
    }
  });

  it('never overwrites an operator change when seeding again', async () => {
    await t.ctx.db
      .updateTable('vendor_integrations')
      .set({ secret: 'operator-secret', allowed_ips: ['10.1.1.1'] })
      .where('vendor_code', '=', other)
      .execute();
    await seed(t.ctx, { demo: true, catalogueSlots: t.ctx.config.catalogueSlots });
    const row = await t.ctx.db
      .selectFrom('vendor_integrations')
      .selectAll()
      .where('vendor_code', '=', other)
      .executeTakeFirstOrThrow();
    expect(row.secret).toBe('operator-secret');
    expect(row.allowed_ips).toEqual(['10.1.1.1']);
    await t.ctx.db
      .updateTable('vendor_integrations')
      .set({ secret: seededVendorSecret(t, other), allowed_ips: [] })
      .where('vendor_code', '=', other)
      .execute();
  });
});

describe('signatures and callers', () => {
  it('refuses a missing, wrong or other-vendor signature, an unknown vendor and a bad body', async () => {
    const p = await player();
    const body = { token: p.token };
    expect(await client.call('balance', body, { secret: null })).toMatchObject({
      statusCode: 401,
      body: { status: 'ERROR_INVALID_SIGNATURE' },
    });
    expect((await client.call('balance', body, { secret: 'wrong' })).body.status).toBe('ERROR_INVALID_SIGNATURE');
    // Signed with the other vendor's secret but naming this vendor.
    expect((await client.call('balance', body, { secret: seededVendorSecret(t, other) })).body.status).toBe(
      'ERROR_INVALID_SIGNATURE',
    );
    const unknown = await client.call('balance', { ...body, vendor: 'NOPE' });
    expect(unknown).toMatchObject({ statusCode: 401, body: { status: 'ERROR_UNKNOWN_VENDOR' } });
    // A body changed after signing.
    const raw = JSON.stringify({ vendor, requestId: 'r1', token: p.token });
    const signed = await client.call('balance', {}, { raw });
    expect(signed.body).toMatchObject({ status: 'OK', requestId: 'r1', player: p.player, balance: 10_000 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/vendor/wallet/balance',
      payload: raw.replace('r1', 'r2'),
      headers: { 'content-type': 'application/json', 'x-signature': signed.body ? await sign(raw) : '' },
    });
    expect(res.json().status).toBe('ERROR_INVALID_SIGNATURE');
    expect((await client.call('balance', {}, { raw: '{not json' })).body.status).toBe('ERROR_BAD_REQUEST');
    const invalid = await client.call('bet', { ...betBody(p, 100), amount: 1.5 });
    expect(invalid).toMatchObject({ statusCode: 400, body: { status: 'ERROR_BAD_REQUEST', currency: 'PHP' } });
  });

  it('honours the IP allow list and a disabled integration', async () => {
    const p = await player();
    await t.ctx.db
      .updateTable('vendor_integrations')
      .set({ allowed_ips: ['10.2.2.2'] })
      .where('vendor_code', '=', vendor)
      .execute();
    try {
      expect((await client.call('balance', { token: p.token })).body.status).toBe('ERROR_IP_NOT_ALLOWED');
      expect((await client.call('balance', { token: p.token }, { remoteAddress: '10.2.2.2' })).body.status).toBe('OK');
      await t.ctx.db
        .updateTable('vendor_integrations')
        .set({ enabled: false })
        .where('vendor_code', '=', vendor)
        .execute();
      expect((await client.call('balance', { token: p.token }, { remoteAddress: '10.2.2.2' })).body.status).toBe(
        'ERROR_VENDOR_DISABLED',
      );
    } finally {
      await t.ctx.db
        .updateTable('vendor_integrations')
        .set({ allowed_ips: [], enabled: true })
        .where('vendor_code', '=', vendor)
        .execute();
    }
  });

  // The node keeps the settings in memory; an operator's change (here straight in the database, as
  // psql or another node would make it) must count from the very next call, and undo nothing.
  it("follows an operator's change of the settings on the next call, with nothing moved by a refused one", async () => {
    const p = await player();
    const first = betBody(p, 100);
    expect((await client.call('bet', first)).body.status).toBe('OK');
    const setIntegration = (values: { secret?: string; enabled?: boolean }) =>
      t.ctx.db.updateTable('vendor_integrations').set(values).where('vendor_code', '=', vendor).execute();
    const moved = async () =>
      t.ctx.db
        .selectFrom('vendor_transactions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('member_id', '=', p.id)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    try {
      // A rotated secret: the new one is admitted at once, the old one refused from then on.
      await setIntegration({ secret: 'rotated-secret' });
      const second = betBody(p, 100);
      expect((await client.call('bet', second, { secret: 'rotated-secret' })).body).toMatchObject({
        status: 'OK',
        balance: 9_800,
      });
      const stale = await client.call('bet', betBody(p, 100));
      expect(stale).toMatchObject({ statusCode: 401, body: { status: 'ERROR_INVALID_SIGNATURE', balance: 0 } });
      // Switched off while the node holds it as on: the call finds out under its locks and moves nothing.
      await setIntegration({ enabled: false });
      const win = await client.call('win', winBody(p, second, 500), { secret: 'rotated-secret' });
      expect(win.body.status).toBe('ERROR_VENDOR_DISABLED');
      expect(await cash(p.id)).toBe(9_800);
      expect(await moved()).toBe(2);
      expect((await client.call('balance', { token: p.token }, { secret: 'rotated-secret' })).body.status).toBe(
        'ERROR_VENDOR_DISABLED',
      );
      // Back on: the same win is paid once.
      await setIntegration({ enabled: true });
      expect((await client.call('win', winBody(p, second, 500), { secret: 'rotated-secret' })).body).toMatchObject({
        status: 'OK',
        balance: 10_300,
      });
    } finally {
      await setIntegration({ secret: seededVendorSecret(t, vendor), enabled: true });
    }
    expect((await client.call('win', winBody(p, first, 0))).body).toMatchObject({ status: 'OK', balance: 10_300 });
  });

  it('still settles rounds during maintenance', async () => {
    const p = await player();
    const bet = betBody(p, 300);
    expect((await client.call('bet', bet)).body.status).toBe('OK');
    await setBrandSetting(t.ctx.db, 'maintenance', { ...(await maintenance()), enabled: true });
    try {
      // The player site is closed...
      const site = await t.app.inject({ method: 'POST', url: '/wps/session/login', payload: {} });
      expect(site.json().code).toBe('SYSTEM_MAINTENANCE');
      // ...and the vendor still settles the round.
      expect((await client.call('win', winBody(p, bet, 500))).body).toMatchObject({ status: 'OK', balance: 10_200 });
    } finally {
      await setBrandSetting(t.ctx.db, 'maintenance', { ...(await maintenance()), enabled: false });
    }
  });
});

async function sign(raw: string) {
  return (await import('./vendor-signature')).signVendorBody(client.secret, raw);
}
async function maintenance() {
  return (await import('../brand/brand.service')).getBrand(t.ctx.db).then((b) => b.maintenance);
}

describe('balance', () => {
  it('answers by token (with the player id), refuses bad, expired and trial tokens', async () => {
    const p = await player(12_345);
    expect((await client.call('balance', { token: p.token })).body).toMatchObject({
      status: 'OK',
      balance: 12_345,
      currency: 'PHP',
      player: p.player,
    });
    expect((await client.call('balance', { token: p.token, player: p.player })).body).toMatchObject({
      status: 'OK',
      balance: 12_345,
    });
    expect((await client.call('balance', { token: 'x'.repeat(32) })).body.status).toBe('ERROR_INVALID_TOKEN');
    const expired = await createGameSession(t, { memberId: p.id, vendor, expiresAt: new Date(Date.now() - 1000) });
    expect((await client.call('balance', { token: expired.token })).body.status).toBe('ERROR_INVALID_TOKEN');
    const trial = await createGameSession(t, { memberId: null, vendor, trial: true });
    expect((await client.call('balance', { token: trial.token })).body).toMatchObject({
      status: 'ERROR_TRIAL_SESSION',
      balance: 0,
    });
    // A token of another vendor is not valid here.
    const elsewhere = await createGameSession(t, { memberId: p.id, vendor: other });
    expect((await client.call('balance', { token: elsewhere.token })).body.status).toBe('ERROR_INVALID_TOKEN');
  });

  it("never tells a member's balance without a live session of that member at that vendor", async () => {
    const p = await player(12_345);
    const someoneElse = await player(500);
    // By member id alone: refused as a bad request, and no balance is told.
    const byId = await client.call('balance', { player: p.player });
    expect(byId.statusCode).toBe(400);
    expect(byId.body).toMatchObject({ status: 'ERROR_BAD_REQUEST', balance: 0 });
    // Another member's live session does not open this member's balance.
    const crossed = await client.call('balance', { token: someoneElse.token, player: p.player });
    expect(crossed.body).toMatchObject({ status: 'ERROR_INVALID_TOKEN', balance: 0 });
    // Nor does this member's session at another vendor, nor one that expired.
    const elsewhere = await createGameSession(t, { memberId: p.id, vendor: other });
    expect((await client.call('balance', { token: elsewhere.token, player: p.player })).body).toMatchObject({
      status: 'ERROR_INVALID_TOKEN',
      balance: 0,
    });
    const expired = await createGameSession(t, { memberId: p.id, vendor, expiresAt: new Date(Date.now() - 1000) });
    expect((await client.call('balance', { token: expired.token, player: p.player })).body).toMatchObject({
      status: 'ERROR_INVALID_TOKEN',
      balance: 0,
    });
  });
});

describe('bet, win, rounds', () => {
  it('debits the bet, credits the win, and records the round for betting records', async () => {
    const p = await player(10_000);
    const bet = betBody(p, 2_500);
    expect((await client.call('bet', bet)).body).toMatchObject({ status: 'OK', balance: 7_500 });
    let round = await t.ctx.db
      .selectFrom('vendor_rounds')
      .selectAll()
      .where('round_id', '=', bet.roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({
      vendor_code: vendor,
      member_id: p.id,
      node_id: p.nodeId,
      game_type: p.gameType,
      game_code: p.gameCode,
      bet_amount: 2_500,
      win_amount: 0,
      status: 'open',
    });
    // A second bet in the same round accumulates.
    const second = { ...betBody(p, 500), roundId: bet.roundId };
    expect((await client.call('bet', second)).body).toMatchObject({ status: 'OK', balance: 7_000 });
    expect((await client.call('win', winBody(p, bet, 4_000, false))).body).toMatchObject({
      status: 'OK',
      balance: 11_000,
    });
    expect((await client.call('win', winBody(p, second, 1_000, true))).body).toMatchObject({
      status: 'OK',
      balance: 12_000,
    });
    round = await t.ctx.db
      .selectFrom('vendor_rounds')
      .selectAll()
      .where('round_id', '=', bet.roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ bet_amount: 3_000, win_amount: 5_000, status: 'closed' });
    expect(round.closed_at).not.toBeNull();
    expect(await cash(p.id)).toBe(12_000);
    // The account record names the round's game, not the vendor:round reference.
    const game = await t.ctx.db
      .selectFrom('games')
      .select('name')
      .where('vendor_code', '=', vendor)
      .where('game_code', '=', p.gameCode)
      .executeTakeFirstOrThrow();
    const token = await sessionFor(t, p.id);
    const record = await t.app.inject({
      method: 'GET',
      url: '/wps/member/transactions',
      headers: { authorization: token },
    });
    const entries = record.json().value.content as { type: string; reference: string; gameName: string | null }[];
    const played = entries.filter((e) => e.reference === `${vendor}:${bet.roundId}`);
    expect(played.map((e) => e.type).sort()).toEqual(['bet.vendor', 'bet.vendor', 'win.vendor', 'win.vendor']);
    for (const e of played) expect(e.gameName).toBe(game.name);
    expect(entries.find((e) => e.type === 'deposit')?.gameName).toBeNull();
    // Closed rounds take no more bets or wins.
    expect((await client.call('bet', { ...betBody(p, 100), roundId: bet.roundId })).body.status).toBe(
      'ERROR_ROUND_CLOSED',
    );
    expect((await client.call('win', winBody(p, bet, 100))).body.status).toBe('ERROR_ROUND_CLOSED');
    // A win for an unknown round or bet.
    expect(
      (await client.call('win', winBody(p, { roundId: id('r'), transactionId: bet.transactionId }, 100))).body.status,
    ).toBe('ERROR_TRANSACTION_NOT_FOUND');
  });

  it('is idempotent on transactionId and refuses the same id with other details', async () => {
    const p = await player(10_000);
    const bet = betBody(p, 1_000);
    const first = await client.call('bet', bet);
    expect(first.body).toMatchObject({ status: 'OK', balance: 9_000 });
    // A later bet changes the balance; the repeat still returns the first answer.
    expect((await client.call('bet', betBody(p, 1_000))).body.balance).toBe(8_000);
    const again = await client.call('bet', { ...bet, requestId: 'retry-1' });
    expect(again.body).toEqual({ status: 'OK', balance: 9_000, currency: 'PHP', requestId: 'retry-1' });
    expect(await cash(p.id)).toBe(8_000);
    const dup = await client.call('bet', { ...bet, amount: 999 });
    expect(dup).toMatchObject({ statusCode: 409, body: { status: 'ERROR_DUPLICATE_TRANSACTION', balance: 8_000 } });
    // The same id used for a win is a duplicate too.
    const win = { ...winBody(p, bet, 10), transactionId: bet.transactionId };
    expect((await client.call('win', win)).body.status).toBe('ERROR_DUPLICATE_TRANSACTION');
    const w = winBody(p, bet, 2_000);
    expect((await client.call('win', w)).body.balance).toBe(10_000);
    expect((await client.call('win', w)).body.balance).toBe(10_000);
    expect((await client.call('win', { ...w, amount: 2_001 })).body.status).toBe('ERROR_DUPLICATE_TRANSACTION');
    expect(await cash(p.id)).toBe(10_000);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('id')
      .where('idempotency_key', 'in', [`vendor:${vendor}:${bet.transactionId}`, `vendor:${vendor}:${w.transactionId}`])
      .execute();
    expect(postings).toHaveLength(2);
  });

  it('refuses insufficient funds and changes nothing', async () => {
    const p = await player(1_000);
    const bet = betBody(p, 1_001);
    const recorded = () =>
      t.ctx.db.selectFrom('vendor_transactions').select('id').where('transaction_id', '=', bet.transactionId).execute();
    expect(await client.call('bet', bet)).toMatchObject({
      statusCode: 422,
      body: { status: 'ERROR_INSUFFICIENT_FUNDS', balance: 1_000 },
    });
    expect(await cash(p.id)).toBe(1_000);
    expect(await recorded()).toHaveLength(0);
    expect(
      await t.ctx.db.selectFrom('vendor_rounds').select('id').where('round_id', '=', bet.roundId).execute(),
    ).toHaveLength(0);
    // The vendor counts that bet as refused: a repeat of its id gets the first answer again, even
    // once the player has the money, and takes nothing.
    await fund(t, p.id, 1);
    expect(await client.call('bet', { ...bet, requestId: 'late-copy' })).toMatchObject({
      statusCode: 422,
      body: { status: 'ERROR_INSUFFICIENT_FUNDS', balance: 1_000, currency: 'PHP', requestId: 'late-copy' },
    });
    expect(await cash(p.id)).toBe(1_001);
    // The same id with other details, or for a win, is a duplicate.
    expect(await client.call('bet', { ...bet, amount: 1_000 })).toMatchObject({
      statusCode: 409,
      body: { status: 'ERROR_DUPLICATE_TRANSACTION', balance: 1_001 },
    });
    const win = { ...winBody(p, bet, 10), transactionId: bet.transactionId };
    expect((await client.call('win', win)).body.status).toBe('ERROR_DUPLICATE_TRANSACTION');
    expect(await cash(p.id)).toBe(1_001);
    expect(await recorded()).toHaveLength(0);
    // A new id for the same bet is a new bet.
    const fresh = { ...bet, transactionId: id('bet') };
    expect((await client.call('bet', fresh)).body).toMatchObject({ status: 'OK', balance: 0 });
  });

  it('keeps every refused bet: the same id stays refused after the cause is gone', async () => {
    const p = await player(5_000);
    await t.ctx.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', p.id).execute();
    const bet = betBody(p, 1_000);
    expect((await client.call('bet', bet)).body).toMatchObject({ status: 'ERROR_PLAYER_DISABLED', balance: 5_000 });
    await t.ctx.db.updateTable('members').set({ status: 'active' }).where('id', '=', p.id).execute();
    expect(await client.call('bet', bet)).toMatchObject({
      statusCode: 403,
      body: { status: 'ERROR_PLAYER_DISABLED', balance: 5_000 },
    });
    expect(await cash(p.id)).toBe(5_000);
    // A rollback of the refused bet finds no bet: recorded as unknown, nothing moves, the bet stays refused.
    const rb = {
      player: p.player,
      roundId: bet.roundId,
      transactionId: id('rb'),
      rollbackTransactionId: bet.transactionId,
    };
    expect((await client.call('rollback', rb)).body).toMatchObject({ status: 'OK', balance: 5_000 });
    expect((await client.call('bet', bet)).body.status).toBe('ERROR_PLAYER_DISABLED');
    expect(await cash(p.id)).toBe(5_000);
    // A refused win is not kept: the vendor retries it, and it is paid once its bet is known.
    const later = betBody(p, 1_000);
    const w = winBody(p, later, 300);
    expect((await client.call('win', w)).body.status).toBe('ERROR_TRANSACTION_NOT_FOUND');
    expect((await client.call('bet', later)).body).toMatchObject({ status: 'OK', balance: 4_000 });
    expect((await client.call('win', w)).body).toMatchObject({ status: 'OK', balance: 4_300 });
    const kept = await sql<{ status: string; balance: number; amount: number }>`
      SELECT status, balance, amount FROM vendor_bet_refusals WHERE transaction_id = ${bet.transactionId}`.execute(
      t.ctx.db,
    );
    expect(kept.rows).toEqual([{ status: 'ERROR_PLAYER_DISABLED', balance: 5_000, amount: 1_000 }]);
  });

  it('keeps the refusal of a bet that lost a race for the money to another round', { tags: ['postgres'] }, async () => {
    // Two bets of one player at once in two rounds: each reads the balance before the other posts,
    // so on PostgreSQL the wallet itself refuses one of them; that refusal is kept too.
    const players = await Promise.all(Array.from({ length: 10 }, () => player(1_000)));
    await Promise.all(
      players.map(async (p) => {
        const one = betBody(p, 600);
        const two = betBody(p, 600);
        const [a, b] = await Promise.all([client.call('bet', one), client.call('bet', two)]);
        expect([a.body.status, b.body.status].sort()).toEqual(['ERROR_INSUFFICIENT_FUNDS', 'OK']);
        const [refusedBet, refusal] = a.body.status === 'OK' ? [two, b] : [one, a];
        await fund(t, p.id, 1_000);
        const again = await client.call('bet', refusedBet);
        expect(again.body).toEqual({ ...refusal.body, requestId: again.body.requestId });
        expect(await cash(p.id)).toBe(1_400);
      }),
    );
  });

  it('refuses bets of disabled players but still pays their wins', async () => {
    const p = await player(5_000);
    const bet = betBody(p, 1_000);
    expect((await client.call('bet', bet)).body.status).toBe('OK');
    await t.ctx.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', p.id).execute();
    expect(await client.call('bet', betBody(p, 100))).toMatchObject({
      statusCode: 403,
      body: { status: 'ERROR_PLAYER_DISABLED', balance: 4_000 },
    });
    expect((await client.call('balance', { token: p.token })).body.status).toBe('ERROR_PLAYER_DISABLED');
    expect((await client.call('win', winBody(p, bet, 3_000))).body).toMatchObject({ status: 'OK', balance: 7_000 });
  });

  it('accepts wins and rollbacks after the session expired, but no bets', async () => {
    const p = await player(5_000);
    const bet = betBody(p, 1_000);
    const late = betBody(p, 500);
    expect((await client.call('bet', bet)).body.status).toBe('OK');
    expect((await client.call('bet', late)).body.status).toBe('OK');
    await t.ctx.db
      .updateTable('game_sessions')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('member_id', '=', p.id)
      .execute();
    expect((await client.call('bet', betBody(p, 100))).body.status).toBe('ERROR_INVALID_TOKEN');
    // A repeat of an accepted bet still gets its first answer.
    expect((await client.call('bet', bet)).body).toMatchObject({ status: 'OK', balance: 4_000 });
    expect((await client.call('win', winBody(p, bet, 2_500))).body).toMatchObject({ status: 'OK', balance: 6_000 });
    expect(
      (
        await client.call('rollback', {
          player: p.player,
          roundId: late.roundId,
          transactionId: id('rb'),
          rollbackTransactionId: late.transactionId,
        })
      ).body,
    ).toMatchObject({ status: 'OK', balance: 6_500 });
  });

  it('refuses a bet whose token belongs to another player, and trial sessions', async () => {
    const p = await player(5_000);
    const q = await player(5_000);
    expect((await client.call('bet', { ...betBody(p, 100), token: q.token })).body.status).toBe('ERROR_INVALID_TOKEN');
    const trial = await createGameSession(t, { memberId: null, vendor, trial: true });
    expect((await client.call('bet', { ...betBody(p, 100), token: trial.token })).body.status).toBe(
      'ERROR_TRIAL_SESSION',
    );
    expect((await client.call('bet', betBody(p, 100, { currency: 'USD' }))).body.status).toBe(
      'ERROR_CURRENCY_MISMATCH',
    );
    expect((await client.call('bet', betBody(p, 100, { gameCode: 'no-such-game' }))).body.status).toBe(
      'ERROR_GAME_NOT_FOUND',
    );
    expect(await cash(p.id)).toBe(5_000);
  });
});

describe('a declared valid bet (validBet on the closing win)', () => {
  const roundOf = (roundId: string) =>
    t.ctx.db
      .selectFrom('vendor_rounds')
      .select(['bet_amount', 'win_amount', 'void_amount', 'status'])
      .where('vendor_code', '=', vendor)
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
  const factOf = (roundId: string) =>
    t.ctx.db
      .selectFrom('activity_events')
      .select(['amount', 'data'])
      .where('kind', '=', 'round.settled')
      .where('reference', '=', `${vendor}:${roundId}`)
      .executeTakeFirstOrThrow();

  it('keeps the unrisked part on the round and gives round.settled the valid bet, the whole bet beside it', async () => {
    const p = await player();
    const bet = betBody(p, 2_000);
    expect((await client.call('bet', bet)).body.status).toBe('OK');
    // A half lost quarter line: half the stake comes back, half was at risk.
    const win = winBody(p, bet, 1_000, true, { validBet: 1_000 });
    expect((await client.call('win', win)).body).toMatchObject({ status: 'OK', balance: 9_000 });
    expect(await roundOf(bet.roundId)).toEqual({
      bet_amount: 2_000,
      win_amount: 1_000,
      void_amount: 1_000,
      status: 'closed',
    });
    expect(await factOf(bet.roundId)).toMatchObject({ amount: 1_000, data: { bet: 2_000, win: 1_000 } });
    // A repeat answers the first call; the same id with another valid bet is another call.
    expect((await client.call('win', win)).body).toMatchObject({ status: 'OK', balance: 9_000 });
    expect((await client.call('win', { ...win, validBet: 0 })).body.status).toBe('ERROR_DUPLICATE_TRANSACTION');
    expect((await client.call('win', { ...win, validBet: undefined })).body.status).toBe('ERROR_DUPLICATE_TRANSACTION');
  });

  it('counts the whole bet when the vendor declares nothing, as before', async () => {
    const p = await player();
    const bet = betBody(p, 2_000);
    expect((await client.call('bet', bet)).body.status).toBe('OK');
    expect((await client.call('win', winBody(p, bet, 2_000))).body.status).toBe('OK');
    expect(await roundOf(bet.roundId)).toMatchObject({ bet_amount: 2_000, void_amount: 0 });
    expect(await factOf(bet.roundId)).toMatchObject({ amount: 2_000, data: { bet: 2_000, win: 2_000 } });
  });

  it("refuses a valid bet above the round's bets, leaving more unrisked than the wins return, or on a win that leaves the round open", async () => {
    const p = await player();
    const bet = betBody(p, 2_000);
    expect((await client.call('bet', bet)).body.status).toBe('OK');
    const over = await client.call('win', winBody(p, bet, 2_000, true, { validBet: 2_001 }));
    expect(over).toMatchObject({ statusCode: 409, body: { status: 'ERROR_INVALID_VALID_BET', balance: 8_000 } });
    // 15.00 unrisked but only 10.00 returned: not a refund the member received.
    const unpaid = await client.call('win', winBody(p, bet, 1_000, true, { validBet: 500 }));
    expect(unpaid).toMatchObject({ statusCode: 409, body: { status: 'ERROR_INVALID_VALID_BET', balance: 8_000 } });
    const open = await client.call('win', winBody(p, bet, 2_000, false, { validBet: 0 }));
    expect(open).toMatchObject({ statusCode: 400, body: { status: 'ERROR_BAD_REQUEST' } });
    const negative = await client.call('win', winBody(p, bet, 2_000, true, { validBet: -1 }));
    expect(negative.body.status).toBe('ERROR_BAD_REQUEST');
    expect(await roundOf(bet.roundId)).toEqual({ bet_amount: 2_000, win_amount: 0, void_amount: 0, status: 'open' });
    expect(await cash(p.id)).toBe(8_000);
    // A void: the whole stake back, none of it valid.
    expect((await client.call('win', winBody(p, bet, 2_000, true, { validBet: 0 }))).body.status).toBe('OK');
    expect(await factOf(bet.roundId)).toMatchObject({ amount: 0, data: { bet: 2_000 } });
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});

describe('rollback', () => {
  it('reverses a bet once and marks the round rolled back', async () => {
    const p = await player(5_000);
    const bet = betBody(p, 2_000);
    await client.call('bet', bet);
    const rb = {
      player: p.player,
      roundId: bet.roundId,
      transactionId: id('rb'),
      rollbackTransactionId: bet.transactionId,
    };
    expect((await client.call('rollback', rb)).body).toMatchObject({ status: 'OK', balance: 5_000 });
    expect((await client.call('rollback', rb)).body).toMatchObject({ status: 'OK', balance: 5_000 });
    // Another rollback id for the same bet moves nothing.
    expect((await client.call('rollback', { ...rb, transactionId: id('rb') })).body).toMatchObject({
      status: 'OK',
      balance: 5_000,
    });
    expect(await cash(p.id)).toBe(5_000);
    const round = await t.ctx.db
      .selectFrom('vendor_rounds')
      .selectAll()
      .where('round_id', '=', bet.roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ status: 'rolled_back', bet_amount: 0 });
    const row = await t.ctx.db
      .selectFrom('vendor_transactions')
      .select('status')
      .where('transaction_id', '=', bet.transactionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('rolled_back');
    expect((await client.call('win', winBody(p, bet, 100))).body.status).toBe('ERROR_TRANSACTION_ROLLED_BACK');
  });

  it('records a rollback of an unknown bet, answers OK and refuses the late bet', async () => {
    const p = await player(5_000);
    const bet = betBody(p, 1_000);
    const rb = {
      player: p.player,
      roundId: bet.roundId,
      transactionId: id('rb'),
      rollbackTransactionId: bet.transactionId,
    };
    expect(await client.call('rollback', rb)).toMatchObject({
      statusCode: 200,
      body: { status: 'OK', balance: 5_000 },
    });
    const row = await t.ctx.db
      .selectFrom('vendor_transactions')
      .selectAll()
      .where('transaction_id', '=', rb.transactionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'rollback',
      status: 'rollback_of_unknown',
      amount: 0,
      ref_transaction_id: bet.transactionId,
    });
    expect(await client.call('bet', bet)).toMatchObject({
      statusCode: 409,
      body: { status: 'ERROR_TRANSACTION_ROLLED_BACK' },
    });
    expect(await cash(p.id)).toBe(5_000);
  });

  it('refuses to roll back a bet a win already settled', async () => {
    const p = await player(5_000);
    const bet = betBody(p, 1_000);
    await client.call('bet', bet);
    await client.call('win', winBody(p, bet, 3_000, false));
    const rb = {
      player: p.player,
      roundId: bet.roundId,
      transactionId: id('rb'),
      rollbackTransactionId: bet.transactionId,
    };
    expect(await client.call('rollback', rb)).toMatchObject({
      statusCode: 409,
      body: { status: 'ERROR_BET_ALREADY_SETTLED', balance: 7_000 },
    });
    expect(await cash(p.id)).toBe(7_000);
  });
});

describe('transfer-wallet vendors', () => {
  it('answer a clear refusal on the seamless calls; GCS_walletTransfer moves their money', async () => {
    const p = await player(5_000);
    await t.ctx.db
      .updateTable('vendor_integrations')
      .set({ wallet_mode: 'transfer' })
      .where('vendor_code', '=', vendor)
      .execute();
    await setBrandSetting(t.ctx.db, 'walletMode', 'transfer');
    try {
      for (const [name, body] of [
        ['balance', { token: p.token }],
        ['bet', betBody(p, 100)],
      ] as const)
        expect(await client.call(name, body)).toMatchObject({
          statusCode: 409,
          body: { status: 'ERROR_TRANSFER_WALLET' },
        });
      const token = await sessionFor(t, p.id);
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        headers: { authorization: token },
        payload: { vendor, direction: 'IN', amount: 20, requestId: id('transfer') },
      });
      expect(res.json().value).toMatchObject({ balance: 30, vendorBalance: 20, vendor });
    } finally {
      await setBrandSetting(t.ctx.db, 'walletMode', 'single');
      await t.ctx.db
        .updateTable('vendor_integrations')
        .set({ wallet_mode: 'seamless' })
        .where('vendor_code', '=', vendor)
        .execute();
    }
    // Back in seamless mode the same player bets from the main wallet.
    expect((await client.call('bet', betBody(p, 100))).body).toMatchObject({ status: 'OK', balance: 2_900 });
  });
});

describe('concurrency', () => {
  it('200 players betting and winning with retries and duplicate deliveries: money moves once', {
    tags: ['postgres'],
    timeout: 180_000,
  }, async () => {
    const START = 50_000;
    // Modest on purpose: PGlite runs one transaction at a time (the suite must stay fast).
    const ROUNDS = 2;
    // Members straight into the table: 200 password hashes would cost more than the whole test.
    const tag = randomBytes(4).toString('hex');
    const members = await t.ctx.db
      .insertInto('members')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          username: `conc${tag}${i}`,
          password_hash: 'x',
          referral_code: `C${tag}${i}`,
          password_changed_at: new Date(),
          permissions: '[]',
        })),
      )
      .returning(['id', 'username'])
      .execute();
    const players: Player[] = [];
    for (const m of members) {
      await fund(t, m.id, START);
      const session = await createGameSession(t, { memberId: m.id, vendor });
      players.push({ ...m, password: '', ...session, player: String(m.id) });
    }
    const deliver = async (name: 'bet' | 'win', body: Record<string, unknown>) => {
      // 1 to 3 deliveries, some at once, some as later retries; all must answer the same.
      const dice = Math.random();
      const copies = dice < 0.6 ? 1 : dice < 0.85 ? 2 : 3;
      const answers = await Promise.all(
        Array.from({ length: copies }, async (_, i) => {
          if (i > 0 && Math.random() < 0.5) await new Promise((r) => setTimeout(r, Math.random() * 5));
          return client.call(name, { ...body, requestId: id('req') });
        }),
      );
      for (const a of answers) expect(a.body).toMatchObject({ status: 'OK', balance: answers[0]?.body.balance });
    };
    const expected = new Map<number, number>();
    await Promise.all(
      players.map(async (p) => {
        let net = 0;
        for (let r = 0; r < ROUNDS; r++) {
          const amount = 100 + Math.floor(Math.random() * 900);
          const bet = betBody(p, amount);
          await deliver('bet', bet);
          const won = Math.random() < 0.5 ? Math.floor(Math.random() * 2_000) : 0;
          await deliver('win', winBody(p, bet, won));
          net += won - amount;
        }
        expected.set(p.id, net);
      }),
    );
    const report = await verifyLedger(t.ctx.db);
    expect(report.violations).toEqual([]);
    const recorded = await t.ctx.db
      .selectFrom('vendor_transactions')
      .select(['member_id', 'kind', 'amount'])
      .where(
        'member_id',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    const netOf = new Map<number, number>();
    for (const row of recorded)
      netOf.set(row.member_id, (netOf.get(row.member_id) ?? 0) + (row.kind === 'bet' ? -row.amount : row.amount));
    for (const p of players) {
      expect(netOf.get(p.id)).toBe(expected.get(p.id));
      expect(await cash(p.id)).toBe(START + (netOf.get(p.id) ?? 0));
    }
    expect(recorded).toHaveLength(players.length * ROUNDS * 2);
  });
});

describe('GET /admin/vendors/:vendor/reconciliation', () => {
  it("matches the ledger of the vendor's house account for the day, to the unit", async () => {
    const op = await createMember(t.ctx, { type: 90, permissions: ['games.read'] });
    const token = await sessionFor(t, op.id, 'admin');
    const date = await brandToday(t.ctx, new Date());
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/vendors/${vendor}/reconciliation?date=${date}`,
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    // The brand's day, not the UTC one: from 16:00 UTC on they differ in Manila.
    const { start: from, end: to } = await brandDayBounds(t.ctx.db, date, date, (await getBrand(t.ctx.db)).timeZone);
    const entries = await t.ctx.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_postings as p', 'p.id', 'e.posting_id')
      .select(['e.amount', 'p.type'])
      .where('a.code', 'in', houseAccountCodes(`vendor:${vendor}`, 'PHP'))
      .where('p.created_at', '>=', from)
      .where('p.created_at', '<', to)
      .execute();
    const byType = (type: string) => entries.filter((e) => e.type === type).reduce((n, e) => n + e.amount, 0);
    expect(value.bets.amount).toBeGreaterThan(0);
    expect(byType('bet.vendor')).toBe(value.bets.amount);
    expect(-byType('win.vendor')).toBe(value.wins.amount);
    expect(-byType('bet.rollback')).toBe(value.rollbacks.amount);
    expect(entries.reduce((n, e) => n + e.amount, 0)).toBe(value.net);
    expect(value.net).toBe(value.bets.amount - value.rollbacks.amount - value.wins.amount);
    expect(value.ledger.net).toBe(value.net);
    expect(value.matches).toBe(true);
    expect(value.unknownRollbacks).toBeGreaterThanOrEqual(1);
    // Counts: every non-zero transaction is one posting.
    const rows = await t.ctx.db
      .selectFrom('vendor_transactions')
      .select(['kind', 'amount', 'status'])
      .where('vendor_code', '=', vendor)
      .execute();
    expect(rows.filter((r) => r.kind === 'bet').length).toBe(value.bets.count);
    expect(rows.filter((r) => r.kind === 'win').length).toBe(value.wins.count);

    const member = await createMember(t.ctx);
    const memberToken = await sessionFor(t, member.id);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/admin/vendors/${vendor}/reconciliation?date=${date}`,
      headers: { authorization: memberToken },
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/admin/vendors/NOPE/reconciliation?date=${date}`,
      headers: { authorization: token },
    });
    expect(unknown.json().code).toBe('VENDOR_NOT_FOUND');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/admin/vendors/${vendor}/reconciliation?date=2026-02-31`,
      headers: { authorization: token },
    });
    expect(bad.statusCode).toBe(400);
  });
});
