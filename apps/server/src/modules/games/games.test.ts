// postgres: concurrent favourite toggles of one game
import { gameIconUrl } from '@gamehall/shared/api/catalogue';
import { GameList, GameVendors, HotGames } from '@gamehall/shared/api/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotEngineFor } from '../../../../studio/src/casino/engines/slot/slot-engine';
import { createMember } from '../../test/factories';
import { playedBy } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { setBrandSetting } from '../brand/brand.service';
import { catalogueNotifications } from './catalogue-index';
import { foldSearch } from './games.service';
import { refreshPopularity } from './popularity.service';

let t: TestApp;

/**
 * A catalogue write straight in the database, as an operator's would be. The lists learn of it
 * through the NOTIFY of migration 0013 (catalogue-index.ts): on PGlite before the write returns, on
 * PostgreSQL a moment after the commit. Waits for that moment, so the next list call is one that
 * must already show the change; fails if the notification never comes.
 */
async function catalogueWrite<T>(write: () => Promise<T>): Promise<T> {
  const sleep = () => new Promise((resolve) => setTimeout(resolve, 2));
  // The node starts listening with its first list call; wait until it does.
  for (let i = 0; i < 1000 && catalogueNotifications(t.ctx) === undefined; i++) await sleep();
  const seen = catalogueNotifications(t.ctx) ?? -1;
  const result = await write();
  const deadline = Date.now() + (t.ctx.database.kind === 'pglite' ? 0 : 2_000);
  while (catalogueNotifications(t.ctx) === seen && Date.now() < deadline) await sleep();
  expect(catalogueNotifications(t.ctx), 'the catalogue notification').toBeGreaterThan(seen);
  return result;
}
let member: string;
let memberId: number;
let trial: string;

type Row = {
  node_id: number;
  vendor_code: string;
  game_type: string;
  sub_category: string | null;
  min_bet: number;
  min_line_num: number;
  is_hot: boolean;
  sort: number;
  status: string;
  vendor_status: string;
  lobby: boolean;
};
let catalogue: Row[];

async function sessionFor(id: number) {
  return issueSession(t.ctx, t.ctx.db, { memberId: id, area: 'member', ip: '127.0.0.1', userAgent: null });
}

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

async function list(query: string, token = member) {
  const res = await get(`/wps/relay/GCSGAME_gameList?${query}`, token);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return GameList.parse(res.json().value);
}

async function loadCatalogue(): Promise<Row[]> {
  const rows = await t.ctx.db
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
    .select([
      'g.node_id',
      'g.vendor_code',
      'g.game_type',
      'g.sub_category',
      'g.min_bet',
      'g.min_line_num',
      'g.is_hot',
      'g.sort',
      'g.status',
      'v.status as vendor_status',
      'g.lobby',
    ])
    .execute();
  return rows.map((r) => ({ ...r, node_id: Number(r.node_id), min_bet: Number(r.min_bet) }));
}

/** The games a filter should find, computed independently of the service. */
function expected(filter: (r: Row) => boolean): number[] {
  return (
    catalogue
      // Listed: not hidden, of a vendor not hidden (maintained ones are listed with their mark); a
      // vendor's lobby game (the sportsbook) is opened by its lobby, never listed as a tile.
      .filter((r) => r.status !== 'hidden' && r.vendor_status !== 'hidden' && !r.lobby && filter(r))
      .map((r) => r.node_id)
      .sort((a, b) => a - b)
  );
}

async function allPages(query: string, pageSize: number) {
  const ids: number[] = [];
  const first = await list(`${query}&pageSize=${pageSize}&pageNo=1`);
  ids.push(...first.games.map((g) => g.nodeId));
  for (let p = 2; p <= first.totalPages; p++) {
    ids.push(...(await list(`${query}&pageSize=${pageSize}&pageNo=${p}`)).games.map((g) => g.nodeId));
  }
  return { ids, total: first.totalElements };
}

async function lanes(token = member) {
  const res = await get('/wps/relay/GCSGAME_gameVendor', token);
  expect(res.statusCode, res.body).toBe(200);
  return GameVendors.parse(res.json().value).data.lanes;
}

beforeAll(async () => {
  t = await createTestApp();
  const m = await createMember(t.ctx);
  memberId = m.id;
  member = await sessionFor(m.id);
  trial = await sessionFor((await createMember(t.ctx, { type: 4 })).id);
  // HOT is earned by play: three players on two slots of the middle of the list make them hot
  // (popularity.service.ts), before the first list call builds the catalogue copy.
  const slots = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('game_type', '=', 'RNG')
    .where('sub_category', 'is', null)
    .orderBy('sort', 'desc')
    .limit(2)
    .execute();
  const players = [m.id, (await createMember(t.ctx)).id, (await createMember(t.ctx)).id];
  for (const slot of slots) await playedBy(t.ctx, Number(slot.node_id), players);
  await refreshPopularity(t.ctx);
  catalogue = await loadCatalogue();
});
afterAll(() => t.close());

