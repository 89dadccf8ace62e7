import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type OfflineTexts, offlineScript, offlineTextsOf } from './offline-texts';

const en: OfflineTexts = { title: 'You are offline', text: 'No network.', retry: 'Try again' };
const de: OfflineTexts = { title: 'Sie sind offline', text: 'Kein Netz.', retry: 'Erneut versuchen' };
const ar: OfflineTexts = { title: 'أنت غير متصل', text: 'لا توجد شبكة.', retry: 'حاول مرة أخرى' };

/** Runs the script against a fake page: the stored language, the browser's, three marked nodes. */
function run(stored: string | null, browser: string) {
  const nodes = ['title', 'text', 'retry'].map((key) => ({ key, textContent: '' }));
  const root = { lang: '', dir: '' };
  const document = {
    documentElement: root,
    title: '',
    querySelectorAll: () =>
      nodes.map((n) => ({
        getAttribute: () => n.key,
        set textContent(v: string) {
          n.textContent = v;
        },
      })),
  };
  runInNewContext(offlineScript({ en, de, ar }), {
    document,
    navigator: { language: browser },
    localStorage: { getItem: () => stored },
  });
  return { lang: root.lang, dir: root.dir, title: document.title, shown: nodes.map((n) => n.textContent) };
}

describe('offline page texts', () => {
  it('reads a locale file only when it has all three strings', () => {
    expect(offlineTextsOf({ download: { offline: { ...de } } })).toEqual(de);
    expect(offlineTextsOf({ download: { offline: { title: 'x', text: 'y' } } })).toBeUndefined();
    expect(offlineTextsOf({ common: {} })).toBeUndefined();
  });

  it("shows the site's stored language, else the browser's, else English", () => {
    expect(run('DE', 'en-US')).toEqual({
      lang: 'de',
      dir: 'ltr',
      title: de.title,
      shown: [de.title, de.text, de.retry],
    });
    expect(run(null, 'de-AT').title).toBe(de.title);
    expect(run('AR', 'en').dir).toBe('rtl');
    expect(run('ZH-HANT', 'ja-JP')).toMatchObject({ lang: 'en', shown: [en.title, en.text, en.retry] });
  });

  it('needs English', () => {
    expect(() => offlineScript({ de })).toThrow('English');
  });
});
