import { lazy, Suspense } from 'react';
import { loadAllStrings } from '../lib/i18n';
import { gameOverlayStore } from './game-actions';

// With the full English file: the home page shows tiles before it has loaded it.
const GameOverlays = lazy(async () => {
  const [{ GameOverlays }] = await Promise.all([import('./game-overlays'), loadAllStrings()]);
  return { default: GameOverlays };
});

/** The overlays' code (dialog, game list) and the strings they need load the first time a tile opens one. */
export function GameOverlayHost() {
  const overlay = gameOverlayStore.use();
  if (!overlay) return null;
  return (
    <Suspense fallback={null}>
      <GameOverlays />
    </Suspense>
  );
}
