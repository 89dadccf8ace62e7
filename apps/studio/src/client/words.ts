// Counted words and the launch language of the studio pages, with no DOM, so the pure presentation
// modules (games/*-present.ts) use them too.

/** The languages the studio pages speak: English and Filipino (the platform's code TY). */
export type Language = 'EN' | 'TY';

/** The page language for the platform's launch language code: Filipino for TY, English otherwise. */
export function pageLanguageOf(language: unknown): Language {
  return typeof language === 'string' && language.trim().toUpperCase() === 'TY' ? 'TY' : 'EN';
}

/** The table of `tables` for the launch language `language` (see pageLanguageOf). */
export function inLanguage<T>(tables: Record<Language, T>, language: unknown): T {
  return tables[pageLanguageOf(language)];
}

/** A count and its noun: "1 shot", "10 shots" (the plural by -s). */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * The public verifier's address (/studio/fair) with its query and, for a Filipino page, lang=TY, so
 * a game page's verify link opens the verifier in the player's language.
 */
export function fairUrl(query: URLSearchParams | string, language: unknown): string {
  const params = new URLSearchParams(query);
  if (pageLanguageOf(language) === 'TY') params.set('lang', 'TY');
  const text = params.toString();
  return text ? `/studio/fair?${text}` : '/studio/fair';
}
