import type { GameUi } from '../types';
import { baccaratUi } from './baccarat';
import { derbyUi } from './derby';
import { duelUi } from './duel';
import { fishUi } from './fish';
import { matchUi } from './match';
import { rouletteUi } from './roulette';
import { slotUi } from './slot';

/** The UI of each engine kind (the page shell is the same for all). */
export function gameUiFor(kind: string | null): GameUi {
  switch (kind) {
    case 'baccarat':
      return baccaratUi();
    case 'roulette':
      return rouletteUi();
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
