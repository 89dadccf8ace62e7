import { createHmac } from 'node:crypto';
import { createFairRng } from '../../kit/fair/fair-rng';
import { sha256Hex } from '../../kit/fair/seeds';
import { ESPORTS_TITLES } from '../model/esports';
import type { Fixture } from '../types';
import type { SimLeague, SimTeam } from './leagues';
import { zonedInstant } from './zoned-time';

// The simulator's fixtures, all from one secret: a league's day of fixtures (who plays whom in each
// slot) from a fair stream keyed by the secret, and each match's seed = HMAC-SHA256(secret,
// fixture id), of which only the SHA-256 is published with the fixture until the match is over.
// Nothing else is stored: any process with the secret lays out the same days and plays the same
// matches.

export type ScheduledFixture = { fixture: Fixture; league: SimLeague; seed: string };

/** A match's seed (64 hex characters): HMAC-SHA256 keyed by the secret over the fixture's id. */
export function matchSeed(secret: string, fixtureId: string): string {
  return createHmac('sha256', secret).update(fixtureId).digest('hex');
}

/** The fixture id of a league's slot on a day: `<league>-<YYYYMMDD>-<slot>`. */
export function fixtureId(league: SimLeague, day: string, slot: number): string {
  return `${league.id}-${day.replaceAll('-', '')}-${String(slot + 1).padStart(2, '0')}`;
}

/**
 * A league's fixtures on a local day of the zone. Teams are drawn without repeats until the roster
 * runs out (then it is shuffled again: a derby's gamefarms fight more than once a day).
 */
export function dayFixtures(secret: string, league: SimLeague, day: string, timeZone: string): ScheduledFixture[] {
  const rng = createFairRng(secret, `schedule:${league.id}:${day}`, 0);
  let pool: SimTeam[] = [];
  const draw = (): SimTeam => {
    if (pool.length === 0) pool = [...league.teams];
    return pool.splice(rng.int(pool.length), 1)[0]!;
  };
  return league.slots.map((minutes, slot) => {
    if (pool.length === 1) pool = [];
    const home = draw();
    const away = draw();
    const id = fixtureId(league, day, slot);
    const seed = matchSeed(secret, id);
    const venue = league.venue ?? home.venue;
    const fixture: Fixture = {
      id,
      sport: league.sport,
      league: {
        id: league.id,
        name: league.name,
        region: league.region,
        ...(league.profile.title ? { title: ESPORTS_TITLES[league.profile.title].name } : {}),
      },
      home: { id: home.id, name: home.name },
      away: { id: away.id, name: away.name },
      ...(venue ? { venue } : {}),
      startsAt: new Date(zonedInstant(day, minutes, timeZone)).toISOString(),
      ...(league.profile.bestOf ? { bestOf: league.profile.bestOf } : {}),
      seedHash: sha256Hex(seed),
    };
    return { fixture, league, seed };
  });
}
