import { GameMenu, LotteryGames, OpenedNumeros } from '@gamehall/shared/api/lottery';
import { drawsAround, openDraw } from '@gamehall/shared/lottery-schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { setBrandSetting } from '../brand/brand.service';

let t: TestApp;
let member: string;
let memberId: number;
let trial: string;

async function sessionFor(id: number) {
  return issueSession(t.ctx, t.ctx.db, { memberId: id, area: 'member', ip: '127.0.0.1', userAgent: null });
}
function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}
async function lotteryGame(vendor: string, k = 0) {
  const row = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'game_code'])
    .where('vendor_code', '=', vendor)
    .orderBy('sort')
    .offset(k)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { nodeId: Number(row.node_id), gameCode: row.game_code };
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

describe('GET /lgw/vn/games/game_menu', () => {
  it('lists the lottery games per vendor with the open draw of the shared schedule', async () => {
    const res = await get('/lgw/vn/games/game_menu?prizeMode=ELOTT&device=WEB');
    expect(res.statusCode, res.body).toBe(200);
    const v = GameMenu.parse(res.json().value);
    expect(v.menus.map((m) => m.vassalage)).toEqual(['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT']);
    const now = t.ctx.now();
    for (const menu of v.menus) {
      expect(menu.games.length).toBeGreaterThan(0);
      for (const g of menu.games) {
        expect(['LOTT', 'ELOTT']).toContain(g.gameType);
        const draw = openDraw({ vendor: g.vassalage, gameCode: g.gameCode }, now);
        // The request ran a moment before `now`: the same draw, or the one just before at a boundary.
        expect([
          draw.numero,
          openDraw({ vendor: g.vassalage, gameCode: g.gameCode }, new Date(now.getTime() - 5000)).numero,
        ]).toContain(g.openDraw.numero);
        expect(g.openDraw.status).toBe('open');
      }
    }
    // TCG vendor names are blanked when TY is supported (spec §4).
    expect(v.menus.find((m) => m.vassalage === 'TCG_SEA')!.vendorName).toBe('');
    // The others are headed by the vendor's name, never its account type code (LOTT_LOTT).
    const names = await t.ctx.db.selectFrom('vendors').select(['code', 'name']).execute();
    for (const menu of v.menus.filter((m) => !m.vassalage.startsWith('TCG'))) {
      expect(menu.vendorName).toBe(names.find((n) => n.code === menu.vassalage)!.name);
      expect(menu.vendorName).not.toMatch(/^[A-Z]+_[A-Z_]+$/);
    }
  });

  it('answers the prize mode of spec §4: ELOTT when the ELOTT group holds TCG_LOTTO_VN or LOTT', async () => {
    expect(GameMenu.parse((await get('/lgw/vn/games/game_menu')).json().value).prizeMode).toBe('ELOTT');
    await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN']);
    try {
      expect(GameMenu.parse((await get('/lgw/vn/games/game_menu')).json().value).prizeMode).toBe('LOTT');
    } finally {
      await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN', 'TY']);
    }
  });

  it('narrows to SEA or one vendor and refuses non-lottery vendors and bad input', async () => {
    const sea = GameMenu.parse((await get('/lgw/vn/games/game_menu?prizeMode=SEA')).json().value);
    expect(sea.menus.map((m) => m.vassalage)).toEqual(['TCG_SEA']);
    const vn = GameMenu.parse((await get('/lgw/vn/games/game_menu?vassalage=TCG_LOTTO_VN')).json().value);
    expect(vn.menus.map((m) => m.vassalage)).toEqual(['TCG_LOTTO_VN']);
    expect((await get('/lgw/vn/games/game_menu?vassalage=PT')).statusCode).toBe(404);
    expect((await get('/lgw/vn/games/game_menu?prizeMode=XX')).json().code).toBe('VALIDATION_FAILED');
    expect((await get('/lgw/vn/games/game_menu?device=TV')).statusCode).toBe(400);
  });
});

