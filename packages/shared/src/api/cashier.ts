import { z } from 'zod';
import { Money, PageQuery, paged } from './common';

// The cashier (spec §4 withdrawal confirmation and account linking, §5 and
// §9 upload limits): payment methods, deposits, bank accounts, withdrawals, receipt confirmation.

/** spec §5/§9: comment at most 140 characters; images png or jpg, at most 5 MB each, at most 3. */
export const RECEIPT_COMMENT_MAX = 140;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_IMAGES = 3;
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;

const PositiveMoney = Money.positive();
/** A client-chosen id that makes a retried request return the first answer instead of a second order. */
const RequestId = z.string().trim().min(8).max(64);

/** ewallet: paid in a wallet app (QR code or deep link), confirmed by the provider's signed callback. */
export const PaymentMethodKind = z.enum(['bank_transfer', 'gateway', 'ewallet']);

export const PaymentMethod = z.object({
  code: z.string(),
  name: z.string(),
  kind: PaymentMethodKind,
  min: Money,
  max: Money,
  /** Round amounts within the limits, offered as one-tap chips (shared/quick-amounts.ts). */
  quickAmounts: z.array(Money),
  /** An e-wallet's provider name (null for other kinds). */
  provider: z.string().nullable(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentMethods = z.object({
  currency: z.string(),
  deposit: z.array(PaymentMethod),
  withdrawal: z.object({ min: Money, max: Money }),
  /** Minutes after payment after which an unconfirmed withdrawal counts as received (spec §4). */
  receiptConfirmMinutes: z.number().int(),
  /** The member's latest deposit order's method and amount, while that method is offered. */
  last: z.object({ methodCode: z.string(), amount: Money }).nullable(),
});
export type PaymentMethods = z.infer<typeof PaymentMethods>;

export const DepositBody = z.object({
  methodCode: z.string().trim().min(1).max(40),
  amount: PositiveMoney,
  requestId: RequestId,
  /** The name on the account the member pays from (the site asks for it for a bank transfer). */
  depositorName: z.string().trim().min(1).max(100).optional(),
});
export type DepositBody = z.infer<typeof DepositBody>;

// expired: an online (gateway) order not paid within the brand's minutes.
export const DepositStatus = z.enum(['pending', 'approved', 'rejected', 'cancelled', 'expired']);
export type DepositStatus = z.infer<typeof DepositStatus>;

export const ReceivingAccount = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
});

export const DepositOrder = z.object({
  reference: z.string(),
  methodCode: z.string(),
  /** The method's display name (what the member picked), not its code. */
  methodName: z.string(),
  kind: PaymentMethodKind,
  /** What was credited once approved; what was asked for before. */
  amount: Money,
  /** What the member asked for, when the cashier approved another amount (`reason` says why). */
  requestedAmount: Money.nullable(),
  currency: z.string(),
  status: DepositStatus,
  firstDeposit: z.boolean(),
  hasProof: z.boolean(),
  /** Manual bank transfer: where to send the money (quote the reference). */
  receivingAccount: ReceivingAccount.nullable(),
  /** Online gateway and e-wallet: the page where the member pays (an e-wallet's QR code holds it). */
  payUrl: z.string().nullable(),
  /** E-wallet: the link that opens the wallet app on a phone (the pay page where there is no app). */
  deepLink: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof DepositOrder>;

export const DepositListQuery = PageQuery.extend({ status: DepositStatus.optional() });
export const DepositList = paged(DepositOrder);
export type DepositList = z.infer<typeof DepositList>;

export const ReferenceParams = z.object({ reference: z.string().trim().min(8).max(64) });

/** The sandbox gateway's signed callback (header X-Signature: hex HMAC-SHA256 of the raw body). */
export const SandboxCallbackBody = z.object({
  reference: z.string().min(1).max(64),
  transactionId: z.string().min(1).max(64),
  status: z.enum(['paid', 'cancelled']),
  /** Minor units, as gateways send them. */
  amount: z.number().int().positive(),
});
export type SandboxCallbackBody = z.infer<typeof SandboxCallbackBody>;
/** An e-wallet provider's callback: the same body, signed with the method's provider secret. */
export const EWALLET_CALLBACK_PATH = '/wps/cashier/callback/ewallet/:code';
export const MethodCodeParams = z.object({ code: z.string().trim().min(1).max(40) });
export const SandboxCallbackValue = z.object({ status: z.literal('OK'), reference: z.string() });
/** POST /wps/cashier/webhooks/:provider: a payment provider's webhook in its own format. */
export const PspWebhookParams = z.object({ provider: z.string().trim().min(1).max(40) });
/** `outcome`: what the event did (credited, already, failed, paid, returned, repeat, ignored, ...). */
export const PspWebhookValue = z.object({ status: z.literal('OK'), outcome: z.string() });

/** pending: waiting for an operator; rejected: turned down with a reason (the member may remove it). */
export const BankAccountStatus = z.enum(['pending', 'confirmed', 'rejected']);
export const BankAccount = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountName: z.string(),
  /** Masked except the last four digits. */
  accountNumber: z.string(),
  status: BankAccountStatus,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** Why an operator rejected the binding (status rejected). */
  rejectReason: z.string().nullable(),
});
export type BankAccount = z.infer<typeof BankAccount>;
export const BankAccountList = z.object({ list: z.array(BankAccount) });
export type BankAccountList = z.infer<typeof BankAccountList>;

export const BankAccountBody = z.object({
  bankName: z.string().trim().min(2).max(60),
  accountName: z.string().trim().min(3).max(60),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{6,30}$/),
});
export type BankAccountBody = z.infer<typeof BankAccountBody>;
export const BankAccountParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const WithdrawBody = z.object({
  bankAccountId: z.number().int().positive(),
  amount: PositiveMoney,
  paymentPassword: z.string().min(1).max(64),
  requestId: RequestId,
  /**
   * The member accepts that the request forfeits the active bonus (docs/rewards.md). Required while
   * one is being wagered: without it the request is refused (CASHIER_BONUS_FORFEIT_UNCONFIRMED).
   */
  forfeitBonus: z.boolean().optional(),
});
export type WithdrawBody = z.infer<typeof WithdrawBody>;

