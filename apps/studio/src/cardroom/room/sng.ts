import type { StudioDb } from '../../kit/db/database';
import { StudioError } from '../../kit/errors';
import { maskPlayer } from '../../kit/players';
import type { StudioSession } from '../../kit/sessions';
import { createTable } from '../engine/table';
import {
  insertRun,
  insertTournament,
  lastRunNumber,
  lobbyRuns,
  runEntries,
  runRow,
  type SngRunRow,
  tournamentRows,
} from './sng.queries';
import { type BlindLevel, checkTournament, levelAt, prizeTable, type TournamentSettings } from './sng-rules';
import { newTableRow } from './table-room';
import { insertTable } from './tables.queries';

// Sit-and-go tournaments (docs/pvp.md "Sit-and-go tournaments"): the operator's definitions, each
// run of one as a Hold'em table of kind 'sng' whose chips are tournament chips (no rake, no top-up,
// no cash-out), and what the lobby and the table page show of a run. The room (room.ts) seats the
// registrations, deals, raises the blinds, knocks players out and owes the prizes.

/** A registering run that fills starts this long after the last seat is taken (the pages load the table). */
export const SNG_START_DELAY_MS = 5_000;

/** The engine's table of a run: no-limit, the first level's blinds, every stack the starting chips, no rake. */
export function sngTableConfig(t: { seats: number; levels: BlindLevel[]; startingChips: number }) {
  const first = t.levels[0]!;
  return {
    seats: t.seats,
    betting: 'no-limit' as const,
    smallBlind: first.smallBlind,
    bigBlind: first.bigBlind,
    minBuyIn: t.startingChips,
    maxBuyIn: t.startingChips,
    rake: { basisPoints: 0, cap: 0 },
  };
}

/** The settings as a run reads them from its definition's row. */
export function settingsOf(r: Omit<SngRunRow, 'id' | 'number' | 'status' | 'started_at' | 'finished_at'>) {
  return {
    id: r.tournament_id,
    name: r.name,
    seats: r.seats,
    buyIn: Number(r.buy_in),
    fee: Number(r.fee),
    startingChips: Number(r.starting_chips),
    levels: r.levels as BlindLevel[],
    shares: r.shares as number[],
    currency: r.currency,
  };
}

/** Opens the next run of a definition for registration (in the caller's transaction). */
export async function openRun(db: StudioDb, t: TournamentSettings): Promise<string> {
  const number = (await lastRunNumber(db, t.id)) + 1;
  const id = `${t.id}-${number}`;
  const config = sngTableConfig(t);
  const values = {
    id,
    name: t.name,
    game: 'holdem' as const,
    kind: 'sng' as const,
    betting: 'no-limit' as const,
    seats: t.seats,
    small_blind: config.smallBlind,
    big_blind: config.bigBlind,
    min_buy_in: t.startingChips,
    max_buy_in: t.startingChips,
    rake_bp: 0,
    rake_cap: 0,
    currency: t.currency,
  };
  await insertTable(db, newTableRow(values, createTable(config)));
  await insertRun(db, id, t.id, number);
  return id;
}

/**
 * The operator's new sit-and-go (checked by checkTournament) with its first run open for
 * registration; `STUDIO_BAD_REQUEST` (fields `id`, reason `PVP_TOURNAMENT_EXISTS`) for an id in use,
 * and nothing is written.
 */
export async function createTournament(db: StudioDb, input: unknown): Promise<{ id: string; runId: string }> {
  const t = checkTournament(input);
  createTable(sngTableConfig(t));
  return db.transaction().execute(async (trx) => {
    const inserted = await insertTournament(trx, {
      id: t.id,
      name: t.name,
      seats: t.seats,
      buy_in: t.buyIn,
      fee: t.fee,
      starting_chips: t.startingChips,
      levels: JSON.stringify(t.levels),
      shares: JSON.stringify(t.shares),
      currency: t.currency,
    });
    if (!inserted) throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['id'], reason: 'PVP_TOURNAMENT_EXISTS' });
    return { id: t.id, runId: await openRun(trx, t) };
  });
}

/** The operator's list of definitions. */
export async function listTournaments(db: StudioDb) {
  const rows = await tournamentRows(db);
  return {
    tournaments: rows.map((r) => settingsOf({ ...r, tournament_id: r.id })),
  };
}

/** Blind levels of `minutes` each, from [small, big] pairs. */
const rising = (minutes: number, blinds: [number, number][]): BlindLevel[] =>
  blinds.map(([smallBlind, bigBlind]) => ({ smallBlind, bigBlind, minutes }));

