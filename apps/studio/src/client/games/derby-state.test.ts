import { describe, expect, it } from 'vitest';
import { gameWords } from '../game-words';
import {
  birdsTitle,
  chooseSide,
  clashRun,
  clockAt,
  derbyBet,
  derbySummary,
  FIGHT_MS,
  fallAngle,
  needsBirds,
  openingBirds,
  restMs,
  sideButtonText,
  sideLabel,
} from './derby-state';

// The derby page's bet, birds and fight clock, without a DOM: a pick makes the bet and brings its
// birds into the pit, and the clock ticks to each clash within the fight's time on screen.

const words = gameWords('EN').derby;
const fight = { fightId: 'D7', meron: 'Bato', wala: 'Kidlat', odds100: { meron: 190, wala: 195 } };

describe('derby bet', () => {
  it('labels each side by its bird, the draw by its word, with the odds', () => {
    expect(sideLabel('meron', fight, words)).toBe('Meron (Bato)');
    expect(sideLabel('wala', fight, words)).toBe('Wala (Kidlat)');
    expect(sideLabel('draw', fight, words)).toBe('Draw');
    expect(sideButtonText('Meron (Bato)', fight, 'meron')).toBe('Meron (Bato) @ 1.90');
  });

  it('reads a side without odds as nought', () => {
    expect(sideButtonText('Draw', fight, 'draw')).toBe('Draw @ 0.00');
  });

  it('bets the picked side at the stake, nothing before a pick', () => {
    const chosen = chooseSide(fight, 'wala');
    expect(derbyBet(chosen, 100)).toEqual({ fightId: 'D7', side: 'wala', amount: 100 });
    expect(derbyBet(null, 100)).toBeNull();
  });
});

describe('derby birds', () => {
  it('opens on the first fight, or on the sides when there is none', () => {
    expect(openingBirds(fight)).toEqual({ meron: 'Bato', wala: 'Kidlat' });
    expect(openingBirds(undefined)).toEqual({ meron: 'Meron', wala: 'Wala' });
    expect(birdsTitle(fight)).toBe('Bato v Kidlat');
  });

  it('draws the birds again only for a fight with other birds', () => {
    expect(needsBirds({ meron: 'Bato', wala: 'Kidlat' }, fight)).toBe(false);
    expect(needsBirds({ meron: 'Bato', wala: 'Hangin' }, fight)).toBe(true);
  });
});

describe('derby clock', () => {
  it('ticks every 100 ms or so up to the clash, the whole fight in FIGHT_MS', () => {
    const run = clashRun(0, 60, 60);
    expect(run.ms).toBe(FIGHT_MS);
    expect(run.ticks).toBe(32);
    expect(clockAt(0, 60, 16, 32)).toBe('30s');
    expect(clockAt(0, 60, 32, 32)).toBe('60s');
  });

  it('ticks once to a clash at the same second', () => {
    expect(clashRun(20, 20, 60)).toEqual({ ms: 0, ticks: 1 });
  });

  it('rests at most 400 ms after the last clash, nothing at the fight length', () => {
    expect(restMs(10, 60)).toBe(400);
    expect(restMs(59, 60)).toBeCloseTo(FIGHT_MS / 60);
    expect(restMs(60, 60)).toBe(0);
  });

  it('drops the loser away from the winner and sums up the result', () => {
    expect(fallAngle('meron')).toBe('80deg');
    expect(fallAngle('wala')).toBe('-80deg');
    expect(derbySummary({ result: 'draw' }, words)).toBe('draw');
  });
});
