import type { AdminHouseAccountBody } from '@gamehall/shared/api/admin-cashier';
import { addDays, brandDay, dayStart } from '@gamehall/shared/calendar-day';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import { fieldErrors } from '../../http/errors';
import { getBrand } from '../brand/brand.service';
import * as q from './cashier.queries';
import { cashierFail } from './cashier-errors';
import * as hq from './house-accounts.queries';

// The brand's bank accounts (docs/cashier.md "Receiving and paying accounts"). A bank-transfer
// method with active receiving accounts routes each new order to one of them: among those serving
// the member's VIP level whose routed total of the brand day plus this order stays within its daily
// cap, the one given an order least recently (rotation). With none in its pool, the method's own
// receiving account (the single account of before) is used, uncapped.

/** The method of the deposit orders that manual-deposit adjustments record (migration 0093); never offered. */
export const MANUAL_DEPOSIT_METHOD = 'MANUAL_DEPOSIT';

async function todayBounds(db: Conn, now: Date) {
  const zone = (await getBrand(db)).timeZone;
  const day = brandDay(now, zone);
  return { from: dayStart(day, zone), to: dayStart(addDays(day, 1), zone) };
}

function serves(account: hq.HouseAccountRow, vipLevel: number): boolean {
  return account.vip_levels === null || account.vip_levels.includes(vipLevel);
}

/** The pool's accounts that could take `amount` for a member of this level now, in rotation order. */
async function eligible(db: Conn, methodCode: string, vipLevel: number, amount: number, now: Date) {
  const pool = (await hq.receivingPool(db, methodCode)).filter((a) => serves(a, vipLevel));
  const { from, to } = await todayBounds(db, now);
  const routed = await hq.routedTotals(
    db,
    pool.map((a) => a.id),
    from,
    to,
  );
  return pool.filter((a) => a.daily_cap === null || (routed.get(a.id) ?? 0) + amount <= a.daily_cap);
}

export type Routing = { kind: 'pool'; account: hq.HouseAccountRow } | { kind: 'method' };

/**
 * Picks the account a new bank-transfer order pays into, inside the order's transaction: the routing
 * lock makes concurrent orders of the method take turns, so the cap holds under concurrency and the
 * rotation moves one account per order. Undefined: the pool has no account for this member and
 * amount (the method is then unavailable).
 */
export async function routeDeposit(
  trx: Trx,
  now: Date,
  order: { methodCode: string; vipLevel: number; amount: number },
): Promise<Routing | undefined> {
  if (!(await hq.hasReceivingPool(trx, order.methodCode))) return { kind: 'method' };
  await hq.lockRouting(trx, order.methodCode);
  const [account] = await eligible(trx, order.methodCode, order.vipLevel, order.amount, now);
  if (!account) return undefined;
  await hq.markAssigned(trx, account.id, now);
  return { kind: 'pool', account };
}

/**
 * Whether the method can take an order from a member of this level now (the deposit page lists it
 * only then): a pool account serving the level with room left under its cap (an order of the
 * method's minimum must fit), or no pool and the method's own account.
 */
export async function offersTo(
  db: Conn,
  method: { code: string; min_amount: number; bank_name: string | null; account_number: string | null },
  vipLevel: number,
  now: Date,
): Promise<boolean> {
  if (!(await hq.hasReceivingPool(db, method.code))) return Boolean(method.bank_name && method.account_number);
  return (await eligible(db, method.code, vipLevel, method.min_amount, now)).length > 0;
}

// ---- the operators' list and changes (cashier.settings)

export async function houseAccounts(ctx: AppContext) {
  const rows = await hq.listHouseAccounts(ctx.db);
  const { from, to } = await todayBounds(ctx.db, ctx.now());
  const routed = await hq.routedTotals(
    ctx.db,
    rows.map((r) => r.id),
    from,
    to,
  );
  return rows.map((row) => ({ row, routedToday: routed.get(row.id) ?? 0 }));
}

export type HouseAccountView = Awaited<ReturnType<typeof houseAccounts>>[number];

async function patchOf(db: Conn, body: AdminHouseAccountBody): Promise<hq.HouseAccountPatch> {
  if (body.methodCode !== null) {
    const method = await q.findMethod(db, body.methodCode);
    if (method?.kind !== 'bank_transfer' || method.code === MANUAL_DEPOSIT_METHOD)
      throw fieldErrors({ methodCode: 'INVALID' });
  }
  if (body.methodCode === null && !body.pays) throw fieldErrors({ methodCode: 'REQUIRED' });
  return {
    label: body.label,
    bank_name: body.bankName,
    account_name: body.accountName,
    account_number: body.accountNumber,
    method_code: body.methodCode,
    pays: body.pays,
    daily_cap: body.dailyCap === null ? null : toMinor(body.dailyCap),
    vip_levels: body.vipLevels === null ? null : [...new Set(body.vipLevels)].sort((a, b) => a - b),
    active: body.active,
    sort: body.sort,
  };
}

async function viewOf(ctx: AppContext, id: number): Promise<HouseAccountView> {
  const view = (await houseAccounts(ctx)).find((v) => v.row.id === id);
  if (!view) throw new Error(`house account ${id} vanished`);
  return view;
}

export async function addHouseAccount(ctx: AppContext, body: AdminHouseAccountBody) {
  const row = await hq.insertHouseAccount(ctx.db, await patchOf(ctx.db, body), ctx.now());
  if (!row) cashierFail('CASHIER_BANK_ACCOUNT_DUPLICATE');
  return viewOf(ctx, row.id);
}

export async function changeHouseAccount(ctx: AppContext, id: number, body: AdminHouseAccountBody) {
  const before = await hq.findHouseAccount(ctx.db, id);
  if (!before) cashierFail('CASHIER_BANK_ACCOUNT_NOT_FOUND');
  const patch = await patchOf(ctx.db, body);
  try {
    await hq.updateHouseAccount(ctx.db, id, patch);
  } catch (error) {
    // The same bank and number as another house account.
    if ((error as { code?: string }).code === '23505') cashierFail('CASHIER_BANK_ACCOUNT_DUPLICATE');
    throw error;
  }
  const after = await viewOf(ctx, id);
  return { before: { row: before, routedToday: after.routedToday }, after };
}

/** An active paying account, for marking a withdrawal paid. */
export async function payingAccount(db: Conn, id: number) {
  const account = await hq.findHouseAccount(db, id);
  if (!account?.active || !account.pays) throw fieldErrors({ payingAccountId: 'INVALID' });
  return account;
}

/** The house account an order was routed to (any state: an order keeps showing where it was told to pay). */
export function houseAccount(db: Conn, id: number) {
  return hq.findHouseAccount(db, id);
}
