import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LOTTERY_BET_TYPES } from '../casino/engines';
import { FAIR_STREAM_FORM } from '../verify';
import { pageLanguage } from './boot';
import { gameTitle } from './game-title';
import { engineTitle, englishPhrases, type GameWords, gameWords, loadGameWords } from './game-words';
import { presentDerby, presentDuel, presentMatch } from './games/arcade-present';
import { autoNext, crashView, myOutcome, parseAutoConfig, playerRows } from './games/crash-present';
import { fishSummary } from './games/fish';
import { betTypeHint, betTypeLabel, prizeLine, tierName, topPrize } from './games/lottery-present';
import { selectionText } from './games/match';
import { presentSpin, type SlotGame, type SlotOutcome } from './games/slot-present';
import {
  baccaratVerdict,
  betTypes,
  type Card,
  cardName,
  ROULETTE_SPOTS,
  spotAccessibleName,
  spotLabel,
  thirdCardNotes,
} from './games/table-present';
import { launchLanguage, PAGE_LANGUAGES } from './i18n';
import { drawWait } from './lottery/lottery-state';
import { ApiError, money, request } from './ui';
import { fairUrl } from './words';
import { phraseLeaves, placeholdersOf } from './words-check';

// On the TY (Filipino) site every game page speaks Filipino: the games' own texts come
// from game-words.ts in the launch language the page's boot data carries, as the frame's do.

/** Every leaf of a words table as [path, value]; a function's value is its text for sample arguments. */
function leaves(table: unknown, path = ''): [string, string][] {
  if (typeof table === 'string') return [[path, table]];
  if (typeof table === 'function') {
    // Sample arguments: the texts take counts, amounts and names (strings that read as numbers fit all).
    const text = (table as (...args: unknown[]) => unknown)('3', '2', '5', '1', '2');
    return [[path, typeof text === 'string' ? text : '']];
  }
  return Object.entries(table as Record<string, unknown>).flatMap(([key, value]) =>
    leaves(value, path ? `${path}.${key}` : key),
  );
}

function shape(table: unknown): unknown {
  if (typeof table !== 'object' || table === null) return typeof table;
  return Object.fromEntries(Object.entries(table).map(([key, value]) => [key, shape(value)]));
}

const bootOf = (boot: unknown) => ({
  getElementById: (id: string) => (id === 'boot' ? ({ textContent: JSON.stringify(boot) } as HTMLElement) : null),
});

const game: SlotGame = {
  theme: 'classic',
  volatility: 'high',
  mode: 'lines',
  reels: 3,
  rows: 1,
  paylines: [[0, 0, 0]],
  ways: 0,
  betMultiplier: 1,
  symbols: [
    { id: 0, name: 'Cherry', glyph: 'C', kind: 'regular' },
    { id: 1, name: 'Star', glyph: 'S', kind: 'scatter' },
  ],
  pays: [[0, 0, 0, 5]],
  scatterPays: [0, 0, 0, 2],
  freeSpinAwards: [0, 0, 0, 5],
  freeSpinMultiplier: 1,
  freeSpinCap: 50,
  coins: [100],
};
const spin: SlotOutcome = {
  grid: [[0], [0], [0]],
  wins: [{ line: 0, symbol: 0, run: 3, ways: 1, win: 500 }],
  scatterCount: 0,
  scatterWin: 0,
  freeSpinsAwarded: 0,
  freeSpin: false,
  multiplier: 1,
  win: 500,
};

