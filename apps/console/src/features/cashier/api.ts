import type {
  AdminBankAccount,
  AdminCashierMethod,
  AdminCashierMethodBody,
  AdminCashierSettings,
  AdminCashierSettingsBody,
  AdminDeposit,
  AdminImage,
  AdminWithdrawal,
  BulkDecisionResult,
} from '@gamehall/shared/api/admin';
import type {
  AdminBankAccountList,
  AdminDepositDetail,
  AdminHouseAccount,
  AdminHouseAccountBody,
  AdminHouseAccountList,
  AdminWithdrawalDetail,
  ApproveDepositBody,
  MarkPaidBody,
} from '@gamehall/shared/api/admin-cashier';
import type {
  AdminPaymentProvider,
  AdminPaymentProviderBody,
  PayoutBody,
  PayoutResolveBody,
  PspMode,
} from '@gamehall/shared/api/admin-payment-providers';
import type { DepositStatus, WithdrawalStatus } from '@gamehall/shared/api/cashier';
import { queryOptions } from '@tanstack/react-query';
import type { GridQuery } from '../../components/data-grid';
import { api } from '../../lib/api-client';

// The cashier endpoints of modules/admin (admin.routes.ts, admin-cashier.routes.ts).
export const DEPOSIT_STATUSES: DepositStatus[] = ['pending', 'approved', 'rejected', 'cancelled', 'expired'];
export const WITHDRAWAL_STATUSES: WithdrawalStatus[] = ['pending', 'approved', 'paid', 'confirmed', 'rejected'];

/** Every cashier list and order: invalidated after any action so queues and details agree. */
export const cashierKey = ['cashier'] as const;
export const depositsKey = ['cashier', 'deposits'] as const;
export const withdrawalsKey = ['cashier', 'withdrawals'] as const;
export const bankAccountsKey = ['cashier', 'bankAccounts'] as const;

type Paged<T> = { content: T[]; totalElements: number };

export function fetchDeposits(query: GridQuery) {
  return api<Paged<AdminDeposit>>('/admin/cashier/deposits', { query });
}
export function fetchWithdrawals(query: GridQuery) {
  return api<Paged<AdminWithdrawal>>('/admin/cashier/withdrawals', { query });
}
/** Approves or rejects the ticked orders, each on its own on the server; each one's outcome. */
export function decideInBulk(
  list: 'deposits' | 'withdrawals',
  body: { action: 'approve' | 'reject'; references: string[]; reason?: string },
) {
  return api<BulkDecisionResult>(`/admin/cashier/${list}/bulk`, { method: 'POST', body });
}
export function fetchBankAccounts(query: GridQuery) {
  return api<AdminBankAccountList>('/admin/cashier/bankAccounts', { query });
}

export const depositQuery = (reference: string) =>
  queryOptions({
    queryKey: [...depositsKey, 'detail', reference],
    queryFn: () => api<AdminDepositDetail>(`/admin/cashier/deposits/${encodeURIComponent(reference)}`),
  });
export const withdrawalQuery = (reference: string) =>
  queryOptions({
    queryKey: [...withdrawalsKey, 'detail', reference],
    queryFn: () => api<AdminWithdrawalDetail>(`/admin/cashier/withdrawals/${encodeURIComponent(reference)}`),
  });
export const imagesQuery = (reference: string) =>
  queryOptions({
    queryKey: [...cashierKey, 'images', reference],
    queryFn: () =>
      api<{ list: AdminImage[] }>(`/admin/cashier/images/${encodeURIComponent(reference)}`).then((r) => r.list),
  });

export function rejectDeposit(reference: string, reason: string) {
  return api<AdminDeposit>(`/admin/cashier/deposits/${encodeURIComponent(reference)}/reject`, {
    method: 'POST',
    body: { reason },
  });
}

/** Approves a bank transfer; `amount` with `reason` when what arrived is not what was asked. */
export function approveDeposit(reference: string, body: ApproveDepositBody) {
  return api<AdminDeposit>(`/admin/cashier/deposits/${encodeURIComponent(reference)}/approve`, {
    method: 'POST',
    body,
  });
}

