import { GAME_TYPES, SLOT_SUB_CATEGORIES } from '@gamehall/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  avatarSvg,
  bannerSvg,
  escapeXml,
  gameSvg,
  symbolFor,
  TILE_LAYOUTS,
  tileDesign,
  vendorSvg,
  wrapTitle,
} from './art';

/** A small XML well-formedness check: one root, balanced tags, quoted attributes, escaped text. */
function assertWellFormed(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  const stack: string[] = [];
  let i = 0;
  let roots = 0;
  while (i < svg.length) {
    const lt = svg.indexOf('<', i);
    const text = svg.slice(i, lt === -1 ? svg.length : lt);
    expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    expect(text).not.toContain('>');
    if (lt === -1) break;
    if (stack.length === 0) {
      expect(text).toBe('');
      roots++;
    }
    tag.lastIndex = lt;
    const m = tag.exec(svg);
    if (!m) throw new Error(`malformed markup at ${lt}: ${svg.slice(lt, lt + 80)}`);
    const [, close, name, attrs, selfClosing] = m;
    expect(attrs ?? '').not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    if (close) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name!);
    i = tag.lastIndex;
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

describe('generated artwork', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  function expectSvgResponse(res: Awaited<ReturnType<typeof get>>) {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    assertWellFormed(res.body);
  }

  it('draws a distinct, well-formed 300 x 300 tile per game with its title and vendor', async () => {
    const games = await t.ctx.db
      .selectFrom('games')
      .select(['node_id', 'name', 'vendor_code'])
      .where('game_type', '=', 'RNG')
      .orderBy('node_id')
      .limit(2)
      .execute();
    const [a, b] = games;
    const resA = await get(`/art/games/${a!.node_id}.svg`);
    const resB = await get(`/art/games/${b!.node_id}.svg`);
    expectSvgResponse(resA);
    expectSvgResponse(resB);
    expect(resA.body).not.toBe(resB.body);
    expect(resA.headers.etag).not.toBe(resB.headers.etag);
    expect(resA.body).toContain('width="300" height="300" viewBox="0 0 300 300"');
    expect(resA.body).toContain(`>${a!.vendor_code}</text>`);
    for (const word of a!.name.split(' ')) expect(resA.body).toContain(word);
    // The same game draws the same bytes every time (stable ETag across nodes and restarts).
    expect((await get(`/art/games/${a!.node_id}.svg`)).body).toBe(resA.body);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const game = await t.ctx.db.selectFrom('games').select('node_id').limit(1).executeTakeFirstOrThrow();
    const first = await get(`/art/games/${game.node_id}.svg`);
    const again = await get(`/art/games/${game.node_id}.svg`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await get(`/art/games/${game.node_id}.svg`, { 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
  });

  it('escapes every piece of text it draws', async () => {
    const row = await t.ctx.db
      .insertInto('games')
      .values({
        vendor_code: 'AG',
        game_type: 'RNG',
        game_code: 'TEST-ESCAPE',
        name: `Tom & Jerry's <Big> "Win"`,
        names: JSON.stringify({ EN: `Tom & Jerry's <Big> "Win"` }),
        art_seed: 42,
      })
      .returning('node_id')
      .executeTakeFirstOrThrow();
    const res = await get(`/art/games/${row.node_id}.svg`);
    expectSvgResponse(res);
    expect(res.body).toContain('Tom &amp; Jerry&apos;s');
    expect(res.body).toContain('&lt;Big&gt;');
    expect(res.body).not.toContain('<Big>');
    await t.ctx.db.deleteFrom('games').where('node_id', '=', row.node_id).execute();
  });

  it('serves the default icon', async () => {
    const res = await get('/art/games/default.svg');
    expectSvgResponse(res);
    expect(res.body).toContain('viewBox="0 0 300 300"');
  });

  it('answers 404 with the failure envelope for unknown or malformed game ids', async () => {
    for (const url of [
      '/art/games/999999999.svg',
      '/art/games/abc.svg',
      '/art/games/12',
      '/art/games/12.png',
      '/art/games/-1.svg',
      `/art/games/${'9'.repeat(30)}.svg`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('serves vendor logo tiles and refuses unknown vendors', async () => {
    const ag = await get('/art/vendors/AG.svg');
    expectSvgResponse(ag);
    expect(ag.body).toContain('Azure Garden Games');
    expect(ag.body).toContain('>AG</text>');
    const tcg = await get('/art/vendors/TCG_LOTTO_VN.svg');
    expectSvgResponse(tcg);
    expect(tcg.body).not.toBe(ag.body);
    // A brand with TY blanks TCG codes and names (spec §4), and the tile is one image for every
    // brand: it carries neither.
    expect(tcg.body).not.toContain('TCG');
    expect(tcg.body).not.toContain('Tamarind');
    assertWellFormed(tcg.body);
    for (const url of ['/art/vendors/NOPE.svg', '/art/vendors/AG.png', '/art/vendors/%3Cx%3E.svg']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('serves the banners named by banner rows, 1920 x 600 with their title', async () => {
    const banner = await t.ctx.db
      .selectFrom('banners')
      .select(['image_url', 'title'])
      .where('group_name', '=', 'w_home')
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    const res = await get(banner.image_url);
    expectSvgResponse(res);
    expect(res.body).toContain('width="1920" height="600" viewBox="0 0 1920 600"');
    expect(res.body).toContain(escapeXml(banner.title.split(' ')[0]!));
    for (const url of ['/art/banners/no-such-banner.svg', '/art/banners/UPPER.svg', '/art/banners/x']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('serves avatars 1 to 12, each different, and nothing else', async () => {
    const bodies = new Set<string>();
    for (let n = 1; n <= 12; n++) {
      const res = await get(`/art/avatars/${n}.svg`);
      expectSvgResponse(res);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(12);
    for (const url of ['/art/avatars/0.svg', '/art/avatars/13.svg', '/art/avatars/x.svg']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('is public: no token needed, and a bad token is ignored', async () => {
    const res = await get('/art/avatars/1.svg', { authorization: 'nonsense' });
    expect(res.statusCode).toBe(200);
  });

  it('varies a screen of slot tiles: many symbols and layouts, none of them on most tiles', async () => {
    const slots = await t.ctx.db
      .selectFrom('games')
      .select(['node_id', 'art_seed', 'vendor_code', 'name', 'game_type', 'sub_category'])
      .where('game_type', '=', 'RNG')
      .where('sub_category', 'is', null)
      .orderBy('sort')
      .orderBy('name')
      .limit(36)
      .execute();
    const designs = slots.map((g) =>
      tileDesign({
        nodeId: Number(g.node_id),
        seed: g.art_seed,
        vendor: g.vendor_code,
        name: g.name,
        gameType: g.game_type,
        subCategory: g.sub_category,
      }),
    );
    const count = (key: (d: (typeof designs)[number]) => string) => {
      const map = new Map<string, number>();
      for (const d of designs) map.set(key(d), (map.get(key(d)) ?? 0) + 1);
      return map;
    };
    const symbols = count((d) => d.symbol);
    expect(symbols.size).toBeGreaterThanOrEqual(15);
    expect(Math.max(...symbols.values())).toBeLessThanOrEqual(designs.length * 0.15);
    // The old trio is no longer the look of the lobby.
    const trio = ['bell', 'crown', 'star'].reduce((n, s) => n + (symbols.get(s) ?? 0), 0);
    expect(trio).toBeLessThanOrEqual(designs.length * 0.2);
    const layouts = count((d) => d.layout);
    expect([...layouts.keys()].sort()).toEqual([...TILE_LAYOUTS].sort());
  });
});

describe('art drawing functions', () => {
  it('wraps a title into at most two balanced lines', () => {
    expect(wrapTitle('Roulette')).toEqual(['Roulette']);
    expect(wrapTitle('Golden Dragon Jackpot')).toEqual(['Golden Dragon', 'Jackpot']);
    expect(wrapTitle('Yaman ng Nagniningning na Tigre', 24)).toEqual(['Yaman ng', 'Nagniningning na Tigre']);
    expect(wrapTitle('Yaman ng Nagniningning na Tigre', 18)).toEqual(['Yaman ng', 'Nagniningning na…']);
    const long = wrapTitle('A very long title with many many words that cannot fit anywhere at all', 18);
    expect(long).toHaveLength(2);
    for (const line of long) expect(line.length).toBeLessThanOrEqual(18);
    expect(long[1]!.endsWith('…')).toBe(true);
    expect(wrapTitle('   ')).toEqual([]);
  });

  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });

  it('picks the symbol of the category', () => {
    const pick = (gameType: string, name = 'Game', subCategory: string | null = null) =>
      symbolFor({ gameType, name, subCategory }, () => 0.9);
    expect(pick('FISH')).toBe('fish');
    expect(pick('SPORTS')).toBe('ball');
    expect(pick('ESPORTS')).toBe('controller');
    expect(pick('COCKFIGHT')).toBe('rooster');
    expect(pick('LOTT')).toBe('balls');
    expect(pick('LIVE', 'Roulette')).toBe('wheel');
    expect(pick('LIVE', 'Baccarat A')).toBe('cards');
    expect(pick('PVP', 'Tongits')).toBe('cards');
    expect(pick('RNG', 'Golden Fruits Deluxe', 'JP')).toBe('coins');
    expect(pick('RNG', 'Golden Fruits Deluxe', 'BG')).toBe('bingo');
  });

  it('draws well-formed tiles for every category and sub-category, distinct by seed', () => {
    const svgs = new Set<string>();
    let seed = 1;
    for (const gameType of [...GAME_TYPES, 'UNKNOWN']) {
      for (const sub of gameType === 'RNG' ? [null, ...SLOT_SUB_CATEGORIES] : [null]) {
        for (const name of ['Golden Cherries Rush', 'Roulette', 'Sic Bo', 'Fast 3', 'Mahjong Duel']) {
          const svg = gameSvg({
            nodeId: seed,
            seed: seed * 7919,
            vendor: 'TCG_LOTTO_VN',
            name,
            gameType,
            subCategory: sub,
          });
          assertWellFormed(svg);
          svgs.add(svg);
          seed++;
        }
      }
    }
    expect(svgs.size).toBe(seed - 1);
    assertWellFormed(vendorSvg({ code: 'X&Y', name: '<Vendor>' }));
    assertWellFormed(bannerSvg({ slug: 'a', title: 'Fish & "Chips" <today>' }));
    for (let n = 1; n <= 12; n++) assertWellFormed(avatarSvg(n));
  });

  it("draws a slot's theme from the words of its name", () => {
    const themed = (name: string) =>
      new Set(
        Array.from({ length: 40 }, (_, i) =>
          symbolFor({ gameType: 'RNG', name, subCategory: null }, () => (i + 0.5) / 50),
        ),
      );
    expect(themed('Frozen Panda Rush')).toEqual(new Set(['snowflake', 'paw']));
    expect(themed('Ancient Pharaoh Quest')).toContain('pyramid');
    expect(themed('Stormy Pirate Reels')).toEqual(new Set(['bolt', 'chest', 'anchor']));
  });
});
