// The words of the kit every studio page shares (the frame, the reality check, the session-ended
// notice, the request errors), in the platform's languages: kit-words/<code>.json, loaded by the
// one words loader (i18n.ts). English and Filipino are bundled; a page in another language loads
// its file once at its start (loadKitWords), before it draws, and reads the words from then on.
import { type LaunchLanguage, pageWords } from './i18n';
import en from './kit-words/en.json';
import ty from './kit-words/ty.json';

export type KitWords = typeof en;

const words = pageWords<KitWords, KitWords>(
  en,
  ty,
  (file) => import(`./kit-words/${file}.json`),
  (phrases) => phrases,
);

/** Loads the kit's words of `language` for this page (English when its file cannot be loaded). */
export const loadKitWords = (language: LaunchLanguage): Promise<KitWords> => words.load(language);

/** The kit's words in the launch language `language`: the page's loaded ones, else English or Filipino. */
export const kitWords = (language: unknown): KitWords => words.get(language);

/** English, for tests. */
export const englishKitWords: KitWords = en;