// The demo's sit-and-gos: short levels, so one plays out in a few minutes (minor units, ₱1 = 100).
const DEMO_SNGS: Omit<TournamentSettings, 'currency'>[] = [
  {
    id: 'sng-3-turbo',
    name: 'Sit & Go 3 turbo',
    seats: 3,
    buyIn: 1_000,
    fee: 100,
    startingChips: 1_500,
    levels: rising(2, [
      [10, 20],
      [20, 40],
      [40, 80],
      [75, 150],
      [150, 300],
    ]),
    shares: [10_000],
  },
  {
    id: 'sng-6',
    name: 'Sit & Go 6-max',
    seats: 6,
    buyIn: 5_000,
    fee: 500,
    startingChips: 1_500,
    levels: rising(3, [
      [10, 20],
      [15, 30],
      [25, 50],
      [50, 100],
      [100, 200],
      [200, 400],
    ]),
    shares: [6_500, 3_500],
  },
];

/** Opens the demo sit-and-gos that are not there yet (beside the demo tables). */
export async function openDemoSngs(db: StudioDb, currency: string): Promise<void> {
  for (const t of DEMO_SNGS) {
    await createTournament(db, { ...t, currency }).catch((err: unknown) => {
      // Opened by an earlier start: kept as it is.
      const exists =
        err instanceof StudioError && (err.detail as { reason?: string }).reason === 'PVP_TOURNAMENT_EXISTS';
      if (!exists) throw err;
    });
  }
}

type Entry = Awaited<ReturnType<typeof runEntries>>[number];

/** A run as a player sees it in the lobby and beside its table. */
function runView(r: SngRunRow, entries: Entry[], owner: string | null, now: Date) {
  const t = settingsOf(r);
  const prizes = prizeTable(t.buyIn * t.seats, t.shares);
  const playing = entries.filter((e) => e.status === 'buying_in' || e.status === 'seated');
  const started = r.started_at ? new Date(r.started_at).getTime() : null;
  const level = started === null ? null : levelAt(t.levels, Math.max(0, now.getTime() - started));
  const mine = entries.find((e) => `${e.vendor}:${e.player}` === owner);
  return {
    id: r.id,
    tournamentId: t.id,
    number: r.number,
    name: t.name,
    status: r.status,
    seats: t.seats,
    registered: r.status === 'registering' ? playing.length : t.seats,
    playersLeft: r.status === 'registering' ? null : playing.length,
    buyIn: t.buyIn,
    fee: t.fee,
    currency: t.currency,
    startingChips: t.startingChips,
    levels: t.levels,
    shares: t.shares,
    prizes,
    startedAt: started === null ? null : new Date(started).toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    level:
      level && r.status === 'running'
        ? {
            number: level.index + 1,
            smallBlind: level.level.smallBlind,
            bigBlind: level.level.bigBlind,
            endsAt: level.endsAfterMs === null ? null : new Date(started! + level.endsAfterMs).toISOString(),
          }
        : null,
    places: entries
      .filter((e) => e.place !== null)
      .sort((a, b) => Number(a.place) - Number(b.place))
      .map((e) => ({ place: Number(e.place), name: maskPlayer(e.player), prize: Number(e.prize ?? 0) })),
    you: mine
      ? {
          registered: true,
          seat: mine.seat,
          place: mine.place === null ? null : Number(mine.place),
          prize: mine.prize === null ? null : Number(mine.prize),
        }
      : { registered: false, seat: null, place: null, prize: null },
  };
}

export type SngView = ReturnType<typeof runView>;

/** The lobby's sit-and-gos: those registering or running, and those finished in the last `recentMs`. */
export async function sngLobby(db: StudioDb, session: StudioSession | null, now: Date, recentMs = 3_600_000) {
  const runs = await lobbyRuns(db, new Date(now.getTime() - recentMs));
  const entries = await runEntries(
    db,
    runs.map((r) => r.id),
  );
  const owner = session?.owner ?? null;
  return runs.map((r) =>
    runView(
      r,
      entries.filter((e) => e.table_id === r.id),
      owner,
      now,
    ),
  );
}

/** One run (any status) as `session`'s player sees it; STUDIO_PVP_TABLE_NOT_FOUND when there is none. */
export async function sngOne(db: StudioDb, runId: string, session: StudioSession | null, now: Date) {
  const r = await runRow(db, runId);
  if (!r) throw new StudioError('STUDIO_PVP_TABLE_NOT_FOUND');
  return runView(r, await runEntries(db, [runId]), session?.owner ?? null, now);
}
