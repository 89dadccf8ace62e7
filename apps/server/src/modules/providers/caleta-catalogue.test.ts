import type { AddressInfo } from 'node:net';
import { GameList } from '@gamehall/shared/api/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { CaletaSimulator, type SimulatedGame } from '../../test/caleta-simulator';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { sessionFor } from '../cashier/cashier.fixtures';
import { catalogueSyncJob } from '../games/games.jobs';

// postgres: two applies of one preview at once, on separate connections.
// An operator connects a Caleta-protocol aggregator as a new vendor and fills its catalogue from the
// provider's /api/game/list, through a local simulator over real HTTP: the change shown before it
// applies, applied once, the provider's later changes (renames, pictures, games switched off or
// dropped and back), the operator's own choices kept, and the schedule.

let t: TestApp;
let admin: string;
let simulator: CaletaSimulator;
const CODE = 'CALAGG';
const IMAGE = 'https://cdn.provider.example/thumbs';

const torch: SimulatedGame = {
  game_id: 1,
  game_code: 'cg_torch',
  name: 'Torch Trail',
  category: 'Video Slots',
  enabled: true,
  url_thumb: `${IMAGE}/torch.png`,
  rtp: 96.5,
};
const wheel: SimulatedGame = {
  game_id: 2,
  game_code: 'cg_wheel',
  name: 'Wheel Room',
  category: 'Live Casino',
  enabled: true,
};
const mines: SimulatedGame = {
  game_id: 3,
  game_code: 'cg_mines',
  name: 'Mine Field',
  category: 'Crash',
  enabled: false,
};

async function adminCall(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = admin) {
  const res = await t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
}

const preview = () => adminCall('POST', `/admin/games/vendors/${CODE}/catalogue/preview`);
const apply = (digest: string) => adminCall('POST', `/admin/games/vendors/${CODE}/catalogue/apply`, { digest });

function vendorGames() {
  return t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'game_code', 'name', 'game_type', 'status', 'image_url', 'rtp_hundredths', 'provider_hold'])
    .where('vendor_code', '=', CODE)
    .orderBy('game_code')
    .execute();
}

async function gameOf(code: string) {
  const game = (await vendorGames()).find((g) => g.game_code === code);
  if (!game) throw new Error(`no game ${code}`);
  return game;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  simulator = await CaletaSimulator.start(`http://127.0.0.1:${port}/providers/caleta/${CODE}`);
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await simulator?.close();
  await t.close();
});

