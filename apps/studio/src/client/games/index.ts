import type { GameUi } from '../types';
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
