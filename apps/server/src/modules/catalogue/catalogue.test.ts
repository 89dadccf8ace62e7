import { GameMenus } from '@gamehall/shared/api/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_TITLES } from '../../seed/catalogue-seed';
import { createTestApp, type TestApp } from '../../test/harness';
import { setBrandSetting } from '../brand/brand.service';

type Menu = { gameCategory: string; vendors: Record<string, unknown>[] }[];

describe('GET /lgw/games/game_menus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function menus(query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/lgw/games/game_menus${query}` });
    return { res, value: (res.json() as { value: Menu }).value };
  }

  it('lists every category with vendors, in menu order, with vendor cards', async () => {
    const { res, value } = await menus();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(GameMenus.safeParse(value).success).toBe(true);
    expect(value.map((c) => c.gameCategory)).toEqual([
      'RNG',
      'LIVE',
      'FISH',
      'PVP',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      // The demo brand supports TY: LOTT merges into ELOTT (spec §4), below.
      'ELOTT',
      'JL',
      'MINI',
    ]);
    const rng = value.find((c) => c.gameCategory === 'RNG')!;
    expect(rng.vendors.map((v) => v.vassalage)).toEqual([
      'AE',
      'AG',
      'CQ9',
      'GG',
      'ISB',
      'MG',
      'MGS',
      'PNG',
      'PT',
      'RTG',
      'TTG',
      'WD',
    ]);
    expect(rng.vendors[1]).toEqual({
      vassalage: 'AG',
      name: 'Azure Garden Games',
      lagerIcon: '/art/vendors/AG.svg',
      accountTypeName: 'Azure Garden Games',
      isGame: null,
      gameCount: expect.any(Number),
      playableCount: expect.any(Number),
      maintenance: false,
    });
    const slotTotal = rng.vendors.reduce((s, v) => s + (v.gameCount as number), 0);
    // The configured slots plus the crash tiles the seed adds to the slot vendors (CRASH_TITLES).
    expect(slotTotal).toBe(t.ctx.config.catalogueSlots + CRASH_TITLES.length);
    const sports = value.find((c) => c.gameCategory === 'SPORTS')!;
    for (const v of sports.vendors) expect(v.isGame).toBe('VASSALAGE');
    const live = value.find((c) => c.gameCategory === 'LIVE')!;
    expect(live.vendors.map((v) => v.vassalage)).toContain('AG');
  });

  it('applies the TY rules by brand support: LOTT merged into ELOTT once, TCG blanked, BTI as 123BET', async () => {
    const vendorsOf = (menu: Menu, c: string) => menu.find((m) => m.gameCategory === c)?.vendors ?? [];
    const ty = (await menus('?language=EN')).value;
    expect(ty.filter((c) => c.gameCategory === 'ELOTT')).toHaveLength(1);
    expect(ty.map((c) => c.gameCategory)).not.toContain('LOTT');
    const elott = vendorsOf(ty, 'ELOTT');
    expect(elott.map((v) => v.vassalage).sort()).toEqual(['ELOTT', 'LOTT', 'TCG_LOTTO_VN', 'TCG_SEA']);
    expect(elott.find((v) => v.vassalage === 'TCG_SEA')?.name).toBe('');
    expect(vendorsOf(ty, 'SPORTS').find((v) => v.vassalage === 'BTI')?.name).toBe('123BET');
    await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN']);
    try {
      // Whatever language the caller asks for: the brand decides.
      const plain = (await menus('?language=TY')).value;
      expect(vendorsOf(plain, 'LOTT').map((v) => v.vassalage)).toEqual(['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT']);
      expect(vendorsOf(plain, 'ELOTT').map((v) => v.vassalage)).toEqual(['ELOTT']);
      expect(vendorsOf(plain, 'SPORTS').find((v) => v.vassalage === 'BTI')?.name).toBe('Bluetit Sports');
    } finally {
      await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN', 'TY']);
    }
  });

  it("moves the SPORTS vendors of the brand's e-sports and cockfight lists (spec §3), as the lanes do", async () => {
    await setBrandSetting(t.ctx.db, 'cockfightVendors', ['DS88', 'DIG', 'BTI']);
    try {
      const value = (await menus()).value;
      const codes = (c: string) => value.find((m) => m.gameCategory === c)?.vendors.map((v) => v.vassalage) ?? [];
      expect(codes('COCKFIGHT').sort()).toEqual(['BTI', 'DS88']);
      expect(codes('SPORTS')).not.toContain('BTI');
    } finally {
      await setBrandSetting(t.ctx.db, 'cockfightVendors', ['DS88', 'DIG', 'SV388', 'S128']);
    }
  });

  it('accepts the language parameter and answers the same menu', async () => {
    const plain = await menus();
    const ty = await menus('?language=TY');
    expect(ty.res.statusCode).toBe(200);
    expect(ty.value).toEqual(plain.value);
  });

  it('refuses an over-long language with VALIDATION_FAILED', async () => {
    const { res } = await menus(`?language=${'X'.repeat(11)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      value: { fields: { language: 'TOO_LONG' } },
    });
  });

  it('counts the listed games: a hidden game leaves the count', async () => {
    const game = await t.ctx.db
      .selectFrom('games')
      .select(['node_id'])
      .where('vendor_code', '=', 'DS88')
      .where('game_type', '=', 'COCKFIGHT')
      .orderBy('node_id')
      .executeTakeFirstOrThrow();
    const count = async () =>
      (await menus()).value.find((c) => c.gameCategory === 'COCKFIGHT')!.vendors.find((v) => v.vassalage === 'DS88')!
        .gameCount as number;
    const before = await count();
    await t.ctx.db.updateTable('games').set({ status: 'hidden' }).where('node_id', '=', game.node_id).execute();
    expect(await count()).toBe(before - 1);
    await t.ctx.db.updateTable('games').set({ status: 'active' }).where('node_id', '=', game.node_id).execute();
    expect(await count()).toBe(before);
  });

  it('keeps a vendor in maintenance in every category it serves, marked, with no playable game', async () => {
    const served = (await menus()).value.filter((c) => c.vendors.some((v) => v.vassalage === 'AG'));
    expect(served.length).toBeGreaterThan(0);
    await t.ctx.db.updateTable('vendors').set({ status: 'maintenance' }).where('code', '=', 'AG').execute();
    try {
      const { value } = await menus();
      for (const c of served) {
        const before = c.vendors.find((v) => v.vassalage === 'AG')!;
        const now = value.find((x) => x.gameCategory === c.gameCategory)!.vendors.find((v) => v.vassalage === 'AG');
        expect(now).toMatchObject({ maintenance: true, gameCount: before.gameCount, playableCount: 0 });
      }
      expect(value.flatMap((c) => c.vendors).filter((v) => v.vassalage !== 'AG' && v.maintenance)).toEqual([]);
    } finally {
      await t.ctx.db.updateTable('vendors').set({ status: 'active' }).where('code', '=', 'AG').execute();
    }
  });

  it('drops a category whose vendors are all hidden', async () => {
    const codes = (
      await t.ctx.db
        .selectFrom('vendor_game_types')
        .select('vendor_code')
        .where('game_type', '=', 'COCKFIGHT')
        .execute()
    ).map((r) => r.vendor_code);
    expect(codes.length).toBeGreaterThan(0);
    await t.ctx.db.updateTable('vendors').set({ status: 'hidden' }).where('code', 'in', codes).execute();
    try {
      const { value } = await menus();
      expect(value.map((c) => c.gameCategory)).not.toContain('COCKFIGHT');
      expect(value.map((c) => c.gameCategory)).toContain('SPORTS');
    } finally {
      await t.ctx.db.updateTable('vendors').set({ status: 'active' }).where('code', 'in', codes).execute();
    }
    expect((await menus()).value.map((c) => c.gameCategory)).toContain('COCKFIGHT');
  });

  it('is public: a caller with a bad token still gets the menu', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/lgw/games/game_menus',
      headers: { authorization: 'not-a-token' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('is documented in the OpenAPI document, with the artwork routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/lgw/games/game_menus',
        '/art/games/{file}',
        '/art/vendors/{file}',
        '/art/banners/{file}',
        '/art/avatars/{file}',
      ]),
    );
  });
});
