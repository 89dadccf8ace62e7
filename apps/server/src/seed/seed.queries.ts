import { sql } from 'kysely';
import type { Conn } from '../db/database';

// Writes of the seed. Keyed configuration is inserted when missing (ON CONFLICT DO NOTHING), so
// what an operator changed is never overwritten and two nodes starting together agree.

// Any constant works; it only has to be the same on every node.
const SEED_LOCK_KEY = 7_245_001;

/** Serialises concurrent seeds (several nodes starting on one PostgreSQL); released at commit. */
export async function lockSeed(trx: Conn) {
  await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
}

export async function insertMissingSwitches(
  db: Conn,
  rows: { mod_id: string; parent_mod_id: string | null; enabled: boolean; name: string; sort: number }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('whitelabel_switches')
    .values(rows)
    .onConflict((oc) => oc.column('mod_id').doNothing())
    .execute();
}

export async function insertMissingFieldRules(
  db: Conn,
  rows: {
    field: string;
    enabled: boolean;
    required: boolean;
    min_length: number;
    max_length: number;
    pattern_id: number | null;
    accepted_pattern: string;
    sort: number;
  }[],
) {
  await db
    .insertInto('register_field_rules')
    .values(rows)
    .onConflict((oc) => oc.column('field').doNothing())
    .execute();
}

export async function insertMissingCountries(
  db: Conn,
  rows: { country_code: string; country_dialing_code: string; name: string; mobile_digits: number; sort: number }[],
) {
  await db
    .insertInto('countries')
    .values(rows)
    .onConflict((oc) => oc.column('country_code').doNothing())
    .execute();
}

export async function insertMissingVipLevels(
  db: Conn,
  rows: { level: number; label_name: string; min_deposit: number }[],
) {
  await db
    .insertInto('vip_levels')
    .values(rows)
    .onConflict((oc) => oc.column('level').doNothing())
    .execute();
}

export async function insertMissingVendors(db: Conn, rows: { code: string; name: string; sort: number }[]) {
  await db
    .insertInto('vendors')
    .values(rows)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/**
 * Renames a vendor from its former seeded name to its new one, only while it still has that former
 * name (an operator's own name stays) and is still served by the house studio (a real integration
 * of that vendor keeps its name). A vendor category still named by code and game type (PT_RNG, the
 * former seed's display name) takes the vendor's name. Reads first and writes only what is due, so
 * a start with nothing to rename changes nothing (no catalogue version bump).
 */
export async function renameFormerVendorNames(
  db: Conn,
  former: Record<string, string>,
  current: Record<string, string>,
) {
  const codes = Object.keys(current);
  const vendors = await db
    .selectFrom('vendors')
    .leftJoin('vendor_integrations as i', 'i.vendor_code', 'vendors.code')
    .select(['vendors.code', 'vendors.name', 'i.launch_url'])
    .where('vendors.code', 'in', codes)
    .execute();
  for (const v of vendors) {
    const name = current[v.code]!;
    if (former[v.code] !== v.name || name === v.name) continue;
    if (v.launch_url !== null && v.launch_url !== '/studio/play') continue;
    await db.updateTable('vendors').set({ name }).where('code', '=', v.code).where('name', '=', v.name).execute();
  }
  const types = await db
    .selectFrom('vendor_game_types')
    .select(['vendor_code', 'game_type'])
    .where('vendor_code', 'in', codes)
    .where(sql<boolean>`account_type_name = vendor_code || '_' || game_type`)
    .execute();
  for (const t of types) {
    await db
      .updateTable('vendor_game_types')
      .set({ account_type_name: current[t.vendor_code]! })
      .where('vendor_code', '=', t.vendor_code)
      .where('game_type', '=', t.game_type)
      .execute();
  }
}

/**
 * Gives games still carrying the title a former seed gave them their new title (name and names),
 * matched on vendor, code and the exact former name, so an operator's rename stays.
 */
export async function renameFormerGameTitles(
  db: Conn,
  rows: { vendor_code: string; game_code: string; former: string; name: string; names: string }[],
) {
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    const values = sql.join(
      batch.map((r) => sql`(${r.vendor_code}, ${r.game_code}, ${r.former}, ${r.name}, ${r.names})`),
    );
    await sql`
      UPDATE games AS g SET name = v.name, names = v.names::jsonb
      FROM (VALUES ${values}) AS v(vendor_code, game_code, former, name, names)
      WHERE g.vendor_code = v.vendor_code AND g.game_code = v.game_code AND g.name = v.former`.execute(db);
  }
}

