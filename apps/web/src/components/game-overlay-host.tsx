import { lazy, Suspense } from 'react';
import { gameOverlayStore } from './game-actions';

const GameOverlays = lazy(async () => ({ default: (await import('./game-overlays')).GameOverlays }));

/** The overlays' code (dialog, game list) loads the first time a tile opens one. */
export function GameOverlayHost() {
  const overlay = gameOverlayStore.use();
  if (!overlay) return null;
  return (
    <Suspense fallback={null}>
      <GameOverlays />
    </Suspense>
  );
}
