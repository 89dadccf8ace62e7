import { createHmac } from 'node:crypto';
import { createFairRng } from '../../kit/fair/fair-rng';
import { sha256Hex } from '../../kit/fair/seeds';
import { ESPORTS_TITLES } from '../model/esports';
import type { Fixture } from '../types';
import type { SimLeague, SimTeam } from './leagues';
import { roundSlots } from './plan';
import { zonedInstant } from './zoned-time';

// The simulator's fixtures, all from one secret: a league's day of fixtures (who plays whom in each
// slot) from a fair stream keyed by the secret, and each match's seed = HMAC-SHA256(secret,
// fixture id), of which only the SHA-256 is published with the fixture until the match is over.
// Nothing else is stored: any process with the secret lays out the same days and plays the same
// matches.

/** `at`: the fixture's start, epoch ms (the window compares it on every pass). */
export type ScheduledFixture = { fixture: Fixture; league: SimLeague; seed: string; round: number; at: number };

/** A match's seed (64 hex characters): HMAC-SHA256 keyed by the secret over the fixture's id. */
export function matchSeed(secret: string, fixtureId: string): string {
  return createHmac('sha256', secret).update(fixtureId).digest('hex');
}

/**
 * The fixture id of a league's slot on a day: `<league>-<YYYYMMDD>-<slot>` in round 1,
 * `<league>-<YYYYMMDD>-r<round>-<slot>` in a further round (plan.ts), so no two rounds share an id.
 */
export function fixtureId(league: SimLeague, day: string, slot: number, round = 1): string {
  const r = round > 1 ? `r${round}-` : '';
  return `${league.id}-${day.replaceAll('-', '')}-${r}${String(slot + 1).padStart(2, '0')}`;
}

/**
 * A league's fixtures of one round on a local day of the zone. Teams are drawn without repeats. A
 * club or a player plays at most once a day in its league, whatever the round: a round draws from
 * those the earlier rounds left, and its slots beyond them have no fixture. Only a derby's gamefarms
 * and an e-sports cup's teams, whose formats play several short matches a day, meet again once the
 * roster runs out (it is shuffled again). Each round draws from a stream of its own: round 1's is
 * the one the schedule always had.
 */
export function dayFixtures(
  secret: string,
  league: SimLeague,
  day: string,
  timeZone: string,
  round = 1,
): ScheduledFixture[] {
  const stream = round > 1 ? `schedule:${league.id}:${day}:r${round}` : `schedule:${league.id}:${day}`;
  const rng = createFairRng(secret, stream, 0);
  const oncePerDay = league.sport !== 'cockfight' && league.sport !== 'esports';
  const taken = new Set<string>();
  if (oncePerDay) {
    for (let earlier = 1; earlier < round; earlier++) {
      for (const f of dayFixtures(secret, league, day, timeZone, earlier)) {
        taken.add(f.fixture.home.id);
        taken.add(f.fixture.away.id);
      }
    }
  }
  let pool: SimTeam[] = league.teams.filter((t) => !taken.has(t.id));
  const draw = (): SimTeam => {
    if (pool.length === 0) pool = [...league.teams];
    return pool.splice(rng.int(pool.length), 1)[0]!;
  };
  return roundSlots(league, round).flatMap((minutes, slot) => {
    if (oncePerDay && pool.length < 2) return [];
    if (pool.length === 1) pool = [];
    const home = draw();
    const away = draw();
    const id = fixtureId(league, day, slot, round);
    const seed = matchSeed(secret, id);
    const venue = league.venue ?? home.venue;
    const at = zonedInstant(day, minutes, timeZone);
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
      startsAt: new Date(at).toISOString(),
      ...(league.profile.bestOf ? { bestOf: league.profile.bestOf } : {}),
      seedHash: sha256Hex(seed),
    };
    return [{ fixture, league, seed, round, at }];
  });
}
