import { createHash } from 'node:crypto';
import { LaunchGameValue, RecentGames, RoomList } from '@gamehall/shared/api/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { vendorClient } from '../../test/vendor-client';
import { issueSession } from '../accounts/sessions.service';
import { setBrandSetting } from '../brand/brand.service';
import { pickHost } from './launch.service';

let t: TestApp;
let member: string;
let memberId: number;
let trial: string;

async function sessionFor(id: number) {
  return issueSession(t.ctx, t.ctx.db, { memberId: id, area: 'member', ip: '127.0.0.1', userAgent: null });
}

function post(url: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { ...headers, ...(token ? { authorization: token } : {}) },
  });
}
function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

async function firstGame(where: { vendor?: string; gameType: string; offset?: number }) {
  let q = t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'game_code', 'vendor_code', 'game_type'])
    .where('game_type', '=', where.gameType)
    .where('status', '=', 'active');
  if (where.vendor) q = q.where('vendor_code', '=', where.vendor);
  const row = await q
    .orderBy('node_id')
    .offset(where.offset ?? 0)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { ...row, node_id: Number(row.node_id) };
}

async function sessionCount() {
  const r = await t.ctx.db
    .selectFrom('game_sessions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  const m = await createMember(t.ctx);
  memberId = m.id;
  member = await sessionFor(m.id);
  trial = await sessionFor((await createMember(t.ctx, { type: 4 })).id);
});
afterAll(() => t.close());

