import type { AdminContentImage, AdminHelpCategory } from '@gamehall/shared/api/admin-content';
import type {
  AdminLegalDocuments,
  AdminLegalDraftBody,
  AdminLegalVersion,
  AdminLegalVersionDetail,
  LegalKind,
} from '@gamehall/shared/api/legal';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, authHeaders, buildUrl, type Query } from '../../lib/api-client';
import { clearToken } from '../../lib/session-token';

// Banners, announcements, notices and help articles (permission content.write): the same routes for
// each kind under /admin/content/<kind>.
export type ContentKind = 'banners' | 'announcements' | 'notices' | 'help';

export const contentKey = (kind: ContentKind) => ['content', kind] as const;

export function fetchContent<T>(kind: ContentKind, query: Query) {
  return api<{ list: T[]; total: number }>(`/admin/content/${kind}`, { query });
}

export function saveContent<T>(kind: ContentKind, id: number | null, body: unknown): Promise<T> {
  return id === null
    ? api<T>(`/admin/content/${kind}`, { method: 'POST', body })
    : api<T>(`/admin/content/${kind}/${id}`, { method: 'PUT', body });
}

export function setContentEnabled(kind: ContentKind, id: number, enabled: boolean) {
  return api(`/admin/content/${kind}/${id}/enabled`, { method: 'PUT', body: { enabled } });
}

export function deleteContent(kind: ContentKind, id: number) {
  return api(`/admin/content/${kind}/${id}`, { method: 'DELETE' });
}

/** The listed ids get sort 0, 1, 2... in this order. */
export function orderContent(kind: ContentKind, ids: number[]) {
  return api<{ updated: number }>(`/admin/content/${kind}/order`, { method: 'PUT', body: { ids } });
}

/** Uploads a banner image (multipart `image`); the answer's url goes into the banner. */
export async function uploadImage(file: File): Promise<AdminContentImage> {
  const form = new FormData();
  form.append('image', file);
  let res: Response;
  try {
    res = await fetch(buildUrl('/admin/content/images'), { method: 'POST', headers: authHeaders(), body: form });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'The network is unreachable, please try again', 0);
  }
  if (res.status === 401) clearToken();
  const envelope = (await res.json().catch(() => null)) as
    | { success: true; value: AdminContentImage }
    | { success: false; code: string; message: string; value?: Record<string, unknown> }
    | null;
  if (!envelope) throw new ApiError(`HTTP_${res.status}`, `The server answered ${res.status}`, res.status);
  if (!envelope.success) throw new ApiError(envelope.code, envelope.message, res.status, envelope.value);
  return envelope.value;
}

// ---- legal pages (docs/site.md "Legal pages"): versions of each kind, a draft edited and published

export const legalKey = ['content', 'legal'] as const;

export function fetchLegal() {
  return api<AdminLegalDocuments>('/admin/legal');
}

export function fetchLegalVersions(kind: LegalKind) {
  return api<{ list: AdminLegalVersion[] }>(`/admin/legal/${kind}/versions`);
}

export function fetchLegalVersion(id: number) {
  return api<AdminLegalVersionDetail>(`/admin/legal/versions/${id}`);
}

/** Opens the next version as a draft (the open draft when there is one). */
export function startLegalDraft(kind: LegalKind) {
  return api<AdminLegalVersionDetail>(`/admin/legal/${kind}/draft`, { method: 'POST' });
}

export function saveLegalDraft(id: number, body: AdminLegalDraftBody) {
  return api<AdminLegalVersionDetail>(`/admin/legal/versions/${id}`, { method: 'PUT', body });
}

export function publishLegalDraft(id: number) {
  return api<AdminLegalVersionDetail>(`/admin/legal/versions/${id}/publish`, { method: 'POST' });
}

export function discardLegalDraft(id: number) {
  return api(`/admin/legal/versions/${id}`, { method: 'DELETE' });
}

// The help centre's categories (migration 0103): a list in the order the site shows them.
export const helpCategoriesKey = ['content', 'helpCategories'] as const;

export const helpCategoriesQuery = queryOptions({
  queryKey: helpCategoriesKey,
  queryFn: () => api<{ list: AdminHelpCategory[] }>('/admin/content/helpCategories').then((r) => r.list),
});

export function addHelpCategory(name: string) {
  return api<AdminHelpCategory>('/admin/content/helpCategories', { method: 'POST', body: { name } });
}

export function renameHelpCategory(id: number, name: string) {
  return api(`/admin/content/helpCategories/${id}`, { method: 'PUT', body: { name } });
}

/** The whole list in its new order. */
export function orderHelpCategories(ids: number[]) {
  return api('/admin/content/helpCategories/order', { method: 'PUT', body: { ids } });
}

/** Removes a category; `moveTo`: where its articles go first (required when it has any). */
export function removeHelpCategory(id: number, moveTo: number | null) {
  return api<{ moved: number }>(`/admin/content/helpCategories/${id}`, {
    method: 'DELETE',
    query: moveTo === null ? {} : { moveTo },
  });
}
