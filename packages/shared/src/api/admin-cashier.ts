import { z } from 'zod';
import { AdminBankAccount, AdminDeposit, AdminMember, AdminWithdrawal } from './admin';
import { Money, PageQuery, paged } from './common';

// The console's cashier screens: the bank-account confirmation queue and an order's
// detail with its risk hints, beside the queues and actions of admin.ts.

/** GET /admin/cashier/bankAccounts: newest first; `q` matches part of the member's username or the account number. */
export const AdminBankAccountQuery = PageQuery.extend({
  status: z.enum(['pending', 'confirmed', 'rejected']).optional(),
  q: z.string().trim().max(40).optional(),
});
export type AdminBankAccountQuery = z.infer<typeof AdminBankAccountQuery>;
export const AdminBankAccountList = paged(AdminBankAccount);
export type AdminBankAccountList = z.infer<typeof AdminBankAccountList>;

/** POST /admin/cashier/bankAccounts/:id/reject: the reason the member reads on the bank account page. */
export const RejectBankAccountBody = z.object({ reason: z.string().trim().min(1).max(200) }).strict();
export type RejectBankAccountBody = z.infer<typeof RejectBankAccountBody>;

/**
 * What an operator weighs before paying: other members sharing a bank
 * account number or the last sign-in IP with this member, whether this is their first withdrawal,
 * and the turnover achieved against the turnover required before withdrawal.
 */
export const AdminOrderRisk = z.object({
  sameBankAccount: z.array(AdminMember),
  memberIp: z.string().nullable(),
  sameIp: z.array(AdminMember),
  /** Withdrawals only: no earlier withdrawal of this member was approved. */
  firstWithdrawal: z.boolean().nullable(),
  turnover: z.object({ required: Money, achieved: Money }),
});
export type AdminOrderRisk = z.infer<typeof AdminOrderRisk>;

export const AdminDepositDetail = z.object({ order: AdminDeposit, risk: AdminOrderRisk });
export type AdminDepositDetail = z.infer<typeof AdminDepositDetail>;
export const AdminWithdrawalDetail = z.object({ order: AdminWithdrawal, risk: AdminOrderRisk });
export type AdminWithdrawalDetail = z.infer<typeof AdminWithdrawalDetail>;
