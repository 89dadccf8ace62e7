import { GAME_TYPES, WHITELABEL_SWITCHES } from '@gamehall/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

describe('seed outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(() => t.close());

  async function count(table: 'members' | 'banners' | 'announcements' | 'notices' | 'help_articles' | 'resources') {
    const row = await t.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('creates no demo accounts, money or content', async () => {
    expect(await count('members')).toBe(0);
    for (const table of ['banners', 'announcements', 'notices', 'help_articles', 'resources'] as const) {
      expect(await count(table), table).toBe(0);
    }
    const postings = await t.ctx.db.selectFrom('ledger_postings').select('id').execute();
    expect(postings).toEqual([]);
    const codes = await t.ctx.db.selectFrom('affiliate_codes').select('code').execute();
    expect(codes).toEqual([]);
  });

  it('still writes brand defaults, switches, field rules, countries, VIP levels, vendors and the catalogue', async () => {
    const settings = await t.ctx.db.selectFrom('brand_settings').select(['key', 'value']).execute();
    expect(settings.map((s) => s.key)).toContain('defaultPassword');
    // The cookie banner is the demo's; a brand outside demo mode starts without it.
    expect(settings.find((s) => s.key === 'cookieConsentBanner')?.value).toBe(false);
    const switches = await t.ctx.db.selectFrom('whitelabel_switches').select('mod_id').execute();
    for (const name of WHITELABEL_SWITCHES) expect(switches.map((s) => s.mod_id)).toContain(name);
    const rules = await t.ctx.db.selectFrom('register_field_rules').select('field').execute();
    expect(rules.map((r) => r.field)).toContain('username');
    const countries = await t.ctx.db.selectFrom('countries').select('country_code').execute();
    expect(countries.length).toBeGreaterThanOrEqual(40);
    const vip = await t.ctx.db.selectFrom('vip_levels').select('level').execute();
    expect(vip).toHaveLength(10);
    const games = await t.ctx.db.selectFrom('games').select(['game_type', 'game_code', 'vendor_code']).execute();
    // The configured slots, plus the house crash tile (RNG, sub-category AC).
    expect(games.filter((g) => g.game_type === 'RNG' && !g.game_code.startsWith('CRASH-'))).toHaveLength(
      t.ctx.config.catalogueSlots,
    );
    // Every category the house studio plays; JL is JILI's game type, which the house does not make.
    for (const type of GAME_TYPES.filter((type) => type !== 'JL'))
      expect(
        games.some((g) => g.game_type === type),
        type,
      ).toBe(true);
    expect(games.some((g) => g.game_type === 'JL')).toBe(false);
  });

  it('seeds only the house studio, under its own name, with one tile per game it plays', async () => {
    const vendors = await t.ctx.db.selectFrom('vendors').select(['code', 'name']).orderBy('sort').execute();
    expect(vendors).toEqual([
      { code: 'GH', name: 'Gamehall Studio' },
      { code: 'LOTT', name: 'Gamehall Studio Lotto' },
      { code: 'ELOTT', name: 'Gamehall Studio Quick Lotto' },
    ]);
    const tables = await t.ctx.db
      .selectFrom('games')
      .select(['game_code', 'name'])
      .where('vendor_code', '=', 'GH')
      .where('game_type', 'in', ['LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT'])
      .where('lobby', '=', false)
      .orderBy('game_type')
      .orderBy('game_code')
      .execute();
    expect(tables.map((g) => `${g.game_code} ${g.name}`)).toEqual([
      'COCKFIGHT-001 Virtual Sabong',
      'ESPORTS-001 Virtual E-Sports',
      'FISH-001 Reef Hunter',
      'LIVE-001 Virtual Baccarat',
      'LIVE-002 Virtual Roulette',
      "PVP-001 Texas Hold'em",
      'PVP-002 Three Card Duel vs the House',
      'SPORTS-001 Virtual Football',
    ]);
    // The house sportsbook: one lobby game per category, opened by the category's lobby.
    const lobbies = await t.ctx.db
      .selectFrom('games')
      .select(['vendor_code', 'game_code', 'name'])
      .where('lobby', '=', true)
      .orderBy('game_code')
      .execute();
    expect(lobbies.map((g) => `${g.vendor_code} ${g.game_code} ${g.name}`)).toEqual([
      'GH COCKFIGHT-000 Sabong Betting',
      'GH ESPORTS-000 E-Sports Betting',
      'GH SPORTS-000 Sports Betting',
    ]);
  });

  it('serves the menu call without any demo content', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lgw/games/game_menus' });
    expect(res.statusCode).toBe(200);
    // The default brand supports TY, so LOTT is shown merged into ELOTT (spec §4 TY rules).
    expect(res.json().value.map((c: { gameCategory: string }) => c.gameCategory)).toEqual([
      'RNG',
      'LIVE',
      'FISH',
      'PVP',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'ELOTT',
      // The house studio's mini games, placed last by migration 0119.
      'MINI',
    ]);
  });
});
