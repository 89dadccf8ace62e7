import type { ReceiptStatus, WithdrawBody } from '@gamehall/shared/api/cashier';
import { UPLOAD_MAX_IMAGES } from '@gamehall/shared/api/cashier';
import { toMajor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import type { Principal } from '../../http/auth';
import { fieldErrors } from '../../http/errors';
import { checkPaymentPassword } from '../accounts/payment-password.service';
import { getBrand } from '../brand/brand.service';
import { assertKycAllowsWithdrawal, verifiedNameOf } from '../kyc/kyc.service';
import { balanceOf, captureHold, hold, post, releaseHold } from '../ledger/ledger.service';
import { sendSystemMessage } from '../messages/messages.service';
import { assertWithdrawalWithinLevel } from '../vip/vip.service';
import { profitLoss } from '../wallet/wallet.service';
import * as q from './cashier.queries';
import type { OperatorQueueFilter } from './cashier.service';
import {
  amountOf,
  assertWithinLimits,
  HOUSE_BANK,
  HOUSE_PAYABLE,
  HOUSE_PAYMENT_FEES,
  newReference,
  orderFilter,
} from './cashier.service';
import { cashierError, cashierFail } from './cashier-errors';
import type { UploadedImage } from './cashier-files.service';
import { acceptImages, storeImage } from './cashier-files.service';
import { payingAccount } from './house-accounts.service';
import { payeeMatch } from './payee-match';

// Withdrawal orders: turnover before withdrawal, a member's requests and receipt confirmations, the
// automatic receipt, the operators' decisions, and the withdrawal the house opens for a member.

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
 * spec §4: a paid withdrawal not confirmed within the brand's minutes counts as received. A forced
 * receipt moves no money (the payout already left; nothing is returned). Run by jobs/.
 */
export async function autoConfirmReceipts(ctx: AppContext): Promise<string[]> {
  const settings = await q.readSettings(ctx.db);
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - settings.receipt_confirm_minutes * 60_000);
  return q.forceReceipts(ctx.db, cutoff, now);
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
    // A payout under way at a payment provider is ended by the provider's word, never marked by hand.
    if (order.payout_state === 'sending')
      throw cashierError('CASHIER_STATE_CONFLICT', { status: order.status, payout: 'sending' });
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
      await post(trx, withdrawalPaidPosting(order));
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

/**
 * A withdrawal paid out, by a cashier's "mark paid" or a payment provider's word: withdrawals-payable
 * to the bank, once per withdrawal whichever path comes.
 */
export function withdrawalPaidPosting(order: { reference: string; amount: number; currency: string }) {
  return {
    idempotencyKey: `withdrawal:${order.reference}:paid`,
    type: 'withdrawal.paid',
    reference: order.reference,
    entries: [
      { account: { house: HOUSE_PAYABLE, currency: order.currency }, amount: -order.amount },
      { account: { house: HOUSE_BANK, currency: order.currency }, amount: order.amount },
    ],
  };
}
