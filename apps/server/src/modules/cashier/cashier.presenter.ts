import type {
  BankAccount,
  DepositOrder,
  PaymentMethod,
  PaymentMethods,
  WithdrawalOrder,
  WithdrawInfo,
} from '@gamehall/shared/api/cashier';
import { toMajor } from '@gamehall/shared/money';
import type { MemberDeposit, MemberWithdrawal, paymentMethods, withdrawInfo } from './cashier.service';

type Method = {
  code: string;
  name: string;
  kind: 'bank_transfer' | 'gateway' | 'withdrawal';
  min_amount: number;
  max_amount: number;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Shows the last four digits only; the full number stays with the operator. */
export function maskAccountNumber(n: string): string {
  return n.length <= 4 ? n : `${'*'.repeat(n.length - 4)}${n.slice(-4)}`;
}

function presentMethod(m: Method): PaymentMethod {
  return {
    code: m.code,
    name: m.name,
    kind: m.kind === 'gateway' ? 'gateway' : 'bank_transfer',
    min: toMajor(m.min_amount),
    max: toMajor(m.max_amount),
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
  };
}

export function sandboxPayUrl(publicUrl: string, reference: string): string {
  return `${publicUrl.replace(/\/$/, '')}/sandbox-gateway/pay/${encodeURIComponent(reference)}`;
}

export function presentDeposit({ row, method, publicUrl }: MemberDeposit): DepositOrder {
  const manual = row.method_kind === 'bank_transfer';
  return {
    reference: row.reference,
    methodCode: row.method_code,
    methodName: method?.name ?? row.method_code,
    kind: row.method_kind,
    amount: toMajor(row.amount),
    currency: row.currency,
    status: row.status,
    firstDeposit: row.first_deposit,
    hasProof: Number(row.file_count) > 0,
    receivingAccount:
      manual && method?.bank_name && method.account_name && method.account_number
        ? { bankName: method.bank_name, accountName: method.account_name, accountNumber: method.account_number }
        : null,
    payUrl: !manual && row.status === 'pending' ? sandboxPayUrl(publicUrl, row.reference) : null,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
  };
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
