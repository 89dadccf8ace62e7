// The title a game page shows: the name the platform launched the game by (its catalogue name in the
// player's language, passed in the launch URL and put into the page's boot data), else the kind of
// game. Never the catalogue code (SLOT-00039, FISH-001), which means nothing to a player.
import { engineTitle } from './game-words';
import { type Language, pageLanguageOf } from './words';

/** The launch name from the page's boot data (pages.ts playPage), or the engine's title in the boot data's language. */
export function gameTitle(engine: string | null, boot: { gameName?: unknown; language?: unknown } | null): string {
  const name = typeof boot?.gameName === 'string' ? boot.gameName.trim() : '';
  return name || engineTitle(engine, boot?.language);
}

/** The page's boot data (a JSON script the server wrote), or null when there is none. */
export function readBoot(doc: Pick<Document, 'getElementById'>): { gameName?: unknown } | null {
  const text = doc.getElementById('boot')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as { gameName?: unknown };
  } catch {
    return null;
  }
}

/** This page's game title (see gameTitle). */
export function pageTitle(engine: string | null): string {
  return gameTitle(engine, readBoot(document));
}

/**
 * This page's language: the launch language in the boot data, as the frame reads it (frame.ts).
 * English where there is no page (a game's UI built for history summaries outside a browser).
 */
export function pageLanguage(
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): Language {
  return pageLanguageOf((doc ? (readBoot(doc) as { language?: unknown } | null) : null)?.language);
}
