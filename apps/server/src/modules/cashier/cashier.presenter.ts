import type {
  AdminBankAccount,
  AdminCashierMethod,
  AdminCashierSettings,
  AdminDeposit,
  AdminImage,
  AdminWithdrawal,
} from '@gamehall/shared/api/admin';
import type { AdminHouseAccount } from '@gamehall/shared/api/admin-cashier';
import type {
  BankAccount,
  DepositOrder,
  PaymentMethod,
  PaymentMethods,
  WithdrawalOrder,
  WithdrawInfo,
} from '@gamehall/shared/api/cashier';
import { toMajor } from '@gamehall/shared/money';
import { quickAmounts } from '@gamehall/shared/quick-amounts';
import type { PiiView } from '../../http/pii';
import type { DepositRow, paymentMethods, WithdrawalRow } from './cashier.service';
import { ewalletProvider } from './cashier.service';
import type { MemberDeposit } from './cashier-deposits.service';
import type { OrderRisk } from './cashier-review.service';
import type { CashierConfiguration } from './cashier-settings.service';
import type { MemberWithdrawal, withdrawInfo } from './cashier-withdrawals.service';
import type { HouseAccountView } from './house-accounts.service';
import { payeeMatch } from './payee-match';
import { presentProviderPayout } from './payment-providers.presenter';
import { sandboxPayUrl } from './psp/signed-callback';

