import { describe, expect, it } from 'vitest';
import { gameWords } from '../game-words';
import {
  chooseSelection,
  clockRun,
  clockText,
  fixtureTitle,
  MATCH_MS,
  matchBet,
  matchLength,
  matchSummary,
  openingBoard,
  openingClock,
  scoreText,
  selectionLabel,
  wonButtonsSelector,
} from './match-state';

// The match page's bet, clock and board, without a DOM: a pick makes the bet, the clock runs the
// whole match in a few seconds, and the board reads the same whatever the sport.

const words = gameWords('EN').match;
const fixture = {
  fixtureId: 'F1',
  home: 'Reds',
  away: 'Blues',
  selections: [{ market: 'goals', selection: 'over', odds100: 185 }],
};

describe('match bet', () => {
  it('reads a selection with its odds and a fixture by its teams', () => {
    expect(selectionLabel(fixture.selections[0]!, 'EN')).toBe('over 2.5 goals @ 1.85');
    expect(fixtureTitle(fixture)).toBe('Reds v Blues');
  });

  it('bets the picked selection at the stake, nothing before a pick', () => {
    const chosen = chooseSelection(fixture, fixture.selections[0]!);
    expect(chosen).toEqual({ fixtureId: 'F1', market: 'goals', selection: 'over' });
    expect(matchBet(chosen, 500)).toEqual({ fixtureId: 'F1', market: 'goals', selection: 'over', amount: 500 });
    expect(matchBet(null, 500)).toBeNull();
  });

  it('finds the winning buttons of the fixture played', () => {
    expect(wonButtonsSelector('F1', 'goals:over')).toBe(
      '.options .button[data-fixture="F1"][data-selection="goals:over"]',
    );
  });
});

describe('match clock', () => {
  it('runs the whole match in MATCH_MS, in ticks of about 80 ms', () => {
    expect(matchLength('football')).toBe(90);
    expect(matchLength('esports')).toBe(3);
    const run = clockRun(0, 90, 90);
    expect(run.ms).toBe(MATCH_MS);
    expect(run.steps).toBe(Math.round(MATCH_MS / 80));
  });

  it('ticks at least once between two events at the same minute', () => {
    expect(clockRun(30, 30, 90)).toEqual({ ms: 0, steps: 1 });
  });

  it('says the minute in football and the map being played in esports, never past the last map', () => {
    expect(clockText('football', { from: 0, to: 45, total: 90, i: 1, steps: 2 }, words)).toBe("23'");
    expect(clockText('football', { from: 0, to: 45, total: 90, i: 2, steps: 2 }, words)).toBe("45'");
    expect(clockText('esports', { from: 0, to: 1, total: 3, i: 1, steps: 4 }, words)).toBe('Map 1');
    expect(clockText('esports', { from: 2, to: 3, total: 3, i: 4, steps: 4 }, words)).toBe('Map 3');
  });
});

describe('match board', () => {
  it('opens on kick-off in football and on the best of three in esports', () => {
    expect(openingClock(false, words)).toBe("0'");
    expect(openingClock(true, words)).toBe('Map 1');
    expect(openingBoard(false, words)).toBe('Kick-off');
    expect(openingBoard(true, words)).toBe('Best of 3');
  });

  it('shows the score on the board and in the history', () => {
    expect(scoreText([0, 0])).toBe('0 – 0');
    expect(scoreText([2, 1])).toBe('2 – 1');
    expect(matchSummary({ score: [2, 1] })).toBe('2-1');
  });
});