describe('POST /wps/game/launchGame', () => {
  it('refuses guests (401) and trial members (403, in_need_true_account)', async () => {
    const game = await firstGame({ gameType: 'RNG' });
    const before = await sessionCount();
    const guest = await post('/wps/game/launchGame', { nodeId: game.node_id });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('AUTH_REQUIRED');
    const tr = await post('/wps/game/launchGame', { nodeId: game.node_id }, trial);
    expect(tr.statusCode).toBe(403);
    expect(tr.json().code).toBe('ACCOUNT_TRIAL_RESTRICTED');
    expect(await sessionCount()).toBe(before);
  });

  it("launches in the player's language with the name the TY tile shows", async () => {
    const game = await firstGame({ gameType: 'RNG', vendor: 'PT' });
    // The tile's name in TY (games.presenter: the name in the language, else the catalogue name).
    const { name, names } = await t.ctx.db
      .selectFrom('games')
      .select(['name', 'names'])
      .where('node_id', '=', game.node_id)
      .executeTakeFirstOrThrow();
    const tile = (names as Record<string, string>).TY || name;
    const res = await post('/wps/game/launchGame', { nodeId: game.node_id, language: 'TY' }, member);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().value.url, 'http://site.test');
    expect(url.searchParams.get('lang')).toBe('TY');
    expect(url.searchParams.get('name')).toBe(tile);
    expect(res.json().value.gameName).toBe(tile);
  });

  it('opens a 2-hour session and answers the studio launch URL', async () => {
    const game = await firstGame({ gameType: 'RNG', vendor: 'PT' });
    const res = await post(
      '/wps/game/launchGame',
      { nodeId: game.node_id, language: 'en', backUrl: '/rng?vendor=PT' },
      member,
    );
    expect(res.statusCode, res.body).toBe(200);
    const v = LaunchGameValue.parse(res.json().value);
    expect(v).toMatchObject({ mode: 'real', nodeId: game.node_id, vassalage: 'PT', gameType: 'RNG', lotto: null });
    const url = new URL(v.url, 'http://site.test');
    expect(url.pathname).toBe('/studio/play');
    expect([...url.searchParams.keys()].sort()).toEqual(['game', 'lang', 'lobby', 'mode', 'name', 'token', 'vendor']);
    expect(url.searchParams.get('game')).toBe(game.game_code);
    // The game page shows the game's name in the launch language, not its code.
    const { name, names } = await t.ctx.db
      .selectFrom('games')
      .select(['name', 'names'])
      .where('node_id', '=', game.node_id)
      .executeTakeFirstOrThrow();
    const english = (names as Record<string, string>).EN || name;
    expect(english).not.toBe(game.game_code);
    expect(v.gameName).toBe(english);
    expect(url.searchParams.get('name')).toBe(english);
    expect(url.searchParams.get('vendor')).toBe('PT');
    expect(url.searchParams.get('lang')).toBe('EN');
    expect(url.searchParams.get('mode')).toBe('real');
    expect(url.searchParams.get('lobby')).toBe('/rng?vendor=PT');
    const token = url.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const hash = createHash('sha256').update(token).digest('hex');
    const row = await t.ctx.db
      .selectFrom('game_sessions')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ member_id: memberId, trial: false, vendor_code: 'PT', game_code: game.game_code });
    expect(Number(row.node_id)).toBe(game.node_id);
    expect(row.currency).toBe('PHP');
    const life = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(life - 2 * 3_600_000)).toBeLessThan(5_000);
    expect(new Date(v.expiresAt).getTime()).toBe(new Date(row.expires_at).getTime());
    // The token itself is stored nowhere.
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("keeps the launching device's hash on the session and answers it, hashed, on the token's balance call", async () => {
    const game = await firstGame({ gameType: 'RNG', vendor: 'PT' });
    const deviceId = 'device-launch-0000-0001';
    const tokenOf = async (headers: Record<string, string>) => {
      const res = await post('/wps/game/launchGame', { nodeId: game.node_id, language: 'en' }, member, headers);
      expect(res.statusCode, res.body).toBe(200);
      return new URL(LaunchGameValue.parse(res.json().value).url, 'http://site.test').searchParams.get('token')!;
    };
    const withDevice = await tokenOf({ 'x-device-id': deviceId });
    const withoutDevice = await tokenOf({});
    const hashed = createHash('sha256').update(deviceId).digest('hex');
    const row = await t.ctx.db
      .selectFrom('game_sessions')
      .select('device_hash')
      .where('token_hash', '=', createHash('sha256').update(withDevice).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row.device_hash).toBe(hashed);
    const vendor = vendorClient(t, 'PT');
    const answer = await vendor.call('balance', { token: withDevice });
    expect(answer.body).toMatchObject({ status: 'OK', player: String(memberId), device: hashed });
    expect(JSON.stringify(answer.body)).not.toContain(deviceId);
    // No device id at launch: no device in the answer, with or without the player named.
    const none = await vendor.call('balance', { token: withoutDevice });
    expect(none.body.status).toBe('OK');
    expect(none.body).not.toHaveProperty('device');
    const nonePlayer = await vendor.call('balance', { token: withoutDevice, player: String(memberId) });
    expect(nonePlayer.body).toMatchObject({ status: 'OK', player: String(memberId) });
    expect(nonePlayer.body).not.toHaveProperty('device');
    // A call by player alone names no launch: refused, and tells neither balance nor device.
    const byPlayer = await vendor.call('balance', { player: String(memberId) });
    expect(byPlayer.statusCode).toBe(400);
    expect(byPlayer.body).toMatchObject({ status: 'ERROR_BAD_REQUEST', balance: 0 });
    expect(byPlayer.body).not.toHaveProperty('device');
  });

  it('finds the game by vassalage and gameCode too, and refuses a mismatch', async () => {
    const game = await firstGame({ gameType: 'RNG', vendor: 'AG' });
    const res = await post('/wps/game/launchGame', { vassalage: 'AG', gameCode: game.game_code }, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.nodeId).toBe(game.node_id);
    const wrong = await post('/wps/game/launchGame', { nodeId: game.node_id, vassalage: 'PT' }, member);
    expect(wrong.statusCode).toBe(404);
  });

  it('answers bad input with a clear code and changes nothing', async () => {
    const game = await firstGame({ gameType: 'RNG' });
    const before = await sessionCount();
    for (const body of [
      {},
      { vassalage: 'PT' },
      { nodeId: 'abc' },
      { nodeId: game.node_id, backUrl: 'javascript:alert(1)' },
      { nodeId: game.node_id, backUrl: '//evil.test/x' },
      { nodeId: game.node_id, device: 'FRIDGE' },
    ]) {
      const res = await post('/wps/game/launchGame', body, member);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const missing = await post('/wps/game/launchGame', { nodeId: 999_999_999 }, member);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect(await sessionCount()).toBe(before);
  });

  it('never launches hidden or maintained games or vendors; maintenance suggests up to 6 others', async () => {
    const hidden = await firstGame({ gameType: 'RNG', vendor: 'ISB', offset: 0 });
    const maintained = await firstGame({ gameType: 'RNG', vendor: 'ISB', offset: 1 });
    await t.ctx.db.updateTable('games').set({ status: 'hidden' }).where('node_id', '=', hidden.node_id).execute();
    await t.ctx.db
      .updateTable('games')
      .set({ status: 'maintenance' })
      .where('node_id', '=', maintained.node_id)
      .execute();
    const before = await sessionCount();
    try {
      const h = await post('/wps/game/launchGame', { nodeId: hidden.node_id }, member);
      expect(h.statusCode).toBe(404);
      const m = await post('/wps/game/launchGame', { nodeId: maintained.node_id }, member);
      expect(m.statusCode).toBe(503);
      expect(m.json().code).toBe('GAME_MAINTENANCE');
      const suggestions = m.json().value.suggestions as { nodeId: number; gameType: string }[];
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.length).toBeLessThanOrEqual(6);
      for (const s of suggestions) {
        expect(s.gameType).toBe('RNG');
        expect(s.nodeId).not.toBe(maintained.node_id);
      }
      // Trial launches obey the same rules.
      expect((await post('/wps/game/launchGame/trial', { nodeId: maintained.node_id }, trial)).statusCode).toBe(503);

      const other = await firstGame({ gameType: 'RNG', vendor: 'TTG' });
      await t.ctx.db.updateTable('vendors').set({ status: 'maintenance' }).where('code', '=', 'TTG').execute();
      const v = await post('/wps/game/launchGame', { nodeId: other.node_id }, member);
      expect(v.statusCode).toBe(503);
      expect(v.json().code).toBe('GAME_MAINTENANCE');
      expect((v.json().value.suggestions as { vassalage: string }[]).every((s) => s.vassalage !== 'TTG')).toBe(true);
    } finally {
      await t.ctx.db
        .updateTable('games')
        .set({ status: 'active' })
        .where('node_id', 'in', [hidden.node_id, maintained.node_id])
        .execute();
      await t.ctx.db.updateTable('vendors').set({ status: 'active' }).where('code', '=', 'TTG').execute();
    }
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a vendor whose integration is switched off', async () => {
    const game = await firstGame({ gameType: 'RNG', vendor: 'WD' });
    await t.ctx.db.updateTable('vendor_integrations').set({ enabled: false }).where('vendor_code', '=', 'WD').execute();
    try {
      const res = await post('/wps/game/launchGame', { nodeId: game.node_id }, member);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('GAME_LAUNCH_UNAVAILABLE');
    } finally {
      await t.ctx.db
        .updateTable('vendor_integrations')
        .set({ enabled: true })
        .where('vendor_code', '=', 'WD')
        .execute();
    }
  });

  it("picks the launch host from the brand's list and makes the lobby absolute on it", async () => {
    const hosts = ['https://play-a.test', 'https://play-b.test/'];
    await setBrandSetting(t.ctx.db, 'launchGameCDNs', hosts);
    try {
      const game = await firstGame({ gameType: 'RNG' });
      const seen = new Set<string>();
      for (let i = 0; i < 16; i++) {
        const res = await post('/wps/game/launchGame', { nodeId: game.node_id, backUrl: '/rng' }, member);
        const url = new URL(res.json().value.url);
        seen.add(url.origin);
        expect(url.pathname).toBe('/studio/play');
        expect(url.searchParams.get('lobby')).toMatch(/^https?:\/\/[^/]+\/rng$/);
      }
      expect([...seen].every((o) => ['https://play-a.test', 'https://play-b.test'].includes(o))).toBe(true);

      // An outside vendor's own address is its provider's: no launch host goes before it.
      const outside = await firstGame({ gameType: 'RNG' });
      const vendor = await t.ctx.db
        .selectFrom('vendor_integrations')
        .select('launch_url')
        .where('vendor_code', '=', outside.vendor_code)
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .updateTable('vendor_integrations')
        .set({ launch_url: 'https://games.outside.example/play' })
        .where('vendor_code', '=', outside.vendor_code)
        .execute();
      try {
        const res = await post('/wps/game/launchGame', { nodeId: outside.node_id }, member);
        expect(res.json().value.url).toMatch(/^https:\/\/games\.outside\.example\/play\?token=/);
      } finally {
        await t.ctx.db
          .updateTable('vendor_integrations')
          .set({ launch_url: vendor.launch_url })
          .where('vendor_code', '=', outside.vendor_code)
          .execute();
      }
    } finally {
      await setBrandSetting(t.ctx.db, 'launchGameCDNs', ['']);
    }
  });

  it('can draw every host of the list, trailing slash removed', () => {
    const hosts = ['https://play-a.test', 'https://play-b.test/'];
    expect(pickHost(hosts, () => 0)).toBe('https://play-a.test');
    expect(pickHost(hosts, () => 0.4999)).toBe('https://play-a.test');
    expect(pickHost(hosts, () => 0.5)).toBe('https://play-b.test');
    expect(pickHost(hosts, () => 0.9999)).toBe('https://play-b.test');
    expect(pickHost([], () => 0.3)).toBe('');
  });

  it('adds the lottery lobby parameters of spec §7 for lottery games', async () => {
    const game = await firstGame({ gameType: 'LOTT', vendor: 'TCG_LOTTO_VN' });
    const res = await post(
      '/wps/game/launchGame',
      { nodeId: game.node_id, lottoView: 'lobby', device: 'MOBILE', backUrl: '/vnLottery', language: 'EN' },
      member,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.lotto).toEqual({
      lottoArea: 'VN',
      launchMode: 'LOTT',
      lottoPrizeMode: 'ELOTT', // the test brand supports TY: LOTT vendors sit in the ELOTT group
      lottoGameCode: game.game_code,
      lottoView: 'lobby',
      device: 'MOBILE',
      backUrl: '/vnLottery',
      language: 'EN',
    });
  });
});

