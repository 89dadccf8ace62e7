import type { KycDetailsBody, KycDocument, KycDocumentKind, KycStatus } from '@gamehall/shared/api/kyc';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';
import { readToken } from '../../lib/storage';

// The Verification page (server module kyc, docs/kyc.md). Keys start with 'kyc'.

export function kycStatusQuery(token: string | null) {
  return queryOptions({
    queryKey: ['kyc', 'status', token],
    queryFn: () => apiRequest<KycStatus>('/wps/kyc'),
    enabled: Boolean(token),
  });
}

export function enterDetails(body: KycDetailsBody) {
  return apiRequest<KycStatus>('/wps/kyc/details', { method: 'POST', body });
}

export async function uploadDocument(kind: KycDocumentKind, file: File): Promise<KycDocument> {
  const data = new FormData();
  data.append('kind', kind);
  data.append('file', file, file.name);
  const res = await authorised('/wps/kyc/documents', { method: 'POST', body: data });
  let envelope: { success: boolean; value?: unknown; code?: string; message?: string };
  try {
    envelope = await res.json();
  } catch {
    // The multipart plugin may answer a too-large upload without the envelope.
    throw new ApiError(res.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'NETWORK_ERROR', res.statusText, res.status);
  }
  if (!envelope.success) throw new ApiError(envelope.code ?? 'INTERNAL_ERROR', envelope.message ?? '', res.status);
  return envelope.value as KycDocument;
}

/** A document's bytes need the member's token: fetched and opened as a blob: URL. */
export async function documentUrl(id: number): Promise<string> {
  const res = await authorised(`/wps/kyc/documents/${id}/file`, { method: 'GET' });
  if (!res.ok) throw new ApiError('KYC_DOCUMENT_NOT_FOUND', res.statusText, res.status);
  return URL.createObjectURL(await res.blob());
}

async function authorised(path: string, init: { method: 'GET' | 'POST'; body?: FormData }): Promise<Response> {
  const token = readToken();
  try {
    return await fetch(path, { ...init, headers: { Device: 'WEB', ...(token ? { Authorization: token } : {}) } });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'Network link is abnormal, please try again', 0);
  }
}
