import type { DepositBody } from '@gamehall/shared/api/cashier';
import { UPLOAD_MAX_IMAGES } from '@gamehall/shared/api/cashier';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import type { Principal } from '../../http/auth';
import { fieldErrors } from '../../http/errors';
import { getBrand } from '../brand/brand.service';
import { post } from '../ledger/ledger.service';
import { sendSystemMessage } from '../messages/messages.service';
import { assertDepositAllowed, noteDepositRefused } from '../responsible/responsible.service';
import { hit } from '../throttle/throttle.service';
import * as q from './cashier.queries';
import type { OperatorQueueFilter } from './cashier.service';
import { amountOf, assertWithinLimits, HOUSE_BANK, methodOffered, newReference, orderFilter } from './cashier.service';
import { cashierFail } from './cashier-errors';
import type { UploadedImage } from './cashier-files.service';
import { acceptImages, storeImage } from './cashier-files.service';
import { openCharge } from './cashier-psp-charge.service';
import { MANUAL_DEPOSIT_METHOD, routeDeposit } from './house-accounts.service';
import { markDepositPsp } from './psp/psp.queries';
import { activeConnection } from './psp/registry';

// Deposit orders: a member's orders and proofs, crediting an approved deposit, manual deposits,
// the expiry of unpaid online orders, and the operators' decisions on deposits.

const NEW_DEPOSITS_PER_HOUR = { max: 20, windowSeconds: 3600 } as const;

export async function createDeposit(ctx: AppContext, principal: Principal, body: DepositBody) {
  const amount = amountOf(body.amount);
  const method = await q.findMethod(ctx.db, body.methodCode);
  if (!method?.active || method.kind === 'withdrawal' || !methodOffered(ctx, method))
    cashierFail('CASHIER_METHOD_UNAVAILABLE');
  const kind = method.kind as 'bank_transfer' | 'gateway' | 'ewallet';
  const brand = await getBrand(ctx.db);
  const previous = await q.findDepositByRequest(ctx.db, principal.memberId, body.requestId);
  if (previous) return sameDeposit(ctx, previous, body.methodCode, amount);
  // A payment provider's method: the mode in use now is the order's for good.
  const psp = method.psp ? await activeConnection(ctx.db, method.psp, ctx.config.demo) : null;
  if (method.psp && !psp) cashierFail('CASHIER_METHOD_UNAVAILABLE');
  assertWithinLimits(amount, method);
  // Orders cost an operator's attention: a member opens at most 20 an hour (retries do not count).
  await hit(ctx.db, `deposit-orders:${principal.memberId}`, NEW_DEPOSITS_PER_HOUR, ctx.now());
  // A break or a deposit limit refuses the order; the member's limits row is locked with
  // the insert, so concurrent orders that together cross a limit are not all accepted.
  const inserted = await ctx.db
    .transaction()
    .execute(async (trx) => {
      // The member's lock first (docs/wallet.md): the first-deposit flag is read under it, as a
      // credit writes it, so the flag an order opens with is the one its approval records.
      await q.lockMember(trx, principal.memberId);
      await assertDepositAllowed(ctx, trx, principal.memberId, amount);
      let receivingAccountId: number | null = null;
      if (kind === 'bank_transfer') {
        const member = await q.findMemberForCashier(trx, principal.memberId);
        const routing = await routeDeposit(trx, ctx.now(), {
          methodCode: method.code,
          vipLevel: member?.vip_level ?? 0,
          amount,
        });
        if (!routing || (routing.kind === 'method' && !(method.bank_name && method.account_number)))
          cashierFail('CASHIER_METHOD_UNAVAILABLE');
        if (routing.kind === 'pool') receivingAccountId = routing.account.id;
      }
      const order = await q.insertDeposit(trx, {
        reference: newReference('D'),
        memberId: principal.memberId,
        requestId: body.requestId,
        methodCode: method.code,
        methodKind: kind,
        amount,
        currency: brand.currency,
        depositorName: body.depositorName ?? null,
        receivingAccountId,
        firstDeposit: !(await q.hasApprovedDeposit(trx, principal.memberId)),
        now: ctx.now(),
      });
      if (order && method.psp && psp) await markDepositPsp(trx, order.id, method.psp, psp.conn.mode);
      return order;
    })
    .catch(async (error: unknown) => {
      await noteDepositRefused(ctx, principal.memberId, error);
      throw error;
    });
  if (!inserted) {
    const winner = await q.findDepositByRequest(ctx.db, principal.memberId, body.requestId);
    if (!winner) throw new Error('deposit order vanished');
    return sameDeposit(ctx, winner, body.methodCode, amount);
  }
  if (method.psp) await openCharge(ctx, inserted.reference);
  return depositForMember(ctx, inserted.reference);
}

