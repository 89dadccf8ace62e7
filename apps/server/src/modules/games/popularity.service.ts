import { HOT_GAMES_LIMIT, HOT_MIN_PLAYERS, HOT_SHARE, HOT_WINDOW_DAYS } from '@gamehall/shared/api/games';
import type { AppContext } from '../../context';
import { playersSince, popularityState, writePopularity } from './games.queries';

// What the lobby's "popular" order and its HOT tag stand on (docs/games.md "Popular and hot"): the
// distinct players of each game in the last days' rounds. Counted by the job games.popularity, so a
// list call reads a number the catalogue copy already holds instead of counting rounds.

export type Popularity = { counted: number; hot: number[]; changed: number };

/** The hot games: enough players, then the most played share of the listed tiles, most players first. */
export function hotGamesOf(players: Map<number, number>, listed: readonly number[]): number[] {
  const cap = Math.min(HOT_GAMES_LIMIT, Math.ceil(listed.length * HOT_SHARE));
  return listed
    .filter((nodeId) => (players.get(nodeId) ?? 0) >= HOT_MIN_PLAYERS)
    .sort((a, b) => (players.get(b) ?? 0) - (players.get(a) ?? 0) || a - b)
    .slice(0, cap);
}

/**
 * Counts each game's players over the window and marks the hot ones, writing only the games whose
 * figures changed (in one statement, so the catalogue copies of the nodes are rebuilt once).
 */
export async function refreshPopularity(ctx: AppContext): Promise<Popularity> {
  const since = new Date(ctx.now().getTime() - HOT_WINDOW_DAYS * 86_400_000);
  const [players, games] = await Promise.all([playersSince(ctx.db, since), popularityState(ctx.db)]);
  // A lobby game (the sportsbook a vendor's lobby opens) or a hidden one is never a tile.
  const listed = games
    .filter((g) => !g.lobby && g.status !== 'hidden' && g.vendor_status !== 'hidden')
    .map((g) => Number(g.node_id));
  const hot = new Set(hotGamesOf(players, listed));
  const changes = games.flatMap((g) => {
    const nodeId = Number(g.node_id);
    const count = players.get(nodeId) ?? 0;
    const isHot = hot.has(nodeId);
    return Number(g.recent_players) === count && g.is_hot === isHot ? [] : [{ nodeId, players: count, hot: isHot }];
  });
  await writePopularity(ctx.db, changes);
  return { counted: players.size, hot: [...hot], changed: changes.length };
}
