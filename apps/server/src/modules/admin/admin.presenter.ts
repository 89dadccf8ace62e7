import type {
  AdminBankAccount,
  AdminBrandSettings,
  AdminBrandSwitch,
  AdminCashierMethod,
  AdminCashierSettings,
  AdminDeposit,
  AdminImage,
  AdminWithdrawal,
} from '@gamehall/shared/api/admin';
import { toMajor } from '@gamehall/shared/money';
import type { PiiView } from '../../http/pii';
import { type Brand, BrandSettingsSchema } from '../brand/brand.service';
import type { CashierConfiguration, DepositRow, WithdrawalRow } from '../cashier/cashier.service';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

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
  };
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

type SwitchRow = { mod_id: string; parent_mod_id: string | null; name: string; enabled: boolean };

export function presentAdminSwitch(row: SwitchRow): AdminBrandSwitch {
  return { modId: row.mod_id, parentModId: row.parent_mod_id, name: row.name, enabled: row.enabled };
}

// Every key of the brand schema, in the schema's order, with the value the site uses now.
export function presentAdminBrandSettings(
  brand: Brand,
  switches: SwitchRow[],
  smsSentToday: number,
): AdminBrandSettings {
  return {
    settings: Object.keys(BrandSettingsSchema.shape).map((key) => ({ key, value: brand[key as keyof Brand] })),
    switches: switches.map(presentAdminSwitch),
    smsSentToday,
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
