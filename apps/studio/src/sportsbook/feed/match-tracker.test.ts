import { describe, expect, it } from 'vitest';
import type { TrackerEvent, TrackerStat } from '../api';
import { SPORT_MODELS } from '../model/models';
import type { MatchState } from '../types';
import { SIM_LEAGUES, type SimLeague } from './leagues';
import { MatchTracker, statsOf } from './match-tracker';
import { dayFixtures } from './schedule';
import { replayMatch } from './simulator';

// The tracker tells each simulated match from its seed: the same events every time, agreeing at
// every step with the score the model plays (and the book prices and settles on), and statistics
// that count those events.

const SECRET = 'tracker-test-secret';
const ZONE = 'Asia/Manila';

function fixturesOf(leagueId: string, count: number) {
  const league = SIM_LEAGUES.find((l) => l.id === leagueId) as SimLeague;
  return dayFixtures(SECRET, league, '2026-11-25', ZONE)
    .slice(0, count)
    .map((f) => ({ ...f, league }));
}

/** The tracker beside the replay, step by step: `check` sees the events so far and the state. */
function walk(leagueId: string, count: number, check: (events: readonly TrackerEvent[], state: MatchState) => void) {
  for (const { fixture, league, seed } of fixturesOf(leagueId, count)) {
    const model = SPORT_MODELS[fixture.sport];
    const tracker = new MatchTracker(fixture, model, league.profile, seed);
    const replay = replayMatch(fixture, seed, SPORT_MODELS);
    expect(replay).not.toBeNull();
    for (const step of replay?.steps ?? []) {
      tracker.advanceTo(Date.parse(step.at));
      expect(tracker.state).toEqual(step.state);
      check(tracker.events, tracker.state);
    }
  }
}

const sum = (events: readonly TrackerEvent[], kind: TrackerEvent['kind'], side: 'home' | 'away') =>
  events.filter((e) => e.kind === kind && e.side === side).length;
const row = (stats: TrackerStat[], key: TrackerStat['key'], phase?: string) =>
  stats.find((s) => s.key === key && s.phase === phase);

