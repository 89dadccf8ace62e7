import type {
  TraderPlayerFactor,
  TraderRiskFactorsBody,
  TraderSettings,
  TraderSimulatorBody,
} from '@gamehall/shared/api/sportsbook-trader';
import type { StudioDb } from '../../kit/db/database';
import type { OddsChangeRule, OddsFormat } from '../api';
import { ODDS_CHANGE, ODDS_FORMATS } from '../api';
import { DEFAULT_SIM_SETTINGS, nextPlan, planOf, type SimEra, type SimSettings } from '../feed/plan';
import { SPORTS, type Sport } from '../types';
import {
  deleteLeagueMargin,
  lockSettingsRow,
  marginRows,
  playerFactorRow,
  prefsRow,
  settingsRow,
  upsertMargin,
  upsertPlayerFactor,
  upsertPrefs,
  upsertRiskFactor,
  upsertSettings,
} from './settings.queries';

// The trader's settings of the book (limits, in-play delay, the big-bet mark, the brand's time zone,
// the cash-out margin, the simulator's plan), the margins per sport and league, the players' stake factors and each
// player's slip preferences.
// Settings are read from the database on every use that decides money (a trader's change counts at
// once in every process); margins are also kept in memory for the feed sources' synchronous pricing.

export type BookSettings = Omit<TraderSettings, 'currency' | 'simulator'> & { simulator: SimSettings };

/** A change of the settings: the simulator's fields merge into its plan (plan.ts). */
export type SettingsChange = Partial<Omit<BookSettings, 'simulator'>> & { simulator?: TraderSimulatorBody };

/**
 * The row as stored: the settings and the simulator's eras (`simulatorPlan`), kept beside them so that
 * every process lays out the same fixtures from them.
 */
type StoredSettings = Partial<BookSettings> & { simulatorPlan?: unknown };

export const DEFAULT_SETTINGS: BookSettings = {
  maxPayout: 100_000_000,
  maxStakePerMarket: 5_000_000,
  maxStakePerEvent: 10_000_000,
  maxLiabilityPerMarket: 50_000_000,
  minStake: 100,
  inPlayDelayMs: 5_000,
  bigBet: 1_000_000,
  timeZone: 'Asia/Manila',
  cashOutMarginPpm: 50_000,
  simulator: DEFAULT_SIM_SETTINGS,
};

/** A slip holds at most this many legs (api.ts PlaceBody allows no more either). */
export const MAX_LEGS = 20;

/**
 * A system bet has at most this many combinations (10 legs of 5 is 252, 12 of 6 is 924): each is
 * priced and settled on its own, so the count bounds the work one bet can ask of the book.
 */
export const MAX_COMBINATIONS = 1024;

/** The book's margin per sport before a trader sets one, parts per million. */
export const DEFAULT_MARGINS: Record<Sport, number> = {
  football: 50_000,
  basketball: 50_000,
  tennis: 60_000,
  esports: 70_000,
  cockfight: 60_000,
};

/** A stake factor of 1.0 (the book's limits as they are). */
export const FULL_FACTOR = 1_000_000;

export async function readSettings(db: StudioDb): Promise<BookSettings> {
  const row = await settingsRow(db);
  return settingsOf(row?.settings);
}

/** The settings from their stored row's value (undefined or null when none is stored): the defaults fill the rest. */
export function settingsOf(stored: unknown): BookSettings {
  const { simulatorPlan: _plan, simulator, ...rest } = (stored as StoredSettings | null | undefined) ?? {};
  return {
    ...DEFAULT_SETTINGS,
    ...rest,
    simulator: {
      density: { ...(simulator?.density ?? {}) },
      leaguesOff: Array.isArray(simulator?.leaguesOff) ? [...simulator.leaguesOff] : [],
    },
  };
}

/** The simulator's eras as stored (the defaults alone before any change). */
export async function readSimulatorPlan(db: StudioDb): Promise<SimEra[]> {
  const row = await settingsRow(db);
  return planOf((row?.settings as StoredSettings | null | undefined)?.simulatorPlan);
}

/** When the simulator's last change counts from; null before any. */
export function planChangesAt(plan: readonly SimEra[]): string | null {
  const last = plan[plan.length - 1];
  return last && last.from > 0 ? new Date(last.from).toISOString() : null;
}

/**
 * Writes a change. A change of the simulator's plan that changes anything adds an era counting from
 * a little after `now` (plan.ts), so the fixtures already published stay as they are.
 */
export async function writeSettings(db: StudioDb, change: SettingsChange, now = new Date()): Promise<BookSettings> {
  return db.transaction().execute(async (trx) => {
    const row = await lockSettingsRow(trx);
    const stored = (row?.settings as StoredSettings | null | undefined) ?? {};
    const current = settingsOf(stored);
    const { simulator, ...rest } = change;
    const next: BookSettings = { ...current, ...rest };
    let plan = stored.simulatorPlan;
    if (simulator) {
      const sim: SimSettings = {
        density: { ...current.simulator.density, ...simulator.density },
        leaguesOff: simulator.leaguesOff ? [...new Set(simulator.leaguesOff)].sort() : current.simulator.leaguesOff,
      };
      if (JSON.stringify(sim) !== JSON.stringify(current.simulator)) {
        next.simulator = sim;
        plan = nextPlan(planOf(plan), sim, now.getTime());
      }
    }
    await upsertSettings(trx, JSON.stringify({ ...next, ...(plan === undefined ? {} : { simulatorPlan: plan }) }));
    return next;
  });
}

