// The page's boot data (a JSON script the server wrote into every studio page: pages.ts) and the
// launch language it carries. Kept apart from the casino's words so that every page, sportsbook and
// card room included, reads its boot data without bundling another product's texts.
import { pageLanguageOf } from './words';

/** The page's boot data, or null when there is none. */
export function readBoot(doc: Pick<Document, 'getElementById'>): { gameName?: unknown; language?: unknown } | null {
  const text = doc.getElementById('boot')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as { gameName?: unknown; language?: unknown };
  } catch {
    return null;
  }
}

/** This page's launch language as the platform named it (TH, ZH-HANT, TY, ...), EN where there is no page. */
export function bootLanguage(
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): string {
  const language = doc ? readBoot(doc)?.language : undefined;
  return typeof language === 'string' && language.trim() ? language.trim() : 'EN';
}

/**
 * This page's language for the casino games' words: the launch language's platform code in the boot
 * data (see pageLanguageOf), as the frame reads it (frame.ts). English where there is no page (a
 * game's UI built for history summaries outside a browser).
 */
export function pageLanguage(
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): string {
  return pageLanguageOf(bootLanguage(doc));
}
