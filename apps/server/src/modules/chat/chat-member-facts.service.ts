import type { AppContext } from '../../context';
import * as members from '../member-page/member-page.service';

const LAST_DEPOSITS = 5;

/**
 * The member's key facts beside the chat: balance and VIP level from the members
 * module's overview, the last deposits from its cashier query when the operator may read cashier
 * data (`deposits`: cashier.read). Read only.
 */
export async function memberFacts(ctx: AppContext, memberId: number, withDeposits: boolean) {
  const [overview, deposits] = await Promise.all([
    members.overview(ctx, memberId),
    withDeposits ? members.deposits(ctx, memberId, { pageNo: 1, pageSize: LAST_DEPOSITS }) : null,
  ]);
  return {
    memberId,
    username: overview.member.username,
    vipLevel: overview.member.vip_level,
    balance: overview.balance.balance,
    currency: overview.balance.currency,
    lastDeposits:
      deposits?.rows.map((d) => ({
        reference: d.reference,
        amount: d.amount,
        status: d.status,
        createdAt: d.created_at,
      })) ?? null,
  };
}
