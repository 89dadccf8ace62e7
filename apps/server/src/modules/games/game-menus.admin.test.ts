import type { AdminGameMenus, AdminGameMenusBody } from '@gamehall/shared/api/admin-games';
import type { GameMenus } from '@gamehall/shared/api/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, expectFailure } from '../cashier/cashier.fixtures';

// The back office's game menus: operators order the categories
// and their vendors and switch either off; the player site's menu call follows at once, and every
// save is audited with before and after.

let t: TestApp;
let writer: string;
let reader: string;
const { member, operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  writer = (await operator(['games.read', 'games.write'])).token;
  reader = (await operator(['games.read'])).token;
});
afterAll(() => t.close());

function api(method: 'GET' | 'PUT', url: string, token: string | undefined, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function adminMenus(): Promise<AdminGameMenus['list']> {
  const res = await api('GET', '/admin/games/menus', reader);
  expect(res.statusCode).toBe(200);
  return res.json().value.list;
}

async function siteMenus(): Promise<GameMenus> {
  const res = await api('GET', '/lgw/games/game_menus', undefined);
  expect(res.statusCode).toBe(200);
  return res.json().value;
}

function bodyOf(list: AdminGameMenus['list']): AdminGameMenusBody {
  return {
    categories: list.map((c) => ({
      gameType: c.gameType,
      enabled: c.enabled,
      vendors: c.vendors.map((v) => ({ code: v.code, enabled: v.enabled })),
    })),
  };
}

async function auditRows(event: string) {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select(['detail', 'success'])
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    success: r.success,
    detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
  }));
}

describe('game menus', () => {
  it('lists every category in the order the site shows, each with its vendors', async () => {
    const list = await adminMenus();
    const site = await siteMenus();
    // The site's plain (non-TY) menu lists the same categories in the same order, minus any without active vendors.
    const shown = list.filter((c) => c.vendors.some((v) => v.vendorStatus === 'active')).map((c) => c.gameType);
    const siteTypes = site.map((c) => c.gameCategory);
    expect(shown.filter((c) => siteTypes.includes(c))).toEqual(siteTypes.filter((c) => shown.includes(c)));
    expect(list.every((c) => c.enabled && c.vendors.every((v) => v.enabled))).toBe(true);
    expect(list.find((c) => c.gameType === 'RNG')?.vendors.length).toBeGreaterThan(1);
  });

  it('reorders categories and vendors and switches them off; the menu call follows; audited', async () => {
    const before = await adminMenus();
    const body = bodyOf(before);
    // LIVE first, RNG's vendors reversed with its first one switched off, FISH off.
    const live = body.categories.findIndex((c) => c.gameType === 'LIVE');
    const [liveCategory] = body.categories.splice(live, 1);
    body.categories.unshift(liveCategory!);
    const rng = body.categories.find((c) => c.gameType === 'RNG')!;
    rng.vendors.reverse();
    rng.vendors[0]!.enabled = false;
    body.categories.find((c) => c.gameType === 'FISH')!.enabled = false;

    const saved = await api('PUT', '/admin/games/menus', writer, body);
    expect(saved.statusCode).toBe(200);
    const after = saved.json().value.list as AdminGameMenus['list'];
    expect(after.map((c) => c.gameType)).toEqual(body.categories.map((c) => c.gameType));
    expect(after.find((c) => c.gameType === 'RNG')!.vendors.map((v) => [v.code, v.enabled])).toEqual(
      rng.vendors.map((v) => [v.code, v.enabled]),
    );
    expect(await adminMenus()).toEqual(after);

    const site = await siteMenus();
    expect(site[0]?.gameCategory).toBe('LIVE');
    expect(site.map((c) => c.gameCategory)).not.toContain('FISH');
    const siteRng = site.find((c) => c.gameCategory === 'RNG')!.vendors.map((v) => v.vassalage);
    const expected = rng.vendors
      .filter((v) => v.enabled)
      .map((v) => v.code)
      .filter(
        (code) =>
          before.find((c) => c.gameType === 'RNG')!.vendors.find((v) => v.code === code)!.vendorStatus === 'active',
      );
    expect(siteRng).toEqual(expected);
    expect(siteRng).not.toContain(rng.vendors[0]!.code);

    const [entry] = await auditRows('games.menus');
    expect(entry?.success).toBe(true);
    expect(entry?.detail.target).toBe('game-menus');
    expect(entry?.detail.before).toEqual(before);
    expect(entry?.detail.after).toEqual(after);

    // Back as it was: the site's menu is the original again.
    expect((await api('PUT', '/admin/games/menus', writer, bodyOf(before))).statusCode).toBe(200);
    expect(await adminMenus()).toEqual(before);
    expect((await siteMenus())[0]?.gameCategory).not.toBe('LIVE');
  });

  it('refuses a menu that leaves out, repeats or invents a category or vendor, and changes nothing', async () => {
    const before = await adminMenus();
    const site = await siteMenus();
    const good = bodyOf(before);
    const broken: [string, AdminGameMenusBody, string][] = [
      ['missing category', { categories: good.categories.slice(1) }, 'categories'],
      ['repeated category', { categories: [...good.categories, good.categories[0]!] }, 'categories'],
      [
        'unknown category',
        { categories: [...good.categories.slice(1), { gameType: 'NOPE', enabled: true, vendors: [] }] },
        'categories',
      ],
      [
        'missing vendor',
        {
          categories: good.categories.map((c) =>
            c.gameType === 'RNG' ? { ...c, enabled: false, vendors: c.vendors.slice(1) } : c,
          ),
        },
        'vendors',
      ],
      [
        'vendor of another category',
        {
          categories: good.categories.map((c) =>
            c.gameType === 'RNG'
              ? { ...c, vendors: [...c.vendors.slice(1), { code: 'NOT_A_VENDOR', enabled: true }] }
              : c,
          ),
        },
        'vendors',
      ],
    ];
    for (const [, body, field] of broken) {
      const res = await api('PUT', '/admin/games/menus', writer, body);
      expectFailure(res, 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(res.json())).toContain(field);
    }
    for (const payload of [
      {},
      { categories: [] },
      { categories: [{ gameType: 'rng lower', enabled: true, vendors: [] }] },
      { categories: good.categories.map((c) => ({ ...c, enabled: 'yes' })) },
      { ...good, extra: 1 },
    ])
      expectFailure(await api('PUT', '/admin/games/menus', writer, payload), 400, 'VALIDATION_FAILED');
    expect(await adminMenus()).toEqual(before);
    expect(await siteMenus()).toEqual(site);
    const failed = (await auditRows('games.menus')).filter((r) => !r.success);
    expect(failed.length).toBeGreaterThanOrEqual(broken.length);
  });

  it('reading needs games.read and saving games.write', async () => {
    const body = bodyOf(await adminMenus());
    expectFailure(await api('PUT', '/admin/games/menus', reader, body), 403, 'AUTH_FORBIDDEN');
    const other = (await operator(['members.read'])).token;
    expectFailure(await api('GET', '/admin/games/menus', other), 403, 'AUTH_FORBIDDEN');
    expectFailure(await api('PUT', '/admin/games/menus', other, body), 403, 'AUTH_FORBIDDEN');
    const m = await member();
    expect((await api('GET', '/admin/games/menus', m.token)).statusCode).toBeGreaterThanOrEqual(401);
    expect((await api('GET', '/admin/games/menus', undefined)).statusCode).toBe(401);
  });
});
