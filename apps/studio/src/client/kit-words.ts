// The words of the kit every studio page shares (the frame, the reality check, the session-ended
// notice, the request errors), in the platform's languages: kit-words/<code>.json, loaded by the
// one words loader (i18n.ts). English and Filipino are bundled; a page in another language loads
// its file once at its start (loadKitWords), before it draws, and reads the words from then on.
import { type LaunchLanguage, launchLanguage, loadLanguageFile, mergeWords } from './i18n';
import en from './kit-words/en.json';
import ty from './kit-words/ty.json';

export type KitWords = typeof en;

const filipino: KitWords = mergeWords(en, ty);
let loaded: { code: string; words: KitWords } = { code: 'EN', words: en };

/** Loads the kit's words of `language` for this page (English when its file cannot be loaded). */
export async function loadKitWords(language: LaunchLanguage): Promise<KitWords> {
  const words =
    language.code === 'TY'
      ? filipino
      : await loadLanguageFile(en, language, (file) => import(`./kit-words/${file}.json`));
  loaded = { code: language.code, words };
  return words;
}

/** The kit's words in the launch language `language`: the page's loaded ones, else English or Filipino. */
export function kitWords(language: unknown): KitWords {
  const { code } = launchLanguage(language);
  if (code === loaded.code) return loaded.words;
  return code === 'TY' ? filipino : en;
}

/** English, for tests. */
export const englishKitWords: KitWords = en;
