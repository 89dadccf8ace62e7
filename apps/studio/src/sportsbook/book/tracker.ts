import type { StudioDb } from '../../kit/db/database';
import { sha256Hex } from '../../kit/fair/seeds';
import type { TrackerAnswer } from '../api';
import { SIM_LEAGUES, type SimLeague, simLeague } from '../feed/leagues';
import type { SimModels } from '../feed/match-run';
import { MatchTracker } from '../feed/match-tracker';
import { matchSeed } from '../feed/schedule';
import { SPORT_MODELS } from '../model/models';
import type { EventStatus, Fixture, MatchState, Sport } from '../types';
import { eventWithFixture } from './events.queries';

// The page's match tracker (docs/sportsbook.md "Match tracker"). A simulated match is told again
// from its seed, which every node derives from the house secret as the simulator does, so any node
// answers without the simulator's lease; the seed is the simulator's only when its SHA-256 is the
// commit published with the fixture, which a provider's event cannot show. A provider's event
// gets what its feed gave (the state: score, clock, phase) and nothing invented.

/** Events shown last, each with its match played up to now. */
const KEPT = 64;
/** The latest events an answer lists. */
export const TRACKER_EVENTS = 15;

export class MatchTrackers {
  readonly #kept = new Map<string, MatchTracker>();

  constructor(
    readonly secret: string | null,
    readonly models: SimModels = SPORT_MODELS,
    readonly leagues: readonly SimLeague[] = SIM_LEAGUES,
  ) {}

  /** The simulated match of this fixture, or null when the simulator does not play it. */
  of(fixture: Fixture, seedHash: string | null): MatchTracker | null {
    const key = `${fixture.id}|${fixture.startsAt}`;
    const kept = this.#kept.get(key);
    if (kept) {
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept;
    }
    if (!this.secret || !seedHash) return null;
    const seed = matchSeed(this.secret, fixture.id);
    const league = simLeague(fixture.league.id, this.leagues);
    const model = this.models[fixture.sport];
    if (sha256Hex(seed) !== seedHash || !league || !model || league.sport !== fixture.sport) return null;
    const tracker = new MatchTracker(fixture, model, league.profile, seed);
    this.#kept.set(key, tracker);
    for (const old of this.#kept.keys()) {
      if (this.#kept.size <= KEPT) break;
      this.#kept.delete(old);
    }
    return tracker;
  }
}

/** An event's tracker as the page shows it; undefined when the lobby's sports have no such event. */
export async function eventTracker(
  db: StudioDb,
  trackers: MatchTrackers,
  eventId: string,
  sports: readonly Sport[],
  now: number,
): Promise<TrackerAnswer | undefined> {
  const e = await eventWithFixture(db, eventId);
  if (!e || !sports.includes(e.sport as Sport)) return undefined;
  const base = {
    eventId: e.id,
    sport: e.sport as Sport,
    status: e.status as EventStatus,
    state: (e.state as MatchState | null) ?? null,
  };
  const tracker = trackers.of(e.fixture as Fixture, e.seed_hash);
  if (!tracker) return { ...base, source: 'feed', ball: null, events: [], stats: [] };
  tracker.advanceTo(now);
  return {
    ...base,
    source: 'simulated',
    ball: tracker.ball,
    events: tracker.events.slice(-TRACKER_EVENTS).reverse(),
    stats: tracker.stats(),
  };
}