describe('the match tracker', () => {
  it('tells the same events from the seed, however the clock is walked', () => {
    const [{ fixture, league, seed }] = fixturesOf('fb-kpd', 1) as [ReturnType<typeof fixturesOf>[number]];
    const start = Date.parse(fixture.startsAt);
    const once = new MatchTracker(fixture, SPORT_MODELS.football, league.profile, seed);
    once.advanceTo(start + 70 * 60_000);
    const stepped = new MatchTracker(fixture, SPORT_MODELS.football, league.profile, seed);
    for (let t = start; t <= start + 70 * 60_000; t += 7 * 60_000 + 13_000) stepped.advanceTo(t);
    stepped.advanceTo(start + 70 * 60_000);
    expect(stepped.events).toEqual(once.events);
    expect(stepped.ball).toEqual(once.ball);
    expect(once.events.filter((e) => e.kind === 'attack').length).toBeGreaterThan(20);
    // Another seed, another match.
    const other = new MatchTracker(fixture, SPORT_MODELS.football, league.profile, 'f'.repeat(64));
    other.advanceTo(start + 70 * 60_000);
    expect(other.events).not.toEqual(once.events);
  });

  it("football: the goals and cards are the model's, at its minutes; every shot follows a dangerous attack", () => {
    walk('fb-kpd', 3, (events, state) => {
      for (const side of ['home', 'away'] as const) {
        expect(sum(events, 'goal', side)).toBe(state.score.counted[side]);
        const card = side === 'home' ? 'Home' : 'Away';
        expect(sum(events, 'yellow_card', side)).toBe(state.detail?.[`yellow${card}`]);
        expect(sum(events, 'red_card', side)).toBe(state.detail?.[`red${card}`]);
        expect(sum(events, 'dangerous_attack', side)).toBeLessThanOrEqual(sum(events, 'attack', side));
        expect(sum(events, 'shot_on', side) + sum(events, 'shot_off', side)).toBeLessThanOrEqual(
          sum(events, 'dangerous_attack', side),
        );
      }
      const last = events.at(-1);
      if (last?.kind === 'goal') expect(last.clock).toBe(state.last?.clockSeconds);
    });
  });

  it('basketball: the baskets add up to the score at every step', () => {
    walk('bb-kba', 2, (events, state) => {
      for (const side of ['home', 'away'] as const) {
        const points = events.filter((e) => e.side === side).reduce((s, e) => s + (e.points ?? 0), 0);
        expect(points).toBe(state.score.counted[side]);
      }
    });
  });

  it('tennis: the points won make the games and the sets', () => {
    walk('tn-amo', 2, (events, state) => {
      // Score the points again by the rules: games to 4 (two clear), tiebreaks to 7 at 6-6, sets to 6.
      const games = { home: 0, away: 0 };
      const sets = { home: 0, away: 0 };
      let set = { home: 0, away: 0 };
      let game = { home: 0, away: 0 };
      for (const e of events.filter((x) => x.kind === 'point')) {
        const side = e.side as 'home' | 'away';
        const o = side === 'home' ? 'away' : 'home';
        game[side]++;
        const tiebreak = set.home === 6 && set.away === 6;
        if (game[side] >= (tiebreak ? 7 : 4) && game[side] - game[o] >= 2) {
          game = { home: 0, away: 0 };
          set[side]++;
          games[side]++;
          if ((set[side] >= 6 && set[side] - set[o] >= 2) || set[side] === 7) {
            sets[side]++;
            set = { home: 0, away: 0 };
          }
        }
      }
      expect(games).toEqual(state.score.counted);
      expect(sets).toEqual(state.score.decided);
    });
  });

  it('e-sports and sabong: the maps and the fight end as the model plays them', () => {
    walk('es-ksm', 2, (events, state) => {
      for (const side of ['home', 'away'] as const) expect(sum(events, 'map', side)).toBe(state.score.decided[side]);
    });
    walk('cf-slw', 6, (events, state) => {
      if (state.status === 'ended') expect(events.at(-1)?.kind).toBe('fight_end');
      if (state.status === 'abandoned') expect(events.at(-1)?.kind).toBe('cancelled');
    });
  });

  it('counts the statistics from the events', () => {
    const at = (clock: number, kind: TrackerEvent['kind'], side: 'home' | 'away', extra: Partial<TrackerEvent> = {}) =>
      ({ at: '2026-11-25T05:00:00.000Z', clock, phase: '1H', kind, side, ...extra }) satisfies TrackerEvent;
    const football = statsOf('football', [
      at(60, 'attack', 'home'),
      at(60, 'dangerous_attack', 'home'),
      at(60, 'shot_on', 'home'),
      at(120, 'attack', 'home'),
      at(180, 'attack', 'away'),
      at(180, 'corner', 'away'),
      at(240, 'yellow_card', 'away'),
      at(300, 'attack', 'home'),
    ]);
    expect(row(football, 'attacks')).toMatchObject({ home: 3, away: 1 });
    expect(row(football, 'possession')).toMatchObject({ home: 75, away: 25 });
    expect(row(football, 'shotsOn')).toMatchObject({ home: 1, away: 0 });
    expect(row(football, 'shotsOff')).toMatchObject({ home: 0, away: 0 });
    expect(row(football, 'corners')).toMatchObject({ home: 0, away: 1 });
    expect(row(football, 'yellowCards')).toMatchObject({ home: 0, away: 1 });
    const basketball = statsOf('basketball', [
      at(30, 'three', 'home', { phase: 'Q1', points: 3 }),
      at(700, 'two', 'away', { phase: 'Q2', points: 2 }),
      at(2500, 'free_throw', 'away', { phase: 'OT', points: 1 }),
      at(2800, 'free_throw', 'away', { phase: 'OT2', points: 1 }),
    ]);
    expect(row(basketball, 'periodPoints', 'Q1')).toMatchObject({ home: 3, away: 0 });
    expect(row(basketball, 'periodPoints', 'Q2')).toMatchObject({ home: 0, away: 2 });
    expect(row(basketball, 'periodPoints', 'OT')).toMatchObject({ home: 0, away: 2 });
    expect(row(basketball, 'freeThrows')).toMatchObject({ home: 0, away: 2 });
    const tennis = statsOf('tennis', [
      at(0, 'point', 'home', { server: 'home' }),
      at(0, 'point', 'away', { server: 'home' }),
      at(0, 'break', 'away'),
      at(0, 'point', 'away', { server: 'away' }),
      at(0, 'game', 'away'),
    ]);
    expect(row(tennis, 'pointsWon')).toMatchObject({ home: 1, away: 2 });
    expect(row(tennis, 'servicePointsWon')).toMatchObject({ home: 1, away: 1 });
    expect(row(tennis, 'breaks')).toMatchObject({ home: 0, away: 1 });
    expect(row(tennis, 'games')).toMatchObject({ home: 0, away: 2 });
    expect(statsOf('cockfight', [at(0, 'fight_end', 'home')])).toEqual([]);
  });

  it("a whole match's statistics agree with its score", () => {
    const [{ fixture, league, seed }] = fixturesOf('bb-kba', 1) as [ReturnType<typeof fixturesOf>[number]];
    const tracker = new MatchTracker(fixture, SPORT_MODELS.basketball, league.profile, seed);
    tracker.advanceTo(Number.POSITIVE_INFINITY);
    const stats = tracker.stats();
    const byPeriod = stats.filter((s) => s.key === 'periodPoints');
    expect(byPeriod.map((s) => s.phase).slice(0, 4)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(byPeriod.reduce((s, r) => s + r.home, 0)).toBe(tracker.state.score.counted.home);
    const made = (side: 'home' | 'away') =>
      2 * (row(stats, 'twos')?.[side] ?? 0) +
      3 * (row(stats, 'threes')?.[side] ?? 0) +
      (row(stats, 'freeThrows')?.[side] ?? 0);
    expect(made('home')).toBe(tracker.state.score.counted.home);
    expect(made('away')).toBe(tracker.state.score.counted.away);
  });
});