describe('game words', () => {
  it('have every English text in Filipino: the same keys, none empty', () => {
    const en = gameWords('EN');
    const ty = gameWords('TY');
    expect(shape(ty)).toEqual(shape(en));
    const tyLeaves = leaves(ty);
    expect(tyLeaves.map(([path]) => path)).toEqual(leaves(en).map(([path]) => path));
    for (const [path, text] of tyLeaves) expect(text.trim(), path).not.toBe('');
    // Translated, not copied: the sentences differ (brand and game terms may stay the same).
    for (const [section, path] of [
      ['shell', 'noWin'],
      ['slot', 'lineRules'],
      ['fish', 'rules'],
      ['crash', 'enterAmount'],
    ] as const)
      expect((ty[section] as Record<string, unknown>)[path]).not.toBe((en[section] as Record<string, unknown>)[path]);
  });

  it('follow the launch language in the page boot data, as the frame does', () => {
    expect(pageLanguage(bootOf({ language: 'TY' }))).toBe('TY');
    expect(pageLanguage(bootOf({ language: 'ty' }))).toBe('TY');
    expect(pageLanguage(bootOf({ language: 'EN' }))).toBe('EN');
    expect(pageLanguage(bootOf({ language: 'VI' }))).toBe('VI');
    expect(pageLanguage(bootOf({ language: 'zh-hant' }))).toBe('ZH-HANT');
    expect(pageLanguage(bootOf({ language: 'XX' }))).toBe('EN');
    expect(pageLanguage(bootOf({ language: '"><b>' }))).toBe('EN');
    expect(pageLanguage(bootOf({}))).toBe('EN');
    expect(pageLanguage({ getElementById: () => null })).toBe('EN');
    expect(gameWords(pageLanguage(bootOf({ language: 'TY' })))).toBe(gameWords('TY'));
    // A language other than English and Filipino is read once its file is loaded (loadGameWords).
    expect(gameWords('DE')).toBe(gameWords('EN'));
  });

  it('render the slot, duel, match, derby and fishing texts in Filipino for a TY launch', () => {
    expect(presentSpin(game, spin, 100, money, 'TY').wins[0]?.text).toBe('Linya 1: 3× Cherry 5.00');
    expect(presentSpin(game, spin, 100, money).wins[0]?.text).toBe('Line 1: 3× Cherry 5.00');
    const hand = { rank: 1, suit: 0 };
    const duel = {
      player: [hand, hand, hand],
      house: [hand, hand, hand],
      playerHand: 'Trio',
      houseHand: 'Trio',
      result: 'win' as const,
    };
    expect(presentDuel(duel, 'TY').verdict).toBe('Panalo ka');
    expect(presentDuel({ ...duel, result: 'loss' }, 'TY').verdict).toBe('Talo ka');
    expect(presentDuel(duel).verdict).toBe('You win');
    const esports = {
      home: 'Ka',
      away: 'Ba',
      score: [2, 1] as [number, number],
      maps: ['home', 'away', 'home'] as ('home' | 'away')[],
      winningSelections: [],
    };
    expect(presentMatch(esports, 'TY').events[0]?.text).toBe('Map 1: Ka');
    expect(selectionText({ market: 'goals', selection: 'over' }, 'TY')).toBe('Higit sa 2.5 goal');
    expect(selectionText({ market: 'goals', selection: 'over' })).toBe('over 2.5 goals');
    expect(selectionText({ market: '1x2', selection: 'draw' }, 'TY')).toBe('1X2 Tabla');
    const fight = { meron: 'Pula', wala: 'Puti', seconds: 42 };
    expect(presentDerby({ ...fight, result: 'meron' }, 'TY').verdict).toBe('Panalo si Pula (42s)');
    expect(presentDerby({ ...fight, result: 'draw' }, 'TY').verdict).toBe('Draw pagkatapos ng 42s');
    expect(presentDerby({ ...fight, result: 'draw' }).verdict).toBe('Draw after 42s');
    const fish = { outcome: { school: [], shots: [{ kind: 0, captured: true, win: 1 }], captured: 1 } };
    expect(fishSummary(fish, 'TY')).toBe('1/1 nahuli');
    expect(fishSummary(fish)).toBe('1/1 caught');
  });

  it('render the crash texts in Filipino for a TY launch', () => {
    expect(crashView(null, 0, 'TY').text).toBe('Kumokonekta…');
    expect(crashView(null, 0).text).toBe('Connecting…');
    const betting = {
      serverNow: '2026-11-24T02:00:00.000Z',
      round: { id: 1, phase: 'betting', bettingEndsAt: '2026-11-24T02:00:05.000Z' },
    } as unknown as Parameters<typeof crashView>[0];
    expect(crashView(betting, Date.parse('2026-11-24T02:00:00.000Z'), 'TY').text).toBe('Ilagay ang taya: 5.0 s');
    const lostBet = { player: 'Juan', amount: 100, cashout: null, win: 0, status: 'lost' };
    expect(playerRows([lostBet] as never, 'TY')[0]?.out).toBe('talo');
    expect(myOutcome({ cashout: null, status: 'rolled_back' } as never, 'TY')).toBe('ibinalik');
    expect(myOutcome({ cashout: null, status: 'rolled_back' } as never)).toBe('refunded');
    const form = { amount: '', autoCashout: '2', rounds: '10', stopLoss: '', stopProfit: '' };
    expect(parseAutoConfig(form, 'TY')).toEqual({ error: 'Ilagay ang halaga ng taya' });
    const config = { amount: 100, autoCashout: 200, rounds: 1, stopLoss: null, stopProfit: null };
    expect(autoNext(config, { played: 1, net: 0 }, 'TY')).toEqual({
      go: false,
      reason: 'nalaro na ang lahat ng round',
    });
  });

  it('render the lottery texts in Filipino for a TY launch', () => {
    expect(tierName('second', 'TY')).toBe('Ika-2');
    expect(tierName('second')).toBe('2nd');
    const type = { name: '2D', digits: 2, picks: 1, odds100: 7000, tierPays: null };
    expect(betTypeHint(type, 'TY')).toBe('2D: pumili ng 1 numero na may 2 digit; bayad 70.00× ng taya bawat tama');
    expect(betTypeHint(type)).toBe('2D: pick 1 number of 2 digits; pays 70.00× the stake per hit');
    expect(drawWait('2026-11-24T02:01:05.000Z', Date.parse('2026-11-24T02:00:00.000Z'), 'TY')).toBe(
      'bubunutin sa 1:05',
    );
    expect(drawWait('2026-11-24T02:00:00.000Z', Date.parse('2026-11-24T02:00:00.000Z'), 'TY')).toBe('binubunot…');
  });

  it('have the table page texts in Filipino for a TY launch', () => {
    const ty = gameWords('TY').table;
    expect(ty.phases.betting).toBe('Ilagay ang taya');
    expect(ty.ballLands('17', 'black')).toBe('Tumama ang bola sa 17 itim');
    expect(gameWords('EN').table.ballLands('17', 'black')).toBe('The ball lands on 17 black');
  });
});

