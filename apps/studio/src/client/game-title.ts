// The title a game page shows: the name the platform launched the game by (its catalogue name in the
// player's language, passed in the launch URL and put into the page's boot data), else the kind of
// game. Never the catalogue code (SLOT-00039, FISH-001), which means nothing to a player.
import { readBoot } from './boot';
import { engineTitle } from './game-words';

/** The launch name from the page's boot data (pages.ts playPage), or the engine's title in the boot data's language. */
export function gameTitle(engine: string | null, boot: { gameName?: unknown; language?: unknown } | null): string {
  const name = typeof boot?.gameName === 'string' ? boot.gameName.trim() : '';
  return name || engineTitle(engine, boot?.language);
}

/** This page's game title (see gameTitle). */
export function pageTitle(engine: string | null): string {
  return gameTitle(engine, readBoot(document));
}
