import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandToday } from '../../test/brand-day';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createGameSession, vendorClient } from '../../test/vendor-client';
import { setBrandSetting } from '../brand/brand.service';
import { actors, expectFailure, fund } from '../cashier/cashier.fixtures';

// The back office's games API: a game or vendor the operator hides leaves the lobby and
// cannot be launched, a rotated secret is the only one the gateway accepts from the next call, and
// every write is audited with before and after.

let t: TestApp;
let writer: string;
let reader: string;
let vendor: string;
const { member, operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  await ensureVendorIntegrations(t.ctx);
  writer = (await operator(['games.read', 'games.write'])).token;
  reader = (await operator(['games.read'])).token;
  const row = await t.ctx.db
    .selectFrom('games')
    .innerJoin('vendor_integrations as i', 'i.vendor_code', 'games.vendor_code')
    .select('games.vendor_code')
    .where('games.game_type', '=', 'RNG')
    .orderBy('games.vendor_code')
    .executeTakeFirstOrThrow();
  vendor = row.vendor_code;
});
afterAll(() => t.close());

function api(method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function lastAudit(event: string) {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .select(['detail', 'success'])
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return {
    success: row.success,
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>,
  };
}

async function activeGame(gameType = 'RNG') {
  const row = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'name', 'vendor_code'])
    .where('vendor_code', '=', vendor)
    .where('game_type', '=', gameType)
    .where('status', '=', 'active')
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  return { ...row, node_id: Number(row.node_id) };
}

async function lobbyIds(gameName: string) {
  const res = await api(
    'GET',
    `/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=${encodeURIComponent(gameName)}&pageSize=100`,
    undefined,
  );
  expect(res.statusCode).toBe(200);
  return (res.json().value.games as { nodeId: number }[]).map((g) => g.nodeId);
}

describe('permissions', () => {
  it('games.read reads, games.write writes; others are refused and nothing changes', async () => {
    const contentOnly = (await operator(['content.write'])).token;
    const memberToken = (await member()).token;
    for (const url of ['/admin/games/vendors', '/admin/games/catalogue']) {
      expect((await api('GET', url, reader)).statusCode).toBe(200);
      expectFailure(await api('GET', url, contentOnly), 403, 'AUTH_FORBIDDEN');
      expectFailure(await api('GET', url, memberToken), 403, 'AUTH_FORBIDDEN');
    }
    const game = await activeGame();
    expectFailure(
      await api('PUT', `/admin/games/catalogue/${game.node_id}`, reader, { status: 'hidden' }),
      403,
      'AUTH_FORBIDDEN',
    );
    expectFailure(await api('POST', `/admin/games/vendors/${vendor}/rotateSecret`, reader), 403, 'AUTH_FORBIDDEN');
    expect((await activeGame()).node_id).toBe(game.node_id);
  });
});

