// postgres: the provider's repeats of one bet at once, on separate connections
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import type { TestApp } from '../../test/harness';
import { sampleOf, scrapeMetrics } from '../../test/metrics-scrape';
import {
  catalogueVendors,
  uniqueId as id,
  openVendorWallet,
  type VendorWallet,
  walletPlayer,
} from '../../test/vendor-wallet-fixture';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { caletaSignatureMatches } from './caleta.service';

// The Caleta Gaming System's licensee scenarios (its manual test list and the error statuses it asks
// an operator to prove), written for this platform's adapter and run over HTTP, signed as the
// provider signs: check, balance, bets (several in a round, one cent, free bets), wins, rollbacks,
// the token swap, blocked players and every refusal. Where the platform differs on purpose it says
// so beside the case (docs/game-providers.md, "Caleta"): an amount finer than a centavo is refused,
// and a free bet takes nothing and its win is paid.

let t: TestApp;
let vendor: string;
let ownProtocol: VendorWallet['client'];
/** A session's token, the vendor's own signed call's answer before the switch to Caleta. */
let before: { token: string; status: string };
let provider: KeyObject;
let stranger: KeyObject;
/** The guide's units: 100,000 to one peso. */
const UNIT = 100_000;
const START = 1000;

beforeAll(async () => {
  ({ t, vendor, client: ownProtocol } = await openVendorWallet());
  // The platform's own protocol answers first, so this node keeps that integration in its cache.
  const early = await walletPlayer(t, vendor, 100);
  before = { token: early.token, status: (await ownProtocol.call('balance', { token: early.token })).body.status };
  // An outside provider's vendor, not one the house studio serves.
  await t.ctx.db
    .updateTable('vendor_integrations')
    .set({ launch_url: 'https://games.caleta.example/launch' })
    .where('vendor_code', '=', vendor)
    .execute();
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  provider = pair.privateKey;
  stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const token = await adminToken(t.app);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/admin/games/vendors/${vendor}`,
    headers: { authorization: token },
    payload: { protocol: 'caleta', providerPublicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().value.integration).toMatchObject({ protocol: 'caleta' });
});
afterAll(() => t.close());

type Answer = { status: string; request_uuid: string; user?: string; currency?: string; balance?: number };

async function call(path: string, body: object, key: KeyObject = provider) {
  const raw = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/providers/caleta/${vendor}/wallet/${path}`,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-auth-signature': sign('sha256', Buffer.from(raw), key).toString('base64'),
    },
  });
  return { http: res.statusCode, body: res.json() as Answer & { token?: string } };
}

/** A player with START pesos and a live launch token at the vendor, as the provider addresses them. */
async function player() {
  const p = await walletPlayer(t, vendor, START * 100);
  let token = p.token;
  const money = (round: string, tx: string, amount: number, extra: object = {}) => ({
    token,
    request_uuid: id('req'),
    transaction_uuid: tx,
    supplier_user: `caleta-${p.player}`,
    round,
    round_closed: false,
    is_free: false,
    game_code: p.gameCode,
    currency: 'PHP',
    amount,
    ...extra,
  });
  return {
    ...p,
    useToken: (next: string) => {
      token = next;
    },
    token: () => token,
    balance: () => call('balance', { token, request_uuid: id('req'), supplier_user: p.player, game_code: p.gameCode }),
    check: () => call('check', { token }),
    bet: (round: string, tx: string, amount: number, extra: object = {}) =>
      call('bet', money(round, tx, amount, extra)),
    win: (round: string, betTx: string, tx: string, amount: number, extra: object = {}) =>
      call('win', { ...money(round, tx, amount), reference_transaction_uuid: betTx, round_closed: true, ...extra }),
    rollback: (round: string, betTx: string, tx: string, extra: object = {}) =>
      call('rollback', {
        token,
        request_uuid: id('req'),
        transaction_uuid: tx,
        round,
        round_closed: true,
        reference_transaction_uuid: betTx,
        game_code: p.gameCode,
        ...extra,
      }),
  };
}
type Player = Awaited<ReturnType<typeof player>>;

