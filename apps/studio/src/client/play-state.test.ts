import { describe, expect, it } from 'vitest';
import { gameWords } from './game-words';
import {
  answerMessage,
  failureOf,
  hidesContinue,
  initialPlayModel,
  lastStepOf,
  pageKindOf,
  tongitsTableOf,
  verifyLinkText,
  winClass,
} from './play-state';
import type { StepView } from './types';
import { ApiError } from './ui';

// The game page's decisions, without a DOM: which page a launch opens, what the message says after a
// step, when the free spins buttons show, how a failure reads and what a history row says.

const w = gameWords('EN').shell;

describe('the page a launch opens', () => {
  it('gives crash, the lottery and the live tables their own pages and plays the rest here', () => {
    expect(pageKindOf('crash')).toBe('crash');
    expect(pageKindOf('lottery')).toBe('lottery');
    expect(pageKindOf('baccarat')).toBe('table');
    expect(pageKindOf('roulette')).toBe('table');
    for (const engine of ['slot', 'fish', 'duel', 'match', 'derby', '', null]) expect(pageKindOf(engine)).toBe('game');
  });

  it('opens a Tongits table only for a card game whose address names one', () => {
    expect(tongitsTableOf('t-7', 'PVP-001')).toBe('t-7');
    expect(tongitsTableOf(null, 'PVP-001')).toBeNull();
    expect(tongitsTableOf('', 'PVP-001')).toBeNull();
    expect(tongitsTableOf('t-7', 'SLOT-001')).toBeNull();
  });
});

describe('the message after a step', () => {
  const round = (pendingSteps: number, win: number) => ({ pendingSteps, win }) as never;

  it('says a win is still being paid before anything else', () => {
    expect(answerMessage({ winPending: true, round: round(2, 500) }, w)).toBe(w.winPending);
  });

  it('counts the free spins owed, then names the win, else says none', () => {
    expect(answerMessage({ winPending: false, round: round(3, 500) }, w)).toBe(w.freeSpinsToPlay(3));
    expect(answerMessage({ winPending: false, round: round(0, 123456) }, w)).toBe(w.youWon('1,234.56'));
    expect(answerMessage({ winPending: false, round: round(0, 0) }, w)).toBe(w.noWin);
  });
});

describe('the free spins buttons', () => {
  it('show only while a round owes steps', () => {
    expect(hidesContinue({ pendingSteps: 2 })).toBe(false);
    expect(hidesContinue({ pendingSteps: 0 })).toBe(true);
    expect(hidesContinue(null)).toBe(true);
  });

  it("play from the round's latest step, none before the first", () => {
    const steps = [{ index: 0 }, { index: 1 }] as unknown as StepView[];
    expect(lastStepOf({ steps })).toBe(steps[1]);
    expect(lastStepOf({ steps: [] })).toBeUndefined();
  });
});

describe('a failed call', () => {
  it("reads as the server's message and fetches the session again when funds are too low", () => {
    expect(failureOf(new ApiError('STUDIO_INSUFFICIENT_FUNDS', 'Not enough', 402), w)).toEqual({
      text: 'Not enough',
      refreshSession: true,
    });
    expect(failureOf(new ApiError('STUDIO_ROUND_REFUSED', 'Refused', 409), w)).toEqual({
      text: 'Refused',
      refreshSession: false,
    });
  });

  it("reads as the page's own words when it is not the API's", () => {
    expect(failureOf(new TypeError('boom'), w)).toEqual({ text: w.somethingWrong, refreshSession: false });
  });
});

describe('the page state', () => {
  it('starts with no call under way', () => {
    expect(initialPlayModel()).toEqual({ busy: false });
  });
});

describe('a history row', () => {
  it('links "verify" once the seed is revealed and shows the nonce until then', () => {
    expect(verifyLinkText({ serverSeed: 'abc', nonce: 4 }, w)).toBe(w.verifyLink);
    expect(verifyLinkText({ serverSeed: null, nonce: 4 }, w)).toBe('#4');
    expect(verifyLinkText({ serverSeed: '', nonce: 0 }, w)).toBe('#0');
  });

  it('marks a win and leaves a round that won nothing plain', () => {
    expect(winClass({ win: 1 })).toBe('win');
    expect(winClass({ win: 0 })).toBe('');
  });
});