// A retried request (same requestId) answers with the first order; other details are a conflict.
async function sameDeposit(
  ctx: AppContext,
  order: {
    reference: string;
    method_code: string;
    amount: number;
    requested_amount: number | null;
    psp: string | null;
    psp_payment_id: string | null;
    status: string;
  },
  methodCode: string,
  amount: number,
) {
  // An order approved at another amount still answers the request that asked for the first one.
  if (order.method_code !== methodCode || (order.requested_amount ?? order.amount) !== amount)
    cashierFail('CASHIER_REQUEST_CONFLICT');
  // A provider's order whose charge was never opened (the first request's answer was lost with
  // its process) is opened now: the provider's idempotency key keeps it one charge.
  if (order.psp !== null && order.psp_payment_id === null && order.status === 'pending')
    await openCharge(ctx, order.reference);
  return depositForMember(ctx, order.reference);
}

async function depositForMember(ctx: AppContext, reference: string) {
  const row = await q.depositView(ctx.db, reference);
  if (!row) throw new Error(`deposit ${reference} vanished`);
  const method = await q.findMethod(ctx.db, row.method_code);
  return { row, method: method ?? null, publicUrl: ctx.config.publicUrl };
}

export type MemberDeposit = Awaited<ReturnType<typeof depositForMember>>;

export async function listDeposits(
  ctx: AppContext,
  principal: Principal,
  query: q.Page & { status?: q.DepositStatus },
) {
  // The job expires overdue orders every minute; the member's own are expired here too, so the list
  // and its status filter never show an order pending past its time.
  await expireGatewayDeposits(ctx, principal.memberId);
  const page = await q.pageDeposits(ctx.db, { memberId: principal.memberId, status: query.status }, query);
  // Every method, active or not: an order keeps showing the name of the method it was opened with.
  const methods = new Map((await q.listAllMethods(ctx.db)).map((m) => [m.code, m]));
  return {
    ...page,
    rows: page.rows.map((row) => ({
      row,
      method: methods.get(row.method_code) ?? null,
      publicUrl: ctx.config.publicUrl,
    })),
  };
}

/**
 * Proof of a manual bank transfer (spec §5/§9: png or jpg, at most 5 MB). The bytes are stored in
 * the database (cashier_files), not under DATA_DIR, so every server node can serve them and a
 * backup of the database is a backup of the proofs.
 */
export async function attachDepositProof(
  ctx: AppContext,
  principal: Principal,
  reference: string,
  images: UploadedImage[],
) {
  if (images.length !== 1) throw fieldErrors({ image: images.length === 0 ? 'REQUIRED' : 'TOO_LONG' });
  const kept = await acceptImages(images);
  await ctx.db.transaction().execute(async (trx) => {
    const order = await q.findDepositByReference(trx, reference, { forUpdate: true });
    if (!order || order.member_id !== principal.memberId) cashierFail('CASHIER_ORDER_NOT_FOUND');
    if (order.method_kind !== 'bank_transfer' || order.status !== 'pending') cashierFail('CASHIER_STATE_CONFLICT');
    if ((await q.countFiles(trx, reference)) >= UPLOAD_MAX_IMAGES) throw fieldErrors({ image: 'TOO_LONG' });
    for (const image of kept) await storeImage(ctx, trx, principal.memberId, 'deposit_proof', reference, image);
  });
  return depositForMember(ctx, reference);
}