/** Margins as the trader set them: per sport (defaults filled in) and the league overrides. */
export type Margins = { sports: Record<Sport, number>; leagues: Map<string, number> };

export async function readMargins(db: StudioDb): Promise<Margins> {
  return marginsOf(await marginRows(db));
}

/** The margins from the rows of studio_sb_margins. */
export function marginsOf(rows: readonly { scope: string; key: string; margin_ppm: number }[]): Margins {
  const sports = { ...DEFAULT_MARGINS };
  const leagues = new Map<string, number>();
  for (const r of rows) {
    if (r.scope === 'sport' && (SPORTS as readonly string[]).includes(r.key)) sports[r.key as Sport] = r.margin_ppm;
    if (r.scope === 'league') leagues.set(r.key, r.margin_ppm);
  }
  return { sports, leagues };
}

/** The league's margin, else its sport's. */
export function marginIn(margins: Margins, sport: Sport, leagueId: string): number {
  return margins.leagues.get(leagueId) ?? margins.sports[sport];
}

export async function writeMargins(
  db: StudioDb,
  change: { sports?: Partial<Record<Sport, number>>; leagues?: Record<string, number | null> },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [sport, ppm] of Object.entries(change.sports ?? {})) {
      if (ppm === undefined) continue;
      await upsertMargin(trx, 'sport', sport, ppm);
    }
    for (const [league, ppm] of Object.entries(change.leagues ?? {})) {
      if (ppm === null) await deleteLeagueMargin(trx, league);
      else await upsertMargin(trx, 'league', league, ppm);
    }
  });
}

/**
 * The stake factor the book applies to a player (ppm of its stake limits): the lower of the
 * trader's factor and the one the player's risk level maps to (docs/sportsbook.md "Risk level"), so
 * neither can lift a limit the other set; a player without a row has the full limits.
 */
export async function playerFactor(db: StudioDb, player: string): Promise<number> {
  return (await playerFactors(db, player)).effectivePpm;
}

/** Both of a player's factors, the risk level they came with and the one applied. */
export async function playerFactors(db: StudioDb, player: string): Promise<TraderPlayerFactor> {
  return factorsOf(player, await playerFactorRow(db, player));
}

export function factorsOf(
  player: string,
  row: { factor_ppm: number; risk_level: string | null; risk_factor_ppm: number } | undefined,
): TraderPlayerFactor {
  const factorPpm = row?.factor_ppm ?? FULL_FACTOR;
  const riskFactorPpm = row?.risk_factor_ppm ?? FULL_FACTOR;
  return {
    player,
    factorPpm,
    riskLevel: row?.risk_level ?? null,
    riskFactorPpm,
    effectivePpm: Math.min(factorPpm, riskFactorPpm),
  };
}

/** The trader's factor for a player; the risk factor stays as the platform pushed it. */
export async function setPlayerFactor(db: StudioDb, player: string, factorPpm: number): Promise<void> {
  await upsertPlayerFactor(db, player, factorPpm);
}

/**
 * The factors the platform pushes for players' risk levels: each is kept only when its version is
 * above the one the player's row holds, so a push repeated after a lost answer changes nothing and
 * an older one arriving after a newer one is ignored. How many were taken.
 */
export async function setRiskFactors(db: StudioDb, list: TraderRiskFactorsBody['list']): Promise<number> {
  let applied = 0;
  for (const push of list) {
    const result = await upsertRiskFactor(db, push);
    applied += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return applied;
}

/** A limit scaled by a stake factor, rounded down. */
export function scaled(limit: number, factorPpm: number): number {
  return Math.floor((limit * factorPpm) / FULL_FACTOR);
}

export type Prefs = { oddsFormat: OddsFormat; oddsChange: OddsChangeRule };
const DEFAULT_PREFS: Prefs = { oddsFormat: 'decimal', oddsChange: 'higher' };

export async function readPrefs(db: StudioDb, owner: string): Promise<Prefs> {
  const row = await prefsRow(db, owner);
  if (!row) return DEFAULT_PREFS;
  return {
    oddsFormat: (ODDS_FORMATS as readonly string[]).includes(row.odds_format)
      ? (row.odds_format as OddsFormat)
      : DEFAULT_PREFS.oddsFormat,
    oddsChange: (ODDS_CHANGE as readonly string[]).includes(row.odds_change)
      ? (row.odds_change as OddsChangeRule)
      : DEFAULT_PREFS.oddsChange,
  };
}

export async function writePrefs(db: StudioDb, owner: string, change: Partial<Prefs>): Promise<Prefs> {
  const next = { ...(await readPrefs(db, owner)), ...change };
  await upsertPrefs(db, owner, next.oddsFormat, next.oddsChange);
  return next;
}
