import { strings as enCore } from 'virtual:locale-en-core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from './api-client';
import { STORAGE_KEYS } from './storage';

// The first chunk ships the English strings of the shell and home (lib/core-namespaces.ts); every
// locale file, English included, is its own chunk, loaded on demand (ui-guide budgets). A file
// locales/<code>.json is a language: code 'zh-hant' is brand code ZH-HANT.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json');
const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = Object.fromEntries(
  Object.entries(files).map(([file, load]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), load]),
);

export const UI_LANGUAGES = Object.keys(loaders).map((l) => l.toUpperCase());
const RTL = new Set(['AR', 'FA', 'HE', 'UR']);

export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: enCore } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
  return i18next;
}

let fullEnglish: Promise<void> | undefined;
/**
 * Loads the English strings the first chunk leaves out (every page's namespace); the router awaits
 * it before any route other than home renders, so a page never shows a raw key. English is also
 * the fallback of every other language, so it is needed whatever the language.
 */
export function loadAllStrings(): Promise<void> {
  const load = loaders.en;
  fullEnglish ??= load
    ? load().then((m) => {
        i18next.addResourceBundle('en', 'translation', m.default, true, true);
      })
    : Promise.resolve();
  return fullEnglish;
}

export async function applyLanguage(language: string): Promise<void> {
  const code = language.toLowerCase();
  const loader = loaders[code];
  // English is always there (its page namespaces arrive through the router, see loadAllStrings).
  if (loader && !i18next.hasResourceBundle(code, 'translation')) {
    i18next.addResourceBundle(code, 'translation', (await loader()).default);
  }
  localStorage.setItem(STORAGE_KEYS.lang, language);
  localStorage.setItem(STORAGE_KEYS.hisLang, language);
  setApiLanguage(language);
  // TY is the brand's code for Filipino; the others are BCP 47 already.
  document.documentElement.lang = code === 'ty' ? 'fil' : code;
  document.documentElement.dir = RTL.has(language) ? 'rtl' : 'ltr';
  await i18next.changeLanguage(code);
}
