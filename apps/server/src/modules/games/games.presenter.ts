import type {
  AdminGame,
  AdminGameMenus,
  AdminVendor,
  CatalogueSyncRun,
  GamesApiSettings,
  GamesApiView,
} from '@gamehall/shared/api/admin-games';
import { gameIconUrl, vendorIconUrl } from '@gamehall/shared/api/catalogue';
import type { Game, GameList, GameVendors, RoomList } from '@gamehall/shared/api/games';
import { toMajor } from '@gamehall/shared/money';
import { pageCounts } from '../../http/paging';
import type { SyncRunRow } from './catalogue-sync.queries';
import type { GameRow, listLiveRooms } from './games.queries';
import { displayVendorName, type GamePage, type Lane, type View } from './games.service';
import type { GameRow as GridGameRow, VendorRow } from './games-setup.queries';
import type { MenuCategory } from './games-setup.service';
import { houseFigures } from './house-figures';

export function presentGame(row: GameRow, view: View): Game {
  const names = (typeof row.names === 'string' ? JSON.parse(row.names) : row.names) as Record<string, string>;
  const icon = row.image_url ?? gameIconUrl(Number(row.node_id));
  return {
    nodeId: Number(row.node_id),
    nodeName: row.name,
    gameName: names[view.language] || row.name,
    showIcon: icon,
    iconUrl: icon,
    isHot: row.is_hot,
    vassalage: row.vendor_code,
    gameType: row.game_type,
    gameCode: row.game_code,
    accountTypeName: displayVendorName(view, row.vendor_code, row.account_type_name ?? row.vendor_code),
    isGame: row.is_game ?? null,
    subCategory: row.sub_category,
    maintenance: row.status !== 'active' || row.vendor_status !== 'active',
    vendorMaintenance:
      row.vendor_status === 'maintenance'
        ? {
            until: row.vendor_maintenance_until ? new Date(row.vendor_maintenance_until).toISOString() : null,
            timeZone: view.timeZone,
          }
        : null,
    ...houseFigures(row.launch_url, row.vendor_code, row.game_code),
    // The provider's own figure, where its game list gives one.
    ...(row.rtp_hundredths !== null ? { rtp: row.rtp_hundredths / 100 } : {}),
  };
}

export function presentGameList(page: GamePage): GameList {
  return { games: page.rows.map((r) => presentGame(r, page.view)), ...pageCounts(page.total, page) };
}

export function presentFavouriteList(page: GamePage) {
  return { content: page.rows.map((r) => presentGame(r, page.view)), ...pageCounts(page.total, page) };
}

export function presentLanes(view: View, lanes: Lane[]): GameVendors {
  return {
    data: {
      lanes: lanes.map((lane) => ({
        gameCategory: lane.gameCategory,
        vendors: lane.vendors.map((v) => ({
          vassalage: v.code,
          lagerIcon: vendorIconUrl(v.code),
          accountTypeName: displayVendorName(view, v.code, v.name),
          isGame: v.isGame,
          maintenance: v.maintenance,
        })),
      })),
    },
  };
}

type RoomRow = Awaited<ReturnType<typeof listLiveRooms>>[number];

/** A catalogue name in the language (names per language, stored as JSON), else the fallback. */
export function localName(names: unknown, language: string, fallback: string): string {
  const map = (typeof names === 'string' ? JSON.parse(names) : names) as Record<string, string> | null;
  return map?.[language] || fallback;
}

export function presentRooms(vendor: string, view: View, rows: RoomRow[]): RoomList {
  return {
    vassalage: vendor,
    list: rows.map((r) => ({
      nodeId: Number(r.node_id),
      gameCode: r.game_code,
      roomName: localName(r.names, view.language, r.name),
      iconUrl: gameIconUrl(Number(r.node_id)),
      minBet: toMajor(r.min_bet),
      status: r.status === 'active' && r.vendor_status === 'active' ? 'open' : 'maintenance',
    })),
  };
}

// ---- the back office: vendors, the catalogue grid, the game menus

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

/** The Games API as the console reads it: Evolution's API token is never shown, only that it is set. */
function gamesApiView(settings: GamesApiSettings | null): GamesApiView | null {
  if (settings === null || !('apiToken' in settings)) return settings;
  const { apiToken, ...rest } = settings;
  return { ...rest, apiTokenSet: apiToken.length > 0 };
}

export function presentSyncRun(r: SyncRunRow): CatalogueSyncRun {
  return {
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    by: r.by_username,
    added: r.added,
    updated: r.updated,
    held: r.held,
    released: r.released,
    error: r.error,
  };
}

export function presentAdminVendor(
  r: VendorRow & { provider_fee_ppm: number; last_sync?: SyncRunRow | null },
): AdminVendor {
  return {
    code: r.code,
    name: r.name,
    status: r.status,
    maintenanceUntil: r.maintenance_until ? new Date(r.maintenance_until).toISOString() : null,
    providerFeePpm: r.provider_fee_ppm,
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
            protocol: r.protocol ?? 'gamehall',
            providerPublicKey: r.provider_public_key ?? null,
            gamesApi: gamesApiView(r.games_api ?? null),
            operatorPublicKey: r.operator_public_key ?? null,
            catalogueSyncHours: r.catalogue_sync_hours ?? null,
            lastCatalogueSync: r.last_sync ? presentSyncRun(r.last_sync) : null,
            updatedAt: new Date(r.integration_updated_at ?? 0).toISOString(),
          },
  };
}

export function presentAdminGame(r: GridGameRow): AdminGame {
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
    recentPlayers: Number(r.recent_players),
    sort: r.sort,
    status: r.status,
    vendorStatus: r.vendor_status,
    iconUrl: r.image_url ?? gameIconUrl(nodeId),
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
