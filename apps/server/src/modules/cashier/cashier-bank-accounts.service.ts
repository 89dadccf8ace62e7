import { patternOf } from '@gamehall/shared/patterns';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { setPayeeNameIfEmpty } from '../accounts/member-record.service';
import { assertPayeeIsVerifiedName, verifiedNameOf } from '../kyc/kyc.service';
import { sendSystemMessage } from '../messages/messages.service';
import * as q from './cashier.queries';
import { cashierFail } from './cashier-errors';
import { payeeMatch } from './payee-match';

// Members' bank accounts (spec §4 account linking): binding and unlinking them, and the operators'
// confirmation or rejection of a binding.

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