describe('GET /wps/game/launchGame (the original client)', () => {
  it('launches like the POST from the query: a session for the member, the same answer', async () => {
    const game = await firstGame({ gameType: 'RNG', vendor: 'PT' });
    const before = await sessionCount();
    const res = await get(`/wps/game/launchGame?nodeId=${game.node_id}&language=TY&backUrl=%2Frng`, member);
    expect(res.statusCode, res.body).toBe(200);
    const v = LaunchGameValue.parse(res.json().value);
    expect(v).toMatchObject({ mode: 'real', nodeId: game.node_id, vassalage: 'PT', gameType: 'RNG' });
    const url = new URL(v.url, 'http://site.test');
    expect(url.searchParams.get('lang')).toBe('TY');
    expect(url.searchParams.get('lobby')).toBe('/rng');
    expect(await sessionCount()).toBe(before + 1);
    const byCode = await get(`/wps/game/launchGame?vassalage=PT&gameCode=${game.game_code}`, member);
    expect(byCode.json().value.nodeId).toBe(game.node_id);
  });

  it('refuses what the POST refuses, opening nothing', async () => {
    const game = await firstGame({ gameType: 'RNG' });
    const before = await sessionCount();
    expect((await get(`/wps/game/launchGame?nodeId=${game.node_id}`)).json().code).toBe('AUTH_REQUIRED');
    expect((await get(`/wps/game/launchGame?nodeId=${game.node_id}`, trial)).json().code).toBe(
      'ACCOUNT_TRIAL_RESTRICTED',
    );
    const bad = await get('/wps/game/launchGame?nodeId=abc', member);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await get('/wps/game/launchGame', member)).statusCode).toBe(400);
    expect(await sessionCount()).toBe(before);
  });
});

