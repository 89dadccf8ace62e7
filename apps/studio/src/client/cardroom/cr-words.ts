// The card room page's words: words/<code>.json per language, loaded by the studio's one words
// loader (../i18n.ts: the platform's language codes, plural forms, English bundled and under every
// other language).
import { type LaunchLanguage, loadLanguageFile } from '../i18n';
import en from './words/en.json';

export type CrWords = typeof en;

export function loadCardRoomWords(language: LaunchLanguage): Promise<CrWords> {
  return loadLanguageFile(en, language, (file) => import(`./words/${file}.json`));
}

export const englishCardRoomWords: CrWords = en;
