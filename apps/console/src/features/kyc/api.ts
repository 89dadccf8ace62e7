import type {
  AdminKycApproveBody,
  AdminKycMember,
  AdminKycQueueItem,
  KycDocumentStatus,
} from '@gamehall/shared/api/kyc';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The KYC review (modules/kyc, kyc.admin.routes.ts, docs/kyc.md): kyc.review for everything.

export const kycKey = ['kyc'] as const;
export const KYC_PAGE_SIZE = 20;

type Queue = { list: AdminKycQueueItem[]; total: number; pageNo: number; pageSize: number };

export const queueQuery = (status: KycDocumentStatus, pageNo: number, memberId?: number) =>
  queryOptions({
    queryKey: [...kycKey, 'queue', status, pageNo, memberId ?? null],
    queryFn: () => api<Queue>('/admin/kyc/documents', { query: { status, pageNo, pageSize: KYC_PAGE_SIZE, memberId } }),
  });

export const memberKycQuery = (memberId: number) =>
  queryOptions({
    queryKey: [...kycKey, 'member', memberId],
    queryFn: () => api<AdminKycMember>(`/admin/kyc/members/${memberId}`),
    retry: false,
  });

export function approveDocument(id: number, body: AdminKycApproveBody) {
  return api<AdminKycMember>(`/admin/kyc/documents/${id}/approve`, { method: 'POST', body });
}

export function rejectDocument(id: number, reason: string) {
  return api<AdminKycMember>(`/admin/kyc/documents/${id}/reject`, { method: 'POST', body: { reason } });
}

/** Pays an under-age refund out as an approved withdrawal to the verified payee (cashier.approve). */
export function payRefund(memberId: number) {
  return api<AdminKycMember>(`/admin/kyc/members/${memberId}/refund`, { method: 'POST' });
}

export const documentPath = (id: number) => `/admin/kyc/documents/${id}/file`;