// Credits an approved deposit: member cash up, house bank down. The idempotency key comes from the
// order, so whatever path repeats it (callback replay, double approval) the money moves once.
// `approvedAmount`: an operator's approval of another amount than asked; it is what is credited.
// The caller holds the member's lock (lock order step 1) before the order's row lock (step 2).
export async function creditDeposit(
  ctx: AppContext,
  trx: Trx,
  order: { id: number; reference: string; member_id: number; amount: number; currency: string },
  by: {
    operatorId?: number;
    transactionId?: string;
    from?: readonly ('pending' | 'expired' | 'cancelled')[];
    reason?: string | null;
    approvedAmount?: number;
  },
) {
  // For the promotions issue: the member's first credited deposit. Undecided orders already carry
  // this value (createDeposit reads it, earlier credits clear it), so approval does not change it.
  const firstDeposit = !(await q.hasApprovedDeposit(trx, order.member_id, order.id));
  const amount = by.approvedAmount ?? order.amount;
  const settled = await q.settleDeposit(trx, order.id, {
    status: 'approved',
    ...(by.from ? { from: by.from } : {}),
    reason: by.reason ?? null,
    firstDeposit,
    ...(amount !== order.amount ? { approvedAmount: { amount, requested: order.amount } } : {}),
    decidedBy: by.operatorId ?? null,
    gatewayTransactionId: by.transactionId ?? null,
    now: ctx.now(),
  });
  if (!settled) cashierFail('CASHIER_STATE_CONFLICT');
  if (firstDeposit) await q.clearOtherFirstDepositFlags(trx, order.member_id, order.id);
  const posting = await post(trx, depositPosting({ ...order, amount }));
  // The member hears of the credit in the same transaction (nothing is said on a rollback).
  await sendSystemMessage(trx, {
    memberId: order.member_id,
    kind: 'deposit_credited',
    params: { amount },
    now: ctx.now(),
  });
  return posting;
}

/**
 * A manual deposit (a balance adjustment of type manual_deposit, docs/back-office.md "Adjustment
 * types"): money that reached the house's bank without an order, recorded as an approved deposit
 * order of the method MANUAL_DEPOSIT and credited as any deposit is (house bank to the member's
 * cash, key deposit:<reference>), so it counts wherever deposits count: reports, turnover before
 * withdrawal, the first-deposit flag, deposit limits, promotions. In the caller's transaction,
 * which holds the member's lock; once per adjustment (its request id). Answers the order's reference.
 */
export async function recordManualDeposit(
  ctx: AppContext,
  trx: Trx,
  d: { memberId: number; adjustmentId: number; amount: number; currency: string; operatorId: number; reason: string },
): Promise<{ reference: string; postingId: number }> {
  const requestId = `adjustment:${d.adjustmentId}`;
  const earlier = await q.findDepositByRequest(trx, d.memberId, requestId);
  if (earlier) {
    const posting = await post(trx, depositPosting(earlier));
    return { reference: earlier.reference, postingId: posting.postingId };
  }
  await assertDepositAllowed(ctx, trx, d.memberId, d.amount);
  const order = await q.insertDeposit(trx, {
    reference: newReference('D'),
    memberId: d.memberId,
    requestId,
    methodCode: MANUAL_DEPOSIT_METHOD,
    methodKind: 'bank_transfer',
    amount: d.amount,
    currency: d.currency,
    firstDeposit: !(await q.hasApprovedDeposit(trx, d.memberId)),
    now: ctx.now(),
  });
  if (!order) throw new Error(`manual deposit of adjustment ${d.adjustmentId} vanished`);
  const posting = await creditDeposit(ctx, trx, order, { operatorId: d.operatorId, reason: d.reason });
  return { reference: order.reference, postingId: posting.postingId };
}

function depositPosting(order: { reference: string; member_id: number; amount: number; currency: string }) {
  return {
    idempotencyKey: `deposit:${order.reference}`,
    type: 'deposit',
    reference: order.reference,
    entries: [
      { account: { member: order.member_id, currency: order.currency }, amount: order.amount },
      { account: { house: HOUSE_BANK, currency: order.currency }, amount: -order.amount },
    ],
  };
}