describe('POST /wps/game/launchGame/trial', () => {
  it('refuses a dead token with AUTH_SESSION_EXPIRED, opening nothing (guests: guest-trial.test.ts)', async () => {
    const game = await firstGame({ gameType: 'RNG', vendor: 'CQ9' });
    const before = await sessionCount();
    const res = await post('/wps/game/launchGame/trial', { nodeId: game.node_id }, 'bogus');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_SESSION_EXPIRED');
    expect(await sessionCount()).toBe(before);
  });

  it('lets trial members and members play a demo session that belongs to no member', async () => {
    const game = await firstGame({ gameType: 'RNG', vendor: 'CQ9' });
    for (const token of [trial, member]) {
      const res = await post('/wps/game/launchGame/trial', { nodeId: game.node_id }, token);
      expect(res.statusCode, res.body).toBe(200);
      const v = LaunchGameValue.parse(res.json().value);
      expect(v.mode).toBe('trial');
      const url = new URL(v.url, 'http://site.test');
      expect(url.searchParams.get('mode')).toBe('trial');
      const hash = createHash('sha256').update(url.searchParams.get('token')!).digest('hex');
      const row = await t.ctx.db
        .selectFrom('game_sessions')
        .select(['trial', 'member_id'])
        .where('token_hash', '=', hash)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ trial: true, member_id: null });
    }
  });
});

