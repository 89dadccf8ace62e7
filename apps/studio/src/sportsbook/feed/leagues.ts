import type { EsportsTitleId } from '../model/esports';
import { ESPORTS_TITLES } from '../model/esports';
import type { LeagueProfile } from '../model/sport-model';
import type { Sport } from '../types';
import {
  BASKETBALL_NICKNAMES,
  BASKETBALL_NICKNAMES_B,
  ESPORTS_TEAMS,
  FOOTBALL_NICKNAMES,
  FOOTBALL_NICKNAMES_B,
  gamefarms,
  players,
  TOWNS,
} from './names';

// The simulator's leagues: invented competitions of every sport, each with its teams (or players,
// or gamefarms), where its matches are played and the local times of a day's fixtures in the
// brand's time zone. The slots are spread so that at any hour matches of at least three sports are
// in play and each sport has dozens of fixtures a day: football (about 112 minutes a match) starts
// at most two hours apart, basketball (54 minutes) at most 45 minutes apart, tennis and e-sports
// round the clock, sabong derbies in the afternoon and at night with a fight every ten minutes.
// A league added later takes ids of its own, so no older league's fixtures change. A league's profile is what its matches' parameters are drawn from (model/sport-model.ts),
// so it is part of what a revealed seed replays: change a league's profile and its past matches no
// longer replay.

export type SimTeam = { id: string; name: string; venue?: string };

export type SimLeague = {
  id: string;
  sport: Sport;
  name: string;
  region: string;
  profile: LeagueProfile & { title?: EsportsTitleId };
  teams: SimTeam[];
  /** The venue of every match, when it is not the home team's ground. */
  venue?: string;
  /** Local start times of a day's fixtures, minutes after midnight. */
  slots: number[];
  /** How many days ahead its fixtures are published (derby cards are made up late). */
  horizonDays: number;
};

const hm = (h: number, m = 0) => h * 60 + m;

/** Every `step` minutes from `from` up to and including `to`. */
function every(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t += step) out.push(t);
  return out;
}

function clubs(leagueId: string, first: number, nicknames: readonly string[], ground: string): SimTeam[] {
  return nicknames.map((nick, i) => {
    const town = TOWNS[(first + i * 5) % TOWNS.length]!;
    return { id: `${leagueId}.${i + 1}`, name: `${town} ${nick}`, venue: `${town} ${ground}` };
  });
}

function named(leagueId: string, names: readonly string[]): SimTeam[] {
  return names.map((name, i) => ({ id: `${leagueId}.${i + 1}`, name }));
}

function football(
  id: string,
  name: string,
  region: string,
  level: number,
  first: number,
  slots: number[],
  nicknames: readonly string[] = FOOTBALL_NICKNAMES,
): SimLeague {
  return {
    id,
    sport: 'football',
    name,
    region,
    profile: { level, spread: 0.6 },
    teams: clubs(id, first, nicknames, 'Municipal Stadium'),
    slots,
    horizonDays: 7,
  };
}

function basketball(
  id: string,
  name: string,
  region: string,
  level: number,
  first: number,
  slots: number[],
  nicknames: readonly string[] = BASKETBALL_NICKNAMES,
): SimLeague {
  return {
    id,
    sport: 'basketball',
    name,
    region,
    profile: { level, spread: 0.6 },
    teams: clubs(id, first, nicknames, 'Coliseum'),
    slots,
    horizonDays: 7,
  };
}

function tennis(
  id: string,
  name: string,
  level: number,
  bestOf: 3 | 5,
  field: 'a' | 'b',
  offset: number,
  slots: number[],
): SimLeague {
  return {
    id,
    sport: 'tennis',
    name,
    region: 'World Tour',
    profile: { level, spread: 0.6, bestOf },
    teams: named(id, players(24, field, offset)),
    venue: `${name} Courts`,
    slots,
    horizonDays: 7,
  };
}

function esports(id: string, name: string, title: EsportsTitleId, bestOf: number, slots: number[]): SimLeague {
  return {
    id,
    sport: 'esports',
    name,
    region: 'Online',
    profile: { level: 0.5, spread: 0.6, bestOf, title },
    teams: named(id, ESPORTS_TEAMS),
    venue: 'Bahaghari Esports Arena',
    slots,
    horizonDays: 7,
  };
}

function derby(id: string, town: string, name: string, offset: number, slots: number[]): SimLeague {
  return {
    id,
    sport: 'cockfight',
    name,
    region: town,
    profile: { level: 0.5, spread: 0.5 },
    teams: named(id, gamefarms(24, offset)),
    venue: `${town} Cockpit Arena`,
    slots,
    horizonDays: 2,
  };
}