function expectBalance(p: Player, answer: { body: Answer }, pesos: number) {
  expect(answer.body).toEqual({
    status: 'RS_OK',
    request_uuid: expect.any(String),
    user: p.player,
    currency: 'PHP',
    balance: Math.round(pesos * UNIT),
  });
}

/** An error answers its status alone: no player, balance or currency. */
function expectError(answer: { body: Answer }, status: string) {
  expect(answer.body).toEqual({ status, request_uuid: expect.any(String) });
}

const cash = async (p: Player) => (await balanceOf(t.ctx.db, p.id, 'PHP')).balance;

describe('signatures', () => {
  it("verifies the guide's worked example with Caleta's published sample key", () => {
    const publicKey = [
      '-----BEGIN PUBLIC KEY-----',
      'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwUlXX2eDngAIDlH8XX1N',
      '4kCff98Ev2ulCXMpu1wvR7LrmZ5GQpPtt5VCr7mcy0C8tUe8UZli/jYbicdAYGAG',
      'b8t4d3TqDpewx9igSvWTLMwvZi7+f0fudpdUA3cFZOpKiWdOQSlbIKuf3IAgP/g1',
      'ETb46mOjSSsd7b8gL17m3xUZMnzavGujM4H6t3tTKLnn2CFLmlxXyk/El/FQohQp',
      's6ihr+MBQxwwnVY9BT0vPxXf2pw5hoHgzqsayT5IDGkqCB3h0Ng6QWumNfzqiJZD',
      'eodNhuW80MZjCThgqC1F2yZukvcMBWHLYnmnYIFZaOPEFuzW9OLJZMdc+XCXmixM',
      'RwIDAQAB',
      '-----END PUBLIC KEY-----',
    ].join('\n');
    const signature =
      'eLAVF38xYGp4KyHnybr3vEkKY9l7+G3VJusrY5k+FbseYBXZsRcH6EDP9PTUCkAQNftnq61HAo3fyjPKPxJpRQwBJjZpvSHgf5K/VLquf3GU92kXxQwVC1UQzhboKSfk9Ub9tRRt0sQlfRUdYtLSWYDRrWGuDElTOAgE5uhR6Mlkc5UXSKye1JaQHPxrJyVryHCTgFJd+HCy2QYVMQeEl7yF6RYRqmQPGZuawTbvTvz8nRVu5/z5zFFmEHZc2MPQMQAuweP28FjaGnljMWUE89KH5PxiY5CAYZJmez2WXoL9/Voc4c3PJjntAlIOEzLLQ26NNGRKMLwjUsq8ScEEmA==';
    // The guide prints the body with EUR; its signature is of the same body with BTC.
    const body = (currency: string) =>
      Buffer.from(
        `{"user":"test","country":"BR","currency":"${currency}","operator_id":1,"token":"d5dcb4f6-db06-4ab1-9c63-d1f7dc12694e","game_id":10,"lang":"en","lobby_url":"https://casinosample.com","deposit_url":"https://casinosample.com/deposit"}`,
      );
    expect(caletaSignatureMatches(publicKey, body('BTC'), signature)).toBe(true);
    expect(caletaSignatureMatches(publicKey, body('EUR'), signature)).toBe(false);
    expect(caletaSignatureMatches(publicKey, body('BTC'), '')).toBe(false);
    expect(caletaSignatureMatches(publicKey, body('BTC'), 'fakeSignature')).toBe(false);
    expect(caletaSignatureMatches('not a key', body('BTC'), signature)).toBe(false);
  });

  it('refuses another key, a changed body, no signature, bad JSON and a body of the wrong types', async () => {
    const p = await player();
    expectError(
      await call('balance', { token: p.token(), request_uuid: 'r', game_code: p.gameCode }, stranger),
      'RS_ERROR_INVALID_SIGNATURE',
    );
    const raw = JSON.stringify({ token: p.token(), request_uuid: 'r1', game_code: p.gameCode });
    const signature = sign('sha256', Buffer.from(raw), provider).toString('base64');
    const inject = (payload: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/providers/caleta/${vendor}/wallet/balance`,
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
    expect((await inject(raw, { 'x-auth-signature': signature })).json()).toMatchObject({
      status: 'RS_OK',
      balance: START * UNIT,
    });
    expect((await inject(raw.replace('r1', 'r2'), { 'x-auth-signature': signature })).json().status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await inject(raw, {})).json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const bad = await inject('{not json', { 'x-auth-signature': signature });
    expect({ http: bad.statusCode, status: bad.json().status }).toEqual({ http: 400, status: 'RS_ERROR_WRONG_SYNTAX' });
    const types = await p.bet(id('round'), id('tx'), 'one' as unknown as number);
    expect(types).toEqual({ http: 400, body: { status: 'RS_ERROR_WRONG_TYPES', request_uuid: expect.any(String) } });
    // A vendor of the platform's own protocol is not reachable here, signed or not.
    const [own] = (await catalogueVendors(t, 2)).filter((v) => v !== vendor);
    const res = await t.app.inject({
      method: 'POST',
      url: `/providers/caleta/${own}/wallet/balance`,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-auth-signature': signature },
    });
    expect(res.json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await cash(p)).toBe(START * 100);
  });
});

describe('one protocol per vendor', () => {
  it("refuses the platform's own protocol once the vendor speaks Caleta, on a node that kept the old settings", async () => {
    expect(before.status).toBe('OK');
    // The switch came with a new secret: the node's copy of the settings is found stale at once.
    const after = await ownProtocol.call('balance', { token: before.token });
    expect(after.body.status).toBe('ERROR_INVALID_SIGNATURE');
    const p = await player();
    const bet = await ownProtocol.call('bet', {
      token: p.token(),
      player: p.player,
      gameCode: p.gameCode,
      roundId: id('round'),
      transactionId: id('bet'),
      amount: 100,
      currency: 'PHP',
    });
    expect(bet.body.status).toBe('ERROR_INVALID_SIGNATURE');
    expect(await cash(p)).toBe(START * 100);
  });
});

describe('check and balance', () => {
  it('swaps the launch token for a new one each time; the old token no longer stakes but still settles', async () => {
    const p = await player();
    const first = await p.check();
    expect(first.http).toBe(200);
    expect(first.body.token).toEqual(expect.any(String));
    expect(first.body.token).not.toBe(p.token());
    const old = p.token();
    p.useToken(first.body.token ?? '');
    const second = await p.check();
    expect(second.body.token).not.toBe(first.body.token);
    p.useToken(second.body.token ?? '');
    expectBalance(p, await p.balance(), START);

    // Bets go on the newest token; a win and a rollback name an older one and still settle.
    const round = id('round');
    const betTx = id('bet');
    expectBalance(p, await p.bet(round, betTx, UNIT), START - 1);
    p.useToken(old);
    expectError(await p.bet(id('round'), id('bet'), UNIT), 'RS_ERROR_TOKEN_EXPIRED');
    expectError(await p.bet(id('round'), id('bet'), UNIT, { is_free: true }), 'RS_ERROR_TOKEN_EXPIRED');
    expectBalance(p, await p.win(round, betTx, id('win'), 2 * UNIT), START + 1);
    const freeRound = id('round');
    p.useToken(second.body.token ?? '');
    const freeTx = id('bet');
    expectBalance(p, await p.bet(freeRound, freeTx, UNIT, { is_free: true }), START + 1);
    p.useToken(first.body.token ?? '');
    expectBalance(p, await p.rollback(freeRound, freeTx, id('rb')), START + 1);
  });

  it('answers a repeat of a bet taken before its token was swapped as the first time, not as a new bet', async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    expectBalance(p, await p.bet(round, tx, UNIT), START - 1);
    const swapped = await p.check();
    expect(swapped.body.token).toEqual(expect.any(String));
    // The provider never heard the answer and sends the bet again on the token it used.
    expectBalance(p, await p.bet(round, tx, UNIT), START - 1);
    expectError(await p.bet(round, id('bet'), UNIT), 'RS_ERROR_TOKEN_EXPIRED');
    expect(await cash(p)).toBe(START * 100 - 100);
  });

  it('answers a repeat of a check whose answer was lost with the same new token, until that token is swapped in turn', async () => {
    const p = await player();
    const launch = p.token();
    const first = await p.check();
    // The provider never heard the answer and checks the launch token again.
    const again = await p.check();
    expect(again.body.token).toEqual(expect.any(String));
    expect(again.body.token).toBe(first.body.token);
    p.useToken(again.body.token ?? '');
    expectBalance(p, await p.bet(id('round'), id('bet'), UNIT), START - 1);
    const next = await p.check();
    expect(next.body.token).not.toBe(again.body.token);
    p.useToken(launch);
    const stale = await p.check();
    expect(stale.body.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(stale.body.token).toBeUndefined();
  });

  it('refuses an unknown token', async () => {
    const p = await player();
    p.useToken('invalid-session');
    const check = await p.check();
    expect(check.body.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(check.body.token).toBeUndefined();
    expectError(await p.balance(), 'RS_ERROR_INVALID_TOKEN');
    expectError(await p.bet(id('round'), id('bet'), UNIT), 'RS_ERROR_INVALID_TOKEN');
  });
});

describe('bets', () => {
  it('takes a bet, a cent, and several bets in one round (extra balls)', async () => {
    const p = await player();
    expectBalance(p, await p.bet(id('round'), id('bet'), UNIT), START - 1);
    expectBalance(p, await p.bet(id('round'), id('bet'), 1000), START - 1.01);
    const round = id('round');
    for (let i = 0; i < 3; i++) expect((await p.bet(round, id('bet'), UNIT)).body.status).toBe('RS_OK');
    expectBalance(p, await p.balance(), START - 4.01);
    expect(await cash(p)).toBe(START * 100 - 401);
  });

  it('refuses an amount finer than a centavo or negative, and moves nothing (the ledger keeps centavos)', async () => {
    const p = await player();
    for (const amount of [100, 1, 1500, -UNIT]) {
      const answer = await p.bet(id('round'), id('bet'), amount);
      expect(answer).toEqual({ http: 200, body: { status: 'RS_ERROR_WRONG_TYPES', request_uuid: expect.any(String) } });
    }
    expect(await cash(p)).toBe(START * 100);
  });

  it('refuses a bet over the balance, an unknown game, another currency, and a blocked player', async () => {
    const p = await player();
    expectError(await p.bet(id('round'), id('bet'), START * UNIT + 1000), 'RS_ERROR_NOT_ENOUGH_MONEY');
    // The guide's int32 maximum, to the centavo below it.
    expectError(await p.bet(id('round'), id('bet'), 2_147_483_000), 'RS_ERROR_NOT_ENOUGH_MONEY');
    expectError(await p.bet(id('round'), id('bet'), UNIT, { game_code: 'invalid game' }), 'RS_ERROR_INVALID_GAME');
    expectError(await p.bet(id('round'), id('bet'), UNIT, { currency: 'EUR' }), 'RS_ERROR_WRONG_CURRENCY');
    expectError(await p.bet(id('round'), id('bet'), UNIT, { currency: 'schmeckles' }), 'RS_ERROR_WRONG_CURRENCY');
    expectError(
      await p.bet(id('round'), id('bet'), UNIT, { currency: 'EUR', is_free: true }),
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(await cash(p)).toBe(START * 100);
    await t.ctx.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', p.id).execute();
    expectError(await p.bet(id('round'), id('bet'), UNIT), 'RS_ERROR_USER_DISABLED');
    expectError(await p.bet(id('round'), id('bet'), UNIT, { is_free: true }), 'RS_ERROR_USER_DISABLED');
    expect(await cash(p)).toBe(START * 100);
  });

  it('answers a repeat as before and a reused transaction id with other details as a duplicate', async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    expectBalance(p, await p.bet(round, tx, UNIT), START - 1);
    expectBalance(p, await p.bet(round, tx, UNIT), START - 1);
    expectError(await p.bet(id('round'), tx, UNIT), 'RS_ERROR_DUPLICATE_TRANSACTION');
    const q = await player();
    expectError(await q.bet(id('round'), tx, UNIT), 'RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await cash(p)).toBe(START * 100 - 100);
    expect(await cash(q)).toBe(START * 100);
  });

  it('takes one bet once when the provider sends it five times at once', { tags: ['postgres'] }, async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    const answers = await Promise.all(Array.from({ length: 5 }, () => p.bet(round, tx, UNIT)));
    for (const a of answers) expectBalance(p, a, START - 1);
    expect(await cash(p)).toBe(START * 100 - 100);
  });

  it('a free bet takes nothing, and its win is paid (the campaign pays the stake)', async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    expectBalance(p, await p.bet(round, tx, UNIT, { is_free: true }), START);
    expectBalance(p, await p.bet(id('round'), id('bet'), 2 * START * UNIT, { is_free: true }), START);
    expectBalance(p, await p.win(round, tx, id('win'), 2 * UNIT, { is_free: true }), START + 2);
    const rolled = id('round');
    const rolledTx = id('bet');
    expectBalance(p, await p.bet(rolled, rolledTx, UNIT, { is_free: true }), START + 2);
    expectBalance(p, await p.rollback(rolled, rolledTx, id('rb')), START + 2);
    expectError(await p.win(rolled, rolledTx, id('win'), UNIT, { is_free: true }), 'RS_ERROR_TRANSACTION_ROLLED_BACK');
  });
});

describe('wins', () => {
  it('pays a win on its bet, a cent, and refuses one without a bet, a negative one, another game or currency', async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    expectBalance(p, await p.bet(round, tx, UNIT), START - 1);
    expectError(await p.win(round, tx, id('win'), -UNIT), 'RS_ERROR_WRONG_TYPES');
    expectError(await p.win(round, tx, id('win'), UNIT, { game_code: 'invalid game' }), 'RS_ERROR_INVALID_GAME');
    expectError(await p.win(round, tx, id('win'), UNIT, { currency: 'EUR' }), 'RS_ERROR_WRONG_CURRENCY');
    expectError(await p.win(round, tx, id('win'), UNIT, { currency: 'schmeckles' }), 'RS_ERROR_WRONG_CURRENCY');
    expectBalance(p, await p.win(round, tx, id('win'), 2 * UNIT), START + 1);
    const cent = id('round');
    const centTx = id('bet');
    expectBalance(p, await p.bet(cent, centTx, UNIT), START);
    expectBalance(p, await p.win(cent, centTx, id('win'), 1000), START + 0.01);
    expectError(await p.win(id('round'), id('bet'), id('win'), UNIT), 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await cash(p)).toBe(START * 100 + 1);
  });

  it('pays a win finer than a centavo to the centavo below, and refuses a rollback after the win in a status that ends the retries', async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    expectBalance(p, await p.bet(round, tx, 10_000), START - 0.1);
    // 0.10 paying 1.37 times: 0.137, paid 0.13.
    expectBalance(p, await p.win(round, tx, id('win'), 13_700), START + 0.03);
    expectError(await p.rollback(round, tx, id('rb')), 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await cash(p)).toBe(START * 100 + 3);
  });

  it("answers a win reusing its bet's transaction id, or another player's, as a duplicate", async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    expectBalance(p, await p.bet(round, tx, UNIT), START - 1);
    expectError(await p.win(id('round'), tx, tx, UNIT), 'RS_ERROR_DUPLICATE_TRANSACTION');
    const q = await player();
    expectError(await q.win(round, tx, tx, UNIT), 'RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await cash(p)).toBe(START * 100 - 100);
    expect(await cash(q)).toBe(START * 100);
  });

  it('pays a blocked player and an invalid signature pays nobody', async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    expectBalance(p, await p.bet(round, tx, UNIT), START - 1);
    await t.ctx.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', p.id).execute();
    const win = { ...(await p.win(round, tx, id('win'), 2 * UNIT)) };
    expectBalance(p, win, START + 1);
    const signed = await call('win', { token: p.token(), request_uuid: id('r') }, stranger);
    expectError(signed, 'RS_ERROR_INVALID_SIGNATURE');
    expect(await cash(p)).toBe(START * 100 + 100);
  });
});

describe('rollbacks', () => {
  it('returns a bet, one bet of several in a round, and answers a rollback of an unknown bet with the balance', async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    expectBalance(p, await p.bet(round, tx, UNIT), START - 1);
    expectBalance(p, await p.rollback(round, tx, id('rb')), START);
    const extra = id('round');
    const first = id('bet');
    const second = id('bet');
    expectBalance(p, await p.bet(extra, first, UNIT), START - 1);
    expectBalance(p, await p.bet(extra, second, UNIT), START - 2);
    expectBalance(p, await p.rollback(extra, first, id('rb'), { round_closed: false }), START - 1);
    expectBalance(p, await p.win(extra, second, id('win'), UNIT), START);
    expectBalance(p, await p.rollback(id('round'), id('bet'), id('rb')), START);
  });

  it('refuses a win after its bet was rolled back, and rolls back for a blocked player', async () => {
    const p = await player();
    const round = id('round');
    const tx = id('bet');
    expectBalance(p, await p.bet(round, tx, UNIT), START - 1);
    expectBalance(p, await p.rollback(round, tx, id('rb'), { round_closed: false }), START);
    expectError(await p.win(round, tx, id('win'), UNIT), 'RS_ERROR_TRANSACTION_ROLLED_BACK');
    const blocked = id('round');
    const blockedTx = id('bet');
    expectBalance(p, await p.bet(blocked, blockedTx, UNIT), START - 1);
    await t.ctx.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', p.id).execute();
    expectBalance(p, await p.rollback(blocked, blockedTx, id('rb')), START);
    expect(await cash(p)).toBe(START * 100);
  });

  it('keeps the ledger balanced through every scenario', async () => {
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});

describe('metrics', () => {
  it("counts each wallet call under the caleta protocol, by call and the protocol's status", async () => {
    const figures = async () => {
      const text = await scrapeMetrics(t.app);
      const value = (series: string) => sampleOf(text, series);
      const series = (vendorCode: string, call: string, status: string) =>
        `gamehall_vendor_calls_total{protocol="caleta",vendor="${vendorCode}",call="${call}",status="${status}"}`;
      return [
        value(series(vendor, 'bet', 'RS_OK')),
        value(series(vendor, 'bet', 'RS_ERROR_NOT_ENOUGH_MONEY')),
        value(series('unknown', 'bet', 'RS_ERROR_INVALID_SIGNATURE')),
      ];
    };
    const before = await figures();
    const p = await player();
    const round = id('round');
    expectBalance(p, await p.bet(round, id('bet'), 100_000), START - 1);
    expectError(await p.bet(round, id('bet'), START * 100_000 * 10), 'RS_ERROR_NOT_ENOUGH_MONEY');
    expect((await call('bet', { token: p.token() }, stranger)).body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const after = await figures();
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1, 1]);
  });
});
