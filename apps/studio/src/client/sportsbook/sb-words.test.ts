import { describe, expect, it } from 'vitest';
import { counted, englishWords, fill, loadWords, mergeWords, sbLanguage } from './sb-words';
import en from './words/en.json';
import ty from './words/ty.json';

// The page's words: every language file has English's phrases with the same placeholders, a
// missing phrase falls back to English, and a language is picked by the platform's code.

function leaves(o: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof o === 'string') out.set(path, o);
  else if (o && typeof o === 'object')
    for (const [k, v] of Object.entries(o)) for (const [p, s] of leaves(v, path ? `${path}.${k}` : k)) out.set(p, s);
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('language files', () => {
  it('Filipino has every English phrase, with the same placeholders', () => {
    const e = leaves(en);
    const t = leaves(ty);
    expect([...t.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [key, phrase] of e) expect(placeholders(t.get(key)!), key).toEqual(placeholders(phrase));
  });

  it('names a message for every refusal code the book sends to the slip', () => {
    for (const code of [
      'SB_SELECTION_UNAVAILABLE',
      'SB_MARKET_SUSPENDED',
      'SB_MARKET_CLOSED',
      'SB_EVENT_STARTED',
      'SB_ODDS_CHANGED',
      'SB_CORRELATED_LEGS',
      'SB_TOO_MANY_LEGS',
      'SB_BAD_SLIP',
      'SB_STAKE_TOO_LOW',
      'SB_STAKE_TOO_HIGH',
      'SB_PAYOUT_TOO_HIGH',
      'SB_LIABILITY',
      'SB_CASHOUT_UNAVAILABLE',
      'SB_CASHOUT_CHANGED',
    ])
      expect(Object.hasOwn(en.errors, code), code).toBe(true);
  });

  it('loads Filipino as a data file, English for a language with no file yet', async () => {
    expect((await loadWords(sbLanguage('TY'))).slip.title).toBe(ty.slip.title);
    expect((await loadWords(sbLanguage('TY'))).nav.upcoming).toBe('Paparating');
    expect(await loadWords(sbLanguage('XX'))).toBe(englishWords);
  });

  it('falls back to English phrase by phrase', () => {
    const merged = mergeWords(en, { nav: { live: 'En vivo' }, slip: { title: '' } });
    expect(merged.nav.live).toBe('En vivo');
    expect(merged.nav.upcoming).toBe(en.nav.upcoming);
    expect(merged.slip.title).toBe(en.slip.title);
  });

  it("keeps a language's own plural forms", () => {
    const merged = mergeWords(en, {
      counts: { legs: { one: '{n} wybór', few: '{n} wybory', many: '{n} wyborów', other: '{n} wyboru' } },
    });
    expect(counted(merged.counts.legs, 3, 'pl')).toBe('3 wybory');
    expect(counted(merged.counts.legs, 5, 'pl')).toBe('5 wyborów');
  });
});

describe('language codes', () => {
  it("maps the platform's codes to locales", () => {
    expect(sbLanguage('TY')).toEqual({ code: 'TY', locale: 'fil' });
    expect(sbLanguage('ZH-HANT')).toEqual({ code: 'ZH-HANT', locale: 'zh-Hant' });
    expect(sbLanguage('vi')).toEqual({ code: 'VI', locale: 'vi' });
    expect(sbLanguage('EN')).toEqual({ code: 'EN', locale: 'en' });
    expect(sbLanguage('../x')).toEqual({ code: 'EN', locale: 'en' });
    expect(sbLanguage(undefined)).toEqual({ code: 'EN', locale: 'en' });
  });
});

describe('phrases', () => {
  it('fills placeholders and counts', () => {
    expect(fill('Stake for {bet}', { bet: 'Single' })).toBe('Stake for Single');
    expect(fill('{a} {missing}', { a: 1 })).toBe('1 {missing}');
    expect(counted(en.counts.legs, 1, 'en')).toBe('1 selection');
    expect(counted(en.counts.legs, 3, 'en')).toBe('3 selections');
  });
});
