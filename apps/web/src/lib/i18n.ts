import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { setApiLanguage } from './api-client';
import { STORAGE_KEYS } from './storage';

// The UI ships English in the first chunk; other locales load on demand (ui-guide budgets).
const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  ty: () => import('../locales/ty.json'),
};

export const UI_LANGUAGES = ['EN', ...Object.keys(loaders).map((l) => l.toUpperCase())];
const RTL = new Set(['AR', 'FA', 'HE', 'UR']);

export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
  return i18next;
}

export async function applyLanguage(language: string): Promise<void> {
  const code = language.toLowerCase();
  const loader = loaders[code];
  if (loader && !i18next.hasResourceBundle(code, 'translation')) {
    i18next.addResourceBundle(code, 'translation', (await loader()).default);
  }
  localStorage.setItem(STORAGE_KEYS.lang, language);
  localStorage.setItem(STORAGE_KEYS.hisLang, language);
  setApiLanguage(language);
  document.documentElement.lang = code === 'ty' ? 'fil' : code;
  document.documentElement.dir = RTL.has(language) ? 'rtl' : 'ltr';
  await i18next.changeLanguage(code);
}
