import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DepositBody, ReceiptStatus, WithdrawBody } from '@gamehall/shared/api/cashier';
import { SandboxCallbackBody, UPLOAD_MAX_BYTES, UPLOAD_MAX_IMAGES } from '@gamehall/shared/api/cashier';
import { addDays, dayStart } from '@gamehall/shared/calendar-day';
import { toMajor, toMinor } from '@gamehall/shared/money';
import { patternOf } from '@gamehall/shared/patterns';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { reencodeImage } from '../../http/image-upload';
import { setPayeeNameIfEmpty } from '../accounts/member-record.service';
import { checkPaymentPassword } from '../accounts/payment-password.service';
import { getBrand } from '../brand/brand.service';
import { assertKycAllowsWithdrawal, assertPayeeIsVerifiedName, verifiedNameOf } from '../kyc/kyc.service';
import { balanceOf, captureHold, hold, post, releaseHold } from '../ledger/ledger.service';
import { sendSystemMessage } from '../messages/messages.service';
import { assertDepositAllowed, noteDepositRefused } from '../responsible/responsible.service';
import { hit } from '../throttle/throttle.service';
import { assertWithdrawalWithinLevel } from '../vip/vip.service';
import { profitLoss } from '../wallet/wallet.service';
import * as q from './cashier.queries';
import { cashierError, cashierFail } from './cashier-errors';
import { MANUAL_DEPOSIT_METHOD, offersTo, payingAccount, routeDeposit } from './house-accounts.service';
import { payeeMatch } from './payee-match';

export type { DepositRow, Page, WithdrawalRow } from './cashier.queries';
export type UploadedImage = { mimetype: string; data: Buffer };

// House accounts the cashier moves money through (ledger.service names them; may go negative).
const HOUSE_BANK = 'bank';
const HOUSE_PAYABLE = 'withdrawals-payable';
// The banks' fees for sending payouts: an expense of the house (docs/cashier.md "Mark paid").
const HOUSE_PAYMENT_FEES = 'payment-fees';

// Public references are unguessable (architecture: Identifiers): 80 random bits.
function newReference(prefix: 'D' | 'W'): string {
  return `${prefix}${randomBytes(10).toString('hex').toUpperCase()}`;
}

function amountOf(major: number): number {
  try {
    return toMinor(major);
  } catch {
    throw fieldErrors({ amount: 'INVALID' });
  }
}

function assertWithinLimits(amount: number, method: { min_amount: number; max_amount: number }) {
  if (amount < method.min_amount || amount > method.max_amount)
    cashierFail('CASHIER_AMOUNT_OUT_OF_RANGE', { min: method.min_amount / 100, max: method.max_amount / 100 });
}

// ---- payment methods (min and max per method)

/** The sandbox gateway's method (seeded by migration 0004). */
export const SANDBOX_METHOD = 'SANDBOX_PAY';

/**
 * The sandbox gateway lets whoever opens its page credit a deposit without paying, so it exists
 * only in demo mode (config.demo, DEMO; see docs/operations.md "Sandbox payment gateway"): outside
 * it the method is neither offered nor accepted, and its pages and callback are not registered.
 */
export function sandboxGatewayEnabled(ctx: AppContext): boolean {
  return ctx.config.demo;
}

type OfferedMethod = {
  code: string;
  kind: string;
  provider_pay_url: string | null;
  provider_secret: string | null;
};

/**
 * An e-wallet whose provider the operator configured (its pay page and callback secret) takes
 * payment through that provider; without one it stands on the sandbox gateway, in demo mode only.
 */
export function ewalletProvider(method: { provider_pay_url: string | null; provider_secret: string | null }) {
  return method.provider_pay_url !== null && method.provider_secret !== null
    ? { payUrl: method.provider_pay_url, secret: method.provider_secret }
    : null;
}

/**
 * Whether a deposit method may be offered at all: manual deposits never; the sandbox method, and an
 * e-wallet without a provider, only where the sandbox exists. Whether a bank transfer has an account
 * for this member is decided per member (offeredToMember, routeDeposit).
 */
function methodOffered(ctx: AppContext, method: OfferedMethod): boolean {
  if (method.code === MANUAL_DEPOSIT_METHOD) return false;
  if (method.kind === 'ewallet') return ewalletProvider(method) !== null || sandboxGatewayEnabled(ctx);
  return method.code !== SANDBOX_METHOD || sandboxGatewayEnabled(ctx);
}

type MethodRow = NonNullable<Awaited<ReturnType<typeof q.findMethod>>>;

/**
 * A bank transfer needs an account to pay into: one of the method's receiving accounts serving the
 * member's VIP level with room under its daily cap, or, for a method without receiving accounts,
 * the method's own account (docs/cashier.md "Receiving and paying accounts").
 */
async function offeredToMember(ctx: AppContext, method: MethodRow, vipLevel: number): Promise<boolean> {
  if (!methodOffered(ctx, method)) return false;
  return method.kind !== 'bank_transfer' || offersTo(ctx.db, method, vipLevel, ctx.now());
}

