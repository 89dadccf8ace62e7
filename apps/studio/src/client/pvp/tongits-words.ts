// The Tongits table page's words: tongits-words/<code>.json per language, loaded by the studio's one
// words loader (../i18n.ts: the platform's language codes, plural forms, English bundled and under
// every other language).
import { type LaunchLanguage, loadLanguageFile } from '../i18n';
import en from './tongits-words/en.json';

export type TongitsWords = typeof en;

export function loadTongitsWords(language: LaunchLanguage): Promise<TongitsWords> {
  return loadLanguageFile(en, language, (file) => import(`./tongits-words/${file}.json`));
}

export const englishTongitsWords: TongitsWords = en;