describe('catalogue', () => {
  it('a hidden game leaves the lobby and cannot be launched; maintenance refuses launches; audited', async () => {
    const game = await activeGame();
    const player = await member();
    expect(await lobbyIds(game.name)).toContain(game.node_id);

    const hidden = await api('PUT', `/admin/games/catalogue/${game.node_id}`, writer, { status: 'hidden' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().value).toMatchObject({ nodeId: game.node_id, status: 'hidden' });
    expect(await lobbyIds(game.name)).not.toContain(game.node_id);
    const launch = await api('POST', '/wps/game/launchGame', player.token, { nodeId: game.node_id });
    expectFailure(launch, 404, 'NOT_FOUND');
    expect(await lastAudit('games.game')).toMatchObject({
      success: true,
      detail: { target: `game:${game.node_id}`, before: { status: 'active' }, after: { status: 'hidden' } },
    });

    await api('PUT', `/admin/games/catalogue/${game.node_id}`, writer, { status: 'maintenance' });
    expectFailure(
      await api('POST', '/wps/game/launchGame', player.token, { nodeId: game.node_id }),
      503,
      'GAME_MAINTENANCE',
    );

    const back = await api('PUT', `/admin/games/catalogue/${game.node_id}`, writer, {
      status: 'active',
      sort: 3,
      subCategory: 'JP',
    });
    expect(back.json().value).toMatchObject({ status: 'active', isHot: false, sort: 3, subCategory: 'JP' });
    // HOT is earned by play (the job games.popularity), never set by hand.
    expectFailure(
      await api('PUT', `/admin/games/catalogue/${game.node_id}`, writer, { isHot: true }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await lobbyIds(game.name)).toContain(game.node_id);
    expect((await api('POST', '/wps/game/launchGame', player.token, { nodeId: game.node_id })).statusCode).toBe(200);
  });

  it('maintenance keeps games and the vendor chip listed with a mark; launch refused with playable suggestions; counts agree', async () => {
    const player = await member();
    const game = await activeGame();
    const other = (
      await t.ctx.db
        .selectFrom('games')
        .select('node_id')
        .where('vendor_code', '=', vendor)
        .where('game_type', '=', 'RNG')
        .where('status', '=', 'active')
        .orderBy('node_id')
        .offset(1)
        .executeTakeFirstOrThrow()
    ).node_id;
    type Tile = { nodeId: number; vassalage: string; maintenance: boolean };
    const vendorList = async (extra = '') => {
      const res = await api('GET', `/wps/relay/GCSGAME_gameList?vassalage=${vendor}&pageSize=100${extra}`, undefined);
      expect(res.statusCode).toBe(200);
      return res.json().value as { games: Tile[]; totalElements: number };
    };
    const consoleVendor = async () =>
      ((await api('GET', '/admin/games/vendors', reader)).json().value.list as Record<string, unknown>[]).find(
        (v) => v.code === vendor,
      ) as { activeGameCount: number; listedGameCount: number; gameCount: number };
    const chip = async () => {
      const res = await api('GET', '/lgw/games/game_menus', undefined);
      const rng = (res.json().value as { gameCategory: string; vendors: Record<string, unknown>[] }[]).find(
        (c) => c.gameCategory === 'RNG',
      );
      return rng?.vendors.find((v) => v.vassalage === vendor) as
        | { maintenance: boolean; gameCount: number; playableCount: number }
        | undefined;
    };
    const consoleMenu = async () => {
      const res = await api('GET', '/admin/games/menus', reader);
      const rng = (res.json().value.list as { gameType: string; vendors: Record<string, unknown>[] }[]).find(
        (c) => c.gameType === 'RNG',
      );
      return rng?.vendors.find((v) => v.code === vendor) as { activeGameCount: number; listedGameCount: number };
    };
    const before = await vendorList();
    const rngBefore = (await vendorList('&gameType=RNG')).totalElements;
    expect(before.games.every((g) => !g.maintenance)).toBe(true);
    expect(await consoleVendor()).toMatchObject({
      activeGameCount: before.totalElements,
      listedGameCount: before.totalElements,
    });
    expect(await chip()).toMatchObject({ maintenance: false, gameCount: rngBefore, playableCount: rngBefore });
    const sessions = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('game_sessions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sessionsBefore = await sessions();
    try {
      // One game in maintenance: still listed, marked; the console counts one game fewer playable.
      await api('PUT', `/admin/games/catalogue/${game.node_id}`, writer, { status: 'maintenance' });
      const one = await vendorList();
      expect(one.totalElements).toBe(before.totalElements);
      expect(one.games.find((g) => g.nodeId === game.node_id)?.maintenance).toBe(true);
      expect(one.games.filter((g) => g.maintenance)).toHaveLength(1);
      expect(await consoleVendor()).toMatchObject({
        activeGameCount: before.totalElements - 1,
        listedGameCount: before.totalElements,
      });
      expect(await chip()).toMatchObject({ maintenance: false, gameCount: rngBefore, playableCount: rngBefore - 1 });
      expect(await consoleMenu()).toMatchObject({ activeGameCount: rngBefore - 1, listedGameCount: rngBefore });

      // The whole vendor in maintenance: every game still listed and marked, the chip stays, marked.
      const res = await api('PUT', `/admin/games/vendors/${vendor}`, writer, { status: 'maintenance' });
      expect(res.json().value).toMatchObject({ status: 'maintenance', activeGameCount: 0 });
      const all = await vendorList();
      expect(all.totalElements).toBe(before.totalElements);
      expect(all.games.every((g) => g.maintenance)).toBe(true);
      expect(await chip()).toMatchObject({ maintenance: true, gameCount: rngBefore, playableCount: 0 });
      expect(await consoleVendor()).toMatchObject({ activeGameCount: 0, listedGameCount: before.totalElements });
      expect(await consoleMenu()).toMatchObject({ activeGameCount: 0, listedGameCount: rngBefore });
      const lanes = (await api('GET', '/wps/relay/GCSGAME_gameVendor', player.token)).json().value.data.lanes as {
        vendors: { vassalage: string; maintenance: boolean }[];
      }[];
      expect(lanes.flatMap((l) => l.vendors).filter((v) => v.vassalage === vendor)).not.toHaveLength(0);
      expect(
        lanes
          .flatMap((l) => l.vendors)
          .filter((v) => v.vassalage === vendor)
          .every((v) => v.maintenance),
      ).toBe(true);

      // Launching says so and suggests other games that launch now.
      const launch = await api('POST', '/wps/game/launchGame', player.token, { nodeId: other });
      expectFailure(launch, 503, 'GAME_MAINTENANCE');
      const suggestions = launch.json().value.suggestions as (Tile & { gameType: string })[];
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.length).toBeLessThanOrEqual(6);
      for (const s of suggestions) {
        expect(s).toMatchObject({ gameType: 'RNG', maintenance: false });
        expect(s.vassalage).not.toBe(vendor);
      }
      expectFailure(
        await api('POST', '/wps/game/launchGame', player.token, { nodeId: game.node_id }),
        503,
        'GAME_MAINTENANCE',
      );
      expect(await sessions()).toBe(sessionsBefore);
    } finally {
      await api('PUT', `/admin/games/vendors/${vendor}`, writer, { status: 'active' });
      await api('PUT', `/admin/games/catalogue/${game.node_id}`, writer, { status: 'active' });
    }
    expect(await consoleVendor()).toMatchObject({
      activeGameCount: before.totalElements,
      listedGameCount: before.totalElements,
    });
    expect((await vendorList()).games.every((g) => !g.maintenance)).toBe(true);
  });

  it('a hidden vendor takes its games off the lobby', async () => {
    const game = await activeGame();
    await api('PUT', `/admin/games/vendors/${vendor}`, writer, { status: 'hidden' });
    expect(await lobbyIds(game.name)).not.toContain(game.node_id);
    const res = await api('PUT', `/admin/games/vendors/${vendor}`, writer, { status: 'active' });
    expect(res.json().value.status).toBe('active');
    expect(await lobbyIds(game.name)).toContain(game.node_id);
  });

  it('searches, filters, sorts and pages; refuses bad input and unknown games', async () => {
    const game = await activeGame();
    const res = await api(
      'GET',
      `/admin/games/catalogue?q=${encodeURIComponent(game.name)}&vendor=${vendor}&pageSize=5`,
      reader,
    );
    const value = res.json().value;
    expect(value.list.map((g: { nodeId: number }) => g.nodeId)).toContain(game.node_id);
    expect(value).toMatchObject({ pageNo: 1, pageSize: 5 });
    const page = await api('GET', '/admin/games/catalogue?sort=name&order=desc&pageSize=10&pageNo=2', reader);
    const names = page.json().value.list.map((g: { name: string }) => g.name);
    expect(names).toHaveLength(10);
    expect(page.json().value.total).toBeGreaterThan(20);
    const hot = await api('GET', '/admin/games/catalogue?hot=true&pageSize=200', reader);
    expect(hot.json().value.list.every((g: { isHot: boolean }) => g.isHot)).toBe(true);
    expectFailure(await api('GET', '/admin/games/catalogue?sort=secret', reader), 400, 'VALIDATION_FAILED');
    expectFailure(
      await api('PUT', `/admin/games/catalogue/${game.node_id}`, writer, { status: 'gone', extra: 1 }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(await api('PUT', '/admin/games/catalogue/99999999', writer, { sort: 1 }), 404, 'GAME_NOT_FOUND');
  });
});

describe('vendors', () => {
  it('lists vendors with their integration but never the secret', async () => {
    const res = await api('GET', '/admin/games/vendors', reader);
    const list = res.json().value.list as { code: string; integration: Record<string, unknown> | null }[];
    const mine = list.find((v) => v.code === vendor);
    expect(mine?.integration).toMatchObject({ enabled: true, walletMode: 'seamless' });
    expect(res.body).not.toContain('secret');
  });

  it('a rotated secret is answered once and is the only one the gateway accepts from the next call', async () => {
    const client = vendorClient(t, vendor);
    const m = await createMember(t.ctx);
    await fund(t, m.id, 5_000);
    // The probe: a balance call on the member's live game session at this vendor.
    const session = await createGameSession(t, { memberId: m.id, vendor });
    const balance = (secret?: string) =>
      client.call('balance', { token: session.token, player: String(m.id) }, secret === undefined ? {} : { secret });
    // A vendor the house studio serves keeps its derived secret; an outside vendor's rotates.
    expectFailure(
      await api('POST', `/admin/games/vendors/${vendor}/rotateSecret`, writer),
      409,
      'VENDOR_SECRET_DERIVED',
    );
    await t.ctx.db
      .updateTable('vendor_integrations')
      .set({ launch_url: 'https://games.vendor.example/launch' })
      .where('vendor_code', '=', vendor)
      .execute();
    // The seeded secret may already differ (ensureVendorIntegrations); start from a known one.
    const first = (await api('POST', `/admin/games/vendors/${vendor}/rotateSecret`, writer)).json().value.secret;
    expect((await balance(first)).body.status).toBe('OK');

    const res = await api('POST', `/admin/games/vendors/${vendor}/rotateSecret`, writer);
    expect(res.statusCode).toBe(200);
    const { secret } = res.json().value;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(first);
    const old = await balance(first);
    expect(old.body.status).toBe('ERROR_INVALID_SIGNATURE');
    expect((await balance(secret)).body.status).toBe('OK');

    // A bet signed with the new secret goes through; with the old one it is refused.
    const bet = (key: string) =>
      client.call(
        'bet',
        {
          token: session.token,
          player: String(m.id),
          gameCode: session.gameCode,
          roundId: `r-${randomBytes(4).toString('hex')}`,
          transactionId: `b-${randomBytes(4).toString('hex')}`,
          amount: 100,
          currency: 'PHP',
        },
        { secret: key },
      );
    expect((await bet(first)).body.status).toBe('ERROR_INVALID_SIGNATURE');
    expect((await bet(secret)).body.status).toBe('OK');

    const audit = await lastAudit('games.vendor.secret');
    expect(audit.success).toBe(true);
    expect(JSON.stringify(audit.detail)).not.toContain(secret);
    expectFailure(await api('POST', '/admin/games/vendors/NOPE/rotateSecret', writer), 404, 'VENDOR_NOT_FOUND');
  });

  it('an IP allow list and the integration switch hold at the next call; bad addresses are refused', async () => {
    const client = vendorClient(t, vendor);
    const secret = (await api('POST', `/admin/games/vendors/${vendor}/rotateSecret`, writer)).json().value.secret;
    const m = await createMember(t.ctx);
    // The probe: a balance call on the member's live game session at this vendor.
    const session = await createGameSession(t, { memberId: m.id, vendor });
    const balance = () =>
      client.call('balance', { token: session.token, player: String(m.id) }, { secret, remoteAddress: '10.0.0.9' });
    expect((await balance()).body.status).toBe('OK');

    const res = await api('PUT', `/admin/games/vendors/${vendor}`, writer, { allowedIps: ['10.0.0.1', '::1'] });
    expect(res.json().value.integration.allowedIps).toEqual(['10.0.0.1', '::1']);
    expect((await balance()).body.status).toBe('ERROR_IP_NOT_ALLOWED');
    await api('PUT', `/admin/games/vendors/${vendor}`, writer, { allowedIps: ['10.0.0.9'], integrationEnabled: false });
    expect((await balance()).body.status).toBe('ERROR_VENDOR_DISABLED');
    await api('PUT', `/admin/games/vendors/${vendor}`, writer, { allowedIps: [], integrationEnabled: true });
    expect((await balance()).body.status).toBe('OK');
    expect(await lastAudit('games.vendor')).toMatchObject({
      detail: {
        before: { integration: { enabled: false, allowedIps: ['10.0.0.9'] } },
        after: { integration: { enabled: true, allowedIps: [] } },
      },
    });

    const bad = await api('PUT', `/admin/games/vendors/${vendor}`, writer, { allowedIps: ['10.0.0.300'] });
    expectFailure(bad, 400, 'VALIDATION_FAILED');
    expect((await balance()).body.status).toBe('OK');
    expectFailure(await api('PUT', '/admin/games/vendors/NOPE', writer, { sort: 1 }), 404, 'VENDOR_NOT_FOUND');
  });

  it('orders vendors as listed; an unknown code changes nothing', async () => {
    const before = (await api('GET', '/admin/games/vendors', reader))
      .json()
      .value.list.map((v: { code: string }) => v.code);
    const reversed = [...before].reverse();
    expect((await api('PUT', '/admin/games/vendors/order', writer, { codes: reversed })).statusCode).toBe(200);
    const after = (await api('GET', '/admin/games/vendors', reader))
      .json()
      .value.list.map((v: { code: string }) => v.code);
    expect(after).toEqual(reversed);
    const bad = await api('PUT', '/admin/games/vendors/order', writer, { codes: [...before, 'NOPE'] });
    expectFailure(bad, 400, 'VALIDATION_FAILED');
    const still = (await api('GET', '/admin/games/vendors', reader))
      .json()
      .value.list.map((v: { code: string }) => v.code);
    expect(still).toEqual(reversed);
  });
});

describe('reconciliation', () => {
  it("gives each vendor's day beside the ledger, with the difference", async () => {
    const client = vendorClient(t, vendor);
    const secret = (await api('POST', `/admin/games/vendors/${vendor}/rotateSecret`, writer)).json().value.secret;
    const m = await createMember(t.ctx);
    await fund(t, m.id, 10_000);
    const session = await createGameSession(t, { memberId: m.id, vendor });
    const roundId = `r-${randomBytes(4).toString('hex')}`;
    const bet = await client.call(
      'bet',
      {
        token: session.token,
        player: String(m.id),
        gameCode: session.gameCode,
        roundId,
        transactionId: `b-${randomBytes(4).toString('hex')}`,
        amount: 700,
        currency: 'PHP',
      },
      { secret },
    );
    expect(bet.body.status).toBe('OK');
    const today = await brandToday(t.ctx, new Date());
    const res = await api('GET', `/admin/games/reconciliation?from=${today}`, reader);
    expect(res.statusCode).toBe(200);
    const row = (
      res.json().value.list as { vendor: string; bets: { amount: number }; difference: number; matches: boolean }[]
    ).find((r) => r.vendor === vendor);
    expect(row?.bets.amount).toBeGreaterThanOrEqual(700);
    expect(row).toMatchObject({ difference: 0, matches: true });
    expect(res.json().value.mismatches).toBe(0);

    const range = await api(
      'GET',
      `/admin/games/reconciliation?from=2026-01-01&to=2026-01-03&vendor=${vendor}`,
      reader,
    );
    expect(range.json().value.list.map((r: { date: string }) => r.date)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
    const noVendor = await api('GET', '/admin/games/reconciliation?from=2026-01-01&to=2026-01-03', reader);
    expect(noVendor.json().value).toEqual({ fields: { vendor: 'REQUIRED' } });
    const long = await api('GET', `/admin/games/reconciliation?from=2026-01-01&to=2026-03-01&vendor=${vendor}`, reader);
    expect(long.json().value).toEqual({ fields: { to: 'TOO_LONG' } });
  });
});
