// The house studio's published catalogue: what the platform may know of a game the studio serves,
// from the studio's public entry rather than its engines: the table tiles' titles, and a slot's RTP and volatility are a pure
// function of its code (casino/engines/slot/slot-config.ts), the same figures its game page shows and its
// RTP tests prove; the other kinds publish none (a table or a crash game has no one volatility).

import { slotConfigFor } from './casino/engines/slot/slot-config';
import { engineKindOf, type GameRef, LIVE_TABLES, PVP_TABLES, type TableLineup } from './kit/game-map';

export type PublishedFigures = { rtp: number; volatility: 'low' | 'medium' | 'high' };

/** The RTP (a fraction) and volatility the studio publishes for a game, or null when it publishes none. */
export function publishedFigures(game: GameRef): PublishedFigures | null {
  if (engineKindOf(game) !== 'slot') return null;
  const config = slotConfigFor(game.gameCode);
  return { rtp: config.declaredRtp, volatility: config.volatility };
}

/**
 * The titles of the LIVE and PVP tiles and the vendors they rotate over, with what plays behind each:
 * the platform's catalogue seed lists exactly these, and the studio's game map opens each code with
 * the engine its title names (kit/game-map.ts), so the two cannot drift apart.
 */
export const publishedTables: { LIVE: TableLineup<string>; PVP: TableLineup<string> } = {
  LIVE: LIVE_TABLES,
  PVP: PVP_TABLES,
};
