import { z } from 'zod';
import { AdminProviderPayout } from './admin-payment-providers';
import { BankAccountBody, DepositStatus, ReceiptStatus, WithdrawalStatus } from './cashier';
import { Money, MoneyText, PageQuery, paged } from './common';
import { RiskLevel } from './risk';
import { SecondFactorCode } from './two-factor';
import { ChallengeField } from './verification';

// The operator API: operator actions are API calls guarded by the operator's permission.
// Operators are accounts of type 90 with an 'admin' session.

export const AdminLoginBody = z.object({
  username: z.string().trim().min(1).max(40),
  password: z.string().min(1).max(64),
  /** Solved proof-of-work challenge (GET /wps/verification/challenge); required while the brand has it on. */
  challenge: ChallengeField.optional(),
  /** The answer to GET /wps/captcha once a refusal carried { captcha: true }. */
  captcha: z.string().max(16).optional(),
  /**
   * For an operator with two-factor authentication on: the authenticator's code or a recovery code.
   * Without it such an operator gets OPERATOR_TWO_FACTOR_REQUIRED (the password was right).
   */
  code: SecondFactorCode.optional(),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;

export const AdminLoginValue = z.object({
  token: z.string(),
  username: z.string(),
  permissions: z.array(z.string()),
  twoFactor: z.object({
    enabled: z.boolean(),
    /** The brand requires two-factor authentication of every operator. */
    required: z.boolean(),
  }),
  /** Required but not enrolled: only /admin/session/* answers until enrolment is confirmed. */
  mustEnrol: z.boolean(),
  /** The password was set by an administrator: the session may only change it (OperatorMe). */
  mustChangePassword: z.boolean(),
});
export type AdminLoginValue = z.infer<typeof AdminLoginValue>;

export const AdminMember = z.object({ id: z.number().int(), username: z.string() });

/**
 * A payee or depositor name against the member's verified (KYC) name, compared without case, accents,
 * punctuation or extra spaces: `unverified` while the member has no verified name.
 */
export const PayeeMatch = z.enum(['match', 'mismatch', 'unverified']);
export type PayeeMatch = z.infer<typeof PayeeMatch>;

export const AdminDeposit = z.object({
  reference: z.string(),
  member: AdminMember,
  methodCode: z.string(),
  kind: z.enum(['bank_transfer', 'gateway', 'ewallet']),
  amount: Money,
  currency: z.string(),
  status: DepositStatus,
  firstDeposit: z.boolean(),
  proofCount: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** What the member asked for, when an operator approved another amount (`amount` is what was credited). */
  requestedAmount: Money.nullable(),
  /** The name the member says the money comes from (bank transfer); null when not given. */
  depositorName: z.string().nullable(),
  /** The depositor name against the member's verified (KYC) name; null when no name was given. */
  depositorMatch: PayeeMatch.nullable(),
  /** The member's risk level now (docs/risk.md). */
  riskLevel: RiskLevel,
  /**
   * Where the member was told to pay: a house account (its id and label), or the bank transfer
   * method's own account (id null, labelled with its bank and number); null for gateway orders.
   */
  receivingAccount: z.object({ id: z.number().int().nullable(), label: z.string() }).nullable(),
});
export type AdminDeposit = z.infer<typeof AdminDeposit>;

/**
 * How long an order may wait on the cash desk before the queue shows it as late (minutes since it
 * was placed): the desk's service target, the same for every brand. Deposits are credited within a
 * quarter of an hour of the transfer, withdrawals decided within the hour.
 */
export const CASHIER_QUEUE_TARGET_MINUTES = { deposits: 15, withdrawals: 60 } as const;

/**
 * A bulk decision on the desk: each order is decided on its own, as its single-order route would
 * (checked and audited one by one, in its own transaction); one order refused does not stop or undo
 * the others. The same reference twice counts once. `reason` is required to reject.
 */
export const CASHIER_BULK_MAX = 50;
export const BulkDecisionBody = z
  .object({
    action: z.enum(['approve', 'reject']),
    references: z.array(z.string().trim().min(8).max(64)).min(1).max(CASHIER_BULK_MAX),
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && v.reason === undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required', params: { reason: 'REQUIRED' } });
  });
export type BulkDecisionBody = z.infer<typeof BulkDecisionBody>;
/** Each order's outcome, in the order asked: its status after the decision, or why it was refused. */
export const BulkDecisionResult = z.object({
  results: z.array(
    z.union([
      z.object({ reference: z.string(), ok: z.literal(true), status: z.string() }),
      z.object({ reference: z.string(), ok: z.literal(false), code: z.string(), message: z.string() }),
    ]),
  ),
});
export type BulkDecisionResult = z.infer<typeof BulkDecisionResult>;
const QueueDay = z.iso.date();
const QueueAmount = MoneyText;

/**
 * The filters both order queues share: `member` is part of the
 * username and `reference` the start of the reference (any case); amounts are major units and the
 * days UTC, both ends inclusive.
 */
export const AdminOrderQueueQuery = PageQuery.extend({
  member: z.string().trim().min(1).max(40).optional(),
  reference: z.string().trim().min(1).max(64).optional(),
  minAmount: QueueAmount.optional(),
  maxAmount: QueueAmount.optional(),
  from: QueueDay.optional(),
  to: QueueDay.optional(),
});

function checkQueueRanges(
  v: { minAmount?: number; maxAmount?: number; from?: string; to?: string },
  ctx: z.RefinementCtx,
) {
  if (v.minAmount !== undefined && v.maxAmount !== undefined && v.maxAmount < v.minAmount)
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'below minAmount', params: { reason: 'INVALID' } });
  if (v.from !== undefined && v.to !== undefined && v.to < v.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'before from', params: { reason: 'INVALID' } });
}

