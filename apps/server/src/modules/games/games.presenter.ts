import { gameIconUrl, vendorIconUrl } from '@gamehall/shared/api/catalogue';
import type { Game, GameList, GameVendors, RoomList } from '@gamehall/shared/api/games';
import { toMajor } from '@gamehall/shared/money';
import { pageCounts } from '../../http/paging';
import type { GameRow, listLiveRooms } from './games.queries';
import { displayVendorName, type GamePage, type Lane, type View } from './games.service';

export function presentGame(row: GameRow, view: View): Game {
  const names = (typeof row.names === 'string' ? JSON.parse(row.names) : row.names) as Record<string, string>;
  const icon = gameIconUrl(Number(row.node_id));
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
