import { describe, expect, it } from 'vitest';
import { pageLanguage } from './game-title';
import { gameWords } from './game-words';
import { presentDerby, presentDuel, presentMatch } from './games/arcade-present';
import { autoNext, crashView, myOutcome, parseAutoConfig, playerRows } from './games/crash-present';
import { fishSummary } from './games/fish';
import { betTypeHint, tierName } from './games/lottery-present';
import { selectionText } from './games/match';
import { presentSpin, type SlotGame, type SlotOutcome } from './games/slot-present';
import { drawWait } from './lottery';
import { money } from './ui';

// Issue 25 §4: on the TY (Filipino) site every game page stayed English. The games' own texts come
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
    expect(pageLanguage(bootOf({ language: 'VI' }))).toBe('EN');
    expect(pageLanguage(bootOf({}))).toBe('EN');
    expect(pageLanguage({ getElementById: () => null })).toBe('EN');
    expect(gameWords(pageLanguage(bootOf({ language: 'TY' })))).toBe(gameWords('TY'));
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
