// What the match page knows and decides, without a DOM: how a selection reads, what a pick and a
// click on play make of the bet, how the clock runs and reads, and the texts of the board. The
// result itself is the server's (presentMatch in arcade-present.ts); these only pace and word its
// showing. match-state.test.ts checks them.
import { gameWords } from '../game-words';
import { odds } from './common';

export type Selection = { market: string; selection: string; odds100: number };
export type Fixture = { fixtureId: string; home: string; away: string; selections: Selection[] };
export type MatchGame = { sport: string; fixtures: Fixture[]; chips: number[] };
export type MatchWords = ReturnType<typeof gameWords>['match'];

/** The selection the player picked; null until one is. */
export type MatchChoice = { fixtureId: string; market: string; selection: string } | null;

/** How long the 90 minutes (or the maps) take on screen. */
export const MATCH_MS = 4500;

/**
 * A selection as the player reads it: the over/under markets say their line (football: more than 2
 * goals is over 2.5; esports: a third map played is over 2.5 maps).
 */
export function selectionText(s: Pick<Selection, 'market' | 'selection'>, language: unknown = 'EN'): string {
  const words = gameWords(language).match;
  if (s.market === 'goals' || s.market === 'maps') return words.overUnder(s.selection, s.market);
  return words.selection(s.market, s.selection);
}

/** A selection's button text: the selection and its decimal odds. */
export function selectionLabel(s: Selection, language: unknown): string {
  return `${selectionText(s, language)} @ ${odds(s.odds100)}`;
}

/** A fixture's two teams as the headings, the slip and the board say them. */
export function fixtureTitle(f: Pick<Fixture, 'home' | 'away'>): string {
  return `${f.home} v ${f.away}`;
}

/** The choice a click on a selection's button makes. */
export function chooseSelection(
  f: Pick<Fixture, 'fixtureId'>,
  s: Pick<Selection, 'market' | 'selection'>,
): MatchChoice {
  return { fixtureId: f.fixtureId, market: s.market, selection: s.selection };
}

/** The bet a click on play sends: the choice at this stake; null while nothing is chosen. */
export function matchBet(chosen: MatchChoice, amount: number) {
  return chosen ? { ...chosen, amount } : null;
}

/** The scoreboard's score. */
export function scoreText(score: readonly [number, number]): string {
  return `${score[0]} – ${score[1]}`;
}

/** The match's length in clock units: three maps in esports, ninety minutes in football. */
export function matchLength(sport: string): number {
  return sport === 'esports' ? 3 : 90;
}

/** The clock's run from `from` to `to`: how long it takes on screen and in how many ticks. */
export function clockRun(from: number, to: number, total: number): { ms: number; steps: number } {
  const ms = ((to - from) / total) * MATCH_MS;
  const steps = Math.max(1, Math.round(ms / 80));
  return { ms, steps };
}

/** The clock at tick `i` of `steps` between `from` and `to`: the map played, or the minute. */
export function clockText(
  sport: string,
  run: { from: number; to: number; total: number; i: number; steps: number },
  words: Pick<MatchWords, 'map'>,
): string {
  const { from, to, total, i, steps } = run;
  return sport === 'esports'
    ? words.map(Math.min(total, Math.floor(from + ((to - from) * i) / steps) + 1))
    : `${Math.round(from + ((to - from) * i) / steps)}'`;
}

/** The clock before kick-off: the first map, or minute nought. */
export function openingClock(esports: boolean, words: Pick<MatchWords, 'map'>): string {
  return esports ? words.map(1) : "0'";
}

/** The board before the first event: best of three maps, or kick-off. */
export function openingBoard(esports: boolean, words: Pick<MatchWords, 'bestOf3' | 'kickOff'>): string {
  return esports ? words.bestOf3 : words.kickOff;
}

/** The buttons of the selections that won in the fixture played. */
export function wonButtonsSelector(fixtureId: string | undefined, selection: string): string {
  return `.options .button[data-fixture="${fixtureId}"][data-selection="${selection}"]`;
}

/** The history's text of a match: its final score. */
export function matchSummary(o: { score: [number, number] }): string {
  return `${o.score[0]}-${o.score[1]}`;
}
