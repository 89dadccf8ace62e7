import type { GameUi } from '../types';
import { slotUi } from './slot';

/** The UI of each engine kind. */
export function gameUiFor(kind: string | null): GameUi {
  switch (kind) {
    default:
      return slotUi();
  }
}
