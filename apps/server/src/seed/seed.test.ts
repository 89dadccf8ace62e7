import { GAME_TYPES, SLOT_SUB_CATEGORIES, WHITELABEL_SWITCHES } from '@gamehall/shared/constants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/accounts/passwords';
import { getBrand, setBrandSetting, setSwitch } from '../modules/brand/brand.service';
import { balanceOf } from '../modules/ledger/ledger.service';
import { createTestApp, type TestApp } from '../test/harness';
import { seed } from './seed';

const TABLES = [
  'brand_settings',
  'whitelabel_switches',
  'register_field_rules',
  'countries',
  'vip_levels',
  'vendors',
  'vendor_game_types',
  'games',
  'resources',
  'banners',
  'announcements',
  'notices',
  'help_categories',
  'help_articles',
  'members',
  'member_login_ips',
  'member_messages',
  'affiliate_codes',
  'ledger_accounts',
  'ledger_postings',
  'ledger_entries',
] as const;

describe('seed in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function rowCounts() {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  }

  function member(username: string) {
    return t.ctx.db.selectFrom('members').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  }

  it('is idempotent: a second run changes no row and hashes no password again', async () => {
    const before = await rowCounts();
    const hashes = await t.ctx.db.selectFrom('members').select(['username', 'password_hash']).execute();
    await seed(t.ctx, { demo: true, catalogueSlots: t.ctx.config.catalogueSlots });
    expect(await rowCounts()).toEqual(before);
    // A hash made again would differ (a fresh salt): equal hashes mean no password was hashed twice.
    // How long a restart's seed takes is measured by bench/startup.ts, not asserted here.
    expect(await t.ctx.db.selectFrom('members').select(['username', 'password_hash']).execute()).toEqual(hashes);
  });

  it('never overwrites or brings back what an operator changed', async () => {
    await setBrandSetting(t.ctx.db, 'siteName', 'Lucky Palace');
    await setSwitch(t.ctx.db, 'FREEPLAY3', false);
    await t.ctx.db.updateTable('register_field_rules').set({ required: true }).where('field', '=', 'email').execute();
    await t.ctx.db.updateTable('vendors').set({ status: 'maintenance' }).where('code', '=', 'PNG').execute();
    await t.ctx.db.updateTable('countries').set({ mobile_digits: 12 }).where('country_code', '=', 'VN').execute();
    await t.ctx.db.deleteFrom('banners').where('image_url', '=', '/art/banners/activity-deposit.svg').execute();
    await t.ctx.db
      .updateTable('notices')
      .set({ title: 'Renamed notice' })
      .where('sort', '=', 0)
      .where('language', '=', 'EN')
      .execute();
    const banners = await rowCounts();

    await seed(t.ctx, { demo: true, catalogueSlots: t.ctx.config.catalogueSlots });

    const brand = await getBrand(t.ctx.db);
    expect(brand.siteName).toBe('Lucky Palace');
    expect(brand.switches.FREEPLAY3).toBe(false);
    const email = await t.ctx.db
      .selectFrom('register_field_rules')
      .select('required')
      .where('field', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(email.required).toBe(true);
    const png = await t.ctx.db
      .selectFrom('vendors')
      .select('status')
      .where('code', '=', 'PNG')
      .executeTakeFirstOrThrow();
    expect(png.status).toBe('maintenance');
    const vn = await t.ctx.db
      .selectFrom('countries')
      .select('mobile_digits')
      .where('country_code', '=', 'VN')
      .executeTakeFirstOrThrow();
    expect(vn.mobile_digits).toBe(12);
    expect(await rowCounts()).toEqual(banners);

    await setBrandSetting(t.ctx.db, 'siteName', 'Gamehall');
    await setSwitch(t.ctx.db, 'FREEPLAY3', true);
    await t.ctx.db.updateTable('register_field_rules').set({ required: false }).where('field', '=', 'email').execute();
    await t.ctx.db.updateTable('vendors').set({ status: 'active' }).where('code', '=', 'PNG').execute();
  });

  it('writes the eleven whitelabel switches as a tree, all on', async () => {
    const rows = await t.ctx.db.selectFrom('whitelabel_switches').selectAll().execute();
    const byId = new Map(rows.map((r) => [r.mod_id, r]));
    for (const name of WHITELABEL_SWITCHES) {
      expect(byId.get(name), name).toBeDefined();
      expect(byId.get(name)?.enabled).toBe(true);
      expect(byId.get(name)?.name.length).toBeGreaterThan(3);
    }
    for (const name of ['USERNAMEREG3', 'MOBILENUMREG3', 'REGMOBVERF3', 'MOBILENUMPASSREG3', 'DIRECTREG3']) {
      expect(byId.get(name)?.parent_mod_id).toBe('REGISTRATION');
    }
    for (const row of rows) if (row.parent_mod_id) expect(byId.has(row.parent_mod_id)).toBe(true);
  });

  it('writes the registration field rules of spec §5', async () => {
    const rows = await t.ctx.db.selectFrom('register_field_rules').selectAll().execute();
    const rule = (field: string) => {
      const r = rows.find((x) => x.field === field);
      if (!r) throw new Error(`no rule for ${field}`);
      return [r.enabled, r.required, r.min_length, r.max_length, r.pattern_id];
    };
    expect(rows).toHaveLength(27);
    expect(rule('username')).toEqual([true, true, 4, 16, 1]);
    expect(rule('password')).toEqual([true, true, 6, 20, 5]);
    expect(rule('confirmPassword')).toEqual([true, true, 6, 20, 5]);
    expect(rule('mobileNum')).toEqual([true, false, 7, 11, 6]);
    expect(rule('email')).toEqual([true, false, 6, 50, 3]);
    expect(rule('payeeName')).toEqual([true, false, 2, 50, 17]);
    expect(rule('affiliateCode')).toEqual([true, false, 4, 20, 4]);
    expect(rule('referralCode')).toEqual([true, false, 4, 20, 4]);
    expect(rule('paymentPassword')).toEqual([true, false, 6, 6, 6]);
    expect(rule('birthday')).toEqual([true, false, 10, 10, 11]);
    for (const field of ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'telegram', 'zalo']) {
      expect(rule(field)[0], field).toBe(false);
    }
    for (const r of rows) {
      expect(r.accepted_pattern).toBe('*');
      expect(r.min_length).toBeLessThanOrEqual(r.max_length);
    }
  });

  it('writes dialing codes with mobile digit counts and VIP levels 0..9', async () => {
    const countries = await t.ctx.db.selectFrom('countries').selectAll().execute();
    expect(countries.length).toBeGreaterThanOrEqual(40);
    const digits = Object.fromEntries(
      countries.map((c) => [c.country_code, [c.country_dialing_code, c.mobile_digits]]),
    );
    expect(digits.PH).toEqual(['63', 10]);
    expect(digits.TH).toEqual(['66', 9]);
    expect(digits.ID).toEqual(['62', 11]);
    expect(digits.MY).toEqual(['60', 9]);
    expect(digits.IN).toEqual(['91', 10]);
    expect(digits.CN).toEqual(['86', 11]);
    const vip = await t.ctx.db.selectFrom('vip_levels').selectAll().orderBy('level').execute();
    expect(vip.map((v) => v.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(vip.map((v) => v.label_name)).size).toBe(10);
  });

  it('creates the demo accounts of api-conventions.md', async () => {
    const brand = await getBrand(t.ctx.db);
    const agent = await member('agent01');
    const demo = await member('demo01');
    const trial = await member('trial01');
    const fresh = await member('fresh01');
    const admin = await member('admin');
    expect([agent.type, demo.type, trial.type, fresh.type, admin.type]).toEqual([1, 0, 4, 0, 90]);
    expect(demo.upline_id).toBe(agent.id);
    expect([demo.country_dialing_code, demo.mobile_num]).toEqual(['63', '9171234567']);
    expect(demo.email).toBe('demo01@gamehall.local');
    expect(demo.payee_name).toBe('Demo Player');
    expect(admin.permissions).toEqual(['*']);
    expect(fresh.first_login_at).toBeNull();
    expect(demo.first_login_at).not.toBeNull();
    expect(await verifyPassword(demo.password_hash, 'Demo@1234')).toBe(true);
    expect(await verifyPassword(demo.password_hash, 'demo@1234')).toBe(false);
    expect(await verifyPassword(trial.password_hash, 'Demo@1234')).toBe(true);
    expect(await verifyPassword(agent.password_hash, 'Demo@1234')).toBe(true);
    expect(await verifyPassword(admin.password_hash, 'Admin@1234')).toBe(true);
    expect(await verifyPassword(fresh.password_hash, brand.defaultPassword)).toBe(true);
    // No payment password: the security centre's "set payment password" flow is what a demo shows.
    for (const m of [agent, demo, trial, fresh, admin]) expect(m.payment_password_hash, m.username).toBeNull();

    for (const m of [agent, demo, trial, fresh, admin]) {
      const ips = await t.ctx.db.selectFrom('member_login_ips').select('ip').where('member_id', '=', m.id).execute();
      expect(ips.map((r) => r.ip).sort()).toEqual(['127.0.0.1', '::1', '::ffff:127.0.0.1'].sort());
    }
  });

  it('credits demo01 with 10,000.00 through one balanced deposit posting', async () => {
    const brand = await getBrand(t.ctx.db);
    const demo = await member('demo01');
    expect((await balanceOf(t.ctx.db, demo.id, brand.currency)).balance).toBe(1_000_000);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .selectAll()
      .where('idempotency_key', '=', 'seed:demo01:opening-deposit')
      .execute();
    expect(postings).toHaveLength(1);
    expect(postings[0]?.type).toBe('deposit');
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select(['ledger_entries.amount', 'ledger_accounts.code', 'ledger_accounts.currency'])
      .where('posting_id', '=', postings[0]!.id)
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries.reduce((s, e) => s + Number(e.amount), 0)).toBe(0);
    expect(entries.map((e) => e.code).sort()).toEqual([`house:bank:${brand.currency}`, `member:${demo.id}:cash:PHP`]);
    // Every credit demo01 has came from that one posting.
    const credited = await t.ctx.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select('ledger_entries.posting_id')
      .where('ledger_accounts.member_id', '=', demo.id)
      .execute();
    expect(credited.map((c) => c.posting_id)).toEqual([postings[0]!.id]);
  });

  it("builds agent01's demo team on four levels", async () => {
    const agent = await member('agent01');
    const rows = await t.ctx.db
      .selectFrom('agent_tree as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select(['m.username', 'm.type', 'a.depth'])
      .where('a.ancestor_id', '=', agent.id)
      .where('a.depth', '>', 0)
      .execute();
    const depth = Object.fromEntries(rows.map((r) => [r.username, r.depth]));
    expect(depth).toMatchObject({ demo01: 1, subagent01: 1, team01: 1, subagent02: 2, subagent03: 3, team06: 4 });
    expect(
      rows
        .filter((r) => r.type === 2)
        .map((r) => r.username)
        .sort(),
    ).toEqual(['subagent01', 'subagent02', 'subagent03']);
  });

  it('gives demo01 unread welcome messages and agent01 the AGENT01 affiliate code', async () => {
    const demo = await member('demo01');
    const agent = await member('agent01');
    const messages = await t.ctx.db
      .selectFrom('member_messages')
      .selectAll()
      .where('member_id', '=', demo.id)
      .execute();
    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const m of messages) expect(m.read_at).toBeNull();
    const code = await t.ctx.db
      .selectFrom('affiliate_codes')
      .selectAll()
      .where('code', '=', 'AGENT01')
      .executeTakeFirstOrThrow();
    expect(code.agent_id).toBe(agent.id);
    expect(code.active).toBe(true);
  });

  it('seeds the demo site content', async () => {
    const resources = await t.ctx.db.selectFrom('resources').select(['resource_type', 'url']).execute();
    const types = new Set(resources.map((r) => r.resource_type));
    for (const type of [
      'FACEBOOK',
      'INSTAGRAM',
      'TWITTER',
      'YOUTUBE',
      'TELEGRAM',
      'MOBILECONFIG',
      'IOS',
      'ANDROID',
      'CUSTOMER_SERVICE',
    ]) {
      expect(types.has(type), type).toBe(true);
    }
    expect(resources.find((r) => r.resource_type === 'IOS')?.url).toBe('/download/ios');

    const banners = await t.ctx.db.selectFrom('banners').selectAll().execute();
    // The English rows (the Filipino copies are counted by site-languages.test.ts).
    const perGroup = (g: string) => banners.filter((b) => b.group_name === g && b.language === 'EN').length;
    expect(perGroup('w_login')).toBeGreaterThanOrEqual(1);
    expect(perGroup('w_register')).toBeGreaterThanOrEqual(1);
    expect(perGroup('w_forget')).toBeGreaterThanOrEqual(1);
    expect(perGroup('w_home')).toBeGreaterThanOrEqual(3);
    // One of the eleven w_activity banners was deleted by the operator test above, and stays deleted.
    expect(perGroup('w_activity')).toBe(10);
    expect(perGroup('w_model')).toBeGreaterThanOrEqual(3);
    for (const b of banners) expect(b.image_url).toMatch(/^\/art\/banners\/[a-z0-9-]+\.svg$/);
    expect(banners.some((b) => b.linkage_type && b.link_url)).toBe(true);

    const announcements = await t.ctx.db.selectFrom('announcements').selectAll().execute();
    expect(announcements.length).toBeGreaterThanOrEqual(12);
    expect(new Set(announcements.map((a) => a.audience))).toEqual(new Set(['A', 'B', 'F']));
    // No promotion (PR) announcement and no promotion link: the demo brand runs no promotion yet.
    expect(new Set(announcements.map((a) => a.type))).toEqual(new Set(['B', 'PL', 'PU', 'H']));
    expect(announcements.filter((a) => a.promotion_type)).toEqual([]);
    for (const a of announcements) expect(new Date(a.starts_at).getTime()).toBeLessThanOrEqual(t.ctx.now().getTime());

    const notices = await t.ctx.db.selectFrom('notices').selectAll().execute();
    expect(notices.length).toBeGreaterThanOrEqual(10);
    const help = await t.ctx.db.selectFrom('help_articles').selectAll().execute();
    const categories = new Map<string, number>();
    for (const h of help) categories.set(h.category, (categories.get(h.category) ?? 0) + 1);
    expect(categories.size).toBe(4);
    for (const n of categories.values()) expect(n).toBeGreaterThanOrEqual(3);
    for (const h of help) expect(h.content.length).toBeGreaterThan(60);
  });

  it('seeds the game catalogue: configured slots, every category and sub-category, unique names', async () => {
    const games = await t.ctx.db
      .selectFrom('games')
      .select([
        'vendor_code',
        'game_type',
        'game_code',
        'name',
        'names',
        'sub_category',
        'is_hot',
        'status',
        'art_seed',
      ])
      .execute();
    // The crash tiles are RNG tiles on top of the configured slots.
    const rng = games.filter((g) => g.game_type === 'RNG' && !g.game_code.startsWith('CRASH-'));
    expect(games.filter((g) => g.game_code.startsWith('CRASH-')).length).toBeGreaterThan(0);
    expect(rng).toHaveLength(t.ctx.config.catalogueSlots);
    for (const type of GAME_TYPES)
      expect(
        games.some((g) => g.game_type === type),
        type,
      ).toBe(true);
    for (const sub of SLOT_SUB_CATEGORIES)
      expect(
        rng.some((g) => g.sub_category === sub),
        sub,
      ).toBe(true);
    expect(rng.filter((g) => g.sub_category === null).length).toBeGreaterThan(rng.length / 2);
    // HOT is earned by play (the job games.popularity), never seeded.
    expect(games.some((g) => g.is_hot)).toBe(false);
    for (const g of games) {
      expect(g.status).toBe('active');
      expect(g.names.EN).toBe(g.name);
      expect(g.names.TY?.length).toBeGreaterThan(0);
    }
    const keys = games.map((g) => `${g.vendor_code}|${g.game_type}|${g.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(games.map((g) => g.art_seed)).size).toBeGreaterThan(games.length * 0.99);

    // Every vendor a category lists has games in it.
    const types = await t.ctx.db.selectFrom('vendor_game_types').selectAll().execute();
    for (const vt of types) {
      expect(
        games.some((g) => g.vendor_code === vt.vendor_code && g.game_type === vt.game_type),
        `${vt.vendor_code} ${vt.game_type}`,
      ).toBe(true);
    }
    const popup = types.filter((vt) => vt.is_game === 'VASSALAGE').map((vt) => vt.game_type);
    expect(popup).toContain('SPORTS');
    expect(popup).not.toContain('RNG');
  });

  it('adds the missing slots when the configured count grows, and only those', async () => {
    const before = await t.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await seed(t.ctx, { demo: true, catalogueSlots: t.ctx.config.catalogueSlots + 30 });
    const rng = await t.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('game_type', '=', 'RNG')
      .where('game_code', 'not like', 'CRASH-%')
      .executeTakeFirstOrThrow();
    expect(Number(rng.n)).toBe(t.ctx.config.catalogueSlots + 30);
    const after = await t.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(30);
    const dupes = await t.ctx.db
      .selectFrom('games')
      .select(['vendor_code', 'name'])
      .groupBy(['vendor_code', 'name'])
      .having(sql<number>`count(*)`, '>', 1)
      .execute();
    expect(dupes).toEqual([]);
  });
});
