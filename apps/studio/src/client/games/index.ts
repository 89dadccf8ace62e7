import type { GameUi, RoundView } from '../types';
import { derbyUi } from './derby';
import { duelUi } from './duel';
import { fishUi } from './fish';
import { matchUi } from './match';
import { slotUi } from './slot';

/** The UI of each instant engine kind (the page shell is the same for all); LIVE tables have their own page (../table.ts). */
export function gameUiFor(kind: string | null): GameUi {
  switch (kind) {
    case 'fish':
      return fishUi();
    case 'duel':
      return duelUi();
    case 'match':
      return matchUi();
    case 'derby':
      return derbyUi();
    default:
      return slotUi();
  }
}

const INSTANT_UIS = new Set(['slot', 'fish', 'duel', 'match', 'derby']);

/**
 * The history text of a round, drawn by the UI of the round's own engine: a player's history lists
 * the rounds of all their games (one seed and nonce sequence per player), so the fishing page also
 * lists slot rounds, whose outcome its own summary cannot read.
 */
export function roundSummary(round: Pick<RoundView, 'engine' | 'steps'>): string {
  const step = round.steps[0];
  if (!step || !INSTANT_UIS.has(round.engine)) return '';
  return gameUiFor(round.engine).summary?.(step) ?? '';
}