// The words Filipino keeps in English on the table pages and the verifier: the casino's and the
// cryptography's own terms (as the TY site writes Player, Banker, seed, hash, and the frame "Provably
// fair") and the keyboard's keys.
const KEPT = new Set(
  (
    'player banker chip natural bead plate big road round space seed server client nonce hash hmac sha ' +
    'utf key message cursor byte bytes bit bits big endian free spins hex float floats browser webcrypto ' +
    'https json salt crash point max floor vendor code coin slot baccarat id ' +
    // Names: the card room's games and the shuffle's.
    'texas hold tongits fisher yates'
  ).split(' '),
);

/** The words of a text, lower case, 3 letters and more, the kept phrase "provably fair" left out. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replaceAll('provably fair', '')
    .match(/[a-z]{3,}/g) ?? [];

/** The English words of the texts in `tables`, less the KEPT terms. */
function englishOnly(tables: unknown[]): Set<string> {
  const words = new Set<string>();
  for (const table of tables)
    for (const [, text] of leaves(table)) for (const word of wordsOf(text)) if (!KEPT.has(word)) words.add(word);
  return words;
}

/** The words of `text` that are English and not Filipino (see englishOnly). */
function englishIn(text: string, english: Set<string>): string[] {
  return wordsOf(text).filter((word) => english.has(word));
}

/** The sections of the tables that the table pages, the verifier and the titles read. */
const sections = (w: GameWords) => [w.table, w.fair, w.titles, w.lottery.tiers];