export const AdminDepositQuery = AdminOrderQueueQuery.extend({
  status: DepositStatus.optional(),
  /** A payment method code, exactly. */
  method: z.string().trim().min(1).max(40).optional(),
}).superRefine(checkQueueRanges);
export type AdminDepositQuery = z.infer<typeof AdminDepositQuery>;
export const AdminDepositList = paged(AdminDeposit);

export const AdminWithdrawal = z.object({
  reference: z.string(),
  member: AdminMember,
  amount: Money,
  currency: z.string(),
  status: WithdrawalStatus,
  bankAccount: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }),
  reason: z.string().nullable(),
  receiptStatus: ReceiptStatus.nullable(),
  receiptForced: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The bank account's payee against the member's verified (KYC) name. */
  payeeMatch: PayeeMatch,
  /** Set when marked paid: the bank's reference, the house account it left from, the bank's fee. */
  payout: z
    .object({ reference: z.string(), account: z.object({ id: z.number().int(), label: z.string() }), fee: Money })
    .nullable(),
  /** The member's risk level now (docs/risk.md). */
  riskLevel: RiskLevel,
  /** A payout sent through a payment provider: where it stands; null when none was sent. */
  providerPayout: AdminProviderPayout.nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;
export const AdminWithdrawalQuery = AdminOrderQueueQuery.extend({
  status: WithdrawalStatus.optional(),
  /** Part of the bank's name the member withdraws to (withdrawals have no payment method of their own). */
  bank: z.string().trim().min(1).max(60).optional(),
}).superRefine(checkQueueRanges);
export type AdminWithdrawalQuery = z.infer<typeof AdminWithdrawalQuery>;
export const AdminWithdrawalList = paged(AdminWithdrawal);

export const AdminReferenceParams = z.object({ reference: z.string().trim().min(8).max(64) });
export const AdminIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const RejectBody = z.object({ reason: z.string().trim().min(1).max(200) });
export type RejectBody = z.infer<typeof RejectBody>;

export const AdminBankAccount = z.object({
  id: z.number().int(),
  member: AdminMember,
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  status: z.enum(['pending', 'confirmed', 'rejected']),
  confirmedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The payee against the member's verified (KYC) name. */
  payeeMatch: PayeeMatch,
});
export type AdminBankAccount = z.infer<typeof AdminBankAccount>;

