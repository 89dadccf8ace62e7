// The sportsbook page's words: words/<code>.json per language, loaded by the studio's one words
// loader (../i18n.ts: the platform's language codes, plural forms, English bundled and under every
// other language).
import { type LaunchLanguage, loadLanguageFile } from '../i18n';
import en from './words/en.json';

export type SbWords = typeof en;

/** The words for `language`: English merged with the language's file, English alone when it has none. */
export function loadWords(language: LaunchLanguage): Promise<SbWords> {
  return loadLanguageFile(en, language, (file) => import(`./words/${file}.json`));
}

/** English, for tests and for a page whose language file cannot be loaded. */
export const englishWords: SbWords = en;
