import type { AdminGame, AdminGameMenus, AdminVendor } from '@gamehall/shared/api/admin-games';
import { gameIconUrl } from '@gamehall/shared/api/catalogue';
import type { GameRow, VendorRow } from './admin-games.queries';
import type { MenuCategory } from './admin-games.service';

/**
 * The counts as players meet them (docs/ARCHITECTURE.md "Games", maintenance): listed games are
 * every game not hidden of a vendor not hidden; they launch only while both are active.
 */
function siteCounts(vendorStatus: string, active: unknown, listed: unknown) {
  return {
    activeGameCount: vendorStatus === 'active' ? Number(active ?? 0) : 0,
    listedGameCount: vendorStatus === 'hidden' ? 0 : Number(listed ?? 0),
  };
}

export function presentAdminVendor(r: VendorRow): AdminVendor {
  return {
    code: r.code,
    name: r.name,
    status: r.status,
    sort: r.sort,
    gameCount: Number(r.game_count ?? 0),
    ...siteCounts(r.status, r.active_game_count, r.listed_game_count),
    // The secret never leaves the server except once, when it is rotated.
    integration:
      r.integration_vendor === null
        ? null
        : {
            enabled: r.integration_enabled ?? false,
            walletMode: r.wallet_mode ?? 'seamless',
            currency: r.currency ?? '',
            launchUrl: r.launch_url ?? '',
            allowedIps: r.allowed_ips ?? [],
            updatedAt: new Date(r.integration_updated_at ?? 0).toISOString(),
          },
  };
}

export function presentAdminGame(r: GameRow): AdminGame {
  const nodeId = Number(r.node_id);
  return {
    nodeId,
    vendorCode: r.vendor_code,
    vendorName: r.vendor_name,
    gameType: r.game_type,
    gameCode: r.game_code,
    name: r.name,
    subCategory: r.sub_category,
    isHot: r.is_hot,
    sort: r.sort,
    status: r.status,
    vendorStatus: r.vendor_status,
    iconUrl: gameIconUrl(nodeId),
  };
}

export function presentAdminGameMenus(categories: MenuCategory[]): AdminGameMenus {
  return {
    list: categories.map((c) => ({
      gameType: c.gameType,
      enabled: c.enabled,
      vendors: c.vendors.map((v) => ({
        code: v.vendor_code,
        name: v.name,
        vendorStatus: v.vendor_status,
        enabled: v.enabled,
        accountTypeName: v.account_type_name,
        ...siteCounts(v.vendor_status, v.active_game_count, v.listed_game_count),
      })),
    })),
  };
}