describe('the table pages, the verifier and the titles on a TY launch', () => {
  const english = englishOnly(sections(gameWords('EN')));

  it('have no English sentence or word left in their Filipino texts', () => {
    // The check itself: the English tables have the words it looks for.
    for (const word of ['tie', 'split', 'corner', 'lost', 'refunded', 'verify', 'fishing', 'special'])
      expect(english.has(word), word).toBe(true);
    for (const [path, text] of leaves(sections(gameWords('TY'))))
      expect(englishIn(text, english), `${path}: ${text}`).toEqual([]);
    // The verifier states the stream's form in its own words; the English ones are the API's.
    expect(gameWords('EN').fair.streamForm).toEqual(FAIR_STREAM_FORM);
  });

  it('name every betting area, bet type and hint in Filipino', () => {
    const keys = [...ROULETTE_SPOTS.map((s) => s.key), 'player', 'banker', 'tie', 'playerPair', 'bankerPair'];
    const labels = keys.map((key) => spotLabel(key, 'TY'));
    for (const label of labels) expect(englishIn(label, english), label).toEqual([]);
    // Every area keeps a name of its own, in either language.
    expect(new Set(labels).size).toBe(keys.length);
    expect(spotLabel('split-17-20', 'TY')).toBe('Hati 17/20');
    expect(spotLabel('n17', 'TY')).toBe('17 itim');
    expect(spotLabel('street-0-1-2', 'TY')).toBe('Tatluhan 0/1/2');
    expect(spotLabel('tie', 'TY')).toBe('Tabla');
    expect(spotLabel('split-17-20')).toBe('Split 17/20');
    expect(spotLabel('playerPair')).toBe('P pair');
    expect(spotLabel('unknown-key', 'TY')).toBe('unknown-key');
    for (const t of betTypes('TY')) expect(englishIn(`${t.name} ${t.hint}`, english), t.type).toEqual([]);
    expect(betTypes('TY').map((t) => t.type)).toEqual(betTypes().map((t) => t.type));
    expect(betTypes().find((t) => t.type === 'split')?.hint).toBe('Tap the line between two numbers');
    const said = spotAccessibleName(spotLabel('corner-1-2-4-5', 'TY'), 500, 200, money, 'TY');
    expect(said).toBe('Kanto 1/2/4/5, taya mo 5.00, 2.00 na ilalagay');
    expect(englishIn(said, english)).toEqual([]);
    expect(gameWords('TY').table.keys(5, true)).toMatch(/^Mga pindutan: 1–5 chip, T uri ng taya/);
    expect(englishIn(gameWords('TY').table.toPlace('Pula 1.00', '1.00'), english)).toEqual([]);
  });

  it('tell the baccarat result, the third-card rule and the cards in Filipino', () => {
    const c = (rank: number, suit = 0): Card => ({ rank, suit });
    const hands = [
      { player: [c(4), c(4)], banker: [c(5), c(4)] }, // naturals both
      { player: [c(9), c(13)], banker: [c(2), c(3)] }, // the player's natural
      { player: [c(1), c(2), c(11)], banker: [c(3), c(3), c(5)] }, // both draw
      { player: [c(3), c(4)], banker: [c(3), c(3), c(12)] }, // player stands, banker draws
      { player: [c(1), c(1), c(9)], banker: [c(3), c(4)] }, // player draws, banker stands
    ];
    const notes = hands.flatMap((o) => thirdCardNotes(o, 'TY'));
    expect(notes).toHaveLength(8);
    for (const note of notes) expect(englishIn(note, english), note).toEqual([]);
    expect(thirdCardNotes(hands[0]!, 'TY')).toEqual(['Natural (parehong kamay): walang ikatlong baraha']);
    expect(thirdCardNotes(hands[3]!, 'TY')).toEqual([
      'Tumigil ang Player sa 7',
      'Bumunot ang Banker (banker 6, tumigil ang player): Q',
    ]);
    expect(thirdCardNotes(hands[3]!)).toEqual(['Player stands on 7', 'Banker draws (banker 6, player stood): Q']);
    expect(baccaratVerdict({ result: 'tie', playerTotal: 5, bankerTotal: 5 }, 'TY')).toBe('Tabla 5–5');
    expect(baccaratVerdict({ result: 'banker', playerTotal: 2, bankerTotal: 7 }, 'TY')).toBe('Panalo ang Banker 7–2');
    expect(baccaratVerdict({ result: 'banker', playerTotal: 2, bankerTotal: 7 })).toBe('Banker wins 7–2');
    expect(cardName(c(1, 0), 'TY')).toBe('alas ng espada');
    expect(cardName(c(13, 3), 'TY')).toBe('hari ng basto');
    expect(cardName(c(12, 1))).toBe('queen of hearts');
    for (let rank = 1; rank <= 13; rank++)
      for (let suit = 0; suit < 4; suit++) expect(englishIn(cardName(c(rank, suit), 'TY'), english)).toEqual([]);
  });

  it('show the lottery prize tiers in words, not their codes', () => {
    const prizes = [
      { tier: 'special', numbers: ['12345'] },
      { tier: 'consolation', numbers: ['111', '222'] },
    ];
    expect(prizeLine(prizes[0]!)).toBe('Special: 12345');
    expect(prizeLine(prizes[1]!, 'TY')).toBe('Konsolasyon: 111 222');
    expect(topPrize(prizes, 'TY')).toEqual({ tier: 'Espesyal', numbers: '12345' });
    expect(topPrize([], 'TY')).toEqual({ tier: '', numbers: '' });
    for (const tier of Object.keys(gameWords('EN').lottery.tiers)) {
      expect(tierName(tier, 'TY')).not.toBe(tier);
      expect(englishIn(tierName(tier, 'TY'), english), tier).toEqual([]);
    }
  });

  it('name the lottery bet types in Filipino, and in English as the engine does', () => {
    const types = Object.keys(LOTTERY_BET_TYPES) as (keyof typeof LOTTERY_BET_TYPES)[];
    expect(Object.keys(gameWords('EN').lottery.betTypeNames).sort()).toEqual([...types].sort());
    // 4D Big, Small and Straight are the products' names, the Vietnamese ones stay Vietnamese.
    const names = englishOnly([gameWords('EN').lottery.betTypeNames]);
    for (const kept of ['digit', 'digits', 'small', 'straight']) names.delete(kept);
    expect(names.has('prize')).toBe(true);
    for (const type of types) {
      const t = { type, name: LOTTERY_BET_TYPES[type].name };
      expect(betTypeLabel(t)).toBe(LOTTERY_BET_TYPES[type].name);
      const ty = betTypeLabel(t, 'TY');
      expect(ty).not.toBe(t.name);
      expect(englishIn(ty, names), `${type}: ${ty}`).toEqual([]);
    }
    expect(betTypeLabel({ type: 'new', name: 'New type' }, 'TY')).toBe('New type');
    expect(betTypeLabel({ type: 'toString', name: 'Sent' }, 'TY')).toBe('Sent');
    const big = {
      type: 'big',
      name: 'x',
      digits: 4,
      picks: 1,
      odds100: 0,
      tierPays: [['first', 3800]] as [string, number][],
    };
    expect(betTypeHint(big, 'TY')).toBe(
      '4D Big (alinman sa 23 premyo): pumili ng 1 numero na may 4 digit; bayad ayon sa premyo: Ika-1 3800× ng taya',
    );
  });

  it('title a game the launch did not name by its kind of game in Filipino', () => {
    expect(engineTitle('fish', 'TY')).toBe('Pangingisda');
    expect(engineTitle('roulette', 'TY')).toBe('Roleta');
    expect(engineTitle(null, 'TY')).toBe('Laro');
    expect(engineTitle('toString', 'TY')).toBe('Laro');
    expect(engineTitle('fish')).toBe('Fishing');
    expect(gameTitle('lottery', { language: 'TY' })).toBe('Lotto');
    expect(gameTitle('lottery', { language: 'TY', gameName: 'Lotto 4D' })).toBe('Lotto 4D');
  });

  it('link the verifier in the page language', () => {
    expect(fairUrl('', 'TY')).toBe('/studio/fair?lang=TY');
    expect(fairUrl('round=R1', 'TY')).toBe('/studio/fair?round=R1&lang=TY');
    expect(fairUrl(new URLSearchParams({ crash: 'ab' }), 'EN')).toBe('/studio/fair?crash=ab');
    expect(fairUrl('', 'EN')).toBe('/studio/fair');
    expect(fairUrl('round=R1', 'th')).toBe('/studio/fair?round=R1&lang=TH');
    expect(fairUrl('', 'XX')).toBe('/studio/fair');
  });

  it('say a lost connection and a failed request in Filipino, and pass on the server message', async () => {
    const realFetch = globalThis.fetch;
    try {
      globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
      await expect(request('/api/x', {}, 'TY')).rejects.toMatchObject({
        code: 'NETWORK',
        message: 'Naputol ang koneksyon, pakisubukang muli',
      });
      await expect(request('/api/x')).rejects.toMatchObject({ message: 'Connection lost, please try again' });
      globalThis.fetch = (() => Promise.resolve(new Response('<html>', { status: 502 }))) as typeof fetch;
      const failed = await request('/api/x', {}, 'TY').catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(ApiError);
      expect((failed as ApiError).message).toBe('Nabigo ang kahilingan (502)');
      const body = JSON.stringify({ error: { code: 'STUDIO_X', message: 'From the server' } });
      globalThis.fetch = (() => Promise.resolve(new Response(body, { status: 400 }))) as typeof fetch;
      await expect(request('/api/x', {}, 'TY')).rejects.toMatchObject({ code: 'STUDIO_X', message: 'From the server' });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

// The games' words files: game-words/<code>.json, one per language, each with every English phrase
// and its placeholders; a counted phrase has the plural forms of its language.
const dir = fileURLToPath(new URL('./game-words/', import.meta.url));
const fileOf = (code: string): unknown => JSON.parse(readFileSync(`${dir}${code}.json`, 'utf8'));

/** The dotted keys of the counted phrases: the objects with an `other` form, as mergeWords tells them. */
function countedKeys(o: unknown, path = ''): string[] {
  if (!o || typeof o !== 'object') return [];
  if ('other' in o) return [path];
  return Object.entries(o).flatMap(([key, value]) => countedKeys(value, path ? `${path}.${key}` : key));
}

describe("the games' words files", () => {
  const english = phraseLeaves(englishPhrases);
  const countedPhrases = new Set(countedKeys(englishPhrases));
  /** The counted phrase `key` is a plural form of, if it is one. */
  const countedOf = (key: string) => {
    const parent = key.slice(0, key.lastIndexOf('.'));
    return countedPhrases.has(parent) ? parent : undefined;
  };

  it('count in English with {n} in every plural form', () => {
    expect(countedPhrases.size).toBeGreaterThan(30);
    for (const key of countedPhrases)
      for (const form of ['one', 'other'])
        expect(placeholdersOf(english.get(`${key}.${form}`) ?? ''), key).toContain('n');
  });

  it('have every English phrase in Filipino, with its placeholders, none empty', () => {
    const filipino = phraseLeaves(fileOf('ty'));
    expect([...filipino.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, phrase] of english) {
      const their = filipino.get(key) ?? '';
      expect(their.trim(), key).not.toBe('');
      expect(placeholdersOf(their), key).toEqual(placeholdersOf(phrase));
    }
  });

  it('have in every language each English phrase with its placeholders, counted ones in its own plural forms', () => {
    const codes = readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'en.json')
      .map((f) => f.slice(0, -'.json'.length));
    expect(codes).toContain('ty');
    for (const code of codes) {
      const theirs = phraseLeaves(fileOf(code));
      for (const key of english.keys())
        if (!countedOf(key) || key.endsWith('.other')) expect(theirs.has(key), `${code} ${key}`).toBe(true);
      for (const [key, their] of theirs) {
        // A plural form English lacks (few, many) says what English's `other` says.
        const counted = countedOf(key);
        const phrase = english.get(key) ?? (counted ? english.get(`${counted}.other`) : undefined);
        expect(phrase, `${code} ${key} is no English phrase`).toBeDefined();
        expect(their.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholdersOf(their), `${code} ${key}`).toEqual(placeholdersOf(phrase ?? ''));
      }
    }
  });

  // What a language may write as English does: card numbers, names (Texas Hold'em, Tongits, the
  // derby's Meron and Wala), the fairness scheme's terms, and the slot and crash terms players of every
  // language read in English; then each language's own words that are spelled as the English ones.
  // Filipino keeps the casino's English terms throughout (the header of game-words.ts), so it is not held to this.
  const MAY_STAY_ENGLISH = new Set([
    ...['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'].map((r) => `table.ranks.${r}`),
    'table.inside.straight',
    'match.selection',
    'derby.summary.meron',
    'derby.summary.wala',
    'fair.holdem',
    'fair.tongits',
    'titles.crash',
    'slot.turbo',
    'slot.scatter',
    'slot.auto',
    'table.nonce',
    'shell.nonce',
    'fair.nonce',
    'lottery.hash',
    'lottery.seed',
  ]);
  const SAME_IN: Record<string, string[]> = {
    da: ['table.inside.trio', 'slot.symbol', 'match.map', 'titles.baccarat', 'titles.roulette'],
    de: ['slot.symbol', 'match.maps', 'match.map', 'match.bestOf3', 'titles.roulette'],
    fi: ['titles.baccarat'],
    fr: ['table.inside.trio', 'match.maps', 'match.map', 'fair.blockColumns.message', 'titles.roulette'],
    id: ['crash.manual', 'match.map'],
    it: ['fair.blockColumns.browserHmac', 'fair.blockColumns.serverHmac', 'titles.roulette'],
    ms: ['crash.manual'],
    nb: ['table.inside.trio', 'slot.symbol', 'match.map', 'titles.baccarat'],
    nl: ['table.spots.even', 'table.inside.trio', 'match.map', 'titles.baccarat', 'titles.roulette'],
    sv: ['table.inside.trio', 'slot.symbol', 'match.map', 'titles.baccarat'],
    vi: ['match.map', 'titles.baccarat'],
  };

  it('come in every platform language, none left in English but the terms a language writes as English does', () => {
    const codes = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
    expect(codes).toEqual([...PAGE_LANGUAGES].sort());
    for (const code of codes.filter((c) => c !== 'en' && c !== 'ty')) {
      const theirs = phraseLeaves(fileOf(code));
      for (const [key, phrase] of english)
        if (!MAY_STAY_ENGLISH.has(key) && !SAME_IN[code]?.includes(key))
          expect(theirs.get(key), `${code} ${key} is still English`).not.toBe(phrase);
      // Every plural form the language's rules pick has its own phrase.
      const forms = new Intl.PluralRules(launchLanguage(code).locale).resolvedOptions().pluralCategories;
      for (const key of countedPhrases)
        for (const form of forms) expect(theirs.has(`${key}.${form}`), `${code} ${key}.${form}`).toBe(true);
    }
  });

  it('say a count by the plural form of the number', () => {
    const en = gameWords('EN');
    expect(en.fish.shotCount(1)).toBe('1 shot');
    expect(en.fish.shotCount(10)).toBe('10 shots');
    expect(en.shell.welcomeBack(1)).toBe('Welcome back: 1 free spin is waiting');
    expect(en.shell.welcomeBack(3)).toBe('Welcome back: 3 free spins are waiting');
    expect(en.slot.freeSpinsAwarded(1, true, 2)).toBe('1 MORE FREE SPIN · wins ×2');
    expect(en.slot.freeSpinsAwarded(8, false, 1)).toBe('8 FREE SPINS');
    expect(en.crash.autoStopped(null, 1, '+1.00')).toBe('Auto-bet stopped · 1 round played, net +1.00');
    expect(en.crash.autoStopped('loss limit reached', 4, '-4.00')).toBe(
      'Auto-bet stopped: loss limit reached · 4 rounds played, net -4.00',
    );
    expect(gameWords('TY').fish.shotCount(1)).toBe('1 tira');
    expect(gameWords('TY').fish.shotCount(10)).toBe('10 tira');
  });

  describe('on a page', () => {
    afterEach(async () => {
      await loadGameWords(launchLanguage('EN'));
    });

    it("are the loaded language's once the page loaded them, English and Filipino without loading", async () => {
      const filipino = gameWords('TY');
      expect(await loadGameWords(launchLanguage('TY'))).toBe(filipino);
      expect(gameWords('ty')).toBe(filipino);
      expect(gameWords('EN')).not.toBe(filipino);
      // A code that is not one of the platform's languages is English.
      expect(await loadGameWords(launchLanguage('XX'))).toBe(gameWords('EN'));
      expect(gameWords('XX')).toBe(gameWords('EN'));
      expect(gameWords('TY')).toBe(filipino);
    });

    it("read a language's file once it is loaded, with its own plural forms", async () => {
      const th = fileOf('th') as { fish: { shotCount: { other: string } }; slot: { spin: string } };
      const ru = fileOf('ru') as { fish: { shotCount: Record<string, string> } };
      expect(gameWords('TH').slot.spin).toBe('Spin');
      const loaded = await loadGameWords(launchLanguage('th'));
      expect(gameWords('TH')).toBe(loaded);
      expect(loaded.slot.spin).toBe(th.slot.spin);
      expect(loaded.fish.shotCount(2)).toBe(th.fish.shotCount.other.replace('{n}', '2'));
      await loadGameWords(launchLanguage('RU'));
      expect(gameWords('RU').fish.shotCount(2)).toBe(ru.fish.shotCount.few?.replace('{n}', '2'));
      expect(gameWords('RU').fish.shotCount(5)).toBe(ru.fish.shotCount.many?.replace('{n}', '5'));
      expect(gameWords('TH')).not.toBe(loaded);
    });
  });
});