/** Twenty-four clubs: a league of twelve matches a day has each of them play once. */
const BASKETBALL_NICKNAMES_ALL = [...BASKETBALL_NICKNAMES, ...BASKETBALL_NICKNAMES_B];

export const SIM_LEAGUES: readonly SimLeague[] = [
  football('fb-kpd', 'Kapuluan Premier Division', 'Kapuluan', 0.7, 0, [hm(14), hm(16, 30), hm(19), hm(21, 30)]),
  football('fb-acl', 'Amihan Coastal League', 'Amihan Coast', 0.5, 12, [hm(9), hm(11, 30)]),
  football('fb-hcl', 'Habagat Continental League', 'Habagat', 0.85, 24, [hm(0), hm(2), hm(3, 45)]),
  football('fb-slc', 'Silangan Cup', 'Silangan', 0.45, 36, [hm(6), hm(12, 15), hm(23)]),
  football('fb-tsl', 'Timog Super League', 'Timog', 0.6, 6, every(hm(1), hm(21), 240), FOOTBALL_NICKNAMES_B),
  football(
    'fb-kfd',
    'Kanluran First Division',
    'Kanluran',
    0.55,
    18,
    every(hm(3, 30), hm(23, 30), 240),
    FOOTBALL_NICKNAMES_B,
  ),
  football('fb-hlc', 'Hilaga League Cup', 'Hilaga', 0.4, 30, every(hm(10, 30), hm(20, 30), 120), FOOTBALL_NICKNAMES_B),
  basketball('bb-kba', 'Kapuluan Basketball Association', 'Kapuluan', 0.7, 3, [hm(17), hm(19), hm(21)]),
  basketball('bb-lbh', 'Liga Bahaghari', 'Kapuluan', 0.45, 20, [hm(10), hm(12), hm(14)]),
  basketball('bb-shc', 'Silangan Hoops Championship', 'Silangan', 0.85, 33, [hm(1), hm(3), hm(5), hm(7), hm(23)]),
  basketball(
    'bb-tbl',
    'Timog Basketball League',
    'Timog',
    0.6,
    9,
    [...[1, 3, 5, 10, 12, 17, 19, 21, 23].map((h) => hm(h, 40)), hm(7, 45), hm(9, 15), hm(15, 30)].sort(
      (a, b) => a - b,
    ),
    BASKETBALL_NICKNAMES_ALL,
  ),
  basketball(
    'bb-hhc',
    'Hilaga Hoops Cup',
    'Hilaga',
    0.5,
    27,
    [...[0, 2, 4, 6, 11, 13, 18, 20, 22].map((h) => hm(h, 20)), hm(8, 30), hm(14, 45), hm(16, 15)].sort(
      (a, b) => a - b,
    ),
    BASKETBALL_NICKNAMES_ALL,
  ),
  tennis('tn-amo', 'Amihan Open', 0.8, 3, 'a', 0, every(hm(9), hm(21), 100)),
  tennis('tn-slc', 'Sinag Ladies Classic', 0.3, 3, 'b', 5, every(hm(8), hm(22), 120)),
  tennis('tn-glc', 'Grand Liwanag Championships', 0.9, 5, 'a', 11, [hm(0), hm(2, 30), hm(5), hm(7, 30), hm(22)]),
  tennis('tn-lio', 'Luntian Indoor Open', 0.55, 3, 'b', 17, every(hm(0, 45), hm(22, 45), 120)),
  esports('es-tdp', `${ESPORTS_TITLES.dominion.name} Pro Series`, 'dominion', 3, every(hm(12), hm(22, 30), 90)),
  esports('es-tdo', `${ESPORTS_TITLES.dominion.name} Open`, 'dominion', 1, every(hm(0), hm(11, 30), 30)),
  esports('es-ksm', `${ESPORTS_TITLES.kidlat.name} Masters`, 'kidlat', 3, every(hm(13), hm(23), 120)),
  esports('es-ksn', `${ESPORTS_TITLES.kidlat.name} Night Cup`, 'kidlat', 5, [hm(1), hm(4), hm(7), hm(20)]),
  esports('es-kqc', `${ESPORTS_TITLES.kidlat.name} Quick Cup`, 'kidlat', 1, every(hm(12), hm(23, 30), 30)),
  derby('cf-slw', 'San Liwayway', 'San Liwayway Grand Derby', 0, every(hm(13), hm(22, 50), 10)),
  derby('cf-bdm', 'Bagong Dalisay', 'Bagong Dalisay Midnight Derby', 7, [
    ...every(hm(0), hm(3, 50), 10),
    ...every(hm(23), hm(23, 50), 10),
  ]),
];

/** The catalogue's league of this id. */
export function simLeague(id: string, leagues: readonly SimLeague[] = SIM_LEAGUES): SimLeague | undefined {
  return leagues.find((l) => l.id === id);
}