describe('connecting a vendor', () => {
  it('adds a vendor with its integration and no games; the code is taken once', async () => {
    const body = {
      code: CODE,
      name: 'Caleta Aggregator',
      protocol: 'caleta',
      launchUrl: 'https://games.example/launch',
    };
    const created = await adminCall('POST', '/admin/games/vendors', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.value).toMatchObject({
      code: CODE,
      name: 'Caleta Aggregator',
      status: 'active',
      gameCount: 0,
      integration: {
        protocol: 'caleta',
        enabled: true,
        gamesApi: null,
        catalogueSyncHours: null,
        lastCatalogueSync: null,
      },
    });
    const again = await adminCall('POST', '/admin/games/vendors', { ...body, name: 'Another' });
    expect(again).toMatchObject({ status: 409, body: { code: 'VENDOR_EXISTS' } });
    const vendors = await adminCall('GET', '/admin/games/vendors');
    expect(vendors.body.value.list.filter((v: { code: string }) => v.code === CODE)).toHaveLength(1);
    expect(vendors.body.value.list.at(-1).code).toBe(CODE);
  });

  it('refuses a bad code or address and a caller without the permission, changing nothing', async () => {
    const base = { name: 'X Games', protocol: 'caleta', launchUrl: 'https://x.example/' };
    for (const bad of [
      { ...base, code: 'lower' },
      { ...base, code: 'A' },
      { ...base, code: 'BADADDR', launchUrl: 'http://x.example/' },
      { ...base, code: 'BADPROTO', protocol: 'ftp' },
    ]) {
      const res = await adminCall('POST', '/admin/games/vendors', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const member = await createMember(t.ctx);
    const asMember = await adminCall(
      'POST',
      '/admin/games/vendors',
      { ...base, code: 'NOPERM' },
      await sessionFor(t, member.id),
    );
    expect(asMember.status).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/admin/games/vendors',
      payload: { ...base, code: 'ANON' },
    });
    expect(anonymous.statusCode).toBe(401);
    const codes = await t.ctx.db
      .selectFrom('vendors')
      .select('code')
      .where('code', 'in', ['NOPERM', 'ANON', 'BADADDR'])
      .execute();
    expect(codes).toEqual([]);
  });

  it('has no list to sync until its Games API and key are set', async () => {
    expect(await preview()).toMatchObject({ status: 409, body: { code: 'CATALOGUE_SYNC_NOT_SET_UP' } });
    const schedule = await adminCall('PUT', `/admin/games/vendors/${CODE}`, { catalogueSyncHours: 24 });
    expect(schedule.status).toBe(400);
    expect(JSON.stringify(schedule.body)).toContain('catalogueSyncHours');

    const settings = await adminCall('PUT', `/admin/games/vendors/${CODE}`, {
      providerPublicKey: simulator.providerPublicKey,
      gamesApi: { url: simulator.url, operatorId: 7, subPartnerId: null },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const key = await adminCall('POST', `/admin/games/vendors/${CODE}/operatorKey`);
    simulator.operatorPublicKey = key.body.value.publicKey;
  });
});

describe('the catalogue sync', () => {
  it('shows the change before it applies: new games with their type, picture and RTP, the list slips skipped', async () => {
    simulator.games = [torch, wheel, mines];
    // Not games the platform can list: no game_code, and a second entry of one game_code.
    simulator.junk = [{ url_thumb: `${IMAGE}/x.png` }, { ...torch, game_id: 9, name: 'Torch again' }];
    const shown = await preview();
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.value).toMatchObject({
      code: CODE,
      listed: 3,
      skipped: 2,
      update: [],
      hold: [],
      release: [],
      unchanged: 0,
    });
    expect(shown.body.value.add).toEqual([
      {
        gameCode: 'cg_mines',
        name: 'Mine Field',
        category: 'Crash',
        gameType: 'MINI',
        enabled: false,
        imageUrl: null,
        rtp: null,
      },
      {
        gameCode: 'cg_torch',
        name: 'Torch Trail',
        category: 'Video Slots',
        gameType: 'RNG',
        enabled: true,
        imageUrl: torch.url_thumb,
        rtp: 96.5,
      },
      {
        gameCode: 'cg_wheel',
        name: 'Wheel Room',
        category: 'Live Casino',
        gameType: 'LIVE',
        enabled: true,
        imageUrl: null,
        rtp: null,
      },
    ]);
    // The list call was signed and named the operator.
    expect(simulator.calls.at(-1)).toMatchObject({ path: '/api/game/list', body: { operator_id: 7 }, signed: true });
    expect(await vendorGames()).toEqual([]);
  });

  it('applies it once: the games list on the site with the picture and RTP, the switched-off one in maintenance', async () => {
    const { digest } = (await preview()).body.value;
    const applied = await apply(digest);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.value).toMatchObject({ by: 'admin', added: 3, updated: 0, held: 0, released: 0, error: null });
    expect(await vendorGames()).toMatchObject([
      { game_code: 'cg_mines', game_type: 'MINI', status: 'maintenance', provider_hold: 'disabled' },
      { game_code: 'cg_torch', game_type: 'RNG', status: 'active', image_url: torch.url_thumb, rtp_hundredths: 9650 },
      { game_code: 'cg_wheel', game_type: 'LIVE', status: 'active', image_url: null, provider_hold: null },
    ]);
    // The same preview again: its change is made, so it is refused and nothing is added twice.
    expect(await apply(digest)).toMatchObject({ status: 409, body: { code: 'CATALOGUE_SYNC_CHANGED' } });
    expect(await vendorGames()).toHaveLength(3);
    expect((await preview()).body.value).toMatchObject({ add: [], update: [], hold: [], release: [], unchanged: 3 });

    const member = await createMember(t.ctx);
    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=${CODE}&pageSize=20&pageNo=1&language=EN`,
      headers: { authorization: await sessionFor(t, member.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [listed] = GameList.parse(res.json().value).games;
    expect(listed).toMatchObject({ gameCode: 'cg_torch', iconUrl: torch.url_thumb, rtp: 96.5, maintenance: false });
    const vendors = await adminCall('GET', '/admin/games/vendors');
    const vendor = vendors.body.value.list.find((v: { code: string }) => v.code === CODE);
    expect(vendor.integration.lastCatalogueSync).toMatchObject({ by: 'admin', added: 3 });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('event')
      .where('event', 'in', ['games.catalogue.sync', 'games.vendor.create'])
      .execute();
    expect(new Set(audit.map((a) => a.event))).toEqual(new Set(['games.catalogue.sync', 'games.vendor.create']));
  });

  it("follows the provider's changes and refuses a preview made before them", async () => {
    const stale = (await preview()).body.value.digest;
    simulator.games = [
      { ...torch, name: 'Torch Trail Deluxe', url_thumb: `${IMAGE}/torch-2.png`, rtp: 96.1 },
      { ...mines, enabled: true },
    ];
    const shown = (await preview()).body.value;
    const torchId = Number((await gameOf('cg_torch')).node_id);
    expect(shown.update).toEqual([
      {
        nodeId: torchId,
        gameCode: 'cg_torch',
        name: 'Torch Trail',
        changes: [
          { field: 'name', from: 'Torch Trail', to: 'Torch Trail Deluxe' },
          { field: 'imageUrl', from: torch.url_thumb, to: `${IMAGE}/torch-2.png` },
          { field: 'rtp', from: '96.5', to: '96.1' },
        ],
      },
    ]);
    expect(shown.hold).toMatchObject([{ gameCode: 'cg_wheel', reason: 'removed' }]);
    expect(shown.release).toMatchObject([{ gameCode: 'cg_mines' }]);
    expect(await apply(stale)).toMatchObject({ status: 409, body: { code: 'CATALOGUE_SYNC_CHANGED' } });
    expect((await gameOf('cg_torch')).name).toBe('Torch Trail');

    expect((await apply(shown.digest)).body.value).toMatchObject({ added: 0, updated: 1, held: 1, released: 1 });
    expect(await vendorGames()).toMatchObject([
      { game_code: 'cg_mines', status: 'active', provider_hold: null },
      { game_code: 'cg_torch', name: 'Torch Trail Deluxe', rtp_hundredths: 9610, status: 'active' },
      { game_code: 'cg_wheel', status: 'hidden', provider_hold: 'removed' },
    ]);
  });

  it("keeps the operator's own status: a game the operator hid is not put back by the provider", async () => {
    const mine = await gameOf('cg_mines');
    const hidden = await adminCall('PUT', `/admin/games/catalogue/${mine.node_id}`, { status: 'hidden' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    // The provider lists the dropped game again: the sync's hold ends; the operator's stays.
    simulator.games = [...simulator.games, wheel];
    const shown = (await preview()).body.value;
    expect(shown.release).toMatchObject([{ gameCode: 'cg_wheel' }]);
    expect(shown.hold).toEqual([]);
    await apply(shown.digest);
    expect(await gameOf('cg_wheel')).toMatchObject({ status: 'active', provider_hold: null });
    expect(await gameOf('cg_mines')).toMatchObject({ status: 'hidden', provider_hold: null });

    // The game dialog sends the status with every change: the same status leaves the sync's mark.
    simulator.games = simulator.games.map((g) => (g.game_code === 'cg_wheel' ? { ...g, enabled: false } : g));
    await apply((await preview()).body.value.digest);
    const wheelRow = await gameOf('cg_wheel');
    expect(wheelRow).toMatchObject({ status: 'maintenance', provider_hold: 'disabled' });
    const sorted = await adminCall('PUT', `/admin/games/catalogue/${wheelRow.node_id}`, {
      status: 'maintenance',
      sort: 5,
    });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    expect(await gameOf('cg_wheel')).toMatchObject({ provider_hold: 'disabled' });
    simulator.games = simulator.games.map((g) => (g.game_code === 'cg_wheel' ? { ...g, enabled: true } : g));
    await apply((await preview()).body.value.digest);
    expect(await gameOf('cg_wheel')).toMatchObject({ status: 'active', provider_hold: null });
  });

  it('reads a game whose picture or RTP is not as the guide says, and leaves one whose entry it cannot read', async () => {
    const before = simulator.games;
    const torchRow = await gameOf('cg_torch');
    simulator.games = before.filter((g) => g.game_code !== 'cg_torch' && g.game_code !== 'cg_wheel');
    simulator.junk = [
      { ...wheel, rtp: 100.5 },
      { game_code: 'cg_torch', name: 'Torch Trail Deluxe', enabled: 'yes', category: 'Video Slots' },
    ];
    try {
      const shown = (await preview()).body.value;
      expect(shown.hold).toEqual([]);
      expect(shown.skipped).toBe(1);
      expect(shown.update).toEqual([]);
      expect((await gameOf('cg_torch')).status).toBe(torchRow.status);
    } finally {
      simulator.games = before;
      simulator.junk = [];
    }
  });

  it('answers CATALOGUE_SYNC_UNAVAILABLE when the provider is down, and changes nothing', async () => {
    simulator.failWith = 503;
    try {
      const before = await vendorGames();
      expect(await preview()).toMatchObject({ status: 502, body: { code: 'CATALOGUE_SYNC_UNAVAILABLE' } });
      expect(await apply('0'.repeat(64))).toMatchObject({ status: 502, body: { code: 'CATALOGUE_SYNC_UNAVAILABLE' } });
      expect(await vendorGames()).toEqual(before);
    } finally {
      simulator.failWith = null;
    }
  });
});

describe('the scheduled sync', () => {
  it('runs when due, by itself, records a failure and waits its hours before the next', async () => {
    expect((await adminCall('PUT', `/admin/games/vendors/${CODE}`, { catalogueSyncHours: 5 })).status).toBe(400);
    const set = await adminCall('PUT', `/admin/games/vendors/${CODE}`, { catalogueSyncHours: 24 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.value.integration.catalogueSyncHours).toBe(24);
    // The last sync (by hand) was just now: not due yet.
    simulator.games = [
      ...simulator.games,
      { game_id: 5, game_code: 'cg_keno', name: 'Keno Nine', category: 'Keno', enabled: true },
    ];
    await catalogueSyncJob.run(t.ctx);
    expect((await vendorGames()).some((g) => g.game_code === 'cg_keno')).toBe(false);

    t.advance(25 * 3_600_000);
    // A day on, the operator signs in again.
    admin = await adminToken(t.app);
    await catalogueSyncJob.run(t.ctx);
    expect(await gameOf('cg_keno')).toMatchObject({ game_type: 'ELOTT', status: 'active' });
    const runs = (await adminCall('GET', `/admin/games/vendors/${CODE}/catalogue/syncs`)).body.value.list;
    expect(runs[0]).toMatchObject({ by: null, added: 1, error: null });

    t.advance(25 * 3_600_000);
    admin = await adminToken(t.app);
    simulator.failWith = 503;
    try {
      await catalogueSyncJob.run(t.ctx);
      await catalogueSyncJob.run(t.ctx);
    } finally {
      simulator.failWith = null;
    }
    // A provider answering an empty list: the schedule does not take every game out unseen.
    t.advance(25 * 3_600_000);
    admin = await adminToken(t.app);
    const listedBefore = simulator.games;
    simulator.games = [];
    try {
      await catalogueSyncJob.run(t.ctx);
    } finally {
      simulator.games = listedBefore;
    }
    expect(await gameOf('cg_keno')).toMatchObject({ status: 'active' });
    const emptied = (await adminCall('GET', `/admin/games/vendors/${CODE}/catalogue/syncs`)).body.value.list;
    expect(emptied[0].error).toMatch(/^CATALOGUE_SYNC_UNAVAILABLE: the provider listed no games/);
    expect((await adminCall('GET', '/admin/games/vendors/NOPE/catalogue/syncs')).status).toBe(404);

    const after = emptied.slice(1);
    expect(after).toHaveLength(runs.length + 1);
    expect(after[0]).toMatchObject({ by: null, added: 0 });
    expect(after[0].error).toMatch(/^CATALOGUE_SYNC_UNAVAILABLE: \/api\/game\/list answered HTTP 503/);

    // Without its Games API the list cannot be read: the schedule goes with it.
    const removed = await adminCall('PUT', `/admin/games/vendors/${CODE}`, { gamesApi: null });
    expect(removed.body.value.integration).toMatchObject({ gamesApi: null, catalogueSyncHours: null });
  });
});

describe('two operators at once', () => {
  it('apply one preview once', { tags: ['postgres'] }, async () => {
    // A vendor and provider of its own, so the test stands alone.
    const code = 'CALRACE';
    const { port } = t.app.server.address() as AddressInfo;
    const provider = await CaletaSimulator.start(`http://127.0.0.1:${port}/providers/caleta/${code}`);
    try {
      const created = await adminCall('POST', '/admin/games/vendors', {
        code,
        name: 'Race Games',
        protocol: 'caleta',
        launchUrl: 'https://race.example/launch',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      await adminCall('PUT', `/admin/games/vendors/${code}`, {
        gamesApi: { url: provider.url, operatorId: 8, subPartnerId: null },
      });
      provider.operatorPublicKey = (
        await adminCall('POST', `/admin/games/vendors/${code}/operatorKey`)
      ).body.value.publicKey;
      provider.games = [torch, wheel];
      const { digest } = (await adminCall('POST', `/admin/games/vendors/${code}/catalogue/preview`)).body.value;
      const applyRace = () => adminCall('POST', `/admin/games/vendors/${code}/catalogue/apply`, { digest });
      const answers = await Promise.all([applyRace(), applyRace(), applyRace()]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const games = await t.ctx.db.selectFrom('games').select('game_code').where('vendor_code', '=', code).execute();
      expect(games.map((g) => g.game_code).sort()).toEqual(['cg_torch', 'cg_wheel']);
      const runs = (await adminCall('GET', `/admin/games/vendors/${code}/catalogue/syncs`)).body.value.list;
      expect(runs).toMatchObject([{ by: 'admin', added: 2 }]);
    } finally {
      await provider.close();
    }
  });
});
