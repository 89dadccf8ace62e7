import { randomBytes } from 'node:crypto';
import { post } from '../modules/wallet/wallet.service';
import type { TestApp } from './harness';

// Test helpers the rewards programmes (rewards, missions, VIP, rebates, referrals, tickets) share:
// the facts their consumers react to, made the way production makes them.

/**
 * A deposit credited as the cashier credits one: the order approved (the fact the programmes read)
 * and the money posted under the cashier's idempotency key, in one transaction.
 */
export async function creditDeposit(t: TestApp, memberId: number, amount: number): Promise<void> {
  const method = await t.ctx.db.selectFrom('payment_methods').select('code').executeTakeFirstOrThrow();
  const reference = `D${randomBytes(8).toString('hex')}`;
  await t.ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('deposit_orders')
      .values({
        reference,
        member_id: memberId,
        request_id: reference,
        method_code: method.code,
        method_kind: 'gateway',
        amount,
        currency: 'PHP',
      })
      .execute();
    await trx.updateTable('deposit_orders').set({ status: 'approved' }).where('reference', '=', reference).execute();
    await post(trx, {
      idempotencyKey: `deposit:${reference}`,
      type: 'deposit',
      reference,
      entries: [
        { account: { member: memberId, currency: 'PHP' }, amount },
        { account: { house: 'bank', currency: 'PHP' }, amount: -amount },
      ],
    });
  });
}
