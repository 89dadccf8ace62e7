import type { AppContext } from '../../context';
import { memberById } from '../accounts/member.service';
import { getBrand } from '../brand/brand.service';
import { operatorDeposits } from '../cashier/cashier-deposits.service';
import { balanceOf } from '../ledger/ledger.service';

const LAST_DEPOSITS = 5;

/**
 * The member's key facts beside the chat: username, VIP level and balance, and the last deposits
 * when the operator may read cashier data (`deposits`: cashier.read). Read only.
 */
export async function memberFacts(ctx: AppContext, memberId: number, withDeposits: boolean) {
  const [member, brand] = await Promise.all([memberById(ctx, memberId), getBrand(ctx.db)]);
  const [balance, deposits] = await Promise.all([
    balanceOf(ctx.db, memberId, brand.currency),
    withDeposits ? operatorDeposits(ctx, { pageNo: 1, pageSize: LAST_DEPOSITS, memberId }) : null,
  ]);
  return {
    memberId,
    username: member.username,
    vipLevel: member.vipLevel,
    balance: balance.balance,
    currency: brand.currency,
    lastDeposits:
      deposits?.rows.map((d) => ({
        reference: d.reference,
        amount: d.amount,
        status: d.status,
        createdAt: d.created_at,
      })) ?? null,
  };
}
