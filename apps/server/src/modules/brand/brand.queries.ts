import type { Conn } from '../../db/database';

export function listBrandSettings(db: Conn) {
  return db.selectFrom('brand_settings').select(['key', 'value']).execute();
}

/** Inserts the defaults that are missing; never overwrites what an operator changed. */
export async function insertMissingBrandSettings(db: Conn, settings: Record<string, unknown>) {
  const rows = Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
  if (rows.length === 0) return;
  await db
    .insertInto('brand_settings')
    .values(rows)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function upsertBrandSetting(db: Conn, key: string, value: unknown, now: Date) {
  await db
    .insertInto('brand_settings')
    .values({ key, value: JSON.stringify(value), updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
    .execute();
}

export function listWhitelabelSwitches(db: Conn) {
  return db
    .selectFrom('whitelabel_switches')
    .select(['mod_id', 'parent_mod_id', 'enabled', 'name', 'sort'])
    .orderBy('sort')
    .orderBy('mod_id')
    .execute();
}

export function findWhitelabelSwitch(db: Conn, modId: string) {
  return db
    .selectFrom('whitelabel_switches')
    .select(['mod_id', 'parent_mod_id', 'name', 'enabled'])
    .where('mod_id', '=', modId)
    .executeTakeFirst();
}

export async function setWhitelabelSwitch(db: Conn, modId: string, enabled: boolean) {
  await db.updateTable('whitelabel_switches').set({ enabled }).where('mod_id', '=', modId).execute();
}
