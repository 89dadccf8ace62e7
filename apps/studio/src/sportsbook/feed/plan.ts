import type { Sport } from '../types';
import type { SimLeague } from './leagues';

// What the operator chooses of the simulator (docs/sportsbook.md "The simulator"): which leagues run
// and how many rounds of fixtures a day each sport's leagues play (its density). Round 1 is a
// league's own slots; rounds 2 and 3 are the same slots moved later, their pairings drawn from a
// stream of their own, so a round added or taken away never changes another round's fixtures.
//
// A fixture once published must stay as it was: a change of these settings is kept as a new era
// beside the ones before it, and a fixture exists when any era in force between its publication
// (its start less its league's horizon) and its start runs its league and round. A league turned off
// or a density lowered thus drops only fixtures not yet published; one turned on or raised adds the
// fixtures of its rounds still to start. Every process derives the same fixtures from the same eras.

/** The sports whose leagues can play more than one round a day (a derby is one pit, a fight at a time). */
export const DENSITY_SPORTS = ['football', 'basketball', 'tennis', 'esports'] as const;
export type DensitySport = (typeof DENSITY_SPORTS)[number];
export const MAX_DENSITY = 3;

/** How much later each further round's slots are than the round before, minutes. */
export const ROUND_SHIFT: Record<DensitySport, number> = { football: 55, basketball: 25, tennis: 45, esports: 20 };

export type SimSettings = {
  /** Rounds a day per sport, 1 to MAX_DENSITY (absent: 1). */
  density: Partial<Record<DensitySport, number>>;
  /** Leagues that publish no more fixtures. */
  leaguesOff: string[];
};

/** Settings in force from `from` (epoch ms) until the next era's. */
export type SimEra = SimSettings & { from: number };

export const DEFAULT_SIM_SETTINGS: SimSettings = { density: {}, leaguesOff: [] };

/** A change counts this long after it is saved: every process has read it by then (it reads every 30 s). */
export const ERA_GRACE_MS = 5 * 60_000;
/** Eras that ended longer ago than this decide no fixture still in the window (a week's horizon and the recent matches). */
const ERA_KEEP_MS = 10 * 24 * 3_600_000;

const isDensitySport = (sport: Sport): sport is DensitySport => (DENSITY_SPORTS as readonly string[]).includes(sport);

/** The rounds a day a sport's leagues play under these settings. */
export function densityOf(settings: SimSettings, sport: Sport): number {
  if (!isDensitySport(sport)) return 1;
  const d = settings.density[sport] ?? 1;
  return Number.isInteger(d) ? Math.min(MAX_DENSITY, Math.max(1, d)) : 1;
}

/** Whether these settings run this round of the league. */
export function runsRound(settings: SimSettings, league: SimLeague, round: number): boolean {
  return !settings.leaguesOff.includes(league.id) && round <= densityOf(settings, league.sport);
}

/** The local start minutes of a league's round (round 1: its slots), kept within the day. */
export function roundSlots(league: SimLeague, round: number): number[] {
  if (round <= 1 || !isDensitySport(league.sport)) return league.slots;
  const shift = ROUND_SHIFT[league.sport] * (round - 1);
  return league.slots.map((m) => (m + shift) % 1440);
}

/** The eras in order, never empty: the defaults before any change. */
export function planOf(stored: unknown): SimEra[] {
  const eras = Array.isArray(stored) ? stored.filter(isEra) : [];
  eras.sort((a, b) => a.from - b.from);
  return eras.length > 0 ? eras : [{ ...DEFAULT_SIM_SETTINGS, from: 0 }];
}

function isEra(e: unknown): e is SimEra {
  const era = e as Partial<SimEra> | null;
  return (
    typeof era === 'object' &&
    era !== null &&
    typeof era.from === 'number' &&
    typeof era.density === 'object' &&
    era.density !== null &&
    Array.isArray(era.leaguesOff)
  );
}

/** The rounds of a league any era of the plan may run (how many rounds the layout looks at). */
export function roundsOf(plan: readonly SimEra[], league: SimLeague): number {
  let rounds = 0;
  for (const era of plan)
    if (!era.leaguesOff.includes(league.id)) rounds = Math.max(rounds, densityOf(era, league.sport));
  return rounds;
}

/**
 * Whether a fixture of this league and round starting at `startsAt` is published: some era in force
 * between its publication (`startsAt - horizonMs`) and its start runs it.
 */
export function isPublished(
  plan: readonly SimEra[],
  league: SimLeague,
  round: number,
  startsAt: number,
  horizonMs: number,
): boolean {
  const publishedAt = startsAt - horizonMs;
  for (let i = 0; i < plan.length; i++) {
    const era = plan[i]!;
    const until = plan[i + 1]?.from ?? Number.POSITIVE_INFINITY;
    if (until <= publishedAt || era.from > startsAt) continue;
    if (runsRound(era, league, round)) return true;
  }
  return false;
}

/**
 * The plan after a change saved at `now`: the new settings count from ERA_GRACE_MS later. An era
 * still to come stays (the fixtures it adds may be published already); eras that ended long ago go.
 */
export function nextPlan(plan: readonly SimEra[], settings: SimSettings, now: number): SimEra[] {
  const last = plan[plan.length - 1]?.from ?? 0;
  const from = Math.max(now + ERA_GRACE_MS, last + 1);
  const out = plan.filter((_, i) => (plan[i + 1]?.from ?? now) >= now - ERA_KEEP_MS);
  out.push({ density: { ...settings.density }, leaguesOff: [...settings.leaguesOff].sort(), from });
  return out;
}