describe('POST /wps/relay/GCS_gameLaunchFB', () => {
  it("opens a lobby vendor's lobby for a member", async () => {
    const res = await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'BTI', backUrl: '/sports' }, member);
    expect(res.statusCode, res.body).toBe(200);
    const v = LaunchGameValue.parse(res.json().value);
    expect(v).toMatchObject({ vassalage: 'BTI', gameType: 'SPORTS', mode: 'real' });
    const url = new URL(v.url, 'http://site.test');
    expect(url.searchParams.get('vendor')).toBe('BTI');
    expect(url.searchParams.get('game')).toBe(v.gameCode);
    // The house sportsbook's lobby game, not one of the vendor's virtual match tiles.
    expect(v.gameCode).toBe('SPORTS-000');
  });

  it('opens the sportsbook of each category, says so when it is in maintenance, and never lists it as a tile', async () => {
    for (const [vassalage, gameType] of [
      ['TF', 'ESPORTS'],
      ['DS88', 'COCKFIGHT'],
    ] as const) {
      const res = await post('/wps/relay/GCS_gameLaunchFB', { vassalage, gameType }, member);
      expect(LaunchGameValue.parse(res.json().value).gameCode).toBe(`${gameType}-000`);
    }
    const listed = await get('/wps/relay/GCSGAME_gameList?gameType=SPORTS&vassalage=BTI&pageSize=100', member);
    const codes = listed.json().value.games.map((g: { gameCode: string }) => g.gameCode);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).not.toContain('SPORTS-000');
    await t.ctx.db
      .updateTable('games')
      .set({ status: 'maintenance' })
      .where('vendor_code', '=', 'BTI')
      .where('game_code', '=', 'SPORTS-000')
      .execute();
    try {
      const closed = await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'BTI' }, member);
      expect(closed.json().code).toBe('GAME_MAINTENANCE');
    } finally {
      await t.ctx.db
        .updateTable('games')
        .set({ status: 'active' })
        .where('vendor_code', '=', 'BTI')
        .where('game_code', '=', 'SPORTS-000')
        .execute();
    }
  });

  it("opens a LOTT vendor's lobby from the ELOTT page when TY is supported, and only then (spec §4)", async () => {
    const elott = await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'TCG_SEA', gameType: 'ELOTT' }, member);
    expect(elott.statusCode, elott.body).toBe(200);
    expect(LaunchGameValue.parse(elott.json().value)).toMatchObject({ vassalage: 'TCG_SEA', gameType: 'LOTT' });
    await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN']);
    try {
      const plain = await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'TCG_SEA', gameType: 'ELOTT' }, member);
      expect(plain.json().code).toBe('GAME_NO_LOBBY');
      expect(
        (await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'TCG_SEA', gameType: 'LOTT' }, member)).statusCode,
      ).toBe(200);
    } finally {
      await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN', 'TY']);
    }
  });

  it('refuses vendors without a lobby, unknown vendors, guests and trial members', async () => {
    const before = await sessionCount();
    expect((await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'PT' }, member)).json().code).toBe('GAME_NO_LOBBY');
    expect((await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'NOPE' }, member)).statusCode).toBe(404);
    expect((await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'BTI', gameType: 'RNG' }, member)).json().code).toBe(
      'GAME_NO_LOBBY',
    );
    expect((await post('/wps/relay/GCS_gameLaunchFB', {}, member)).statusCode).toBe(400);
    expect((await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'BTI' })).statusCode).toBe(401);
    expect((await post('/wps/relay/GCS_gameLaunchFB', { vassalage: 'BTI' }, trial)).statusCode).toBe(403);
    expect(await sessionCount()).toBe(before);
  });
});