export async function paymentMethods(ctx: AppContext, principal: Principal) {
  const [methods, settings, brand, last, member] = await Promise.all([
    q.listActiveMethods(ctx.db),
    q.readSettings(ctx.db),
    getBrand(ctx.db),
    q.lastDeposit(ctx.db, principal.memberId),
    q.findMemberForCashier(ctx.db, principal.memberId),
  ]);
  const withdrawal = methods.find((m) => m.kind === 'withdrawal');
  const deposit: MethodRow[] = [];
  for (const m of methods)
    if (m.kind !== 'withdrawal' && (await offeredToMember(ctx, m, member?.vip_level ?? 0))) deposit.push(m);
  // The last order's method and amount, while that method is still offered: derived from the orders
  // themselves, so it follows the member to any device and leaves nothing behind on a shared phone.
  const lastMethod = last ? deposit.find((m) => m.code === last.method_code) : undefined;
  return {
    currency: brand.currency,
    deposit,
    withdrawal: withdrawal ?? null,
    receiptConfirmMinutes: settings.receipt_confirm_minutes,
    last: last && lastMethod ? { methodCode: last.method_code, amount: last.amount } : null,
  };
}

// ---- deposits

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
      return q.insertDeposit(trx, {
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
  return depositForMember(ctx, inserted.reference);
}

// A retried request (same requestId) answers with the first order; other details are a conflict.
async function sameDeposit(
  ctx: AppContext,
  order: { reference: string; method_code: string; amount: number; requested_amount: number | null },
  methodCode: string,
  amount: number,
) {
  // An order approved at another amount still answers the request that asked for the first one.
  if (order.method_code !== methodCode || (order.requested_amount ?? order.amount) !== amount)
    cashierFail('CASHIER_REQUEST_CONFLICT');
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

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

// The declared type must be png or jpeg and the bytes must say so too: a renamed file is refused.
function imageType(image: UploadedImage): 'image/png' | 'image/jpeg' | null {
  if (image.mimetype === 'image/png' && image.data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if ((image.mimetype === 'image/jpeg' || image.mimetype === 'image/jpg') && image.data.subarray(0, 3).equals(JPEG))
    return 'image/jpeg';
  return null;
}

type KeptImage = { contentType: 'image/png' | 'image/jpeg'; data: Buffer };

/** Checks every image, then answers each re-encoded (only its pixels are kept: http/image-upload.ts). */
async function acceptImages(images: UploadedImage[]): Promise<KeptImage[]> {
  const typed = images.map((image) => {
    if (image.data.length > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    const contentType = imageType(image);
    if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    return { contentType, data: image.data };
  });
  const kept: KeptImage[] = [];
  for (const image of typed)
    kept.push({
      contentType: image.contentType,
      data: await reencodeImage(image.data, image.contentType, 'UNSUPPORTED_MEDIA_TYPE'),
    });
  return kept;
}

async function storeImage(
  ctx: AppContext,
  trx: Conn,
  memberId: number,
  purpose: 'deposit_proof' | 'withdrawal_receipt',
  reference: string,
  image: KeptImage,
) {
  await q.insertFile(trx, {
    memberId,
    purpose,
    reference,
    contentType: image.contentType,
    data: image.data,
    now: ctx.now(),
  });
}

// Credits an approved deposit: member cash up, house bank down. The idempotency key comes from the
// order, so whatever path repeats it (callback replay, double approval) the money moves once.
// `approvedAmount`: an operator's approval of another amount than asked; it is what is credited.
// The caller holds the member's lock (lock order step 1) before the order's row lock (step 2).
async function creditDeposit(
  ctx: AppContext,
  trx: Trx,
  order: { id: number; reference: string; member_id: number; amount: number; currency: string },
  by: {
    operatorId?: number;
    transactionId?: string;
    from?: readonly ('pending' | 'expired')[];
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

// ---- the sandbox gateway (see gateway.ts for its pages)

export async function gatewaySecret(db: Conn): Promise<string> {
  return (await q.readSettings(db)).gateway_secret;
}

export function signBody(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Orders the sandbox gateway pays: its own method's, and an e-wallet's that has no provider configured. */
async function sandboxPays(db: Conn, order: { method_kind: string; method_code: string }): Promise<boolean> {
  if (order.method_kind === 'gateway') return true;
  if (order.method_kind !== 'ewallet') return false;
  const method = await q.findMethod(db, order.method_code);
  return method !== undefined && ewalletProvider(method) === null;
}

export async function gatewayOrder(ctx: AppContext, reference: string) {
  let order = await q.findDepositByReference(ctx.db, reference);
  if (!order || !(await sandboxPays(ctx.db, order))) return null;
  // The pay page offers payment only while the order has not expired, job or no job.
  if (order.status === 'pending' && (await expireGatewayDeposits(ctx, order.member_id)).includes(reference))
    order = { ...order, status: 'expired' };
  const method = await q.findMethod(ctx.db, order.method_code);
  return { order, methodName: method?.name ?? order.method_code };
}

function assertSigned(secret: string, rawBody: Buffer, signature: string | undefined) {
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  const given = Buffer.from(/^[0-9a-fA-F]{64}$/.test(signature ?? '') ? (signature as string) : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) cashierFail('CASHIER_SIGNATURE_INVALID');
}

/** Who sent a payment callback: the sandbox gateway (demo mode), or the provider of one e-wallet method. */
export type CallbackSource = { by: 'sandbox' } | { by: 'provider'; methodCode: string };

/**
 * A payment callback (the sandbox gateway's, or an e-wallet provider's, with the same body). The
 * signature is checked over the raw bytes before anything is parsed, with the sender's own key; a
 * sender can settle only the orders it takes payment for. A replay of a completed order is answered
 * OK and credits nothing; concurrent callbacks queue on the order's row lock.
 */
export async function acceptPaymentCallback(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
  source: CallbackSource,
) {
  let provider: { secret: string } | null = null;
  if (source.by === 'provider') {
    const method = await q.findMethod(ctx.db, source.methodCode);
    provider = method?.kind === 'ewallet' ? ewalletProvider(method) : null;
    if (!provider) cashierFail('CASHIER_METHOD_UNAVAILABLE');
  }
  assertSigned(provider ? provider.secret : await gatewaySecret(ctx.db), rawBody, signature);
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  const parsed = SandboxCallbackBody.safeParse(json);
  if (!parsed.success) throw new AppError('BAD_REQUEST');
  const body = parsed.data;
  await ctx.db.transaction().execute(async (trx) => {
    // The member's lock before the order's (docs/wallet.md lock order).
    const owner = await q.findDepositByReference(trx, body.reference);
    // Paid online (a gateway or an e-wallet); a bank transfer is never settled by a callback.
    if (!owner || owner.method_kind === 'bank_transfer') cashierFail('CASHIER_ORDER_NOT_FOUND');
    await q.lockMember(trx, owner.member_id);
    // The row lock orders this callback and the expiry job (q.expireGatewayDeposits): whichever
    // comes second sees what the first one wrote.
    const order = await q.findDepositByReference(trx, body.reference, { forUpdate: true });
    const ours =
      order !== undefined &&
      (source.by === 'provider' ? order.method_code === source.methodCode : await sandboxPays(trx, order));
    if (!order || !ours) cashierFail('CASHIER_ORDER_NOT_FOUND');
    if (order.amount !== body.amount) cashierFail('CASHIER_CALLBACK_MISMATCH');
    if (body.status === 'paid') {
      if (order.status === 'approved') return;
      // The gateway took the member's money: an order that expired meanwhile is credited all the same
      // (refusing would keep money that really arrived), and says so for the operator.
      if (order.status !== 'pending' && order.status !== 'expired') cashierFail('CASHIER_STATE_CONFLICT');
      await creditDeposit(ctx, trx, order, {
        transactionId: body.transactionId,
        from: ['pending', 'expired'],
        reason: order.status === 'expired' ? 'paid at the gateway after the order expired' : null,
      });
      return;
    }
    // A cancellation of an order that is no longer payable (cancelled, expired) changes nothing.
    if (order.status === 'cancelled' || order.status === 'expired') return;
    if (order.status !== 'pending') cashierFail('CASHIER_STATE_CONFLICT');
    await q.settleDeposit(trx, order.id, { status: 'cancelled', reason: 'cancelled at the gateway', now: ctx.now() });
  });
  return { status: 'OK' as const, reference: body.reference };
}

/** The sandbox gateway's callback (demo mode). */
export function acceptSandboxCallback(ctx: AppContext, rawBody: Buffer, signature: string | undefined) {
  return acceptPaymentCallback(ctx, rawBody, signature, { by: 'sandbox' });
}

// ---- operator actions on deposits (cashier.admin.routes.ts calls these)

/** The queue filters as the console sends them (AdminOrderQueueQuery): major units, inclusive brand days. */
export type OperatorQueueFilter = {
  memberId?: number | undefined;
  member?: string | undefined;
  reference?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

async function orderFilter(ctx: AppContext, f: OperatorQueueFilter): Promise<q.OrderFilter> {
  // Days of the brand's time zone, as every report and the console's date filters are.
  const zone = f.from || f.to ? (await getBrand(ctx.db)).timeZone : 'UTC';
  return {
    memberId: f.memberId,
    username: f.member,
    reference: f.reference,
    minAmount: f.minAmount === undefined ? undefined : toMinor(f.minAmount),
    maxAmount: f.maxAmount === undefined ? undefined : toMinor(f.maxAmount),
    from: f.from ? dayStart(f.from, zone) : undefined,
    // `to` names the last day shown: orders before the next midnight.
    to: f.to ? dayStart(addDays(f.to, 1), zone) : undefined,
  };
}

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

// ---- bank accounts (spec §4 account linking)

export function bankAccounts(ctx: AppContext, principal: Principal) {
  return memberBankAccounts(ctx, principal.memberId);
}

/** A member's bank accounts, full numbers included (the member's own list and the back office). */
export function memberBankAccounts(ctx: AppContext, memberId: number) {
  return q.listBankAccounts(ctx.db, memberId);
}

const REAL_NAME = patternOf(17);

export async function addBankAccount(
  ctx: AppContext,
  principal: Principal,
  body: { bankName: string; accountName: string; accountNumber: string },
) {
  // The payee must be the member: the real-name rule, and the registered payee name. A member who
  // has none yet gets it from the first account bound, so every later account must carry the same
  // name. Read and set under the member's row lock, so two first binds at once cannot each set a name.
  if (!REAL_NAME?.regex.test(body.accountName)) throw fieldErrors({ accountName: 'PATTERN' });
  return ctx.db.transaction().execute(async (trx) => {
    const member = await q.findMemberForCashier(trx, principal.memberId, { forUpdate: true });
    if (!member) throw new AppError('AUTH_REQUIRED');
    // KYC: once an operator has verified the member's name, a new account's payee must be
    // it (docs/kyc.md); the verified name then stands in for the registered payee name.
    const verified = await assertPayeeIsVerifiedName(trx, principal.memberId, body.accountName);
    const payee = member.payee_name?.trim() ?? '';
    if (!verified && payee && payee.toLowerCase() !== body.accountName.trim().toLowerCase())
      throw fieldErrors({ accountName: 'MISMATCH' });
    if (!payee) await setPayeeNameIfEmpty(trx, principal.memberId, body.accountName.trim());
    const row = await q.insertBankAccount(trx, { memberId: principal.memberId, ...body, now: ctx.now() });
    // Thrown inside the transaction, so a duplicate sets no payee name either.
    if (!row) cashierFail('CASHIER_BANK_ACCOUNT_DUPLICATE');
    return row;
  });
}

export async function removeBankAccount(ctx: AppContext, principal: Principal, id: number) {
  const account = await q.findBankAccount(ctx.db, id);
  if (!account || account.member_id !== principal.memberId) cashierFail('CASHIER_BANK_ACCOUNT_NOT_FOUND');
  // spec §4: once confirmed, an account cannot be changed or unlinked; a rejected one may go.
  if (account.status === 'confirmed' || !(await q.deleteUnconfirmedBankAccount(ctx.db, id, principal.memberId)))
    cashierFail('CASHIER_BANK_ACCOUNT_LOCKED');
}

/**
 * Confirms a pending binding. One whose payee is not the member's verified name (bound before the
 * verification) is held until the operator confirms it with a note that it was checked.
 */
export async function confirmBankAccount(ctx: AppContext, operator: Principal, id: number, payeeReview?: string) {
  const account = await q.findBankAccount(ctx.db, id);
  if (!account) cashierFail('CASHIER_BANK_ACCOUNT_NOT_FOUND');
  if (account.status === 'rejected') cashierFail('CASHIER_STATE_CONFLICT');
  if (
    account.status === 'pending' &&
    !payeeReview &&
    payeeMatch(await verifiedNameOf(ctx.db, account.member_id), account.account_name) === 'mismatch'
  )
    cashierFail('CASHIER_PAYEE_MISMATCH');
  if (account.status === 'pending')
    await ctx.db.transaction().execute(async (trx) => {
      const confirmed = await q.confirmBankAccount(trx, id, operator.memberId, ctx.now());
      // Only the call that confirmed it tells the member (a repeat or a race says nothing).
      if (confirmed)
        await sendSystemMessage(trx, {
          memberId: confirmed.member_id,
          kind: 'bank_account_confirmed',
          params: { account: `${confirmed.bank_name} ****${confirmed.account_number.slice(-4)}` },
          now: ctx.now(),
        });
    });
  const row = await q.bankAccountWithMember(ctx.db, id);
  if (!row) throw new Error(`bank account ${id} vanished`);
  return row;
}

/**
 * An operator turns a pending binding down with the reason the member reads on the bank account and
 * withdraw pages. A confirmed account is locked (spec §4); rejecting twice is a conflict.
 */
export async function rejectBankAccount(ctx: AppContext, operator: Principal, id: number, reason: string) {
  const account = await q.findBankAccount(ctx.db, id);
  if (!account) cashierFail('CASHIER_BANK_ACCOUNT_NOT_FOUND');
  if (account.status === 'confirmed') cashierFail('CASHIER_BANK_ACCOUNT_LOCKED');
  if (!(await q.rejectBankAccount(ctx.db, id, operator.memberId, reason, ctx.now())))
    cashierFail('CASHIER_STATE_CONFLICT');
  const row = await q.bankAccountWithMember(ctx.db, id);
  if (!row) throw new Error(`bank account ${id} vanished`);
  return row;
}

// ---- withdrawals

/**
 * Turnover before withdrawal (shown to the member): required = approved deposits x the
 * brand's turnover percent (0 by default: no requirement); achieved = the member's bets as the
 * wallet counts them in profit and loss, less the stakes that came back without risk (a void or
 * pushed bet is no turnover).
 */
export async function turnoverOf(ctx: AppContext, memberId: number) {
  const [settings, deposits, pnl, unrisked] = await Promise.all([
    q.readSettings(ctx.db),
    q.sumApprovedDeposits(ctx.db, memberId),
    profitLoss(ctx, memberId, {}),
    q.sumUnriskedStakes(ctx.db, memberId),
  ]);
  return {
    required: Math.ceil((deposits * settings.turnover_percent) / 100),
    achieved: Math.max(0, pnl.bets - unrisked),
  };
}

export async function withdrawInfo(ctx: AppContext, principal: Principal) {
  const brand = await getBrand(ctx.db);
  const [member, method, balance, turnover] = await Promise.all([
    q.findMemberForCashier(ctx.db, principal.memberId),
    q.findWithdrawalMethod(ctx.db),
    balanceOf(ctx.db, principal.memberId, brand.currency),
    turnoverOf(ctx, principal.memberId),
  ]);
  if (!method) cashierFail('CASHIER_METHOD_UNAVAILABLE');
  const bonusForfeited = await withdrawalForfeit(ctx.db, principal.memberId, brand.currency);
  return { balance, method, turnover, hasPaymentPassword: Boolean(member?.payment_password_hash), bonusForfeited };
}

/**
 * What a withdrawal request would forfeit now, in minor units (docs/rewards.md: a request while a
 * bonus is being wagered forfeits the bonus left). The rewards programme sits a tier above the
 * cashier, so the composition root (app.ts) registers rewards' reckoning here rather than the cashier
 * importing it; until then a request forfeits nothing.
 */
export type WithdrawalForfeit = (db: Conn, memberId: number, currency: string) => Promise<number>;
let withdrawalForfeit: WithdrawalForfeit = async () => 0;

export function registerWithdrawalForfeit(reckon: WithdrawalForfeit): void {
  withdrawalForfeit = reckon;
}

export async function requestWithdrawal(ctx: AppContext, principal: Principal, body: WithdrawBody) {
  const amount = amountOf(body.amount);
  const memberId = principal.memberId;
  const previous = await q.findWithdrawalByRequest(ctx.db, memberId, body.requestId);
  if (previous) return sameWithdrawal(ctx, previous, body.bankAccountId, amount);

  await checkPaymentPassword(ctx, memberId, body.paymentPassword);
  const account = await q.findBankAccount(ctx.db, body.bankAccountId);
  if (!account || account.member_id !== memberId) cashierFail('CASHIER_BANK_ACCOUNT_NOT_FOUND');
  if (account.status !== 'confirmed') cashierFail('CASHIER_BANK_ACCOUNT_NOT_CONFIRMED');
  const method = await q.findWithdrawalMethod(ctx.db);
  if (!method) cashierFail('CASHIER_METHOD_UNAVAILABLE');
  assertWithinLimits(amount, method);
  const turnover = await turnoverOf(ctx, memberId);
  if (turnover.achieved < turnover.required)
    cashierFail('CASHIER_TURNOVER_NOT_MET', { required: turnover.required / 100, achieved: turnover.achieved / 100 });
  const brand = await getBrand(ctx.db);

  const reference = await ctx.db.transaction().execute(async (trx) => {
    // One withdrawal request of a member at a time, so a retry with the same requestId finds the first.
    await q.lockMember(trx, memberId);
    const twin = await q.findWithdrawalByRequest(trx, memberId, body.requestId);
    if (twin) return twin.reference;
    // VIP: the level's daily withdrawal limits, under the member lock (docs/vip.md).
    await assertWithdrawalWithinLevel(trx, ctx, memberId, amount);
    // KYC: the brand's verification level and the level's daily limit (docs/kyc.md).
    await assertKycAllowsWithdrawal(trx, ctx, memberId, amount);
    // A bonus is never forfeited by a request that did not say so (the site confirms it first).
    const forfeited = await withdrawalForfeit(trx, memberId, brand.currency);
    if (forfeited > 0 && body.forfeitBonus !== true)
      cashierFail('CASHIER_BONUS_FORFEIT_UNCONFIRMED', { bonus: toMajor(forfeited) });
    const ref = newReference('W');
    // The hold refuses more than the available balance, even under concurrency (ledger.service).
    const held = await hold(trx, {
      memberId,
      currency: brand.currency,
      amount,
      idempotencyKey: `withdrawal:${ref}`,
      reference: ref,
    });
    await q.insertWithdrawal(trx, {
      reference: ref,
      memberId,
      requestId: body.requestId,
      bankAccountId: account.id,
      amount,
      currency: brand.currency,
      holdId: held.holdId,
      now: ctx.now(),
    });
    return ref;
  });
  const order = await q.findWithdrawalByReference(ctx.db, reference);
  if (!order) throw new Error(`withdrawal ${reference} vanished`);
  return sameWithdrawal(ctx, order, body.bankAccountId, amount);
}

async function sameWithdrawal(
  ctx: AppContext,
  order: { reference: string; bank_account_id: number; amount: number },
  bankAccountId: number,
  amount: number,
) {
  if (order.bank_account_id !== bankAccountId || order.amount !== amount) cashierFail('CASHIER_REQUEST_CONFLICT');
  return withdrawalWithDeadline(ctx, order.reference);
}

async function withdrawalWithDeadline(ctx: AppContext, reference: string) {
  const [row, settings] = await Promise.all([q.withdrawalView(ctx.db, reference), q.readSettings(ctx.db)]);
  if (!row) throw new Error(`withdrawal ${reference} vanished`);
  return { row, confirmMinutes: settings.receipt_confirm_minutes };
}

export type MemberWithdrawal = Awaited<ReturnType<typeof withdrawalWithDeadline>>;

export async function listWithdrawals(
  ctx: AppContext,
  principal: Principal,
  query: q.Page & { status?: 'pending' | 'approved' | 'rejected' | 'paid' | 'confirmed' },
) {
  const [page, settings] = await Promise.all([
    q.pageWithdrawals(ctx.db, { memberId: principal.memberId, status: query.status }, query),
    q.readSettings(ctx.db),
  ]);
  return { ...page, rows: page.rows.map((row) => ({ row, confirmMinutes: settings.receipt_confirm_minutes })) };
}

/**
 * spec §4 withdrawal confirmation: after payment the member confirms received, partly received or
 * not received; not received needs 1 to 3 proof images. Confirming is final.
 */
export async function confirmReceipt(
  ctx: AppContext,
  principal: Principal,
  reference: string,
  input: { status: ReceiptStatus; comment?: string; images: UploadedImage[] },
) {
  if (input.images.length > UPLOAD_MAX_IMAGES) throw fieldErrors({ images: 'TOO_LONG' });
  if (input.status === 'not_received' && input.images.length === 0) throw fieldErrors({ images: 'REQUIRED' });
  const kept = await acceptImages(input.images);
  await ctx.db.transaction().execute(async (trx) => {
    const order = await q.findWithdrawalByReference(trx, reference, { forUpdate: true });
    if (!order || order.member_id !== principal.memberId) cashierFail('CASHIER_ORDER_NOT_FOUND');
    if (order.status !== 'paid') cashierFail('CASHIER_STATE_CONFLICT', { status: order.status });
    for (const image of kept) await storeImage(ctx, trx, principal.memberId, 'withdrawal_receipt', reference, image);
    await q.moveWithdrawal(trx, order.id, 'paid', {
      status: 'confirmed',
      receipt_status: input.status,
      receipt_comment: input.comment?.trim() || null,
      receipt_at: ctx.now(),
    });
  });
  return withdrawalWithDeadline(ctx, reference);
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

/**
 * spec §4: a paid withdrawal not confirmed within the brand's minutes counts as received. A forced
 * receipt moves no money (the payout already left; nothing is returned). Run by jobs/.
 */
export async function autoConfirmReceipts(ctx: AppContext): Promise<string[]> {
  const settings = await q.readSettings(ctx.db);
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - settings.receipt_confirm_minutes * 60_000);
  return q.forceReceipts(ctx.db, cutoff, now);
}

// ---- cashier settings and payment methods, for operators (cashier.admin.routes.ts calls these)

export async function cashierConfiguration(ctx: AppContext) {
  const [settings, methods] = await Promise.all([q.readSettings(ctx.db), q.listAllMethods(ctx.db)]);
  return {
    receiptConfirmMinutes: settings.receipt_confirm_minutes,
    turnoverPercent: settings.turnover_percent,
    gatewayExpiryMinutes: settings.gateway_expiry_minutes,
    methods: methods.filter((m) => m.code !== MANUAL_DEPOSIT_METHOD),
  };
}

export type CashierConfiguration = Awaited<ReturnType<typeof cashierConfiguration>>;

export async function changeCashierSettings(
  ctx: AppContext,
  patch: Partial<{ receiptConfirmMinutes: number; turnoverPercent: number; gatewayExpiryMinutes: number }>,
) {
  if (Object.values(patch).every((v) => v === undefined)) throw fieldErrors({ _: 'REQUIRED' });
  const before = await q.readSettings(ctx.db);
  await setCashierSettings(ctx.db, patch);
  return {
    old: {
      receiptConfirmMinutes: before.receipt_confirm_minutes,
      turnoverPercent: before.turnover_percent,
      gatewayExpiryMinutes: before.gateway_expiry_minutes,
    },
    config: await cashierConfiguration(ctx),
  };
}

/**
 * One method's limits (major units in, minor stored), on/off, for a bank transfer the account
 * members pay into, and for an e-wallet its provider. Min above max, or a receiving account or
 * provider on a method of another kind, changes nothing.
 */
export async function changePaymentMethod(
  ctx: AppContext,
  code: string,
  patch: {
    active?: boolean | undefined;
    min?: number | undefined;
    max?: number | undefined;
    receivingAccount?: { bankName: string; accountName: string; accountNumber: string } | undefined;
    provider?: { name: string; payUrl: string; deepLink: string | null; secret: string } | undefined;
  },
) {
  if (Object.values(patch).every((v) => v === undefined)) throw fieldErrors({ _: 'REQUIRED' });
  const result = await ctx.db.transaction().execute(async (trx) => {
    const method = await q.findMethodForUpdate(trx, code);
    // Manual deposits are recorded by balance adjustments only: never a method members may pick.
    if (!method || method.code === MANUAL_DEPOSIT_METHOD) cashierFail('CASHIER_METHOD_UNAVAILABLE');
    const min = patch.min !== undefined ? amountOf(patch.min) : method.min_amount;
    const max = patch.max !== undefined ? amountOf(patch.max) : method.max_amount;
    if (min > max) throw fieldErrors({ [patch.min !== undefined ? 'min' : 'max']: 'INVALID' });
    if (patch.receivingAccount && method.kind !== 'bank_transfer') throw fieldErrors({ receivingAccount: 'INVALID' });
    if (patch.provider && method.kind !== 'ewallet') throw fieldErrors({ provider: 'INVALID' });
    const account = patch.receivingAccount;
    const provider = patch.provider;
    await q.updateMethod(trx, code, {
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      min_amount: min,
      max_amount: max,
      ...(account
        ? { bank_name: account.bankName, account_name: account.accountName, account_number: account.accountNumber }
        : {}),
      ...(provider
        ? {
            provider_name: provider.name,
            provider_pay_url: provider.payUrl,
            provider_deep_link: provider.deepLink,
            provider_secret: provider.secret,
          }
        : {}),
    });
    return method;
  });
  const config = await cashierConfiguration(ctx);
  const after = config.methods.find((m) => m.code === code);
  if (!after) throw new Error(`payment method ${code} vanished`);
  return { before: result, after };
}

export async function setCashierSettings(
  db: Conn,
  patch: Partial<{ receiptConfirmMinutes: number; turnoverPercent: number; gatewayExpiryMinutes: number }>,
) {
  await q.updateSettings(db, {
    ...(patch.receiptConfirmMinutes !== undefined ? { receipt_confirm_minutes: patch.receiptConfirmMinutes } : {}),
    ...(patch.turnoverPercent !== undefined ? { turnover_percent: patch.turnoverPercent } : {}),
    ...(patch.gatewayExpiryMinutes !== undefined ? { gateway_expiry_minutes: patch.gatewayExpiryMinutes } : {}),
  });
}

// ---- operator actions on withdrawals

export async function operatorWithdrawals(
  ctx: AppContext,
  query: q.Page &
    OperatorQueueFilter & {
      status?: 'pending' | 'approved' | 'rejected' | 'paid' | 'confirmed' | undefined;
      bank?: string | undefined;
    },
) {
  return q.pageWithdrawals(
    ctx.db,
    { ...(await orderFilter(ctx, query)), status: query.status, bank: query.bank },
    query,
  );
}

/** One withdrawal as the back office shows it; undefined when there is no such order. */
export function operatorWithdrawal(ctx: AppContext, reference: string) {
  return q.withdrawalView(ctx.db, reference);
}

type WithdrawalAction = 'approve' | 'reject' | 'paid';

/** What an operator's decision carries besides the action (docs/cashier.md "The desk"). */
export type WithdrawalDecision = {
  /** A rejection's reason, which the member reads. */
  reason?: string | undefined;
  /** An approval's note that a payee who is not the verified name was checked. */
  payeeReview?: string | undefined;
  /** Mark paid: the bank's reference, the house account it left from, the bank's fee (major units). */
  payout?: { payoutReference: string; payingAccountId: number; fee: number } | undefined;
};

// An action repeated on an order it already moved answers OK and moves nothing; any other state is a conflict.
const DONE_STATES: Record<WithdrawalAction, readonly string[]> = {
  approve: ['approved', 'paid', 'confirmed'],
  reject: ['rejected'],
  paid: ['paid', 'confirmed'],
};
const FROM_STATE = { approve: 'pending', reject: 'pending', paid: 'approved' } as const;

export async function actOnWithdrawal(
  ctx: AppContext,
  operator: Principal,
  reference: string,
  action: WithdrawalAction,
  decision: WithdrawalDecision = {},
) {
  const { reason, payout } = decision;
  if (action === 'paid' && !payout) throw fieldErrors({ payoutReference: 'REQUIRED' });
  const fee = payout ? amountOf(payout.fee) : 0;
  await ctx.db.transaction().execute(async (trx) => {
    const order = await q.findWithdrawalByReference(trx, reference, { forUpdate: true });
    if (!order) cashierFail('CASHIER_ORDER_NOT_FOUND');
    if (DONE_STATES[action].includes(order.status)) {
      // Marking paid again with another bank reference is not the same payout.
      if (payout && order.payout_reference !== null && order.payout_reference !== payout.payoutReference.trim())
        cashierFail('CASHIER_STATE_CONFLICT', { status: order.status });
      return;
    }
    if (order.status !== FROM_STATE[action]) throw cashierError('CASHIER_STATE_CONFLICT', { status: order.status });
    const now = ctx.now();
    if (action === 'approve') await assertPayeeReviewed(trx, order, decision.payeeReview);
    if (action === 'approve') {
      // Approval moves the held funds from the member to the payable clearing account.
      await captureHold(trx, order.hold_id, {
        idempotencyKey: `withdrawal:${reference}:capture`,
        type: 'withdrawal',
        reference,
        to: { house: HOUSE_PAYABLE, currency: order.currency },
      });
      await q.moveWithdrawal(trx, order.id, 'pending', {
        status: 'approved',
        approved_at: now,
        decided_by: operator.memberId,
      });
    } else if (action === 'reject') {
      await releaseHold(trx, order.hold_id, reason ?? 'rejected');
      await q.moveWithdrawal(trx, order.id, 'pending', {
        status: 'rejected',
        reason: reason ?? null,
        decided_by: operator.memberId,
      });
    } else if (payout) {
      const account = await payingAccount(trx, payout.payingAccountId);
      const payoutReference = payout.payoutReference.trim();
      if (await q.findPayout(trx, account.id, payoutReference))
        cashierFail('CASHIER_PAYOUT_REFERENCE_USED', { payoutReference });
      await post(trx, {
        idempotencyKey: `withdrawal:${reference}:paid`,
        type: 'withdrawal.paid',
        reference,
        entries: [
          { account: { house: HOUSE_PAYABLE, currency: order.currency }, amount: -order.amount },
          { account: { house: HOUSE_BANK, currency: order.currency }, amount: order.amount },
        ],
      });
      // The bank's charge for sending it is the house's cost, not the member's: the member was
      // promised the amount. It leaves the bank for the expense account payment-fees.
      if (fee > 0)
        await post(trx, {
          idempotencyKey: `withdrawal:${reference}:fee`,
          type: 'withdrawal.fee',
          reference,
          entries: [
            { account: { house: HOUSE_PAYMENT_FEES, currency: order.currency }, amount: -fee },
            { account: { house: HOUSE_BANK, currency: order.currency }, amount: fee },
          ],
        });
      await q.moveWithdrawal(trx, order.id, 'approved', {
        status: 'paid',
        paid_at: now,
        payout_reference: payoutReference,
        paid_from_account_id: account.id,
        fee,
        paid_by: operator.memberId,
      });
    }
    // The member hears of the decision in the same transaction.
    await sendSystemMessage(trx, {
      memberId: order.member_id,
      kind:
        action === 'approve' ? 'withdrawal_approved' : action === 'reject' ? 'withdrawal_rejected' : 'withdrawal_paid',
      params: { amount: order.amount, ...(action === 'reject' && reason ? { reason } : {}) },
      now,
    });
  });
  const row = await q.withdrawalView(ctx.db, reference);
  if (!row) throw new Error(`withdrawal ${reference} vanished`);
  return row;
}

/**
 * A withdrawal to a bank account whose payee is not the member's verified name is held: it is
 * approved only with the operator's note that it was checked (docs/cashier.md "Payee names").
 */
async function assertPayeeReviewed(trx: Trx, order: { member_id: number; bank_account_id: number }, note?: string) {
  if (note) return;
  const [account, verified] = await Promise.all([
    q.findBankAccount(trx, order.bank_account_id),
    verifiedNameOf(trx, order.member_id),
  ]);
  if (account && payeeMatch(verified, account.account_name) === 'mismatch')
    cashierFail('CASHIER_PAYEE_MISMATCH', { payee: account.account_name });
}

/**
 * A withdrawal the house opens for a member (the under-age refund, docs/kyc.md "Under age"), in the
 * caller's transaction: held from the member's cash, recorded and approved at once (the hold
 * captured to withdrawals-payable), so the cashier marks it paid like any other. The caller puts the
 * amount in the member's cash first and keeps it to once per member (its request id).
 */
export async function openApprovedWithdrawal(
  trx: Trx,
  w: { memberId: number; requestId: string; bankAccountId: number; amount: number; currency: string },
  operatorId: number,
  now: Date,
): Promise<string> {
  const reference = newReference('W');
  const held = await hold(trx, {
    memberId: w.memberId,
    currency: w.currency,
    amount: w.amount,
    idempotencyKey: `withdrawal:${reference}`,
    reference,
  });
  const order = await q.insertWithdrawal(trx, { ...w, reference, holdId: held.holdId, now });
  await captureHold(trx, held.holdId, {
    idempotencyKey: `withdrawal:${reference}:capture`,
    type: 'withdrawal',
    reference,
    to: { house: HOUSE_PAYABLE, currency: w.currency },
  });
  await q.moveWithdrawal(trx, order.id, 'pending', { status: 'approved', approved_at: now, decided_by: operatorId });
  return reference;
}

// ---- uploaded images, for operators deciding on an order

export function orderImages(ctx: AppContext, reference: string) {
  return q.listFiles(ctx.db, reference);
}

export async function orderImage(ctx: AppContext, reference: string, id: number) {
  const file = await q.findFile(ctx.db, reference, id);
  if (!file) throw new AppError('NOT_FOUND');
  return { contentType: file.content_type, data: Buffer.from(file.data) };
}
