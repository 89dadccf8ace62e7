// The Tongits table page's words: one data file per language, tongits-words/<code>.json, named by
// the platform's language code in lower case as the sportsbook's are (the same language codes,
// plural forms and English fallback: sb-words.ts). English is bundled; another language is a chunk
// loaded when the page opens in it.
import { mergeWords, type SbLanguage } from '../sportsbook/sb-words';
import en from './tongits-words/en.json';

export type TongitsWords = typeof en;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

export async function loadTongitsWords(language: SbLanguage): Promise<TongitsWords> {
  if (language.code === 'EN') return en;
  try {
    const data = (await import(`./tongits-words/${language.code.toLowerCase()}.json`)) as {
      default: DeepPartial<TongitsWords>;
    };
    return mergeWords(en, data.default);
  } catch {
    return en;
  }
}

export const englishTongitsWords: TongitsWords = en;