describe('GET /lgw/vn/numeros/opened/game', () => {
  it("answers one game's open draw and the previous ones", async () => {
    const g = await lotteryGame('TCG_SEA', 1);
    const res = await get(`/lgw/vn/numeros/opened/game?vassalage=TCG_SEA&gameCode=${g.gameCode}&count=3`);
    expect(res.statusCode, res.body).toBe(200);
    const v = OpenedNumeros.parse(res.json().value);
    expect(v.game.nodeId).toBe(g.nodeId);
    expect(v.game.intervalSeconds).toBe(180);
    const expected = drawsAround({ vendor: 'TCG_SEA', gameCode: g.gameCode }, new Date(v.game.openDraw.opensAt), 3);
    expect(v.game.openDraw.numero).toBe(expected.open.numero);
    expect(v.previous.map((d) => d.numero)).toEqual(expected.previous.map((d) => d.numero));
    expect(v.previous.slice(1).every((d) => d.status === 'drawn')).toBe(true);
    expect((await get('/lgw/vn/numeros/opened/game?vassalage=TCG_SEA&gameCode=NOPE')).statusCode).toBe(404);
    expect((await get('/lgw/vn/numeros/opened/game?vassalage=TCG_SEA')).statusCode).toBe(400);
    expect(
      (await get(`/lgw/vn/numeros/opened/game?vassalage=TCG_SEA&gameCode=${g.gameCode}&count=51`)).statusCode,
    ).toBe(400);
  });

  it('moves to the next draw 30 s before the draw time', async () => {
    const g = await lotteryGame('TCG_LOTTO_VN');
    const url = `/lgw/vn/numeros/opened/game?vassalage=TCG_LOTTO_VN&gameCode=${g.gameCode}&count=1`;
    const before = OpenedNumeros.parse((await get(url)).json().value);
    const wait = new Date(before.game.openDraw.closesAt).getTime() - t.ctx.now().getTime();
    t.advance(wait + 1000);
    const after = OpenedNumeros.parse((await get(url)).json().value);
    expect(after.previous[0]!.numero).toBe(before.game.openDraw.numero);
    expect(after.previous[0]!.status).toBe('closed');
    expect(after.game.openDraw.numero).not.toBe(before.game.openDraw.numero);
  });
});

describe('GET /lotto/lgw/games/opened/numero', () => {
  it('needs a session and lists every lottery game with its open draw', async () => {
    expect((await get('/lotto/lgw/games/opened/numero')).statusCode).toBe(401);
    const res = await get('/lotto/lgw/games/opened/numero', trial);
    expect(res.statusCode, res.body).toBe(200);
    const all = LotteryGames.parse(res.json().value).list;
    expect(all).toHaveLength(14);
    const elott = LotteryGames.parse(
      (await get('/lotto/lgw/games/opened/numero?vassalage=ELOTT', member)).json().value,
    );
    expect(elott.list.every((g) => g.vassalage === 'ELOTT' && g.intervalSeconds === 120)).toBe(true);
  });
});

describe('GET /lgw/games/popular and /lgw/vn/games/game_menu/recent', () => {
  it('ranks by rounds of the last week, then hot and configured order', async () => {
    const base = LotteryGames.parse((await get('/lgw/games/popular?limitNum=50')).json().value).list;
    expect(base).toHaveLength(14);
    const target = await lotteryGame('LOTT', 2);
    for (let i = 0; i < 3; i++) await insertRound(t.ctx, { memberId, nodeId: target.nodeId, bet: 100 });
    const old = await lotteryGame('ELOTT', 4);
    for (let i = 0; i < 5; i++)
      await insertRound(t.ctx, {
        memberId,
        nodeId: old.nodeId,
        bet: 100,
        at: new Date(t.ctx.now().getTime() - 8 * 86_400_000),
      });
    const ranked = LotteryGames.parse((await get('/lgw/games/popular?limitNum=3')).json().value).list;
    expect(ranked).toHaveLength(3);
    expect(ranked[0]!.nodeId).toBe(target.nodeId);
    expect(ranked[1]!.nodeId).toBe(base[0]!.nodeId === target.nodeId ? base[1]!.nodeId : base[0]!.nodeId);
  });

  it("lists the member's recent lottery games, newest first", async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(m.id);
    expect(LotteryGames.parse((await get('/lgw/vn/games/game_menu/recent', token)).json().value).list).toEqual([]);
    const a = await lotteryGame('TCG_LOTTO_VN', 1);
    const b = await lotteryGame('ELOTT', 0);
    const slot = await t.ctx.db
      .selectFrom('games')
      .select('node_id')
      .where('game_type', '=', 'RNG')
      .limit(1)
      .executeTakeFirstOrThrow();
    for (const nodeId of [a.nodeId, Number(slot.node_id), b.nodeId]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/game/launchGame',
        payload: { nodeId },
        headers: { authorization: token },
      });
      expect(res.statusCode, res.body).toBe(200);
      t.advance(1000);
    }
    const list = LotteryGames.parse((await get('/lgw/vn/games/game_menu/recent', token)).json().value).list;
    expect(list.map((g) => g.nodeId)).toEqual([b.nodeId, a.nodeId]);
    expect((await get('/lgw/vn/games/game_menu/recent')).statusCode).toBe(401);
    expect((await get('/lgw/vn/games/game_menu/recent', trial)).statusCode).toBe(403);
  });
});
