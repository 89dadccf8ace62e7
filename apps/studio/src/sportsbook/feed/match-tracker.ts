import { createFairRng } from '../../kit/fair/fair-rng';
import type { TrackerBall, TrackerEvent, TrackerKind, TrackerStat, TrackerStatKey } from '../api';
import type { LeagueProfile, SportModel } from '../model/sport-model';
import type { Fixture, MatchState, Sport } from '../types';
import { MatchRun } from './match-run';
import { SPORT_TRACKERS } from './tracker-sports';

// A simulated match's play-by-play (docs/sportsbook.md "Match tracker"): the match is played from
// its seed on the clock as the simulator plays it (MatchRun), and each played step k is told by the
// sport's tracker (tracker-sports.ts) with step k of a stream of its own, createFairRng(seed,
// fixtureId, TRACKER_NONCE, k). The pricing's stream (nonce 0) is left as it is, so no price moves;
// and the tracker, like the match, follows from the seed and the clock alone: a restarted process
// or another node tells the same events.

/** The tracker's stream of the match's seed: the match itself is played from nonce 0. */
export const TRACKER_NONCE = 1;

export class MatchTracker {
  readonly #run: MatchRun;
  readonly #events: TrackerEvent[] = [];
  #ball: TrackerBall | null = null;

  constructor(
    fixture: Fixture,
    model: SportModel<unknown>,
    profile: LeagueProfile,
    readonly seed: string,
  ) {
    this.#run = new MatchRun(fixture, model, profile, seed);
  }

  get sport(): Sport {
    return this.#run.fixture.sport;
  }

  get state(): MatchState {
    return this.#run.state;
  }

  get ball(): TrackerBall | null {
    return this.#ball;
  }

  /** Every event so far, oldest first. */
  get events(): readonly TrackerEvent[] {
    return this.#events;
  }

  /** Plays and tells the steps due by `now`. */
  advanceTo(now: number): void {
    const run = this.#run;
    const track = SPORT_TRACKERS[this.sport];
    let before = run.state;
    let prevAt = run.stepAt;
    for (const played of run.advanceTo(now)) {
      const rng = createFairRng(this.seed, run.fixture.id, TRACKER_NONCE, played.index);
      const out = track({ params: run.params, before, played, prevAt, rng, ball: this.#ball });
      this.#events.push(...out.events);
      this.#ball = out.ball;
      before = played.step.state;
      prevAt = played.at;
    }
  }

  stats(): TrackerStat[] {
    return statsOf(this.sport, this.#events);
  }
}

type Tally = Map<string, { key: TrackerStatKey; phase?: string; home: number; away: number }>;

/** Statistic rows each kind counts toward (per side), by sport. */
const COUNTS: Partial<Record<Sport, Partial<Record<TrackerKind, TrackerStatKey[]>>>> = {
  football: {
    attack: ['attacks'],
    dangerous_attack: ['dangerousAttacks'],
    shot_on: ['shotsOn'],
    shot_off: ['shotsOff'],
    corner: ['corners'],
    yellow_card: ['yellowCards'],
    red_card: ['redCards'],
  },
  basketball: { two: ['twos'], three: ['threes'], free_throw: ['freeThrows'] },
  tennis: { point: ['pointsWon'], break: ['breaks', 'games'], game: ['games'], set: ['sets'] },
  esports: { round: ['rounds'], kill: ['kills'], map: ['maps'] },
};

/** The rows a sport always shows, in order (zero until counted). */
const ROWS: Record<Sport, TrackerStatKey[]> = {
  football: ['possession', 'attacks', 'dangerousAttacks', 'shotsOn', 'shotsOff', 'corners', 'yellowCards', 'redCards'],
  basketball: ['twos', 'threes', 'freeThrows'],
  tennis: ['pointsWon', 'servicePointsWon', 'breaks', 'games', 'sets'],
  esports: ['maps'],
  cockfight: [],
};

/**
 * A match's statistics, counted from its events: football's attacks, shots, corners and cards and
 * its possession (each side's share of the attacks, in percent); basketball's points per period
 * and its baskets; tennis's points won (on serve too), breaks, games and sets; e-sports' rounds or
 * takedowns and maps. A sabong fight has none.
 */
export function statsOf(sport: Sport, events: readonly TrackerEvent[]): TrackerStat[] {
  const tally: Tally = new Map();
  const add = (key: TrackerStatKey, side: 'home' | 'away', n: number, phase?: string) => {
    const id = phase ? `${key}:${phase}` : key;
    const row = tally.get(id) ?? { key, ...(phase ? { phase } : {}), home: 0, away: 0 };
    row[side] += n;
    tally.set(id, row);
  };
  for (const key of ROWS[sport]) tally.set(key, { key, home: 0, away: 0 });
  for (const e of events) {
    if (!e.side) continue;
    for (const key of COUNTS[sport]?.[e.kind] ?? []) add(key, e.side, 1);
    if (sport === 'basketball' && e.points)
      add('periodPoints', e.side, e.points, e.phase.startsWith('OT') ? 'OT' : e.phase);
    if (sport === 'tennis' && e.kind === 'point' && e.server === e.side) add('servicePointsWon', e.side, 1);
  }
  const possession = tally.get('possession');
  const attacks = tally.get('attacks');
  if (possession && attacks) {
    const all = attacks.home + attacks.away;
    possession.home = all === 0 ? 50 : Math.round((100 * attacks.home) / all);
    possession.away = 100 - possession.home;
  }
  return [...tally.values()];
}
