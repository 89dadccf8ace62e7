import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { EvolutionSimulator } from '../../test/evolution-simulator';
import { createMember } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { asOutsideVendor, fund, launchAs, openVendorWallet } from '../../test/vendor-wallet-fixture';
import { sessionFor } from '../cashier/cashier.fixtures';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';

// An Evolution table end to end, through a local Evolution (test/evolution-simulator.ts) over real
// HTTP both ways: the launch through its User Authentication API with the casino key and API token
// the operator entered, then the table playing on the operator's One Wallet with the sid the launch
// gave it: the check's sid swap, a bet whose answer was lost and sent again, a win, a cancelled bet;
// and a free trial, a wrong token and Evolution down.

let t: TestApp;
let vendor: string;
let admin: string;
let simulator: EvolutionSimulator;
let game: { node_id: number; game_code: string; name: string };

async function adminCall(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
}

const launch = (token: string, path?: string) => launchAs(t, token, game.node_id, path);

async function member(pesos: number) {
  const m = await createMember(t.ctx);
  if (pesos > 0) await fund(t, m.id, pesos * 100);
  return { ...m, token: await sessionFor(t, m.id) };
}

beforeAll(async () => {
  ({ t, vendor } = await openVendorWallet());
  game = await asOutsideVendor(t, vendor, 'https://games.evolution.example/entry');
  admin = await adminToken(t.app);
  expect((await adminCall('PUT', `/admin/games/vendors/${vendor}`, { protocol: 'evolution' })).status).toBe(200);
  const rotated = await adminCall('POST', `/admin/games/vendors/${vendor}/rotateSecret`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  simulator = await EvolutionSimulator.start(
    `http://127.0.0.1:${port}/providers/evolution/${vendor}`,
    rotated.body.value.secret,
  );
});
afterAll(async () => {
  await simulator?.close();
  await t.close();
});

describe("Evolution's settings", () => {
  it('takes the host, casino key and API token in its own shape and never shows the token again', async () => {
    const caletaShape = await adminCall('PUT', `/admin/games/vendors/${vendor}`, {
      gamesApi: { url: simulator.url, operatorId: 7, subPartnerId: null },
    });
    expect(caletaShape.status).toBe(400);
    expect(JSON.stringify(caletaShape.body)).toContain('gamesApi');
    const badToken = await adminCall('PUT', `/admin/games/vendors/${vendor}`, {
      gamesApi: { url: simulator.url, casinoKey: simulator.casinoKey, apiToken: 'short' },
    });
    expect(badToken.status).toBe(400);

    const set = await adminCall('PUT', `/admin/games/vendors/${vendor}`, {
      gamesApi: { url: simulator.url, casinoKey: simulator.casinoKey, apiToken: simulator.apiToken },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.value.integration.gamesApi).toEqual({
      url: simulator.url,
      casinoKey: simulator.casinoKey,
      apiTokenSet: true,
    });
    const list = await adminCall('GET', '/admin/games/vendors');
    expect(JSON.stringify(list.body)).not.toContain(simulator.apiToken);
    // Evolution gives no game list to sync from, so no schedule.
    const schedule = await adminCall('PUT', `/admin/games/vendors/${vendor}`, { catalogueSyncHours: 24 });
    expect(schedule.status).toBe(400);
    expect(JSON.stringify(schedule.body)).toContain('catalogueSyncHours');
  });
});

describe('a table launched through the User Authentication API', () => {
  it('opens the entry Evolution answers and plays on the sid it was given, money exactly once', async () => {
    const m = await member(100);
    const launched = await launch(m.token);
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const url: string = launched.body.value.url;
    expect(url.startsWith(`${simulator.url}/entry?params=`)).toBe(true);
    const table = simulator.table(url);
    expect(table.launch.body).toMatchObject({
      player: { id: String(m.id), update: true, currency: 'PHP', language: 'en', session: { ip: '127.0.0.1' } },
      config: { game: { table: { id: game.game_code } } },
    });
    const launchSid = table.sid();
    expect(launchSid.length).toBeGreaterThanOrEqual(16);

    expect(await table.check()).toMatchObject({ status: 'OK' });
    expect(table.sid()).not.toBe(launchSid);
    expect(await table.balance()).toMatchObject({ status: 'OK', balance: 100 });

    // A bet whose answer is lost: Evolution sends the same transaction again and is answered as the
    // first time; the money moved once.
    const first = await table.debit('round-1', 'bet-1', 10, 'tx-1');
    const again = await table.debit('round-1', 'bet-1', 10, 'tx-1');
    expect(first).toMatchObject({ status: 'OK', balance: 90 });
    expect(again).toMatchObject({ status: 'OK', balance: 90 });
    expect(await table.credit('round-1', 'bet-1', 25)).toMatchObject({ status: 'OK', balance: 115 });

    await table.debit('round-2', 'bet-2', 5, 'tx-2');
    expect(await table.cancel('round-2', 'bet-2', 5, 'tx-2')).toMatchObject({ status: 'OK', balance: 115 });

    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(11_500);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it("launches by address when the settings kept are another protocol's (from before a change of protocol)", async () => {
    const kept = await t.ctx.db
      .selectFrom('vendor_integrations')
      .select('games_api')
      .where('vendor_code', '=', vendor)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('vendor_integrations')
      .set({ games_api: JSON.stringify({ url: 'https://caleta.example', operatorId: 7, subPartnerId: null }) })
      .where('vendor_code', '=', vendor)
      .execute();
    try {
      const launched = await launch((await member(10)).token);
      expect(launched.body.value.url).toMatch(/^https:\/\/games\.evolution\.example\/entry\?token=/);
    } finally {
      await t.ctx.db
        .updateTable('vendor_integrations')
        .set({ games_api: JSON.stringify(kept.games_api) })
        .where('vendor_code', '=', vendor)
        .execute();
    }
  });

  it('refuses a free trial as such: the tables are played for money only', async () => {
    const m = await member(0);
    const launched = await launch(m.token, '/wps/game/launchGame/trial');
    expect(launched).toMatchObject({ status: 403, body: { code: 'ACCOUNT_TRIAL_RESTRICTED' } });
  });

  it('refuses the launch when Evolution refuses the token or is down, and no money moves', async () => {
    const m = await member(50);
    simulator.failWith = 503;
    try {
      expect(await launch(m.token)).toMatchObject({ status: 503, body: { code: 'GAME_LAUNCH_UNAVAILABLE' } });
    } finally {
      simulator.failWith = null;
    }
    await adminCall('PUT', `/admin/games/vendors/${vendor}`, {
      gamesApi: { url: simulator.url, casinoKey: simulator.casinoKey, apiToken: 'not-the-token-given' },
    });
    expect(await launch(m.token)).toMatchObject({ status: 503, body: { code: 'GAME_LAUNCH_UNAVAILABLE' } });
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(5_000);
  });
});