/**
 * approve (with the note that a mismatched payee was checked, when it is), reject (with the reason
 * the member reads).
 */
export function actOnWithdrawal(reference: string, action: 'approve' | 'reject', note?: string) {
  return api<AdminWithdrawal>(`/admin/cashier/withdrawals/${encodeURIComponent(reference)}/${action}`, {
    method: 'POST',
    body: action === 'reject' ? { reason: note } : note ? { payeeReview: note } : {},
  });
}

export function markPaid(reference: string, body: MarkPaidBody) {
  return api<AdminWithdrawal>(`/admin/cashier/withdrawals/${encodeURIComponent(reference)}/paid`, {
    method: 'POST',
    body,
  });
}

/** Confirms a binding; `payeeReview` notes that a payee who is not the verified name was checked. */
export function confirmBankAccount(id: number, payeeReview?: string) {
  return api<AdminBankAccount>(`/admin/cashier/bankAccounts/${id}/confirm`, {
    method: 'POST',
    body: payeeReview ? { payeeReview } : {},
  });
}
export function rejectBankAccount(id: number, reason: string) {
  return api<AdminBankAccount>(`/admin/cashier/bankAccounts/${id}/reject`, { method: 'POST', body: { reason } });
}

export const settingsQuery = queryOptions({
  queryKey: [...cashierKey, 'settings'],
  queryFn: () => api<AdminCashierSettings>('/admin/cashier/settings'),
});

export function saveSettings(body: AdminCashierSettingsBody) {
  return api<AdminCashierSettings>('/admin/cashier/settings', { method: 'PUT', body });
}

export function saveMethod(code: string, body: AdminCashierMethodBody) {
  return api<AdminCashierMethod>(`/admin/cashier/methods/${encodeURIComponent(code)}`, { method: 'PUT', body });
}

export const houseAccountsKey = [...cashierKey, 'houseAccounts'] as const;
export const houseAccountsQuery = queryOptions({
  queryKey: houseAccountsKey,
  queryFn: () => api<AdminHouseAccountList>('/admin/cashier/houseAccounts').then((r) => r.list),
});

export function saveHouseAccount(id: number | null, body: AdminHouseAccountBody) {
  return id === null
    ? api<AdminHouseAccount>('/admin/cashier/houseAccounts', { method: 'POST', body })
    : api<AdminHouseAccount>(`/admin/cashier/houseAccounts/${id}`, { method: 'PUT', body });
}

export const providersKey = [...cashierKey, 'providers'] as const;
export const providersQuery = queryOptions({
  queryKey: providersKey,
  queryFn: () => api<{ list: AdminPaymentProvider[] }>('/admin/cashier/providers').then((r) => r.list),
});

/** Changes a payment provider's connection: any of its fields; a mode's keys whole (never read back). */
export function saveProvider(code: string, body: AdminPaymentProviderBody) {
  return api<AdminPaymentProvider>(`/admin/cashier/providers/${encodeURIComponent(code)}`, { method: 'PUT', body });
}

/** One call to the provider with a mode's saved keys: whether they work, in the provider's words. */
export function testProvider(code: string, mode: PspMode) {
  return api<{ ok: boolean; message: string }>(`/admin/cashier/providers/${encodeURIComponent(code)}/test`, {
    method: 'POST',
    body: { mode },
  });
}

/** Sends an approved withdrawal through a payment provider; the order as it stands after the provider answered. */
export function sendPayout(reference: string, body: PayoutBody) {
  return api<AdminWithdrawal>(`/admin/cashier/withdrawals/${encodeURIComponent(reference)}/payout`, {
    method: 'POST',
    body,
  });
}

/**
 * Settles by hand a payout the provider left `sending` for 15 minutes or more, as its dashboard
 * shows it: paid, or returned to the member; the order as it stands after.
 */
export function resolvePayout(reference: string, body: PayoutResolveBody) {
  return api<AdminWithdrawal>(`/admin/cashier/withdrawals/${encodeURIComponent(reference)}/payout/resolve`, {
    method: 'POST',
    body,
  });
}