describe('GET /wps/relay/GCSGAME_gameList', () => {
  it("serves visitors the same page as members, with nothing of a member's in it", async () => {
    const url = '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=6&pageNo=1&language=EN';
    const guest = await get(url);
    expect(guest.statusCode, guest.body).toBe(200);
    const games = GameList.parse(guest.json().value).games;
    expect(games).toHaveLength(6);
    expect(games.every((g) => g.gameType === 'RNG')).toBe(true);
    // A member's favourite changes nothing in the list anyone gets: favourites have their own calls.
    const nodeId = games[0]!.nodeId;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/wps/relay/MCSFE_addFavoriteGameV2',
          headers: { authorization: member },
          payload: { nodeId },
        })
      ).statusCode,
    ).toBe(200);
    const after = await get(url);
    expect(after.body).toBe(guest.body);
    expect((await get(url, member)).body).toBe(guest.body);
    expect(guest.body).not.toMatch(/favou?rite/i);
    await t.app.inject({
      method: 'DELETE',
      url: `/wps/relay/MCSFE_removeFavoriteGameV2?nodeId=${nodeId}`,
      headers: { authorization: member },
    });
  });

  it('serves a repeated page as the same JSON to every member, in the language of each caller', async () => {
    const url = '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=4&pageNo=2';
    const first = await get(url, member);
    const again = await get(url, trial);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(GameList.parse(first.json().value).games).toHaveLength(4);
    // The member's own language decides when the call names none: a TY member gets TY names.
    const tyMember = await createMember(t.ctx);
    await t.ctx.db.updateTable('members').set({ language: 'TY' }).where('id', '=', tyMember.id).execute();
    const ty = await get(url, await sessionFor(tyMember.id));
    const en = await get(`${url}&language=EN`, member);
    const tyNames = GameList.parse(ty.json().value).games.map((g) => g.gameName);
    const enNames = GameList.parse(en.json().value).games.map((g) => g.gameName);
    expect(tyNames).not.toEqual(enNames);
    expect(GameList.parse(ty.json().value).games.map((g) => g.nodeId)).toEqual(
      GameList.parse(en.json().value).games.map((g) => g.nodeId),
    );
  });

  it('serves trial members too, with the tile fields of spec §3', async () => {
    const page = await list('gameType=RNG&pageSize=5', trial);
    expect(page.games).toHaveLength(5);
    const g = page.games[0]!;
    expect(g.iconUrl).toBe(gameIconUrl(g.nodeId));
    expect(g.gameType).toBe('RNG');
    expect(g.accountTypeName).not.toBe('');
    expect(page).toMatchObject({ pageNum: 1, pageSize: 5 });
  });

  it('applies every filter and every combination of them', async () => {
    const cases: [string, (r: Row) => boolean][] = [
      ['', () => true],
      ['gameType=RNG', (r) => r.game_type === 'RNG'],
      ['gameType=LIVE', (r) => r.game_type === 'LIVE'],
      ['vassalage=AG', (r) => r.vendor_code === 'AG'],
      ['gameType=RNG&vassalage=AG', (r) => r.game_type === 'RNG' && r.vendor_code === 'AG'],
      ['gameType=FISH&vassalage=AG', (r) => r.game_type === 'FISH' && r.vendor_code === 'AG'],
      ['gameClassify=JP', (r) => r.sub_category === 'JP'],
      ['gameType=RNG&gameClassify=SC&vassalage=AE', (r) => r.sub_category === 'SC' && r.vendor_code === 'AE'],
      ['minBet=1', (r) => r.min_bet >= 100],
      ['minLineNum=20', (r) => r.min_line_num >= 20],
      [
        'gameType=RNG&minBet=0.5&minLineNum=10',
        (r) => r.game_type === 'RNG' && r.min_bet >= 50 && r.min_line_num >= 10,
      ],
    ];
    for (const [query, filter] of cases) {
      const want = expected(filter);
      const { ids, total } = await allPages(query, 100);
      expect(total, query).toBe(want.length);
      expect(
        [...ids].sort((a, b) => a - b),
        query,
      ).toEqual(want);
    }
    // The combination narrows: a vendor with no games of a type finds nothing.
    expect((await list('gameType=PVP&vassalage=AG')).totalElements).toBe(0);
  });

  it('lists the category the menu shows: ELOTT holds the LOTT games when TY is supported (spec §4)', async () => {
    const ids = async (query: string) => [...(await allPages(query, 100)).ids].sort((a, b) => a - b);
    const lotteries = (r: Row) => r.game_type === 'ELOTT' || r.game_type === 'LOTT';
    expect(expected((r) => r.game_type === 'LOTT').length).toBeGreaterThan(0);
    expect(await ids('gameType=ELOTT')).toEqual(expected(lotteries));
    expect(await ids('gameType=ELOTT&vassalage=TCG_SEA')).toEqual(
      expected((r) => lotteries(r) && r.vendor_code === 'TCG_SEA'),
    );
    // A request for LOTT (the route table's /lott, an old link) lists where those games now are.
    expect(await ids('gameType=LOTT')).toEqual(expected(lotteries));
    await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN']);
    try {
      expect(await ids('gameType=ELOTT')).toEqual(expected((r) => r.game_type === 'ELOTT'));
      expect(await ids('gameType=LOTT')).toEqual(expected((r) => r.game_type === 'LOTT'));
    } finally {
      await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN', 'TY']);
    }
  });

  it("lists a SPORTS vendor of the brand's e-sports list under ESPORTS, not SPORTS (spec §3)", async () => {
    const ids = async (query: string) => [...(await allPages(query, 100)).ids].sort((a, b) => a - b);
    const bti = expected((r) => r.game_type === 'SPORTS' && r.vendor_code === 'BTI');
    expect(bti.length).toBeGreaterThan(0);
    await setBrandSetting(t.ctx.db, 'esportsVendors', ['TF', 'BTI']);
    try {
      expect(await ids('gameType=ESPORTS&vassalage=BTI')).toEqual(bti);
      expect(await ids('gameType=ESPORTS')).toEqual(
        expected((r) => r.game_type === 'ESPORTS' || (r.game_type === 'SPORTS' && r.vendor_code === 'BTI')),
      );
      expect((await list('gameType=SPORTS&vassalage=BTI')).totalElements).toBe(0);
      const lanesNow = await lanes();
      const codes = (c: string) => lanesNow.find((l) => l.gameCategory === c)?.vendors.map((v) => v.vassalage) ?? [];
      expect(codes('ESPORTS')).toContain('BTI');
      expect(codes('SPORTS')).not.toContain('BTI');
      // Its lobby opens from the e-sports page too (GCS_gameLaunchFB, the same rule).
      const lobby = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_gameLaunchFB',
        payload: { vassalage: 'BTI', gameType: 'ESPORTS' },
        headers: { authorization: member },
      });
      expect(lobby.statusCode, lobby.body).toBe(200);
    } finally {
      await setBrandSetting(t.ctx.db, 'esportsVendors', ['TF', 'IMES', 'AVIA', 'IA', 'PGE']);
    }
    expect(await ids('gameType=SPORTS&vassalage=BTI')).toEqual(bti);
  });

  it('orders hot first, then configured order, then name, and pages stably', async () => {
    const whole = await list('gameType=RNG&pageSize=100');
    const hot = whole.games.map((g) => g.isHot);
    expect(hot.indexOf(false)).toBeGreaterThan(0);
    expect(hot.slice(hot.indexOf(false))).not.toContain(true);
    const { ids, total } = await allPages('gameType=RNG', 7);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    // Across all pages: hot first, then the configured sort (names order ties; collation-dependent).
    const byId = new Map(catalogue.map((r) => [r.node_id, r]));
    const keys = ids.map((id) => [byId.get(id)!.is_hot ? 0 : 1, byId.get(id)!.sort] as const);
    for (let i = 1; i < keys.length; i++) {
      const [h0, s0] = keys[i - 1]!;
      const [h1, s1] = keys[i]!;
      expect(h0 < h1 || (h0 === h1 && s0 <= s1), `position ${i}`).toBe(true);
    }
    expect(ids.slice(0, 100)).toEqual(whole.games.map((g) => g.nodeId));
    // Past the last page: empty, same totals.
    const past = await list(`gameType=RNG&pageSize=7&pageNo=${Math.ceil(total / 7) + 1}`);
    expect(past.games).toEqual([]);
    expect(past.totalElements).toBe(total);
  });

  it('searches names case- and accent-insensitively, inside names of every language', {
    tags: ['postgres'],
  }, async () => {
    const row = await catalogueWrite(() =>
      t.ctx.db
        .insertInto('games')
        .values({
          vendor_code: 'AG',
          game_type: 'RNG',
          game_code: 'TEST-SEARCH',
          name: 'Café Olé Fiesta',
          names: JSON.stringify({
            EN: 'Café Olé Fiesta',
            TY: 'Kapistahan ng Kapé Đồng',
            KO: '보물 사냥꾼',
            TH: 'สมบัติแห่งทะเล',
            RU: 'Йошкин Кот',
            VI: 'Kho Báu  Đại Dương',
          }),
          art_seed: 7,
        })
        .returning('node_id')
        .executeTakeFirstOrThrow(),
    );
    const nodeId = Number(row.node_id);
    const hits = [
      ...['cafe ole', 'CAFÉ', 'olé fies', 'FIESTA', 'pistahan', 'kape dong', 'ĐỒNG'],
      // Korean syllables, Thai vowel and tone marks, Cyrillic й and case, Vietnamese accents and
      // doubled spaces (spec §4 "in every supported language"); NFD input matches NFC names.
      ...[
        '보물',
        '사냥꾼',
        'แห่งทะเล',
        'йошкин',
        'ЙОШКИН КОТ',
        'kho bau dai duong',
        'ĐẠI  DƯƠNG',
        'Cafe\u0301 Ole\u0301',
      ],
    ];
    for (const q of hits) {
      const found = await list(`gameName=${encodeURIComponent(q)}`);
      expect(
        found.games.map((g) => g.nodeId),
        q,
      ).toContain(nodeId);
    }
    // й is not и, and a Thai word without its marks is another word: marks outside Latin and Greek stay.
    for (const q of ['cafe x', '%', '_afe', 'fiesta\nkapistahan', 'иошкин', 'แหงทะเล', 'ㅂㅗ']) {
      const found = await list(`gameName=${encodeURIComponent(q)}`);
      expect(
        found.games.map((g) => g.nodeId),
        q,
      ).not.toContain(nodeId);
    }
    // The name shown follows the language; the search combines with the other filters.
    const ty = await list('gameName=cafe&language=TY&gameType=RNG&vassalage=AG');
    expect(ty.games.find((g) => g.nodeId === nodeId)?.gameName).toBe('Kapistahan ng Kapé Đồng');
    expect((await list('gameName=cafe&vassalage=AE')).games.map((g) => g.nodeId)).not.toContain(nodeId);
    // A seeded TY name is found through its TY words.
    const seeded = await t.ctx.db
      .selectFrom('games')
      .select(['node_id', 'names'])
      .where('game_type', '=', 'LIVE')
      .orderBy('node_id')
      .executeTakeFirstOrThrow();
    const tyName = (typeof seeded.names === 'string' ? JSON.parse(seeded.names) : seeded.names).TY as string;
    const hit = await list(`gameName=${encodeURIComponent(tyName.toUpperCase())}&pageSize=100`);
    expect(hit.games.map((g) => g.nodeId)).toContain(Number(seeded.node_id));
    expect(foldSearch('Ñandú ĐÔ')).toBe('nandu do');
    expect(foldSearch('한국어 게임')).toBe('한국어 게임');
    expect(foldSearch('Tiếng  Việt')).toBe('tieng viet');
    await catalogueWrite(() => t.ctx.db.deleteFrom('games').where('node_id', '=', nodeId).execute());
  });

  it('offers bingo (BG) only when TY is supported (spec §3)', async () => {
    const bingo = expected((r) => r.sub_category === 'BG' && r.game_type === 'RNG');
    expect(bingo.length).toBeGreaterThan(0);
    expect((await list('gameType=RNG&gameClassify=BG&pageSize=100')).totalElements).toBe(bingo.length);
    await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN']);
    try {
      expect((await list('gameClassify=BG')).totalElements).toBe(0);
      const { ids, total } = await allPages('gameType=RNG', 100);
      expect(total).toBe(expected((r) => r.game_type === 'RNG').length - bingo.length);
      expect(ids.some((id) => bingo.includes(id))).toBe(false);
      const types = (await get('/wps/relay/GCSGAME_getVassGameType?vassalage=AE', member)).json().value;
      expect(types.flatMap((x: { subCategories: string[] }) => x.subCategories)).not.toContain('BG');
    } finally {
      await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN', 'TY']);
    }
  });

  it('leaves out hidden games and vendors; lists maintained games and vendors with the mark', {
    tags: ['postgres'],
  }, async () => {
    const [hidden, maintained] = expected((r) => r.game_type === 'RNG' && r.vendor_code === 'PT');
    await catalogueWrite(() =>
      t.ctx.db.updateTable('games').set({ status: 'hidden' }).where('node_id', '=', hidden!).execute(),
    );
    await catalogueWrite(() =>
      t.ctx.db.updateTable('games').set({ status: 'maintenance' }).where('node_id', '=', maintained!).execute(),
    );
    const before = expected((r) => r.vendor_code === 'PT').length;
    const pt = await list('vassalage=PT&pageSize=100');
    expect(pt.totalElements).toBe(before - 1);
    expect(pt.games.filter((g) => g.maintenance).map((g) => g.nodeId)).toEqual([maintained]);
    const mgBefore = (await list('vassalage=MG')).totalElements;
    expect(mgBefore).toBeGreaterThan(0);
    await catalogueWrite(() =>
      t.ctx.db.updateTable('vendors').set({ status: 'maintenance' }).where('code', '=', 'MG').execute(),
    );
    try {
      const mg = await list('vassalage=MG');
      expect(mg.totalElements).toBe(mgBefore);
      expect(mg.games.every((g) => g.maintenance)).toBe(true);
      const { ids } = await allPages('gameType=RNG', 100);
      expect(ids).not.toContain(hidden);
      expect(ids).toContain(maintained);
      const mgCards = (await lanes()).flatMap((l) => l.vendors).filter((v) => v.vassalage === 'MG');
      expect(mgCards.length).toBeGreaterThan(0);
      expect(mgCards.every((v) => v.maintenance)).toBe(true);
      const res = await get('/wps/relay/GCSGAME_getVassGameType?vassalage=MG', member);
      expect(res.statusCode).toBe(200);
      await catalogueWrite(() =>
        t.ctx.db.updateTable('vendors').set({ status: 'hidden' }).where('code', '=', 'MG').execute(),
      );
      expect((await list('vassalage=MG')).totalElements).toBe(0);
      expect((await lanes()).flatMap((l) => l.vendors.map((v) => v.vassalage))).not.toContain('MG');
      expect((await get('/wps/relay/GCSGAME_getVassGameType?vassalage=MG', member)).statusCode).toBe(404);
    } finally {
      await catalogueWrite(() =>
        t.ctx.db.updateTable('vendors').set({ status: 'active' }).where('code', '=', 'MG').execute(),
      );
      await catalogueWrite(() =>
        t.ctx.db
          .updateTable('games')
          .set({ status: 'active' })
          .where('node_id', 'in', [hidden!, maintained!])
          .execute(),
      );
    }
  });

  it('refuses bad input with VALIDATION_FAILED', async () => {
    for (const q of [
      'pageSize=0',
      'pageSize=1000',
      'pageSize=101',
      'pageNo=0',
      'gameType=NOPE',
      'gameClassify=XX',
      'minBet=-1',
      'minLineNum=abc',
      `gameName=${'x'.repeat(101)}`,
    ]) {
      const res = await get(`/wps/relay/GCSGAME_gameList?${q}`, member);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /wps/relay/GCSGAME_hotGamesV2', () => {
  it('is public, cached for a minute, and lists only active hot games', { tags: ['postgres'] }, async () => {
    const res = await get(
      '/wps/relay/GCSGAME_hotGamesV2?merchantCode=x&isPlatform=2&platform=flash,html5-desktop&language=EN',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { list: hot } = HotGames.parse(res.json().value);
    expect(hot.length).toBe(2);
    expect(hot.length).toBeLessThanOrEqual(50);
    expect(hot.every((g) => g.isHot)).toBe(true);
    const first = hot[0]!.nodeId;
    await catalogueWrite(() =>
      t.ctx.db.updateTable('games').set({ status: 'hidden' }).where('node_id', '=', first).execute(),
    );
    const again = HotGames.parse((await get('/wps/relay/GCSGAME_hotGamesV2')).json().value);
    expect(again.list.map((g) => g.nodeId)).not.toContain(first);
    await catalogueWrite(() =>
      t.ctx.db.updateTable('games').set({ status: 'active' }).where('node_id', '=', first).execute(),
    );
  });
});

describe('GET /wps/relay/GCSGAME_gameVendor', () => {
  it('serves visitors the vendor cards a member of the same language gets', async () => {
    const guest = await get('/wps/relay/GCSGAME_gameVendor?language=EN');
    expect(guest.statusCode, guest.body).toBe(200);
    expect(GameVendors.parse(guest.json().value).data.lanes.length).toBeGreaterThan(0);
    expect(guest.json()).toEqual((await get('/wps/relay/GCSGAME_gameVendor?language=EN', member)).json());
  });

  it('applies the TY rules when TY is supported (spec §4)', async () => {
    const withTy = await lanes();
    const cats = withTy.map((l) => l.gameCategory);
    expect(cats).not.toContain('LOTT');
    const elott = withTy.find((l) => l.gameCategory === 'ELOTT')!;
    const tcg = elott.vendors.find((v) => v.vassalage === 'TCG_LOTTO_VN')!;
    expect(tcg.accountTypeName).toBe('');
    expect(elott.vendors.map((v) => v.vassalage)).toEqual(expect.arrayContaining(['LOTT', 'ELOTT', 'TCG_SEA']));
    const bti = withTy.find((l) => l.gameCategory === 'SPORTS')!.vendors.find((v) => v.vassalage === 'BTI')!;
    expect(bti.accountTypeName).toBe('123BET');
    expect(bti.lagerIcon).toBe('/art/vendors/BTI.svg');

    await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN']);
    try {
      const plain = await lanes();
      const lott = plain.find((l) => l.gameCategory === 'LOTT')!;
      expect(lott.vendors.find((v) => v.vassalage === 'TCG_LOTTO_VN')!.accountTypeName).not.toBe('');
      expect(plain.find((l) => l.gameCategory === 'ELOTT')!.vendors.map((v) => v.vassalage)).toEqual(['ELOTT']);
      const sports = plain.find((l) => l.gameCategory === 'SPORTS')!;
      expect(sports.vendors.find((v) => v.vassalage === 'BTI')!.accountTypeName).not.toBe('123BET');
    } finally {
      await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN', 'TY']);
    }
  });

  it('splits SPORTS cards into ESPORTS and COCKFIGHT and drops an empty SPORTS group', {
    tags: ['postgres'],
  }, async () => {
    await catalogueWrite(() =>
      t.ctx.db
        .insertInto('vendor_game_types')
        .values([
          { vendor_code: 'DS88', game_type: 'SPORTS', account_type_name: 'DS88 Sabong' },
          { vendor_code: 'TF', game_type: 'SPORTS', account_type_name: 'TF Gaming' },
        ])
        .execute(),
    );
    const sportsVendors = ['BTI'];
    try {
      const split = await lanes();
      const codes = (c: string) => split.find((l) => l.gameCategory === c)?.vendors.map((v) => v.vassalage) ?? [];
      expect(codes('SPORTS')).not.toContain('DS88');
      expect(codes('SPORTS')).not.toContain('TF');
      expect(codes('COCKFIGHT').filter((c) => c === 'DS88')).toHaveLength(1);
      expect(codes('ESPORTS').filter((c) => c === 'TF')).toHaveLength(1);
      await catalogueWrite(() =>
        t.ctx.db.updateTable('vendors').set({ status: 'hidden' }).where('code', 'in', sportsVendors).execute(),
      );
      const dropped = await lanes();
      expect(dropped.map((l) => l.gameCategory)).not.toContain('SPORTS');
      expect(dropped.every((l) => l.vendors.length > 0)).toBe(true);
    } finally {
      await catalogueWrite(() =>
        t.ctx.db.updateTable('vendors').set({ status: 'active' }).where('code', 'in', sportsVendors).execute(),
      );
      await catalogueWrite(() =>
        t.ctx.db
          .deleteFrom('vendor_game_types')
          .where('game_type', '=', 'SPORTS')
          .where('vendor_code', 'in', ['DS88', 'TF'])
          .execute(),
      );
    }
  });
});

describe('GET /wps/relay/GCSGAME_getVassGameType', () => {
  it("lists a vendor's game types with their sub-categories", async () => {
    const res = await get('/wps/relay/GCSGAME_getVassGameType?vassalage=AG', member);
    expect(res.statusCode).toBe(200);
    const types = res.json().value as { gameType: string; subCategories: string[] }[];
    expect(types.map((x) => x.gameType).sort()).toEqual(['FISH', 'LIVE', 'RNG']);
    const want = [
      ...new Set(catalogue.filter((r) => r.vendor_code === 'AG' && r.sub_category).map((r) => r.sub_category)),
    ];
    expect([...types.find((x) => x.gameType === 'RNG')!.subCategories].sort()).toEqual(want.sort());
  });

  it("answers visitors (a category page's filters) and refuses a missing vendor and an unknown one", async () => {
    const guest = await get('/wps/relay/GCSGAME_getVassGameType?vassalage=AG');
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toEqual((await get('/wps/relay/GCSGAME_getVassGameType?vassalage=AG', member)).json());
    expect((await get('/wps/relay/GCSGAME_getVassGameType')).statusCode).toBe(400);
    expect((await get('/wps/relay/GCSGAME_getVassGameType?vassalage=NOPE')).statusCode).toBe(404);
    expect((await get('/wps/relay/GCSGAME_getVassGameType', member)).statusCode).toBe(400);
    expect((await get('/wps/relay/GCSGAME_getVassGameType?vassalage=NOPE', member)).statusCode).toBe(404);
  });
});

describe('favourites', () => {
  const add = (nodeId: unknown, token = member) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_addFavoriteGameV2',
      headers: token ? { authorization: token } : {},
      payload: { nodeId, vendor: 'AG', gameType: 'RNG' },
    });
  const remove = (nodeId: number, token = member, inBody = false) =>
    t.app.inject({
      method: 'DELETE',
      url: `/wps/relay/MCSFE_removeFavoriteGameV2${inBody ? '' : `?nodeId=${nodeId}`}`,
      headers: token ? { authorization: token } : {},
      ...(inBody ? { payload: { nodeId } } : {}),
    });
  const ids = async () => (await get('/wps/relay/MCSFE_getFavoriteGames', member)).json().value as number[];
  const rows = () =>
    t.ctx.db.selectFrom('favourite_games').select('node_id').where('member_id', '=', memberId).execute();

  it('refuses guests (401) and trial members (403) on every call, changing nothing', async () => {
    const [game] = expected((r) => r.game_type === 'RNG');
    const before = await t.ctx.db.selectFrom('favourite_games').selectAll().execute();
    for (const token of ['', trial]) {
      const status = token ? 403 : 401;
      expect((await get('/wps/relay/MCSFE_getFavoriteGames', token)).statusCode).toBe(status);
      expect((await get('/wps/relay/MCSFE_getFavoriteGamesList', token)).statusCode).toBe(status);
      expect((await add(game, token)).statusCode).toBe(status);
      expect((await remove(game!, token)).statusCode).toBe(status);
    }
    expect((await get('/wps/relay/MCSFE_getFavoriteGames', trial)).json().code).toBe('ACCOUNT_TRIAL_RESTRICTED');
    expect(await t.ctx.db.selectFrom('favourite_games').selectAll().execute()).toEqual(before);
  });

  it('adds idempotently, lists ids and pages, removes by query or body', { tags: ['postgres'] }, async () => {
    const [a, b, c] = expected((r) => r.game_type === 'RNG');
    for (const id of [a, a, b, c]) expect((await add(id)).json()).toEqual({ success: true, value: null });
    expect(await rows()).toHaveLength(3);
    expect((await ids()).sort()).toEqual([a, b, c].sort());
    const page1 = (await get('/wps/relay/MCSFE_getFavoriteGamesList?pageNo=1&pageSize=2', member)).json().value;
    const page2 = (await get('/wps/relay/MCSFE_getFavoriteGamesList?pageNo=2&pageSize=2', member)).json().value;
    expect(page1).toMatchObject({ pageNum: 1, pageSize: 2, totalPages: 2, totalElements: 3 });
    const listed = [...page1.content, ...page2.content].map((g: { nodeId: number }) => g.nodeId);
    expect(listed.sort()).toEqual([a, b, c].sort());
    expect((await remove(a!)).statusCode).toBe(200);
    expect((await remove(a!)).statusCode).toBe(200);
    expect((await remove(b!, member, true)).statusCode).toBe(200);
    expect(await ids()).toEqual([c]);
    // A game that is hidden later drops out of the lists but stays remembered.
    await catalogueWrite(() =>
      t.ctx.db.updateTable('games').set({ status: 'hidden' }).where('node_id', '=', c!).execute(),
    );
    expect(await ids()).toEqual([]);
    await catalogueWrite(() =>
      t.ctx.db.updateTable('games').set({ status: 'active' }).where('node_id', '=', c!).execute(),
    );
    expect(await ids()).toEqual([c]);
    await remove(c!);
    expect(await rows()).toHaveLength(0);
  });

  it('lists the favourites of one category on the server, as the menu groups them (ELOTT holds LOTT with TY)', async () => {
    const [rng] = expected((r) => r.game_type === 'RNG');
    const [live] = expected((r) => r.game_type === 'LIVE');
    const [lott] = expected((r) => r.game_type === 'LOTT');
    for (const id of [rng, live, lott]) expect((await add(id)).statusCode).toBe(200);
    const of = async (query: string) => {
      const res = await get(`/wps/relay/MCSFE_getFavoriteGamesList?pageNo=1&pageSize=10${query}`, member);
      expect(res.statusCode, res.body).toBe(200);
      const value = res.json().value as { totalElements: number; content: { nodeId: number }[] };
      return { total: value.totalElements, ids: value.content.map((g) => g.nodeId).sort() };
    };
    try {
      expect(await of('&gameType=RNG')).toEqual({ total: 1, ids: [rng] });
      expect(await of('&gameType=LIVE')).toEqual({ total: 1, ids: [live] });
      expect(await of('&gameType=ELOTT')).toEqual({ total: 1, ids: [lott] });
      expect(await of('&gameType=LOTT')).toEqual({ total: 0, ids: [] });
      expect((await of('')).total).toBe(3);
      await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN']);
      try {
        expect(await of('&gameType=LOTT')).toEqual({ total: 1, ids: [lott] });
        expect((await of('&gameType=ELOTT')).total).toBe(0);
      } finally {
        await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN', 'TY']);
      }
      expect((await get('/wps/relay/MCSFE_getFavoriteGamesList?gameType=NOPE', member)).statusCode).toBe(400);
    } finally {
      for (const id of [rng, live, lott]) await remove(id!);
    }
  });

  it('refuses unknown, hidden and malformed games without writing', { tags: ['postgres'] }, async () => {
    const [hidden] = expected((r) => r.game_type === 'LIVE');
    await catalogueWrite(() =>
      t.ctx.db.updateTable('games').set({ status: 'hidden' }).where('node_id', '=', hidden!).execute(),
    );
    try {
      expect((await add(999_999_999)).statusCode).toBe(404);
      expect((await add(hidden)).json().code).toBe('NOT_FOUND');
      for (const bad of [0, -3, 'abc', null]) expect((await add(bad)).statusCode, String(bad)).toBe(400);
      const noId = await t.app.inject({
        method: 'DELETE',
        url: '/wps/relay/MCSFE_removeFavoriteGameV2',
        headers: { authorization: member },
      });
      expect(noId.statusCode).toBe(400);
      expect((await get('/wps/relay/MCSFE_getFavoriteGamesList?pageSize=0', member)).statusCode).toBe(400);
      expect(await rows()).toHaveLength(0);
    } finally {
      await catalogueWrite(() =>
        t.ctx.db.updateTable('games').set({ status: 'active' }).where('node_id', '=', hidden!).execute(),
      );
    }
  });

  it('stays consistent under 20 concurrent toggles of one game', { tags: ['postgres'] }, async () => {
    const [game] = expected((r) => r.game_type === 'FISH');
    const calls = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? add(game) : remove(game!)));
    const results = await Promise.all(calls);
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const after = await rows();
    expect(after.length).toBeLessThanOrEqual(1);
    expect(await ids()).toEqual(after.map((r) => Number(r.node_id)));
    await Promise.all(Array.from({ length: 20 }, () => add(game)));
    expect(await rows()).toHaveLength(1);
    await remove(game!);
  });
});