describe('GET /wps/relay/GCS_recentGame', () => {
  it('lists launched and played games newest first, each once, not trials', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(m.id);
    const a = await firstGame({ gameType: 'RNG', vendor: 'MG', offset: 0 });
    const b = await firstGame({ gameType: 'RNG', vendor: 'MG', offset: 1 });
    const c = await firstGame({ gameType: 'FISH' });
    const d = await firstGame({ gameType: 'PVP' });
    expect((await get('/wps/relay/GCS_recentGame', token)).json().value.list).toEqual([]);

    await post('/wps/game/launchGame', { nodeId: a.node_id }, token);
    t.advance(1000);
    await post('/wps/game/launchGame', { nodeId: b.node_id }, token);
    t.advance(1000);
    await post('/wps/game/launchGame/trial', { nodeId: d.node_id }, token);
    await insertRound(t.ctx, { memberId: m.id, nodeId: c.node_id, bet: 100, at: t.ctx.now() });
    t.advance(1000);
    await post('/wps/game/launchGame', { nodeId: a.node_id }, token);

    const res = await get('/wps/relay/GCS_recentGame?limitNum=10', token);
    expect(res.statusCode, res.body).toBe(200);
    const list = RecentGames.parse(res.json().value).list;
    expect(list.map((g) => g.nodeId)).toEqual([a.node_id, c.node_id, b.node_id]);
    expect((await get('/wps/relay/GCS_recentGame?limitNum=2', token)).json().value.list).toHaveLength(2);
    // A category page asks for its own games: filtered on the server before the limit.
    const rng = (await get('/wps/relay/GCS_recentGame?limitNum=1&gameType=RNG', token)).json().value.list;
    expect(rng.map((g: { nodeId: number }) => g.nodeId)).toEqual([a.node_id]);
    const fish = (await get('/wps/relay/GCS_recentGame?limitNum=1&gameType=FISH', token)).json().value.list;
    expect(fish.map((g: { nodeId: number }) => g.nodeId)).toEqual([c.node_id]);
    expect((await get('/wps/relay/GCS_recentGame?gameType=NOPE', token)).statusCode).toBe(400);
    expect((await get('/wps/relay/GCS_recentGame?limitNum=0', token)).statusCode).toBe(400);
    expect((await get('/wps/relay/GCS_recentGame')).statusCode).toBe(401);
    expect((await get('/wps/relay/GCS_recentGame', trial)).statusCode).toBe(403);
  });
});

describe('GET /wps/relay/GLS2_roomList', () => {
  it("lists a LIVE vendor's tables with minimum bet and status", async () => {
    const tables = await t.ctx.db
      .selectFrom('games')
      .select(['node_id', 'min_bet'])
      .where('vendor_code', '=', 'DG')
      .where('game_type', '=', 'LIVE')
      .orderBy('node_id')
      .execute();
    expect(tables.length).toBeGreaterThan(1);
    await t.ctx.db
      .updateTable('games')
      .set({ status: 'maintenance' })
      .where('node_id', '=', tables[0]!.node_id)
      .execute();
    try {
      const res = await get('/wps/relay/GLS2_roomList?vassalage=DG', member);
      expect(res.statusCode, res.body).toBe(200);
      const v = RoomList.parse(res.json().value);
      expect(v.list.map((r) => r.nodeId).sort((x, y) => x - y)).toEqual(tables.map((r) => Number(r.node_id)));
      const first = v.list.find((r) => r.nodeId === Number(tables[0]!.node_id))!;
      expect(first.status).toBe('maintenance');
      expect(first.minBet).toBe(Number(tables[0]!.min_bet) / 100);
      expect(v.list.filter((r) => r.status === 'open')).toHaveLength(tables.length - 1);
    } finally {
      await t.ctx.db.updateTable('games').set({ status: 'active' }).where('node_id', '=', tables[0]!.node_id).execute();
    }
    expect((await get('/wps/relay/GLS2_roomList?vassalage=KX', member)).statusCode).toBe(404);
    expect((await get('/wps/relay/GLS2_roomList', member)).statusCode).toBe(400);
    expect((await get('/wps/relay/GLS2_roomList?vassalage=DG')).statusCode).toBe(401);
  });
});