export const AdminImage = z.object({
  id: z.number().int(),
  purpose: z.enum(['deposit_proof', 'withdrawal_receipt']),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** Path of the image bytes (same auth). */
  url: z.string(),
});
export type AdminImage = z.infer<typeof AdminImage>;
export const AdminImageList = z.object({ list: z.array(AdminImage) });
export const AdminImageParams = AdminReferenceParams.extend({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

// Brand settings and whitelabel switches (spec §2 whole-site states, §3 brand configuration).
// A setting's value has the type the server's brand schema gives its key, so it travels as JSON.
export const AdminBrandSetting = z.object({ key: z.string(), value: z.unknown() });
export type AdminBrandSetting = z.infer<typeof AdminBrandSetting>;
export const AdminBrandSwitch = z.object({
  modId: z.string(),
  parentModId: z.string().nullable(),
  name: z.string(),
  enabled: z.boolean(),
});
export type AdminBrandSwitch = z.infer<typeof AdminBrandSwitch>;
export const AdminBrandSettings = z.object({
  settings: z.array(AdminBrandSetting),
  switches: z.array(AdminBrandSwitch),
  /** SMS written today (the brand's day), against smsDailyQuota. */
  smsSentToday: z.number().int(),
});
export type AdminBrandSettings = z.infer<typeof AdminBrandSettings>;
export const AdminBrandKeyParams = z.object({ key: z.string().trim().min(1).max(64) });
export const AdminBrandSettingBody = z.object({ value: z.unknown() });
export type AdminBrandSettingBody = z.infer<typeof AdminBrandSettingBody>;
export const AdminSwitchParams = z.object({ modId: z.string().trim().min(1).max(64) });
export const AdminSwitchBody = z.object({ enabled: z.boolean() });
export type AdminSwitchBody = z.infer<typeof AdminSwitchBody>;

// Cashier settings and payment methods: receipt minutes, turnover percent, each
// method's limits and on/off, and the bank-transfer receiving account.
// The receiving account follows the rules of a member's bank account (the same three fields).
export const AdminReceivingAccount = BankAccountBody;
export const AdminCashierMethod = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['bank_transfer', 'gateway', 'ewallet', 'withdrawal']),
  active: z.boolean(),
  min: Money,
  max: Money,
  /** Where members send bank transfers; null for other kinds. */
  receivingAccount: AdminReceivingAccount.nullable(),
  /** An e-wallet's provider (the secret is never shown, only whether one is set); null for other kinds. */
  provider: z
    .object({
      name: z.string().nullable(),
      payUrl: z.string().nullable(),
      deepLink: z.string().nullable(),
      hasSecret: z.boolean(),
    })
    .nullable(),
  /** A payment provider's method: the provider (connected on its own screen) and its channel there. */
  paymentProvider: z.object({ code: z.string(), channel: z.string() }).nullable(),
});
export type AdminCashierMethod = z.infer<typeof AdminCashierMethod>;
export const AdminCashierSettings = z.object({
  receiptConfirmMinutes: z.number().int(),
  turnoverPercent: z.number().int(),
  /** An online (gateway) deposit not paid within these minutes expires. */
  gatewayExpiryMinutes: z.number().int(),
  methods: z.array(AdminCashierMethod),
});
export type AdminCashierSettings = z.infer<typeof AdminCashierSettings>;
export const AdminCashierSettingsBody = z
  .object({
    /** 1 minute to 30 days. */
    receiptConfirmMinutes: z.number().int().min(1).max(43_200).optional(),
    /** Turnover required before withdrawal, as a percent of approved deposits (0: none). */
    turnoverPercent: z.number().int().min(0).max(10_000).optional(),
    /** 1 minute to 7 days. */
    gatewayExpiryMinutes: z.number().int().min(1).max(10_080).optional(),
  })
  .strict();
export type AdminCashierSettingsBody = z.infer<typeof AdminCashierSettingsBody>;
/** A pay page or app link template: https or an app scheme, with {reference} and {amount} filled in per order. */
const ProviderTemplate = z
  .string()
  .trim()
  .max(500)
  .regex(/^[a-z][a-z0-9+.-]*:\/\/\S+$/i)
  .refine((v) => !v.toLowerCase().startsWith('javascript:') && !v.toLowerCase().startsWith('http://'), 'INVALID');
/** An e-wallet's provider as the operator configures it: its pay page and callback secret make it offered. */
export const AdminEwalletProvider = z
  .object({
    name: z.string().trim().min(2).max(60),
    payUrl: ProviderTemplate.refine((v) => v.toLowerCase().startsWith('https://'), 'INVALID'),
    deepLink: ProviderTemplate.nullable(),
    /** The key the provider signs callbacks with; at least 32 characters. */
    secret: z.string().min(32).max(200),
  })
  .strict();
export const AdminMethodParams = z.object({ code: z.string().trim().min(1).max(40) });
const PositiveLimit = Money.positive().max(1_000_000_000);
export const AdminCashierMethodBody = z
  .object({
    active: z.boolean().optional(),
    min: PositiveLimit.optional(),
    max: PositiveLimit.optional(),
    receivingAccount: AdminReceivingAccount.optional(),
    provider: AdminEwalletProvider.optional(),
  })
  .strict();
export type AdminCashierMethodBody = z.infer<typeof AdminCashierMethodBody>;
