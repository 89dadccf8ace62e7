import { describe, expect, it } from 'vitest';
import {
  finishLine,
  levelMinutes,
  prizesText,
  runToResume,
  type SngRun,
  sngAction,
  sngBarLines,
  timeLeft,
} from './cr-tournament-state';
import { englishCardRoomWords } from './cr-words';

// The card room page's sit-and-go decisions: what a card offers, the prizes, the level's line and the finish.

const money = (m: number) => `₱${(m / 100).toFixed(2)}`;
const words = englishCardRoomWords.sng;

function run(over: Partial<SngRun> = {}): SngRun {
  return {
    id: 'sng-3-1',
    tournamentId: 'sng-3',
    number: 1,
    name: 'Sit & Go 3',
    status: 'registering',
    seats: 3,
    registered: 1,
    playersLeft: null,
    buyIn: 1_000,
    fee: 100,
    currency: 'PHP',
    startingChips: 1_500,
    levels: [
      { smallBlind: 10, bigBlind: 20, minutes: 2 },
      { smallBlind: 20, bigBlind: 40, minutes: 2 },
    ],
    shares: [7_000, 3_000],
    prizes: [2_100, 900],
    startedAt: null,
    finishedAt: null,
    level: null,
    places: [],
    you: { registered: false, seat: null, place: null, prize: null },
    ...over,
  };
}

const me = (over: Partial<SngRun['you']> = {}) => ({ registered: true, seat: 0, place: null, prize: null, ...over });

describe('a sit-and-go card', () => {
  it('offers registering, unregistering before the start, and the table while the player is in', () => {
    expect(sngAction(run())).toBe('register');
    expect(sngAction(run({ registered: 3 }))).toBeNull();
    expect(sngAction(run({ you: me() }))).toBe('unregister');
    expect(sngAction(run({ status: 'running', you: me() }))).toBe('open');
    // Out already, or never in: nothing to open.
    expect(sngAction(run({ status: 'running', you: me({ place: 3, prize: 0 }) }))).toBeNull();
    expect(sngAction(run({ status: 'running' }))).toBeNull();
    expect(sngAction(run({ status: 'finished', you: me({ place: 1, prize: 2_100 }) }))).toBeNull();
    expect(runToResume([run(), run({ id: 'sng-3-2', status: 'running', you: me() })])).toBe('sng-3-2');
    expect(runToResume([run({ you: me() })])).toBeNull();
  });

  it('writes the prizes by place and the minutes of a level', () => {
    expect(prizesText(run(), money)).toBe('1. ₱21.00 · 2. ₱9.00');
    expect(levelMinutes(run())).toBe('2');
    expect(levelMinutes(run({ levels: [...run().levels, { smallBlind: 50, bigBlind: 100, minutes: 5 }] }))).toBe('2–5');
  });
});

describe('the bar above a sit-and-go table', () => {
  const now = Date.parse('2026-12-01T01:00:00Z');

  it('counts down to the next level, and says the last level stays', () => {
    expect(timeLeft('2026-12-01T01:01:05Z', now)).toBe('1:05');
    expect(timeLeft('2026-12-01T01:00:00.200Z', now)).toBe('0:01');
    expect(timeLeft('2026-12-01T00:59:00Z', now)).toBe('0:00');
    // The server's clock two seconds ahead of the page's.
    expect(timeLeft('2026-12-01T01:01:05Z', now, 2_000)).toBe('1:03');
    expect(timeLeft(null, now)).toBeNull();
  });

  it('shows the level, the blinds, the players left, the prizes and the player’s finish', () => {
    const running = run({
      status: 'running',
      registered: 3,
      playersLeft: 2,
      level: { number: 2, smallBlind: 20, bigBlind: 40, endsAt: '2026-12-01T01:00:30Z' },
      you: me({ place: 3, prize: 0 }),
    });
    expect(sngBarLines(running, words, money, now)).toEqual([
      'Level 2: blinds 20/40',
      'Next level in 0:30',
      'Players left: 2 of 3',
      'Prizes: 1. ₱21.00 · 2. ₱9.00',
      'You finished in place 3 and won ₱0.00.',
    ]);
    const last = { ...running, level: { ...running.level!, endsAt: null } };
    expect(sngBarLines(last, words, money, now)[1]).toBe('Last level: the blinds stay');
    expect(finishLine(run({ you: me({ place: 1, prize: 2_100 }) }), words, money)).toBe(
      'You finished in place 1 and won ₱21.00.',
    );
    expect(finishLine(run(), words, money)).toBeNull();
  });
});
