import type { AppContext } from '../../context';
import { fail } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import * as kyc from '../kyc/kyc.service';
import * as q from './cashier.queries';
import * as deposits from './cashier-deposits.service';
import * as withdrawals from './cashier-withdrawals.service';
import { payeeMatch } from './payee-match';

// The back office's review reads: the bank-account confirmation queue, and an order with the hints an
// operator weighs before approving it (risk hints).

export function bankAccountQueue(
  ctx: AppContext,
  query: { pageNo: number; pageSize: number; status?: 'pending' | 'confirmed' | 'rejected'; q?: string },
) {
  return q.pageBankAccounts(ctx.db, { status: query.status, q: query.q || undefined }, query);
}

async function riskOf(ctx: AppContext, memberId: number, withdrawalReference?: string) {
  const [sameBankAccount, member, turnover, earlier] = await Promise.all([
    q.membersSharingBankAccount(ctx.db, memberId),
    q.memberLastIp(ctx.db, memberId),
    withdrawals.turnoverOf(ctx, memberId),
    withdrawalReference === undefined
      ? Promise.resolve(null)
      : q.countEarlierApprovedWithdrawals(ctx.db, memberId, withdrawalReference),
  ]);
  const memberIp = member?.last_login_ip ?? null;
  const sameIp = memberIp ? await q.membersSharingIp(ctx.db, memberId, memberIp) : [];
  return { sameBankAccount, memberIp, sameIp, firstWithdrawal: earlier === null ? null : earlier === 0, turnover };
}

export type OrderRisk = Awaited<ReturnType<typeof riskOf>>;

export async function depositDetail(ctx: AppContext, reference: string) {
  const order = await deposits.operatorDeposit(ctx, reference);
  if (!order) fail('CASHIER_ORDER_NOT_FOUND');
  const [risk, verified] = await Promise.all([
    riskOf(ctx, order.member_id),
    kyc.verifiedNameOf(ctx.db, order.member_id),
  ]);
  // A deposit paid from someone else's account is a hint (a third party paying), not a refusal.
  const depositorMatch = order.depositor_name === null ? null : payeeMatch(verified, order.depositor_name);
  return { order, risk, depositorMatch };
}

export async function withdrawalDetail(ctx: AppContext, reference: string) {
  const order = await withdrawals.operatorWithdrawal(ctx, reference);
  if (!order) fail('CASHIER_ORDER_NOT_FOUND');
  return { order, risk: await riskOf(ctx, order.member_id, reference) };
}

/**
 * Pays a KYC under-age closure's refund out as an approved withdrawal to the verified payee;
 * audited (kyc.refund). Compliance decided the closure; paying money out is the cashier's step.
 */
export async function payUnderAgeRefund(ctx: AppContext, meta: RequestMeta, memberId: number) {
  const result = await operatorAction(
    ctx,
    meta,
    'kyc.refund',
    `member:${memberId}`,
    (operator) =>
      // The refund leaves withdrawals-payable for the member's cash and becomes an approved
      // withdrawal to the verified payee in one transaction; the cashier marks it paid.
      ctx.db.transaction().execute(async (trx) => {
        const r = await kyc.releaseUnderAgeRefund(trx, memberId);
        const reference = await withdrawals.openApprovedWithdrawal(trx, r, operator.memberId, ctx.now());
        return { ...r, reference };
      }),
    (r) => ({ memberId: r.memberId, withdrawal: r.reference, amount: r.amount, bankAccountId: r.bankAccountId }),
  );
  return result.memberId;
}
