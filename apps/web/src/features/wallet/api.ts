import type {
  BankAccount,
  BankAccountBody,
  BankAccountList,
  DepositBody,
  DepositList,
  DepositOrder,
  PaymentMethods,
  ReceiptStatus,
  WithdrawalList,
  WithdrawalOrder,
  WithdrawBody,
  WithdrawInfo,
} from '@gamehall/shared/api/cashier';
import type {
  BalanceValue,
  BonusValue,
  ConsolidatedFundsValue,
  MerchantWalletValue,
  TransactionsValue,
  TransactionType,
  TransferValue,
  UplineTransferBody,
  WalletTransferBody,
  WalletTransferValue,
} from '@gamehall/shared/api/wallet';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { sendMultipart } from '../../lib/multipart';

// The wallet and cashier calls of the member centre (modules wallet and cashier on the server).
// Every key starts with 'wallet' so a realtime balance event refreshes them all at once.

type Infer<T extends z.ZodType> = z.infer<T>;
export type Page = { pageNo: number; pageSize: number };
const PAGE_SIZE = 10;

export function balanceQuery(token: string | null) {
  return queryOptions({
    queryKey: ['wallet', 'balance', token],
    queryFn: () => apiRequest<Infer<typeof BalanceValue>>('/wps/v2/wallets/balance'),
    enabled: Boolean(token),
  });
}

export function merchantWalletQuery(token: string | null) {
  return queryOptions({
    queryKey: ['wallet', 'merchantWallet', token],
    queryFn: () => apiRequest<Infer<typeof MerchantWalletValue>>('/wps/relay/GCS_merchantWallet'),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

/** Consolidated funds exist only when AGENTPOLICY3 is on; FEATURE_DISABLED means "not shown" (null). */
export function consolidatedQuery(token: string | null) {
  return queryOptions({
    queryKey: ['wallet', 'consolidated', token],
    queryFn: async () => {
      try {
        return await apiRequest<Infer<typeof ConsolidatedFundsValue>>('/wps/member/info/funds/consolidated');
      } catch (err) {
        if (err instanceof ApiError && err.code === 'FEATURE_DISABLED') return null;
        throw err;
      }
    },
    enabled: Boolean(token),
  });
}

export function walletTransfer(body: Infer<typeof WalletTransferBody>) {
  return apiRequest<Infer<typeof WalletTransferValue>>('/wps/relay/GCS_walletTransfer', { method: 'POST', body });
}

export function transferToUpline(body: Infer<typeof UplineTransferBody>) {
  return apiRequest<Infer<typeof TransferValue>>('/wps/member/transfer/upline', {
    method: 'POST',
    body,
    encrypted: true,
  });
}

export type TransactionFilter = {
  type?: Infer<typeof TransactionType>;
  range?: 'past7' | 'past30';
  startDate?: string;
  endDate?: string;
  pageNo: number;
};

export function transactionsQuery(token: string | null, filter: TransactionFilter) {
  return queryOptions({
    queryKey: ['wallet', 'transactions', token, filter],
    queryFn: () =>
      apiRequest<Infer<typeof TransactionsValue>>('/wps/member/transactions', {
        query: { ...filter, pageSize: PAGE_SIZE },
      }),
    enabled: Boolean(token),
  });
}

export function bonusQuery(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: ['wallet', 'bonus', token, pageNo],
    queryFn: () =>
      apiRequest<Infer<typeof BonusValue>>('/wps/member/bonus', { query: { pageNo, pageSize: PAGE_SIZE } }),
    enabled: Boolean(token),
  });
}

export function paymentMethodsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['wallet', 'paymentMethods', token],
    queryFn: () => apiRequest<PaymentMethods>('/wps/cashier/paymentMethods'),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export function depositsQuery(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: ['wallet', 'deposits', token, pageNo],
    queryFn: () => apiRequest<DepositList>('/wps/cashier/deposits', { query: { pageNo, pageSize: PAGE_SIZE } }),
    enabled: Boolean(token),
  });
}

export function createDeposit(body: DepositBody) {
  return apiRequest<DepositOrder>('/wps/cashier/deposit', { method: 'POST', body });
}

export function attachDepositProof(reference: string, image: File) {
  const data = new FormData();
  data.append('image', image);
  return sendMultipart<DepositOrder>('POST', `/wps/cashier/deposit/${encodeURIComponent(reference)}/proof`, data);
}

export function bankAccountsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['wallet', 'bankAccounts', token],
    queryFn: () => apiRequest<BankAccountList>('/wps/cashier/bankAccounts'),
    enabled: Boolean(token),
  });
}

export function addBankAccount(body: BankAccountBody) {
  return apiRequest<BankAccount>('/wps/cashier/bankAccounts', { method: 'POST', body });
}

export function removeBankAccount(id: number) {
  return apiRequest<null>(`/wps/cashier/bankAccounts/${id}`, { method: 'DELETE' });
}

export function withdrawInfoQuery(token: string | null) {
  return queryOptions({
    queryKey: ['wallet', 'withdrawInfo', token],
    queryFn: () => apiRequest<WithdrawInfo>('/wps/cashier/withdrawInfo'),
    enabled: Boolean(token),
  });
}

export function withdrawalsQuery(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: ['wallet', 'withdrawals', token, pageNo],
    queryFn: () => apiRequest<WithdrawalList>('/wps/cashier/withdrawals', { query: { pageNo, pageSize: PAGE_SIZE } }),
    enabled: Boolean(token),
  });
}

export function requestWithdrawal(body: WithdrawBody) {
  return apiRequest<WithdrawalOrder>('/wps/cashier/withdraw', { method: 'POST', body, encrypted: true });
}

export function confirmReceipt(reference: string, receipt: { status: ReceiptStatus; comment: string; images: File[] }) {
  const data = new FormData();
  data.append('status', receipt.status);
  if (receipt.comment.trim()) data.append('comment', receipt.comment.trim());
  for (const image of receipt.images) data.append('images', image, image.name);
  return sendMultipart<WithdrawalOrder>('POST', `/wps/cashier/withdraw/${encodeURIComponent(reference)}/receipt`, data);
}
