import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { counted, fill, launchLanguage, mergeWords } from '../i18n';
import { phraseLeaves, placeholdersOf } from '../words-check';
import { englishWords, loadWords } from './sb-words';
import en from './words/en.json';
import ty from './words/ty.json';

// The page's words: every language file has English's phrases with the same placeholders, a
// missing phrase falls back to English, and a language is picked by the platform's code.

describe('language files', () => {
  it('Filipino has every English phrase, with the same placeholders', () => {
    const e = phraseLeaves(en);
    const t = phraseLeaves(ty);
    expect([...t.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [key, phrase] of e) expect(placeholdersOf(t.get(key)!), key).toEqual(placeholdersOf(phrase));
  });

  it('names a message for every refusal code the book sends to the slip', () => {
    for (const code of [
      'SB_SELECTION_UNAVAILABLE',
      'SB_MARKET_SUSPENDED',
      'SB_MARKET_CLOSED',
      'SB_EVENT_STARTED',
      'SB_LAST_CALL',
      'SB_ODDS_CHANGED',
      'SB_CORRELATED_LEGS',
      'SB_BUILDER_SIZE',
      'SB_BUILDER_UNSUPPORTED',
      'SB_BUILDER_IMPOSSIBLE',
      'SB_BUILDER_UNPRICED',
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
    expect((await loadWords(launchLanguage('TY'))).slip.title).toBe(ty.slip.title);
    expect((await loadWords(launchLanguage('TY'))).nav.upcoming).toBe('Paparating');
    expect(await loadWords(launchLanguage('XX'))).toBe(englishWords);
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
    expect(launchLanguage('TY')).toEqual({ code: 'TY', locale: 'fil' });
    expect(launchLanguage('ZH-HANT')).toEqual({ code: 'ZH-HANT', locale: 'zh-Hant' });
    expect(launchLanguage('vi')).toEqual({ code: 'VI', locale: 'vi' });
    expect(launchLanguage('EN')).toEqual({ code: 'EN', locale: 'en' });
    expect(launchLanguage('../x')).toEqual({ code: 'EN', locale: 'en' });
    expect(launchLanguage(undefined)).toEqual({ code: 'EN', locale: 'en' });
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

// Every words/<code>.json against English: the same key tree, every placeholder kept, counted
// phrases in the language's own plural categories, and nothing left in English by mistake.
const wordsDir = fileURLToPath(new URL('./words/', import.meta.url));
const languageFiles = readdirSync(wordsDir)
  .filter((f) => f.endsWith('.json') && f !== 'en.json')
  .map((f) => f.slice(0, -'.json'.length))
  .sort();
const readWords = (code: string): unknown => JSON.parse(readFileSync(`${wordsDir}${code}.json`, 'utf8'));

// A counted phrase is an object of plural forms only (selections and errors have an `other` key too).
const PLURAL_FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const isCounted = (o: unknown): o is Record<string, unknown> =>
  !!o &&
  typeof o === 'object' &&
  Object.hasOwn(o, 'other') &&
  Object.entries(o).every(([k, v]) => PLURAL_FORMS.has(k) && typeof v === 'string');

/** Every phrase of `o` by its dotted key: a counted phrase is one entry (its forms), a plain one a string. */
function phrases(o: unknown, path = ''): Map<string, string | Record<string, unknown>> {
  const out = new Map<string, string | Record<string, unknown>>();
  if (typeof o === 'string' || isCounted(o)) out.set(path, o);
  else if (o && typeof o === 'object')
    for (const [k, v] of Object.entries(o)) for (const [p, s] of phrases(v, path ? `${path}.${k}` : k)) out.set(p, s);
  return out;
}

/** A phrase with its placeholders, digits and punctuation taken out: what is left to translate. */
const words = (s: string) => s.replace(/\{\w+\}/g, '').replace(/[^\p{L}]+/gu, '');

// The X of 1X2 (home, draw, away) is the same on every sportsbook.
const SAME_EVERYWHERE: Record<string, string> = {
  'selections.shortX': 'the X of 1X2 is the same on every sportsbook',
  'sabong.meron': 'the cockpit\u2019s name of a side, as sabong says it in every language written in Latin letters',
  'sabong.wala': 'the cockpit\u2019s name of a side, as sabong says it in every language written in Latin letters',
};

// Phrases that many languages write as English does, named once.
const LIVE = ['counts.live.one', 'counts.live.other', 'screens.leagueLive', 'status.live'];
const SETS = ['phases.S1', 'phases.S2', 'phases.S3', 'phases.S4', 'phases.S5'];
const MAPS = ['phases.M1', 'phases.M2', 'phases.M3', 'phases.M4', 'phases.M5', 'phases.M6', 'phases.M7'];
const QUARTERS = ['phases.Q1', 'phases.Q2', 'phases.Q3', 'phases.Q4'];
const HANDICAP = ['groups.handicap', 'markets.handicap'];
const OVER_UNDER = ['selections.over', 'selections.under'];
const SYSTEM = ['slip.system', 'kinds.system'];
const ODDS = ['slip.odds', 'bets.odds'];
const ESPORTS = ['title.ESPORTS', 'sports.esports'];
/** The tracker's tab: sportsbooks in these languages call it the tracker too. */
const TRACKER = ['tracker.tabs.tracker'];
const BREAK_POINT = ['tracker.kinds.break_point'];
const FORMATS = [
  'settings.formats.decimal',
  'settings.formats.hongkong',
  'settings.formats.malay',
  'settings.formats.indonesian',
];

// A phrase a language really says as English does, by why: anything else identical to English is a
// phrase left untranslated.
const SAME_AS_ENGLISH: Record<string, Record<string, string[]>> = {
  cs: { 'Czech books write Handicap': HANDICAP, 'the trial badge reads DEMO': ['demo'] },
  da: {
    'Danish words': ['sports.basketball', 'sports.tennis', 'settings.formats.decimal'],
    'Danish books say live, handicap, over/under, odds and system': [
      ...LIVE,
      ...HANDICAP,
      ...OVER_UNDER,
      ...SYSTEM,
      ...ODDS,
    ],
    'the site calls a single bet Single': ['kinds.single'],
    'e-sports players say map': MAPS,
    'Danish sportsbooks say tracker': TRACKER,
    'e-sports players say maps': ['tracker.stats.maps'],
    'the trial badge reads DEMO': ['demo'],
  },
  de: {
    'German words': ['sports.basketball', 'sports.tennis'],
    'German books say live, Handicap and System': [...LIVE, ...HANDICAP, ...SYSTEM],
    'e-sports players say Map': MAPS,
    'German sportsbooks say Tracker': TRACKER,
    'e-sports players say Maps': ['tracker.stats.maps'],
    'the trial badge reads DEMO': ['demo'],
  },
  el: {
    'the site writes E-sports': ESPORTS,
    'Greek books label over/under in Latin letters': OVER_UNDER,
    'the trial badge reads DEMO': ['demo'],
  },
  es: {
    'the site writes E-sports': ESPORTS,
    'Spanish tennis counts sets': SETS,
    'Spanish words': ['selections.no', 'settings.formats.decimal'],
    'the odds format keeps its name': ['settings.formats.hongkong'],
    'Spanish tennis counts sets, in the statistics too': ['tracker.stats.sets'],
    'the trial badge reads DEMO': ['demo'],
  },
  fi: { 'a Finnish word': ['sports.tennis'], 'the trial badge reads DEMO': ['demo'] },
  fr: {
    'French words': ['title.SPORTS', 'nav.sports', 'sports.football', 'sports.tennis'],
    'French books say handicap and double chance': [...HANDICAP, 'markets.double_chance'],
    'e-sports players say map': MAPS,
    'French football says corner, French tennis sets': [
      'tracker.kinds.corner',
      'tracker.stats.corners',
      'tracker.stats.sets',
    ],
    'the odds format keeps its name': ['settings.formats.hongkong'],
  },
  id: {
    'Indonesian tennis counts sets': SETS,
    'e-sports players say map': MAPS,
    'Indonesian bettors say handicap, over/under and odds': [...HANDICAP, ...OVER_UNDER, ...ODDS],
    'the odds formats keep their names': ['settings.formats.hongkong', 'settings.formats.malay'],
    'Indonesian tennis says break point': BREAK_POINT,
    'the trial badge reads DEMO': ['demo'],
  },
  it: {
    'an Italian word': ['sports.tennis'],
    'Italian books say live, handicap and over/under': [
      'screens.leagueLive',
      'status.live',
      ...HANDICAP,
      ...OVER_UNDER,
    ],
    'Italian tennis counts sets': SETS,
    'an Italian word, no': ['selections.no'],
    'the odds format keeps its name': ['settings.formats.hongkong'],
    'Italian sportsbooks say tracker': TRACKER,
    'the trial badge reads DEMO': ['demo'],
  },
  ms: {
    'Malay tennis counts sets': SETS,
    'Malay bettors say handicap and odds': [...HANDICAP, ...ODDS],
    'the odds format keeps its name': ['settings.formats.hongkong'],
    'the trial badge reads DEMO': ['demo'],
  },
  nb: {
    'Norwegian words': ['sports.basketball', 'sports.tennis'],
    'Norwegian books say live, over/under, odds and system': [...LIVE, ...OVER_UNDER, ...SYSTEM, ...ODDS],
    'e-sports players say map': MAPS,
    'Norwegian sportsbooks say tracker': TRACKER,
    'the trial badge reads DEMO': ['demo'],
  },
  nl: {
    'the site writes E-sports': ESPORTS,
    'a Dutch word': ['sports.tennis'],
    'Dutch books say live, handicap and over': [...LIVE, ...HANDICAP, 'selections.over'],
    'Dutch tennis counts sets': SETS,
    'e-sports players say map': MAPS,
    'Dutch sportsbooks say tracker': TRACKER,
    'e-sports players say maps': ['tracker.stats.maps'],
    'the trial badge reads DEMO': ['demo'],
  },
  pl: {
    'Polish books write Handicap and System': [...HANDICAP, ...SYSTEM],
    'Polish tennis says break point': BREAK_POINT,
    'the trial badge reads DEMO': ['demo'],
  },
  pt: {
    'the site writes E-sports': ESPORTS,
    'Portuguese tennis counts sets': SETS,
    'Portuguese books say handicap': HANDICAP,
    'a Portuguese word': ['settings.formats.decimal'],
    'the odds format keeps its name': ['settings.formats.hongkong'],
    'Portuguese tennis says break point and counts games and sets': [
      ...BREAK_POINT,
      'tracker.stats.games',
      'tracker.stats.sets',
    ],
    'the trial badge reads DEMO': ['demo'],
  },
  ro: {
    'Romanian books say live and handicap': [...LIVE, 'counts.live.few', ...HANDICAP],
    'the odds format keeps its name': ['settings.formats.hongkong'],
    'the trial badge reads DEMO': ['demo'],
  },
  sv: {
    'a Swedish word': ['sports.tennis'],
    'Swedish books say live, under, odds and system': [...LIVE, 'selections.under', ...ODDS, ...SYSTEM],
    'Swedish tennis counts sets': SETS,
    'e-sports players say map': MAPS,
    'a Swedish word, decimal': ['settings.formats.decimal'],
    'Swedish sportsbooks say tracker': TRACKER,
    'the trial badge reads DEMO': ['demo'],
  },
  tr: {
    'the odds formats keep their names': ['settings.formats.hongkong', 'settings.formats.malay'],
    'the trial badge reads DEMO': ['demo'],
  },
  ty: {
    'Filipino bettors use the English words': [
      'title.SPORTS',
      'nav.label',
      'sports.football',
      'sports.basketball',
      'sports.tennis',
      ...LIVE,
      'counts.markets.one',
      'counts.folds.one',
      'phases.HT',
      'phases.OT',
      ...QUARTERS,
      ...SETS,
      ...MAPS,
      ...HANDICAP,
      'markets.double_chance',
      ...OVER_UNDER,
      'selections.home',
      'selections.away',
      'slip.title',
      'slip.singles',
      'slip.multiple',
      'slip.multipleOf',
      ...SYSTEM,
      'slip.max',
      'slip.maxStake',
      ...ODDS,
      'kinds.single',
      'kinds.multiple',
      'bets.cashOut',
      'bets.status.void',
      'bets.outcomes.void',
      'settings.title',
      'settings.lines',
    ],
    'Filipino bettors say tracker, yellow and red card, free throw and break point': [
      ...TRACKER,
      'tracker.kinds.yellow_card',
      'tracker.kinds.red_card',
      'tracker.kinds.free_throw',
      ...BREAK_POINT,
    ],
    'the site writes E-sports': ESPORTS,
    'the odds formats keep their names': FORMATS,
    'the trial badge reads DEMO': ['demo'],
  },
  vi: { 'Vietnamese bettors say set and map': [...SETS, ...MAPS] },
};

/** A language's allow-list as phrase key to reason. */
function sameAsEnglish(code: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [reason, keys] of Object.entries(SAME_AS_ENGLISH[code] ?? {})) for (const key of keys) out[key] = reason;
  return out;
}

describe('every language file', () => {
  const english = phrases(en);
  /** A phrase's forms with where each is: a plain phrase is one form, named by its key. */
  const formsOf = (key: string, phrase: string | Record<string, unknown> | undefined): [string, unknown][] =>
    typeof phrase === 'string' || phrase === undefined
      ? [[key, phrase]]
      : Object.entries(phrase).map(([form, text]) => [`${key}.${form}`, text]);

  it('covers the languages of the player site', () => {
    const site = readdirSync(fileURLToPath(new URL('../../../../web/src/locales/', import.meta.url)))
      .filter((f) => f.endsWith('.json') && f !== 'en.json')
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
    expect(site.length).toBeGreaterThan(30);
    expect(languageFiles).toEqual(site);
  });

  it.each(languageFiles)('%s has the key tree of en.json', (code) => {
    const own = phrases(readWords(code));
    expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, phrase] of english) expect(typeof own.get(key), key).toBe(typeof phrase);
  });

  it.each(languageFiles)('%s keeps every placeholder of the English phrase', (code) => {
    const own = phrases(readWords(code));
    for (const [key, phrase] of english) {
      const wanted = placeholdersOf(typeof phrase === 'string' ? phrase : String(phrase.other));
      for (const [where, text] of formsOf(key, own.get(key))) {
        expect(typeof text, where).toBe('string');
        expect(placeholdersOf(String(text)), where).toEqual(wanted);
        expect(String(text).trim(), where).not.toBe('');
      }
    }
  });

  it.each(languageFiles)('%s counts in its own plural categories', (code) => {
    const locale = launchLanguage(code).locale;
    const rules = new Intl.PluralRules(locale);
    const categories: string[] = rules.resolvedOptions().pluralCategories;
    // The forms whole numbers take (a count is one): each of them must be there.
    const needed = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
    const own = phrases(readWords(code));
    for (const [key, phrase] of english) {
      if (typeof phrase === 'string') continue;
      const forms = Object.keys(own.get(key) as Record<string, unknown>);
      expect(forms, key).toContain('other');
      for (const form of forms) expect(categories, `${key}.${form} (${locale})`).toContain(form);
      for (const form of needed) expect(forms, `${key} (${locale})`).toContain(form);
    }
  });

  it.each(languageFiles)('%s leaves nothing in English that the language does not say so', (code) => {
    const listed = sameAsEnglish(code);
    const own = phrases(readWords(code));
    const same: string[] = [];
    for (const [key, phrase] of english) {
      for (const [where, text] of formsOf(key, own.get(key))) {
        const form = where.slice(key.length + 1);
        const source = typeof phrase === 'string' ? phrase : String(phrase[form] ?? phrase.other);
        if (text === source && words(source) !== '') same.push(where);
      }
    }
    expect(same.filter((key) => !Object.hasOwn(SAME_EVERYWHERE, key) && !Object.hasOwn(listed, key))).toEqual([]);
    // The allow-list stays true: every phrase on it is still the English one.
    expect(Object.keys(listed).filter((key) => !same.includes(key))).toEqual([]);
  });
});
