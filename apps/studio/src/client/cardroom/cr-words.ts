// The card room page's words: one data file per language, words/<code>.json, named and loaded as the
// sportsbook's are (sb-words.ts: the platform's language code in lower case, English bundled with the
// page and merged under every other language, each other language a chunk of its own).
import { fill, mergeWords, type SbLanguage, sbLanguage } from '../sportsbook/sb-words';
import en from './words/en.json';

export type CrWords = typeof en;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

export { fill, type SbLanguage as CrLanguage, sbLanguage as crLanguage };

export async function loadCardRoomWords(language: SbLanguage): Promise<CrWords> {
  if (language.code === 'EN') return en;
  try {
    const data = (await import(`./words/${language.code.toLowerCase()}.json`)) as { default: DeepPartial<CrWords> };
    return mergeWords(en, data.default);
  } catch {
    return en;
  }
}

export const englishCardRoomWords: CrWords = en;
