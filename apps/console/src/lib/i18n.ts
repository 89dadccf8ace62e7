import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import core from '../locales/en/core.json';

// English first. `core` (shell, menu groups, grid, errors, common words) is in the first chunk; each
// feature's strings are their own namespace, locales/<lang>/<area>.json, loaded when a page of
// that area (or the menu) asks for it: useTranslation('<area>') suspends until it is there.
const files = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/core.json',
]);

function loaderFor(language: string, namespace: string) {
  return files[`../locales/${language}/${namespace}.json`];
}

export function initI18n(): typeof i18next {
  void i18next
    .use({
      type: 'backend',
      init() {},
      read(language: string, namespace: string, callback: (err: unknown, data?: unknown) => void) {
        const load = loaderFor(language, namespace);
        if (!load) return callback(null, {});
        load().then(
          (m) => callback(null, m.default),
          (err: unknown) => callback(err),
        );
      },
    })
    .use(initReactI18next)
    .init({
      resources: { en: { core } },
      partialBundledLanguages: true,
      ns: ['core'],
      defaultNS: 'core',
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnNull: false,
    });
  return i18next;
}
