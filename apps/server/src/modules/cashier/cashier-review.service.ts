import type { AppContext } from '../../context';
import { fail } from '../../http/errors';
import * as q from './cashier.queries';
import * as cashier from './cashier.service';

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
    cashier.turnoverOf(ctx, memberId),
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
  const order = await cashier.operatorDeposit(ctx, reference);
  if (!order) fail('CASHIER_ORDER_NOT_FOUND');
  return { order, risk: await riskOf(ctx, order.member_id) };
}

export async function withdrawalDetail(ctx: AppContext, reference: string) {
  const order = await cashier.operatorWithdrawal(ctx, reference);
  if (!order) fail('CASHIER_ORDER_NOT_FOUND');
  return { order, risk: await riskOf(ctx, order.member_id, reference) };
}
