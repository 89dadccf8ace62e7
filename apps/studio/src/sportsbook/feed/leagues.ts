import type { EsportsTitleId } from '../model/esports';
import { ESPORTS_TITLES } from '../model/esports';
import type { LeagueProfile } from '../model/sport-model';
import type { Sport } from '../types';
import { BASKETBALL_NICKNAMES, ESPORTS_TEAMS, FOOTBALL_NICKNAMES, gamefarms, players, TOWNS } from './names';

// The simulator's leagues: invented competitions of every sport, each with its teams (or players,
// or gamefarms), where its matches are played and the local times of a day's fixtures in the
// brand's time zone. The slots are spread so that at any hour some match of several sports is in
// play: football and basketball from the morning to past midnight in some league, tennis and
// e-sports around the clock, sabong derbies in the afternoon and at night with a fight every ten
// minutes. A league's profile is what its matches' parameters are drawn from (model/sport-model.ts),
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

function football(id: string, name: string, region: string, level: number, first: number, slots: number[]): SimLeague {
  return {
    id,
    sport: 'football',
    name,
    region,
    profile: { level, spread: 0.6 },
    teams: clubs(id, first, FOOTBALL_NICKNAMES, 'Municipal Stadium'),
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
): SimLeague {
  return {
    id,
    sport: 'basketball',
    name,
    region,
    profile: { level, spread: 0.6 },
    teams: clubs(id, first, BASKETBALL_NICKNAMES, 'Coliseum'),
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

export const SIM_LEAGUES: readonly SimLeague[] = [
  football('fb-kpd', 'Kapuluan Premier Division', 'Kapuluan', 0.7, 0, [hm(14), hm(16, 30), hm(19), hm(21, 30)]),
  football('fb-acl', 'Amihan Coastal League', 'Amihan Coast', 0.5, 12, [hm(9), hm(11, 30)]),
  football('fb-hcl', 'Habagat Continental League', 'Habagat', 0.85, 24, [hm(0), hm(2), hm(3, 45)]),
  football('fb-slc', 'Silangan Cup', 'Silangan', 0.45, 36, [hm(6), hm(12, 15), hm(23)]),
  basketball('bb-kba', 'Kapuluan Basketball Association', 'Kapuluan', 0.7, 3, [hm(17), hm(19), hm(21)]),
  basketball('bb-lbh', 'Liga Bahaghari', 'Kapuluan', 0.45, 20, [hm(10), hm(12), hm(14)]),
  basketball('bb-shc', 'Silangan Hoops Championship', 'Silangan', 0.85, 33, [hm(1), hm(3), hm(5), hm(7), hm(23)]),
  tennis('tn-amo', 'Amihan Open', 0.8, 3, 'a', 0, every(hm(9), hm(21), 100)),
  tennis('tn-slc', 'Sinag Ladies Classic', 0.3, 3, 'b', 5, every(hm(8), hm(22), 120)),
  tennis('tn-glc', 'Grand Liwanag Championships', 0.9, 5, 'a', 11, [hm(0), hm(2, 30), hm(5), hm(7, 30), hm(22)]),
  esports('es-tdp', `${ESPORTS_TITLES.dominion.name} Pro Series`, 'dominion', 3, every(hm(12), hm(22, 30), 90)),
  esports('es-tdo', `${ESPORTS_TITLES.dominion.name} Open`, 'dominion', 1, every(hm(0), hm(11, 30), 30)),
  esports('es-ksm', `${ESPORTS_TITLES.kidlat.name} Masters`, 'kidlat', 3, every(hm(13), hm(23), 120)),
  esports('es-ksn', `${ESPORTS_TITLES.kidlat.name} Night Cup`, 'kidlat', 5, [hm(1), hm(4), hm(7), hm(20)]),
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
