import type { Game } from '@gamehall/shared/api/games';
import { createStore } from '../lib/store';

/**
 * The game sheet a tile opens on a touch screen (game-sheet.tsx): the game, and the tile's own play
 * and trial actions (a tile inside a vendor's popup list launches directly, one on a lobby page may
 * open the vendor's list first).
 */
export type GameSheetRequest = { game: Game; play: (game: Game) => void; trial: (game: Game) => void } | null;

export const gameSheetStore = createStore<GameSheetRequest>(null);
