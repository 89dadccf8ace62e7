// Pure rules of the game list centre (spec §3, §4), unit-tested in game-filters.test.ts.
import { foldSearch } from '@gamehall/shared/search-fold';

/** spec §3 slot sub-categories; BG (bingo) only when the second language (TY) is supported. */
export function slotSubCategories(supportedLanguages: readonly string[]): string[] {
  const base = ['SC', 'VP', 'JP', 'TG', 'AC'];
  return supportedLanguages.some((l) => l.toUpperCase() === 'TY') ? [...base, 'BG'] : base;
}

/**
 * Whether a vendor opens its own lobby on a category page: its card in that category's
 * GCSGAME_gameVendor lane is isGame VASSALAGE. The lanes group vendors as the menu does (the
 * server's one category rule), so /elott finds the LOTT vendors merged into it with TY.
 */
export function laneHasLobby(
  lanes: readonly { gameCategory: string; vendors: readonly { vassalage: string; isGame: string | null }[] }[],
  gameType: string,
  vassalage: string,
): boolean {
  return lanes.some(
    (lane) =>
      lane.gameCategory === gameType && lane.vendors.some((v) => v.vassalage === vassalage && v.isGame === 'VASSALAGE'),
  );
}

/** The categories the house sportsbook serves: their page opens its lobby and lists the virtual sports. */
export function isSportsbookCategory(gameType: string | undefined): boolean {
  return gameType === 'SPORTS' || gameType === 'ESPORTS' || gameType === 'COCKFIGHT';
}

/** The vendors of a category's lane that open their own lobby there (isGame VASSALAGE), in lane order. */
export function lobbyVendorsOf(
  lanes: readonly { gameCategory: string; vendors: readonly { vassalage: string; isGame: string | null }[] }[],
  gameType: string,
): string[] {
  const lane = lanes.find((l) => l.gameCategory === gameType);
  return (lane?.vendors ?? []).filter((v) => v.isGame === 'VASSALAGE').map((v) => v.vassalage);
}

/** Name search as the server does it (the same shared foldSearch, inside names), for local lists. */
export function matchesName(name: string, query: string): boolean {
  const q = foldSearch(query.trim());
  return q === '' || foldSearch(name).includes(q);
}

export { type DateRange, dateRangeOf } from '../../lib/date-range';

/** The category pages' page-title key: the lobby (no type) has its own. */
export function isSlotCategory(gameType: string | undefined): boolean {
  return gameType === 'RNG';
}