/**
 * An online (gateway) order not paid within the brand's minutes expires (all members', or one
 * member's). Run by jobs/ every minute and before a member's deposit list is read.
 */
export async function expireGatewayDeposits(ctx: AppContext, memberId?: number): Promise<string[]> {
  const settings = await q.readSettings(ctx.db);
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - settings.gateway_expiry_minutes * 60_000);
  return q.expireGatewayDeposits(ctx.db, cutoff, now, memberId);
}

// ---- operator actions on deposits (cashier.admin.routes.ts calls these)

export async function operatorDeposits(
  ctx: AppContext,
  query: q.Page & OperatorQueueFilter & { status?: q.DepositStatus | undefined; method?: string | undefined },
) {
  return q.pageDeposits(
    ctx.db,
    { ...(await orderFilter(ctx, query)), status: query.status, method: query.method },
    query,
  );
}

/**
 * Approves a pending bank transfer, crediting what the operator says arrived: `amount` (major units)
 * when it is not what the member asked for, with the reason, which the member reads beside both
 * amounts. A repeat of an approval answers it unchanged; one naming another amount than the one
 * credited is a conflict (two operators who counted differently).
 */
export async function approveDeposit(
  ctx: AppContext,
  operator: Principal,
  reference: string,
  body: { amount?: number | undefined; reason?: string | undefined } = {},
) {
  const approved = body.amount === undefined ? undefined : amountOf(body.amount);
  const decided = await ctx.db.transaction().execute(async (trx) => {
    const owner = await q.findDepositByReference(trx, reference);
    if (!owner) cashierFail('CASHIER_ORDER_NOT_FOUND');
    await q.lockMember(trx, owner.member_id);
    const order = await q.findDepositByReference(trx, reference, { forUpdate: true });
    if (!order) cashierFail('CASHIER_ORDER_NOT_FOUND');
    if (order.status === 'approved') {
      if (approved !== undefined && approved !== order.amount)
        cashierFail('CASHIER_STATE_CONFLICT', { status: order.status });
      return { requested: order.requested_amount ?? order.amount, credited: order.amount, repeat: true };
    }
    // Gateway orders complete through the signed callback, never by hand.
    if (order.status !== 'pending' || order.method_kind !== 'bank_transfer')
      cashierFail('CASHIER_STATE_CONFLICT', { status: order.status });
    const differs = approved !== undefined && approved !== order.amount;
    if (differs && !body.reason) throw fieldErrors({ reason: 'REQUIRED' });
    await creditDeposit(ctx, trx, order, {
      operatorId: operator.memberId,
      ...(differs ? { approvedAmount: approved, reason: body.reason ?? null } : {}),
    });
    return { requested: order.amount, credited: approved ?? order.amount, repeat: false };
  });
  return { row: await operatorDepositView(ctx, reference), ...decided };
}

export async function rejectDeposit(ctx: AppContext, operator: Principal, reference: string, reason: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const order = await q.findDepositByReference(trx, reference, { forUpdate: true });
    if (!order) cashierFail('CASHIER_ORDER_NOT_FOUND');
    if (order.status === 'rejected') return;
    // As with approval: a gateway order is settled by the gateway's signed callback only. Rejecting
    // one by hand would make a later paid callback a conflict and leave the member's payment uncredited.
    if (order.status !== 'pending' || order.method_kind !== 'bank_transfer')
      cashierFail('CASHIER_STATE_CONFLICT', { status: order.status });
    await q.settleDeposit(trx, order.id, { status: 'rejected', reason, decidedBy: operator.memberId, now: ctx.now() });
  });
  return operatorDepositView(ctx, reference);
}

/** One deposit as the back office shows it; undefined when there is no such order. */
export function operatorDeposit(ctx: AppContext, reference: string) {
  return q.depositView(ctx.db, reference);
}

async function operatorDepositView(ctx: AppContext, reference: string) {
  const row = await q.depositView(ctx.db, reference);
  if (!row) throw new Error(`deposit ${reference} vanished`);
  return row;
}
