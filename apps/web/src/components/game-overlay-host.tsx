import { lazy, Suspense, useEffect } from 'react';
import { loadAllStrings } from '../lib/i18n';
import { gameOverlayStore } from './game-actions';
import { gameSheetStore } from './game-sheet-store';

// With the full English file: the home page shows tiles before it has loaded it.
const GameOverlays = lazy(async () => {
  const [{ GameOverlays }] = await Promise.all([import('./game-overlays'), loadAllStrings()]);
  return { default: GameOverlays };
});

const GameSheet = lazy(async () => {
  const [{ GameSheet }] = await Promise.all([import('./game-sheet'), loadAllStrings()]);
  return { default: GameSheet };
});

/**
 * The overlays' code (dialog, game list) and the strings they need load the first time a tile opens
 * one; the game sheet likewise with the first tap on a tile's artwork. The sheet may open over a
 * vendor's popup list, so the two are apart.
 */
export function GameOverlayHost() {
  const overlay = gameOverlayStore.use();
  const sheet = gameSheetStore.use();
  // A sheet left open when the page goes (the browser's back) does not come back on the next page.
  useEffect(() => () => gameSheetStore.set(null), []);
  return (
    <>
      {overlay && (
        <Suspense fallback={null}>
          <GameOverlays />
        </Suspense>
      )}
      {sheet && (
        <Suspense fallback={null}>
          <GameSheet />
        </Suspense>
      )}
    </>
  );
}
