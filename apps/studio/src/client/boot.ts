// The page's boot data (a JSON script the server wrote into every studio page: pages.ts) and the
// launch language it carries. Kept apart from the casino's words so that every page, sportsbook and
// card room included, reads its boot data without bundling another product's texts.
import { type Language, pageLanguageOf } from './words';

/** The page's boot data, or null when there is none. */
export function readBoot(doc: Pick<Document, 'getElementById'>): { gameName?: unknown } | null {
  const text = doc.getElementById('boot')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as { gameName?: unknown };
  } catch {
    return null;
  }
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
