import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { CaletaSimulator } from '../../test/caleta-simulator';
import { createMember } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { asOutsideVendor, fund, uniqueId as id, launchAs, openVendorWallet } from '../../test/vendor-wallet-fixture';
import { sessionFor } from '../cashier/cashier.fixtures';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';

// A Caleta-protocol provider end to end, through a local simulator of it (test/caleta-simulator.ts)
// over real HTTP both ways: the operator's key pair made in the back office, the launch through the
// provider's /api/game/url (real money and its demo mode), then the provider's game playing rounds
// on the operator's Wallet API: the token swap, bets, a win, a bet whose answer was lost and sent
// again, a rollback; and a provider that is down or refuses the operator's key.

let t: TestApp;
let vendor: string;
let admin: string;
let simulator: CaletaSimulator;
let game: { node_id: number; game_code: string; name: string };
const UNIT = 100_000;

async function adminCall(method: 'PUT' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  ({ t, vendor } = await openVendorWallet());
  game = await asOutsideVendor(t, vendor, 'https://games.caleta.example/launch');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  simulator = await CaletaSimulator.start(`http://127.0.0.1:${port}/providers/caleta/${vendor}`);
  simulator.games = [
    { game_id: 1, game_code: game.game_code, name: game.name, category: 'Video Slots', enabled: true },
  ];
  admin = await adminToken(t.app);
  const settings = await adminCall('PUT', `/admin/games/vendors/${vendor}`, {
    protocol: 'caleta',
    providerPublicKey: simulator.providerPublicKey,
    gamesApi: { url: simulator.url, operatorId: 7, subPartnerId: 'gamehall' },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  expect(settings.body.value.integration).toMatchObject({
    protocol: 'caleta',
    gamesApi: { url: simulator.url, operatorId: 7, subPartnerId: 'gamehall' },
    operatorPublicKey: null,
  });
  const key = await adminCall('POST', `/admin/games/vendors/${vendor}/operatorKey`);
  expect(key.status).toBe(200);
  // The operator sends the provider its public key.
  simulator.operatorPublicKey = key.body.value.publicKey;
});
afterAll(async () => {
  await simulator?.close();
  await t.close();
});

async function member(pesos: number) {
  const m = await createMember(t.ctx);
  if (pesos > 0) await fund(t, m.id, pesos * 100);
  return { ...m, token: await sessionFor(t, m.id) };
}

const launch = (token: string, path?: string) => launchAs(t, token, game.node_id, path);

describe('the launch through the Games API', () => {
  it("shows the operator's public key with the integration, never the private one", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/admin/games/vendors', headers: { authorization: admin } });
    const row = list.json().value.list.find((v: { code: string }) => v.code === vendor);
    expect(row.integration.operatorPublicKey).toBe(simulator.operatorPublicKey);
    expect(list.body).not.toContain('PRIVATE KEY');
  });

  it("asks the provider for a member's game address, signed, with the session's token, and the game plays on the wallet", async () => {
    const m = await member(100);
    const launched = await launch(m.token);
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const url: string = launched.body.value.url;
    expect(url.startsWith(`${simulator.url}/games/`)).toBe(true);
    expect(simulator.calls.at(-1)).toMatchObject({ path: '/api/game/url', signed: true });
    const asked = simulator.launchOf(url);
    expect(asked.body).toMatchObject({
      user: String(m.id),
      operator_id: 7,
      sub_partner_id: 'gamehall',
      game_code: game.game_code,
      lang: 'en',
      currency: 'PHP',
      // The test's loopback address tells no country.
      country: 'ZZ',
      lobby_url: expect.stringMatching(/^http:\/\/.+\/games$/),
      deposit_url: expect.stringMatching(/^http:\/\/.+\/deposit$/),
    });
    expect(asked.token).toEqual(expect.any(String));

    const play = await simulator.open(url);
    expect((await play.balance()).body).toMatchObject({ status: 'RS_OK', user: String(m.id), balance: 100 * UNIT });
    // The launch token no longer stakes once the provider swapped it.
    const stale = await simulator.wallet('bet', {
      token: play.launchToken,
      request_uuid: id('r'),
      transaction_uuid: id('tx'),
      round: id('round'),
      round_closed: false,
      is_free: false,
      game_code: game.game_code,
      currency: 'PHP',
      amount: UNIT,
    });
    expect(stale.body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    const round = id('round');
    const bet = id('bet');
    expect((await play.bet(round, bet, 5 * UNIT)).body).toMatchObject({ status: 'RS_OK', balance: 95 * UNIT });
    expect((await play.win(round, bet, id('win'), 12.5 * UNIT)).body).toMatchObject({
      status: 'RS_OK',
      balance: 107.5 * UNIT,
    });
    const lost = id('round');
    expect((await play.betAnswerLost(lost, id('bet'), 2 * UNIT)).body).toMatchObject({
      status: 'RS_OK',
      balance: 105.5 * UNIT,
    });
    const undone = id('round');
    const undoneBet = id('bet');
    expect((await play.bet(undone, undoneBet, 3 * UNIT)).body).toMatchObject({ balance: 102.5 * UNIT });
    expect((await play.rollback(undone, undoneBet, id('rb'))).body).toMatchObject({
      status: 'RS_OK',
      balance: 105.5 * UNIT,
    });
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(10_550);
  });

  it("opens the provider's demo for a free trial: currency FUN, no token, no player", async () => {
    const m = await member(0);
    const launched = await launch(m.token, '/wps/game/launchGame/trial');
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const asked = simulator.launchOf(launched.body.value.url);
    expect(asked.body).toMatchObject({ currency: 'FUN', game_code: game.game_code, operator_id: 7 });
    expect(asked.body).not.toHaveProperty('token');
    expect(asked.body).not.toHaveProperty('user');
  });

  it('refuses the launch while the provider is down or refuses a key it was not sent, and launches again once it has it', async () => {
    const m = await member(10);
    simulator.failWith = 502;
    try {
      const down = await launch(m.token);
      expect(down.status).toBe(503);
      expect(down.body.code).toBe('GAME_LAUNCH_UNAVAILABLE');
    } finally {
      simulator.failWith = null;
    }
    // A new key pair the operator has not sent yet: the provider refuses its signature.
    const key = await adminCall('POST', `/admin/games/vendors/${vendor}/operatorKey`);
    expect(key.body.value.publicKey).not.toBe(simulator.operatorPublicKey);
    const refused = await launch(m.token);
    expect(refused.status).toBe(503);
    expect(simulator.calls.at(-1)).toMatchObject({ path: '/api/game/url', signed: false });
    simulator.operatorPublicKey = key.body.value.publicKey;
    expect((await launch(m.token)).status).toBe(200);
  });

  it('refuses Games API settings that are not an https address (http only on loopback) or lack an operator id', async () => {
    for (const gamesApi of [
      { url: 'http://games.example.com', operatorId: 7, subPartnerId: null },
      { url: 'ftp://127.0.0.1/', operatorId: 7, subPartnerId: null },
      { url: simulator.url, operatorId: 0, subPartnerId: null },
      { url: simulator.url, subPartnerId: null },
    ]) {
      const res = await adminCall('PUT', `/admin/games/vendors/${vendor}`, { gamesApi });
      expect(res.status, JSON.stringify(gamesApi)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const after = await t.app.inject({ method: 'GET', url: '/admin/games/vendors', headers: { authorization: admin } });
    const row = after.json().value.list.find((v: { code: string }) => v.code === vendor);
    expect(row.integration.gamesApi.url).toBe(simulator.url);
  });

  it("opens a round's details at the provider from the betting record and the member page, the member's own only", async () => {
    const m = await member(20);
    const play = await simulator.open((await launch(m.token)).body.value.url);
    const round = id('round');
    const bet = id('bet');
    await play.bet(round, bet, 2 * UNIT);
    await play.win(round, bet, id('win'), 3 * UNIT);

    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });
    const record = await get('/wps/member/bettingRecord?pageNo=1&pageSize=10', m.token);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json().value.content).toMatchObject([{ roundId: round, vassalage: vendor, detailsAvailable: true }]);

    const query = `vassalage=${vendor}&roundId=${encodeURIComponent(round)}`;
    const details = await get(`/wps/member/bettingRecord/details?${query}`, m.token);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().value).toEqual({ url: `${simulator.url}/round/${round}/${m.id}` });
    expect(simulator.calls.at(-1)).toMatchObject({
      path: '/api/game/round',
      signed: true,
      body: { operator_id: 7, sub_partner_id: 'gamehall', round, user: String(m.id) },
    });

    // Another member's round is not told apart from none.
    const other = await member(0);
    const theirs = await get(`/wps/member/bettingRecord/details?${query}`, other.token);
    expect(theirs.statusCode).toBe(404);

    const asOperator = await get(`/admin/members/${m.id}/rounds/details?vendor=${vendor}&roundId=${round}`, admin);
    expect(asOperator.json().value).toEqual({ url: `${simulator.url}/round/${round}/${m.id}` });
    const rows = await get(`/admin/members/${m.id}/rounds?pageNo=1&pageSize=10`, admin);
    expect(rows.json().value.list).toMatchObject([{ roundId: round, detailsAvailable: true }]);
    const wrongMember = await get(`/admin/members/${other.id}/rounds/details?vendor=${vendor}&roundId=${round}`, admin);
    expect(wrongMember.statusCode).toBe(404);

    simulator.failWith = 503;
    try {
      const down = await get(`/wps/member/bettingRecord/details?${query}`, m.token);
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('ROUND_DETAILS_UNAVAILABLE');
    } finally {
      simulator.failWith = null;
    }
  });

  it('keeps the ledger balanced', async () => {
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});
