import type {
  AdminGame,
  AdminGameBody,
  AdminGameMenus,
  AdminGameMenusBody,
  AdminGamesStatusResult,
  AdminReconciliationRow,
  AdminVendor,
  AdminVendorBody,
  AdminVendorCreateBody,
  CatalogueSyncPreview,
  CatalogueSyncRun,
} from '@gamehall/shared/api/admin-games';
import { queryOptions } from '@tanstack/react-query';
import { api, type Query } from '../../lib/api-client';

// Vendors, the catalogue and the daily reconciliation (games.read to look, games.write to change).
export const vendorsKey = ['games', 'vendors'] as const;
export const catalogueKey = ['games', 'catalogue'] as const;
export const menusKey = ['games', 'menus'] as const;

export const vendorsQuery = queryOptions({
  queryKey: vendorsKey,
  queryFn: () => api<{ list: AdminVendor[] }>('/admin/games/vendors').then((r) => r.list),
});

/** A vendor the operator connects; it starts with no games. */
export function createVendor(body: AdminVendorCreateBody) {
  return api<AdminVendor>('/admin/games/vendors', { method: 'POST', body });
}

export function changeVendor(code: string, body: AdminVendorBody) {
  return api<AdminVendor>(`/admin/games/vendors/${encodeURIComponent(code)}`, { method: 'PUT', body });
}

export function orderVendors(codes: string[]) {
  return api<{ updated: number }>('/admin/games/vendors/order', { method: 'PUT', body: { codes } });
}

export function rotateSecret(code: string) {
  return api<{ code: string; secret: string }>(`/admin/games/vendors/${encodeURIComponent(code)}/rotateSecret`, {
    method: 'POST',
    body: {},
  });
}

/** A new key pair for the operator's calls to the provider's Games API; answers its public key. */
export function generateOperatorKey(code: string) {
  return api<{ code: string; publicKey: string }>(`/admin/games/vendors/${encodeURIComponent(code)}/operatorKey`, {
    method: 'POST',
    body: {},
  });
}

// The catalogue sync from a provider's game list. The preview is a POST because it calls the
// provider; it is kept apart from the runs so that refreshing the history never asks the provider again.
export const catalogueSyncPreviewKey = (code: string) => ['games', 'catalogueSync', 'preview', code] as const;
export const catalogueSyncRunsKey = (code: string) => ['games', 'catalogueSync', 'runs', code] as const;

/** What applying the provider's game list would change now, named by its digest. */
export function previewCatalogueSync(code: string) {
  return api<CatalogueSyncPreview>(`/admin/games/vendors/${encodeURIComponent(code)}/catalogue/preview`, {
    method: 'POST',
  });
}

/** Applies the change the preview with this digest showed; refused when the provider's list has moved since. */
export function applyCatalogueSync(code: string, digest: string) {
  return api<CatalogueSyncRun>(`/admin/games/vendors/${encodeURIComponent(code)}/catalogue/apply`, {
    method: 'POST',
    body: { digest },
  });
}

/** The vendor's last syncs, latest first. */
export function fetchCatalogueSyncs(code: string) {
  return api<{ list: CatalogueSyncRun[] }>(`/admin/games/vendors/${encodeURIComponent(code)}/catalogue/syncs`).then(
    (r) => r.list,
  );
}

export function fetchGames(query: Query) {
  return api<{ list: AdminGame[]; total: number }>('/admin/games/catalogue', { query });
}

export function changeGame(nodeId: number, body: AdminGameBody) {
  return api<AdminGame>(`/admin/games/catalogue/${nodeId}`, { method: 'PUT', body });
}

/** Hides or shows the picked games in one audited action. */
export function changeGamesStatus(nodeIds: number[], status: 'active' | 'hidden') {
  return api<AdminGamesStatusResult>('/admin/games/catalogue/status', { method: 'POST', body: { nodeIds, status } });
}

export function fetchReconciliation(query: Query) {
  return api<{ list: AdminReconciliationRow[]; mismatches: number; timeZone: string }>('/admin/games/reconciliation', {
    query,
  });
}

export const menusQuery = queryOptions({
  queryKey: menusKey,
  queryFn: () => api<AdminGameMenus>('/admin/games/menus').then((r) => r.list),
});

export function saveMenus(body: AdminGameMenusBody) {
  return api<AdminGameMenus>('/admin/games/menus', { method: 'PUT', body });
}
