import { sql } from 'kysely';
import type { Conn } from '../../db/database';

// The brand's own bank accounts (cashier_house_accounts, migration 0093): the receiving pool of a
// bank-transfer method, and the accounts withdrawals are paid from.

export type HouseAccountPatch = {
  label: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  method_code: string | null;
  pays: boolean;
  daily_cap: number | null;
  vip_levels: number[] | null;
  active: boolean;
  sort: number;
};

function values(p: Partial<HouseAccountPatch>) {
  const { vip_levels, ...rest } = p;
  return { ...rest, ...(vip_levels !== undefined ? { vip_levels: vip_levels && JSON.stringify(vip_levels) } : {}) };
}

export function listHouseAccounts(db: Conn) {
  return db.selectFrom('cashier_house_accounts').selectAll().orderBy('sort').orderBy('id').execute();
}

export type HouseAccountRow = Awaited<ReturnType<typeof listHouseAccounts>>[number];

export function findHouseAccount(db: Conn, id: number) {
  return db.selectFrom('cashier_house_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertHouseAccount(db: Conn, a: HouseAccountPatch, now: Date) {
  return db
    .insertInto('cashier_house_accounts')
    .values({ ...a, vip_levels: a.vip_levels && JSON.stringify(a.vip_levels), created_at: now })
    .onConflict((oc) => oc.columns(['bank_name', 'account_number']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateHouseAccount(db: Conn, id: number, patch: Partial<HouseAccountPatch>) {
  return db
    .updateTable('cashier_house_accounts')
    .set(values(patch))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The active accounts receiving for a method, in rotation order: least recently given first. */
export function receivingPool(db: Conn, methodCode: string) {
  return db
    .selectFrom('cashier_house_accounts')
    .selectAll()
    .where('method_code', '=', methodCode)
    .where('active', '=', true)
    .orderBy(sql`last_assigned_at ASC NULLS FIRST`)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Whether the method has any active receiving account (then the pool, not the method's own account, decides). */
export async function hasReceivingPool(db: Conn, methodCode: string) {
  const row = await db
    .selectFrom('cashier_house_accounts')
    .select('id')
    .where('method_code', '=', methodCode)
    .where('active', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What each account has been given in [from, to): the orders routed to it that were not rejected,
 * cancelled or expired (pending ones count: their money may be on its way), at their current amount.
 */
export async function routedTotals(db: Conn, ids: number[], from: Date, to: Date): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('deposit_orders')
    .select(['receiving_account_id', sql<string>`sum(amount)`.as('total')])
    .where('receiving_account_id', 'in', ids)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('status', 'in', ['pending', 'approved'])
    .groupBy('receiving_account_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.receiving_account_id), Number(r.total)]));
}

export async function markAssigned(db: Conn, id: number, now: Date) {
  await db.updateTable('cashier_house_accounts').set({ last_assigned_at: now }).where('id', '=', id).execute();
}

/** Serialises the routing of one method's deposits, so two orders at once cannot both fit under a cap. */
export async function lockRouting(trx: Conn, methodCode: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`cashier-routing:${methodCode}`}))`.execute(trx);
}