type Method = {
  code: string;
  name: string;
  kind: 'bank_transfer' | 'gateway' | 'ewallet' | 'withdrawal';
  min_amount: number;
  max_amount: number;
  provider_name: string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Shows the last four digits only; the full number stays with the operator. */
export function maskAccountNumber(n: string): string {
  return n.length <= 4 ? n : `${'*'.repeat(n.length - 4)}${n.slice(-4)}`;
}

function presentMethod(m: Method): PaymentMethod {
  const min = toMajor(m.min_amount);
  const max = toMajor(m.max_amount);
  return {
    code: m.code,
    name: m.name,
    kind: m.kind === 'withdrawal' ? 'bank_transfer' : m.kind,
    min,
    max,
    quickAmounts: quickAmounts(min, max),
    provider: m.kind === 'ewallet' ? m.provider_name : null,
  };
}

export function presentPaymentMethods(v: Awaited<ReturnType<typeof paymentMethods>>): PaymentMethods {
  return {
    currency: v.currency,
    deposit: v.deposit.map(presentMethod),
    withdrawal: v.withdrawal
      ? { min: toMajor(v.withdrawal.min_amount), max: toMajor(v.withdrawal.max_amount) }
      : { min: 0, max: 0 },
    receiptConfirmMinutes: v.receiptConfirmMinutes,
    last: v.last ? { methodCode: v.last.methodCode, amount: toMajor(v.last.amount) } : null,
  };
}

/** A provider's template with the order filled in: {reference} and {amount} (major units, two decimals). */
export function fillProviderTemplate(template: string, order: { reference: string; amount: number }): string {
  return template
    .replaceAll('{reference}', encodeURIComponent(order.reference))
    .replaceAll('{amount}', (order.amount / 100).toFixed(2));
}

// Where a bank transfer is paid: the house account the order was routed to, else the method's own.
function receivingAccountOf(row: DepositRow, method: MemberDeposit['method']) {
  if (row.receiving_bank_name && row.receiving_account_name && row.receiving_account_number)
    return {
      bankName: row.receiving_bank_name,
      accountName: row.receiving_account_name,
      accountNumber: row.receiving_account_number,
    };
  return method?.bank_name && method.account_name && method.account_number
    ? { bankName: method.bank_name, accountName: method.account_name, accountNumber: method.account_number }
    : null;
}

export function presentDeposit({ row, method, publicUrl }: MemberDeposit): DepositOrder {
  const manual = row.method_kind === 'bank_transfer';
  return {
    reference: row.reference,
    methodCode: row.method_code,
    methodName: method?.name ?? row.method_code,
    kind: row.method_kind,
    amount: toMajor(row.amount),
    requestedAmount: row.requested_amount === null ? null : toMajor(row.requested_amount),
    currency: row.currency,
    status: row.status,
    firstDeposit: row.first_deposit,
    hasProof: Number(row.file_count) > 0,
    receivingAccount: manual ? receivingAccountOf(row, method) : null,
    ...payLinks(row, method, publicUrl, manual),
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
  };
}

/**
 * Where a pending online order is paid: a payment provider's order at the pay page and app link the
 * provider gave (none before it answered); others as their method says.
 */
function payLinks(
  row: {
    reference: string;
    amount: number;
    status: string;
    method_kind: string;
    psp: string | null;
    psp_pay_url: string | null;
    psp_deep_link: string | null;
  },
  method: ProviderFields | null,
  publicUrl: string,
  manual: boolean,
): { payUrl: string | null; deepLink: string | null } {
  if (manual || row.status !== 'pending') return { payUrl: null, deepLink: null };
  if (row.psp !== null) return { payUrl: row.psp_pay_url, deepLink: row.psp_deep_link ?? row.psp_pay_url };
  return {
    payUrl: payUrlOf(row, method, publicUrl),
    deepLink: row.method_kind === 'ewallet' ? deepLinkOf(row, method, publicUrl) : null,
  };
}

type ProviderFields = {
  provider_pay_url: string | null;
  provider_secret: string | null;
  provider_deep_link: string | null;
};

// An e-wallet with a configured provider pays there; everything else online pays at the sandbox gateway.
function payUrlOf(
  row: { reference: string; amount: number },
  method: ProviderFields | null,
  publicUrl: string,
): string {
  const provider = method ? ewalletProvider(method) : null;
  return provider ? fillProviderTemplate(provider.payUrl, row) : sandboxPayUrl(publicUrl, row.reference);
}

// The wallet app's link; without one (the sandbox has no app) the pay page stands in for it.
function deepLinkOf(row: { reference: string; amount: number }, method: ProviderFields | null, publicUrl: string) {
  const provider = method ? ewalletProvider(method) : null;
  if (provider && method?.provider_deep_link) return fillProviderTemplate(method.provider_deep_link, row);
  return payUrlOf(row, method, publicUrl);
}

export function presentBankAccount(a: {
  id: number;
  bank_name: string;
  account_name: string;
  account_number: string;
  status: 'pending' | 'confirmed' | 'rejected';
  created_at: Date;
  confirmed_at: Date | string | null;
  reject_reason: string | null;
}): BankAccount {
  return {
    id: a.id,
    bankName: a.bank_name,
    accountName: a.account_name,
    accountNumber: maskAccountNumber(a.account_number),
    status: a.status,
    createdAt: new Date(a.created_at).toISOString(),
    confirmedAt: iso(a.confirmed_at),
    rejectReason: a.status === 'rejected' ? a.reject_reason : null,
  };
}

export function presentWithdrawal({ row, confirmMinutes }: MemberWithdrawal): WithdrawalOrder {
  return {
    reference: row.reference,
    amount: toMajor(row.amount),
    currency: row.currency,
    status: row.status,
    bankAccount: {
      bankName: row.bank_name,
      accountName: row.account_name,
      accountNumber: maskAccountNumber(row.account_number),
    },
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: iso(row.paid_at),
    receipt:
      row.receipt_status && row.receipt_at
        ? {
            status: row.receipt_status,
            comment: row.receipt_comment,
            forced: row.receipt_forced,
            imageCount: Number(row.file_count),
            at: new Date(row.receipt_at).toISOString(),
          }
        : null,
    confirmBy:
      row.status === 'paid' && row.paid_at
        ? new Date(new Date(row.paid_at).getTime() + confirmMinutes * 60_000).toISOString()
        : null,
  };
}

export function presentWithdrawInfo(v: Awaited<ReturnType<typeof withdrawInfo>>): WithdrawInfo {
  return {
    balance: toMajor(v.balance.balance),
    available: toMajor(v.balance.available),
    min: toMajor(v.method.min_amount),
    max: toMajor(v.method.max_amount),
    hasPaymentPassword: v.hasPaymentPassword,
    turnover: { required: toMajor(v.turnover.required), achieved: toMajor(v.turnover.achieved) },
    bonusForfeited: toMajor(v.bonusForfeited),
  };
}

// The back office's views: orders with their member, bank accounts, uploaded images, settings.

export function presentAdminDeposit(row: DepositRow): AdminDeposit {
  return {
    reference: row.reference,
    member: { id: row.member_id, username: row.username },
    methodCode: row.method_code,
    kind: row.method_kind,
    amount: toMajor(row.amount),
    currency: row.currency,
    status: row.status,
    firstDeposit: row.first_deposit,
    proofCount: Number(row.file_count),
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
    requestedAmount: row.requested_amount === null ? null : toMajor(row.requested_amount),
    depositorName: row.depositor_name,
    depositorMatch: row.depositor_name === null ? null : payeeMatch(row.verified_name, row.depositor_name),
    riskLevel: row.risk_level ?? 'normal',
    receivingAccount: adminReceivingAccountOf(row),
  };
}

/** Where the queue says a deposit was to be paid: its house account, else the bank transfer method's own. */
function adminReceivingAccountOf(row: DepositRow): AdminDeposit['receivingAccount'] {
  if (row.receiving_account_id !== null && row.receiving_label !== null)
    return { id: row.receiving_account_id, label: row.receiving_label };
  if (row.method_kind === 'bank_transfer' && row.method_bank_name && row.method_account_number)
    return { id: null, label: `${row.method_bank_name} ${row.method_account_number}` };
  return null;
}

// Account numbers and holder names in full for members.pii (the cashier who pays into them), else masked.
export function presentAdminWithdrawal(row: WithdrawalRow, pii: PiiView): AdminWithdrawal {
  return {
    reference: row.reference,
    member: { id: row.member_id, username: row.username },
    amount: toMajor(row.amount),
    currency: row.currency,
    status: row.status,
    bankAccount: {
      bankName: row.bank_name,
      accountName: pii.name(row.account_name),
      accountNumber: pii.accountNumber(row.account_number),
    },
    reason: row.reason,
    receiptStatus: row.receipt_status,
    receiptForced: row.receipt_forced,
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: iso(row.paid_at),
    payeeMatch: payeeMatch(row.verified_name, row.account_name),
    payout:
      row.payout_reference !== null && row.paid_from_account_id !== null
        ? {
            reference: row.payout_reference,
            account: { id: row.paid_from_account_id, label: row.paid_from_label ?? '' },
            fee: toMajor(row.fee),
          }
        : null,
    riskLevel: row.risk_level ?? 'normal',
    providerPayout: presentProviderPayout(row),
  };
}

export function presentAdminBankAccount(
  row: {
    id: number;
    member_id: number;
    username: string;
    bank_name: string;
    account_name: string;
    account_number: string;
    status: 'pending' | 'confirmed' | 'rejected';
    confirmed_at: Date | string | null;
    reject_reason: string | null;
    verified_name: string | null;
  },
  pii: PiiView,
): AdminBankAccount {
  return {
    id: row.id,
    member: { id: row.member_id, username: row.username },
    bankName: row.bank_name,
    accountName: pii.name(row.account_name),
    accountNumber: pii.accountNumber(row.account_number),
    status: row.status,
    confirmedAt: iso(row.confirmed_at),
    rejectReason: row.reject_reason,
    payeeMatch: payeeMatch(row.verified_name, row.account_name),
  };
}

export function presentAdminHouseAccount(v: HouseAccountView): AdminHouseAccount {
  const a = v.row;
  return {
    id: a.id,
    label: a.label,
    bankName: a.bank_name,
    accountName: a.account_name,
    accountNumber: a.account_number,
    methodCode: a.method_code,
    pays: a.pays,
    dailyCap: a.daily_cap === null ? null : toMajor(a.daily_cap),
    vipLevels: a.vip_levels,
    active: a.active,
    sort: a.sort,
    routedToday: toMajor(v.routedToday),
    lastAssignedAt: iso(a.last_assigned_at),
  };
}

export function presentAdminImage(
  reference: string,
  f: {
    id: number;
    purpose: 'deposit_proof' | 'withdrawal_receipt';
    content_type: string;
    size: number;
    created_at: Date;
  },
): AdminImage {
  return {
    id: f.id,
    purpose: f.purpose,
    contentType: f.content_type,
    size: f.size,
    createdAt: new Date(f.created_at).toISOString(),
    url: `/admin/cashier/images/${encodeURIComponent(reference)}/${f.id}`,
  };
}

export function presentAdminCashierMethod(m: CashierConfiguration['methods'][number]): AdminCashierMethod {
  return {
    code: m.code,
    name: m.name,
    kind: m.kind,
    active: m.active,
    min: toMajor(m.min_amount),
    max: toMajor(m.max_amount),
    receivingAccount:
      m.kind === 'bank_transfer' && m.bank_name && m.account_name && m.account_number
        ? { bankName: m.bank_name, accountName: m.account_name, accountNumber: m.account_number }
        : null,
    provider:
      m.kind === 'ewallet' && m.psp === null
        ? {
            name: m.provider_name,
            payUrl: m.provider_pay_url,
            deepLink: m.provider_deep_link,
            hasSecret: m.provider_secret !== null,
          }
        : null,
    paymentProvider: m.psp ? { code: m.psp, channel: m.psp_channel ?? '' } : null,
  };
}

export function presentAdminCashierSettings(c: CashierConfiguration): AdminCashierSettings {
  return {
    receiptConfirmMinutes: c.receiptConfirmMinutes,
    turnoverPercent: c.turnoverPercent,
    gatewayExpiryMinutes: c.gatewayExpiryMinutes,
    methods: c.methods.map(presentAdminCashierMethod),
  };
}

export function presentRisk(risk: OrderRisk) {
  return {
    sameBankAccount: risk.sameBankAccount.map((m) => ({ id: m.id, username: m.username })),
    memberIp: risk.memberIp,
    sameIp: risk.sameIp.map((m) => ({ id: m.id, username: m.username })),
    firstWithdrawal: risk.firstWithdrawal,
    turnover: { required: toMajor(risk.turnover.required), achieved: toMajor(risk.turnover.achieved) },
  };
}