/** The (vendor, code, name) of the games among `names` (former titles) still in the catalogue. */
export function gamesNamed(db: Conn, names: readonly string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('games')
    .select(['vendor_code', 'game_code', 'name'])
    .where('name', 'in', [...names])
    .execute();
}

export async function insertMissingVendorGameTypes(
  db: Conn,
  rows: { vendor_code: string; game_type: string; account_type_name: string; is_game: string | null; sort: number }[],
) {
  await db
    .insertInto('vendor_game_types')
    .values(rows)
    .onConflict((oc) => oc.columns(['vendor_code', 'game_type']).doNothing())
    .execute();
}

export type GameSeedRow = {
  vendor_code: string;
  game_type: string;
  game_code: string;
  name: string;
  names: string;
  sub_category: string | null;
  is_hot: boolean;
  sort: number;
  status: 'active';
  min_bet: number;
  min_line_num: number;
  art_seed: number;
  lobby: boolean;
};

export async function countGamesOfVendors(db: Conn, vendorCodes: string[]): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('vendor_code', 'in', vendorCodes)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGames(db: Conn, rows: GameSeedRow[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('games')
    .values(rows)
    .onConflict((oc) => oc.columns(['vendor_code', 'game_code']).doNothing())
    .execute();
}

// Demo content tables have no natural key an operator would keep: they are filled once, when empty,
// so an edited or deleted banner or notice is not brought back at the next start.
type ContentTable = 'resources' | 'banners' | 'announcements' | 'notices' | 'help_articles';

export async function isEmpty(db: Conn, table: ContentTable): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

export async function insertResources(
  db: Conn,
  rows: { resource_type: string; name: string; label_name_en: string; url: string; sort: number }[],
) {
  await db
    .insertInto('resources')
    .values(rows)
    .onConflict((oc) => oc.columns(['resource_type', 'name']).doNothing())
    .execute();
}

export async function insertBanners(
  db: Conn,
  rows: {
    group_name: string;
    title: string;
    image_url: string;
    linkage_type: string | null;
    link_url: string | null;
    sort: number;
    language?: string | null;
  }[],
) {
  await db
    .insertInto('banners')
    .values(rows)
    .onConflict((oc) => oc.columns(['group_name', 'title']).doNothing())
    .execute();
}

export async function insertAnnouncements(
  db: Conn,
  rows: {
    type: string;
    audience: string;
    title: string;
    content: string;
    promotion_type: string | null;
    execution: string;
    sort: number;
    starts_at: Date;
    language?: string | null;
  }[],
) {
  await db
    .insertInto('announcements')
    .values(rows)
    .onConflict((oc) => oc.columns(['type', 'audience', 'title']).doNothing())
    .execute();
}

export async function insertNotices(
  db: Conn,
  rows: { title: string; content: string; sort: number; language?: string | null }[],
) {
  await db
    .insertInto('notices')
    .values(rows)
    .onConflict((oc) => oc.column('title').doNothing())
    .execute();
}

export async function insertHelpArticles(
  db: Conn,
  rows: { category: string; title: string; content: string; sort: number }[],
) {
  // The categories first (an article names one of them), in the order their first article comes.
  const categories = [...new Set(rows.map((r) => r.category))];
  if (categories.length > 0)
    await db
      .insertInto('help_categories')
      .values(categories.map((name, sort) => ({ name, sort })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  await db
    .insertInto('help_articles')
    .values(rows)
    .onConflict((oc) => oc.columns(['category', 'title']).doNothing())
    .execute();
}

export function findMembersByUsernames(db: Conn, usernames: string[]) {
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where(
      sql<string>`lower(username)`,
      'in',
      usernames.map((u) => u.toLowerCase()),
    )
    .execute();
}

export type DemoMemberRow = {
  username: string;
  password_hash: string;
  type: number;
  nickname: string | null;
  email: string | null;
  mobile_num: string | null;
  country_dialing_code: string | null;
  payee_name: string | null;
  upline_id: number | null;
  referral_code: string;
  permissions: string;
  avatar: number;
  password_changed_at: Date;
  first_login_at: Date | null;
  register_method: string;
};

export async function insertMember(db: Conn, row: DemoMemberRow): Promise<number> {
  const inserted = await db.insertInto('members').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertKnownIps(db: Conn, memberId: number, ips: string[], now: Date) {
  await db
    .insertInto('member_login_ips')
    .values(ips.map((ip) => ({ member_id: memberId, ip, first_seen_at: now, last_seen_at: now })))
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doNothing())
    .execute();
}

export async function insertMemberMessages(db: Conn, rows: { member_id: number; title: string; content: string }[]) {
  await db.insertInto('member_messages').values(rows).execute();
}

export async function insertMissingAffiliateCode(db: Conn, code: string, agentId: number) {
  await db
    .insertInto('affiliate_codes')
    .values({ code, agent_id: agentId, active: true })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

type ReceivingAccount = { bank_name: string; account_name: string; account_number: string };

export async function setMissingReceivingAccount(db: Conn, code: string, account: ReceivingAccount) {
  await db
    .updateTable('payment_methods')
    .set(account)
    .where('code', '=', code)
    .where('bank_name', 'is', null)
    .where('account_name', 'is', null)
    .where('account_number', 'is', null)
    .execute();
}

/** Clears exactly that receiving account from the method, unless a pending order of the method exists. */
export async function clearReceivingAccountIfUnused(db: Conn, code: string, account: ReceivingAccount) {
  await db
    .updateTable('payment_methods')
    .set({ bank_name: null, account_name: null, account_number: null })
    .where('code', '=', code)
    .where('bank_name', '=', account.bank_name)
    .where('account_name', '=', account.account_name)
    .where('account_number', '=', account.account_number)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deposit_orders as d')
            .select('d.id')
            .whereRef('d.method_code', '=', 'payment_methods.code')
            .where('d.status', '=', 'pending'),
        ),
      ),
    )
    .execute();
}

/** Names the e-wallet's provider while it has none configured (the operator's provider stays). */
export async function setMissingEwalletProvider(db: Conn, code: string, name: string) {
  await db
    .updateTable('payment_methods')
    .set({ provider_name: name })
    .where('code', '=', code)
    .where('provider_name', 'is', null)
    .where('provider_pay_url', 'is', null)
    .execute();
}

/** Outside demo mode the demo provider's name goes, unless an operator configured a provider under it. */
export async function clearDemoEwalletProvider(db: Conn, code: string, name: string) {
  await db
    .updateTable('payment_methods')
    .set({ provider_name: null })
    .where('code', '=', code)
    .where('provider_name', '=', name)
    .where('provider_pay_url', 'is', null)
    .execute();
}

export type PayingAccount = { label: string; bank_name: string; account_name: string; account_number: string };

/** Adds `account` as a paying house account while no active account pays withdrawals. */
export async function setMissingPayingAccount(db: Conn, account: PayingAccount) {
  const paying = await db
    .selectFrom('cashier_house_accounts')
    .select('id')
    .where('pays', '=', true)
    .where('active', '=', true)
    .executeTakeFirst();
  if (paying) return;
  await db
    .insertInto('cashier_house_accounts')
    .values({ ...account, method_code: null, pays: true, daily_cap: null, vip_levels: null })
    .execute();
}

/** Stops exactly that house account from paying (it stays, for the payouts that name it). */
export async function retirePayingAccount(db: Conn, account: PayingAccount) {
  await db
    .updateTable('cashier_house_accounts')
    .set({ pays: false, active: false })
    .where('label', '=', account.label)
    .where('bank_name', '=', account.bank_name)
    .where('account_number', '=', account.account_number)
    .execute();
}