describe('GET /wps/relay/GCSGAME_getRankList', () => {
  it('is public and empty until real rounds exist (no invented winners)', async () => {
    const res = await get('/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { list: [] } });
  });

  it('refuses a limit over 20 and another category', async () => {
    expect((await get('/wps/relay/GCSGAME_getRankList?limitNum=21')).statusCode).toBe(400);
    expect((await get('/wps/relay/GCSGAME_getRankList?limitNum=0')).statusCode).toBe(400);
    expect((await get('/wps/relay/GCSGAME_getRankList?gameCategory=RNG')).statusCode).toBe(400);
  });
});

describe('RTP and volatility', () => {
  /** The vendor of the first active slot of the catalogue. */
  async function rngVendor() {
    const row = await t.ctx.db
      .selectFrom('games')
      .select('vendor_code')
      .where('game_type', '=', 'RNG')
      .where('status', '=', 'active')
      .orderBy('node_id')
      .executeTakeFirstOrThrow();
    return row.vendor_code;
  }

  it("gives a slot of a vendor the house studio serves the studio's declared RTP and volatility, and a vendor's game elsewhere neither", {
    tags: ['postgres'],
  }, async () => {
    const vendor = await rngVendor();
    const house = await list(`gameType=RNG&vassalage=${vendor}&pageSize=20`);
    expect(house.games.length).toBeGreaterThan(0);
    for (const g of house.games) {
      // The figures of the engine the studio plays the code with, the ones its RTP tests prove.
      const engine = slotEngineFor(g.gameCode);
      expect(g.rtp, g.gameCode).toBe(engine.info.declaredRtp);
      expect(g.volatility, g.gameCode).toBe(engine.config.volatility);
      expect(g.rtp).toBeGreaterThanOrEqual(0.9);
      expect(g.rtp).toBeLessThan(1);
    }

    // The same vendor launched somewhere else than the studio: its games carry no figures, and the
    // lists see the change at once (migration 0092 bumps the catalogue version).
    const before = await t.ctx.db
      .selectFrom('vendor_integrations')
      .select('launch_url')
      .where('vendor_code', '=', vendor)
      .executeTakeFirstOrThrow();
    expect(before.launch_url.startsWith('/studio/')).toBe(true);
    const moveTo = (launchUrl: string) =>
      catalogueWrite(() =>
        t.ctx.db
          .updateTable('vendor_integrations')
          .set({ launch_url: launchUrl })
          .where('vendor_code', '=', vendor)
          .execute(),
      );
    await moveTo('https://vendor.example/launch');
    try {
      const elsewhere = await list(`gameType=RNG&vassalage=${vendor}&pageSize=20`);
      expect(elsewhere.games.map((g) => g.nodeId)).toEqual(house.games.map((g) => g.nodeId));
      for (const g of elsewhere.games) expect([g.rtp, g.volatility], g.gameCode).toEqual([null, null]);
    } finally {
      await moveTo(before.launch_url);
    }
    const back = await list(`gameType=RNG&vassalage=${vendor}&pageSize=20`);
    expect(back.games.map((g) => g.rtp)).toEqual(house.games.map((g) => g.rtp));
  });

  it('gives a house game without one volatility (a live table) neither figure', async () => {
    const live = await list('gameType=LIVE&pageSize=5');
    expect(live.games.length).toBeGreaterThan(0);
    for (const g of live.games) expect([g.rtp, g.volatility], g.gameCode).toEqual([null, null]);
  });
});
