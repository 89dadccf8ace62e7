// The launch language of the studio pages, with no DOM, so the pure presentation modules
// (games/*-present.ts) and the studio's server (pages.ts) read it too.
import { launchLanguage } from './i18n';

/**
 * The page's language: the platform's code of the launch language (TH, ZH-HANT, TY, ...), checked
 * for its form, so it is safe to write into a page, a header or an address; EN for anything else.
 */
export function pageLanguageOf(language: unknown): string {
  return launchLanguage(language).code;
}

/**
 * The public verifier's address (/studio/fair) with its query and, for a page in another language
 * than English, lang=<code>, so a game page's verify link opens the verifier in the player's language.
 */
export function fairUrl(query: URLSearchParams | string, language: unknown): string {
  const params = new URLSearchParams(query);
  const code = pageLanguageOf(language);
  if (code !== 'EN') params.set('lang', code);
  const text = params.toString();
  return text ? `/studio/fair?${text}` : '/studio/fair';
}