export const WithdrawalStatus = z.enum(['pending', 'approved', 'rejected', 'paid', 'confirmed']);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;
export const ReceiptStatus = z.enum(['received', 'partial', 'not_received']);
export type ReceiptStatus = z.infer<typeof ReceiptStatus>;

export const WithdrawalOrder = z.object({
  reference: z.string(),
  amount: Money,
  currency: z.string(),
  status: WithdrawalStatus,
  bankAccount: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }),
  reason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  receipt: z
    .object({
      status: ReceiptStatus,
      comment: z.string().nullable(),
      /** True when nobody confirmed in time and the job counted it as received (spec §4). */
      forced: z.boolean(),
      imageCount: z.number().int(),
      at: z.string(),
    })
    .nullable(),
  /** When a paid withdrawal will count as received if not confirmed. */
  confirmBy: z.string().nullable(),
});
export type WithdrawalOrder = z.infer<typeof WithdrawalOrder>;

export const WithdrawalListQuery = PageQuery.extend({ status: WithdrawalStatus.optional() });
export const WithdrawalList = paged(WithdrawalOrder);
export type WithdrawalList = z.infer<typeof WithdrawalList>;

/** Turnover before withdrawal: bets needed against deposits (0 required by default). */
export const Turnover = z.object({ required: Money, achieved: Money });
export type Turnover = z.infer<typeof Turnover>;

export const WithdrawInfo = z.object({
  balance: Money,
  available: Money,
  min: Money,
  max: Money,
  hasPaymentPassword: z.boolean(),
  turnover: Turnover,
  /** The bonus a withdrawal request would forfeit now (0: none is being wagered). */
  bonusForfeited: Money,
});
export type WithdrawInfo = z.infer<typeof WithdrawInfo>;

/** Multipart fields of the receipt confirmation (images come as file parts named `images`). */
export const ReceiptFields = z.object({
  status: ReceiptStatus,
  comment: z.string().max(RECEIPT_COMMENT_MAX).optional(),
});
export type ReceiptFields = z.infer<typeof ReceiptFields>;
