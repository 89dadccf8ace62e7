import { z } from 'zod';
import { AdminBankAccount, AdminDeposit, AdminMember, AdminWithdrawal, PayeeMatch } from './admin';
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

/** A deposit's depositor name against the member's verified name (null: no name given). */
export const AdminDepositDetail = z.object({
  order: AdminDeposit,
  risk: AdminOrderRisk,
  depositorMatch: PayeeMatch.nullable(),
});
export type AdminDepositDetail = z.infer<typeof AdminDepositDetail>;
export const AdminWithdrawalDetail = z.object({ order: AdminWithdrawal, risk: AdminOrderRisk });
export type AdminWithdrawalDetail = z.infer<typeof AdminWithdrawalDetail>;

// ---- the desk's decisions

const DeskNote = z.string().trim().min(1).max(200);

/**
 * POST /admin/cashier/deposits/:reference/approve. `amount`: what actually arrived, when it is not
 * what the member asked for; it is credited, and `reason` (required then) is audited and shown to
 * the member beside the amount asked.
 */
export const ApproveDepositBody = z
  .object({ amount: Money.positive().optional(), reason: DeskNote.optional() })
  .strict();
export type ApproveDepositBody = z.infer<typeof ApproveDepositBody>;

/**
 * POST /admin/cashier/withdrawals/:reference/approve and /admin/cashier/bankAccounts/:id/confirm:
 * `payeeReview` is the operator's note that a payee who is not the member's verified name was
 * checked; without it such a withdrawal or binding is held (CASHIER_PAYEE_MISMATCH).
 */
export const PayeeReviewBody = z.object({ payeeReview: DeskNote.optional() }).strict();
export type PayeeReviewBody = z.infer<typeof PayeeReviewBody>;

/**
 * POST /admin/cashier/withdrawals/:reference/paid: the bank's reference of the transfer (once per
 * paying account), the house account it left from, and the bank's fee for it (major units, the
 * house bears it: posted from the bank to payment-fees).
 */
export const MarkPaidBody = z
  .object({
    payoutReference: z.string().trim().min(1).max(64),
    payingAccountId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    fee: Money.min(0).max(1_000_000),
  })
  .strict();
export type MarkPaidBody = z.infer<typeof MarkPaidBody>;

// ---- the brand's bank accounts (receiving pool, paying accounts)

/**
 * POST /admin/cashier/houseAccounts, PUT /admin/cashier/houseAccounts/:id (the whole account).
 * `methodCode`: the bank-transfer method it receives for (null: it does not receive); `pays`: it can
 * be chosen when marking a withdrawal paid; `dailyCap` (major units, null: none) caps what one brand
 * day routes to it; `vipLevels` (null: every level) are the levels whose deposits it takes.
 */
export const AdminHouseAccountBody = z
  .object({
    label: z.string().trim().min(1).max(60),
    bankName: z.string().trim().min(1).max(60),
    accountName: z.string().trim().min(1).max(100),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9][0-9 -]{3,38}[0-9]$/),
    methodCode: z.string().trim().min(1).max(40).nullable(),
    pays: z.boolean(),
    dailyCap: Money.positive().max(1_000_000_000).nullable(),
    vipLevels: z.array(z.number().int().min(0).max(100)).min(1).max(101).nullable(),
    active: z.boolean(),
    sort: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export type AdminHouseAccountBody = z.infer<typeof AdminHouseAccountBody>;

export const AdminHouseAccount = z.object({
  id: z.number().int(),
  label: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  methodCode: z.string().nullable(),
  pays: z.boolean(),
  dailyCap: Money.nullable(),
  vipLevels: z.array(z.number().int()).nullable(),
  active: z.boolean(),
  sort: z.number().int(),
  /** Routed to it in the brand's today (orders not rejected, cancelled or expired). */
  routedToday: Money,
  lastAssignedAt: z.string().nullable(),
});
export type AdminHouseAccount = z.infer<typeof AdminHouseAccount>;
export const AdminHouseAccountList = z.object({ list: z.array(AdminHouseAccount) });
export type AdminHouseAccountList = z.infer<typeof AdminHouseAccountList>;
