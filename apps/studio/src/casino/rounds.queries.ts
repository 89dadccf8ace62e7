import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { StudioDatabase, StudioRoundsTable } from '../kit/db/schema';
import type { StudioSession } from '../kit/sessions';

// The instant rounds (studio_rounds) and the seeds they draw from (studio_seeds, read here; the
// kit's player-seeds.ts writes them).

type Db = Kysely<StudioDatabase>;

export type RoundRow = Pick<
  StudioRoundsTable,
  | 'round_id'
  | 'session_id'
  | 'mode'
  | 'vendor'
  | 'player'
  | 'game_code'
  | 'engine'
  | 'currency'
  | 'stake'
  | 'win'
  | 'pending_steps'
  | 'seed_id'
  | 'nonce'
  | 'server_seed_hash'
  | 'client_seed'
  | 'status'
  | 'bet_tx'
  | 'win_tx'
  | 'rollback_tx'
  | 'attempts'
> & { id: number; bet: unknown; steps: unknown; state: unknown; created_at: Date };

const ROUND_COLUMNS = [
  'id',
  'round_id',
  'session_id',
  'mode',
  'vendor',
  'player',
  'game_code',
  'engine',
  'currency',
  'bet',
  'stake',
  'win',
  'steps',
  'state',
  'pending_steps',
  'seed_id',
  'nonce',
  'server_seed_hash',
  'client_seed',
  'status',
  'bet_tx',
  'win_tx',
  'rollback_tx',
  'attempts',
  'created_at',
] as const;

/** A round row as an update wrote it, with its server seed when that is revealed (what a view shows). */
export type WrittenRound = RoundRow & { revealed_seed: string | null };

export function loadRound(db: Db, roundId: string): Promise<RoundRow | undefined> {
  return db.selectFrom('studio_rounds').select(ROUND_COLUMNS).where('round_id', '=', roundId).executeTakeFirst();
}

export async function serverSeedOf(db: Db, seedId: number): Promise<string> {
  const row = await db
    .selectFrom('studio_seeds')
    .select('server_seed')
    .where('id', '=', seedId)
    .executeTakeFirstOrThrow();
  return row.server_seed;
}

/** The seed's server seed once revealed, else null. */
export async function revealedSeedOf(db: Db, seedId: number): Promise<string | null> {
  const row = await db
    .selectFrom('studio_seeds')
    .select(['server_seed', 'revealed_at'])
    .where('id', '=', seedId)
    .executeTakeFirst();
  return row?.revealed_at ? row.server_seed : null;
}

/** The revealed server seeds among `seedIds`. */
export function revealedSeeds(db: Db, seedIds: number[]) {
  return db
    .selectFrom('studio_seeds')
    .select(['id', 'server_seed'])
    .where('id', 'in', seedIds)
    .where('revealed_at', 'is not', null)
    .execute();
}

// A studio round must cost no more than the wallet calls it makes. Its three statements
// (record, played, closed) are written out once here rather than built by the query builder on every
// spin, and the updates answer the row and its revealed seed themselves (RETURNING), so the answer
// to the player needs no read after them.
const REVEALED_SEED =
  'SELECT s.server_seed FROM studio_seeds s WHERE s.id = studio_rounds.seed_id AND s.revealed_at IS NOT NULL';
const WRITTEN_ROUND = `${ROUND_COLUMNS.map((c) => `studio_rounds.${c}`).join(', ')}, (${REVEALED_SEED}) AS revealed_seed`;

const PLAYED_SQL = `UPDATE studio_rounds
   SET steps = $1, state = $2, win = $3, pending_steps = $4, status = $5, updated_at = $6
 WHERE id = $7
RETURNING ${WRITTEN_ROUND}`;

const CLOSED_SQL = `UPDATE studio_rounds SET status = 'closed', closed_at = $1, updated_at = $1, last_error = NULL
 WHERE id = $2 AND status = 'settling'
RETURNING ${WRITTEN_ROUND}`;

/** Closes a settling round; answers it as written, or undefined when it was not settling. */
export async function closeRound(db: Db, id: number, now: Date): Promise<WrittenRound | undefined> {
  const { rows } = await db.executeQuery<WrittenRound>(CompiledQuery.raw(CLOSED_SQL, [now, id]));
  return rows[0];
}

/** What a played step writes: the steps so far and the engine's state as JSON text, the round's win so far. */
type PlayedStep = {
  steps: string;
  state: string | null;
  win: number;
  pendingSteps: number;
  status: 'open' | 'settling';
};

/** Writes a new round's paid step; answers the round as written. */
export async function writePaidStep(
  db: Db,
  id: number,
  step: PlayedStep & { updatedAt: Date },
): Promise<WrittenRound | undefined> {
  const { rows } = await db.executeQuery<WrittenRound>(
    CompiledQuery.raw(PLAYED_SQL, [
      step.steps,
      step.state,
      step.win,
      step.pendingSteps,
      step.status,
      step.updatedAt,
      id,
    ]),
  );
  return rows[0];
}

/**
 * Writes an owed step of an open round that has played `stepsBefore` steps; answers the round as
 * written, or undefined when another caller played that step first.
 */
export function writeOwedStep(
  db: Db,
  id: number,
  stepsBefore: number,
  step: PlayedStep & { nextAttemptAt: Date; updatedAt: Date },
): Promise<WrittenRound | undefined> {
  return db
    .updateTable('studio_rounds')
    .set({
      steps: step.steps,
      state: step.state,
      win: step.win,
      pending_steps: step.pendingSteps,
      status: step.status,
      next_attempt_at: step.nextAttemptAt,
      updated_at: step.updatedAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where(sql<boolean>`jsonb_array_length(steps) = ${stepsBefore}`)
    .returning(ROUND_COLUMNS)
    .returning(sql<string | null>`(${sql.raw(REVEALED_SEED)})`.as('revealed_seed'))
    .executeTakeFirst();
}

type Owner = Pick<StudioSession, 'vendor' | 'player' | 'mode'>;

// Real players keep their rounds across launches (a new token each time); trial rounds belong to the
// session (its player is its own). A round carries its session's vendor, player and mode
// (newBetColumns), so the owner's rounds are found by those columns (indexes studio_rounds_owner, and
// studio_rounds_open for the one open round).
function ownerRounds(db: Db, owner: Owner) {
  return db
    .selectFrom('studio_rounds')
    .where('vendor', '=', owner.vendor)
    .where('player', '=', owner.player)
    .where('mode', '=', owner.mode);
}

/** The owner's latest round of `gameCode` owing free spins. */
export function openRoundRow(db: Db, owner: Owner, gameCode: string): Promise<RoundRow | undefined> {
  return ownerRounds(db, owner)
    .select(ROUND_COLUMNS)
    .where('game_code', '=', gameCode)
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The owner's latest rounds past their bet's answer, newest first. */
export function ownerHistory(db: Db, owner: Owner, limit: number): Promise<RoundRow[]> {
  return ownerRounds(db, owner)
    .select(ROUND_COLUMNS)
    .where('status', '!=', 'betting')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// The open-round check, the nonce and the round's row in one statement (one round trip, and no
// nonce taken by a round that is then refused for an open one).
const RECORD_SQL = `WITH open_round AS (
  SELECT 1 FROM studio_rounds
   WHERE vendor = $1 AND player = $2 AND mode = $3 AND game_code = $4 AND status = 'open'
   LIMIT 1
), seed AS (
  UPDATE studio_seeds SET nonce = nonce + 1
   WHERE owner = $5 AND active AND NOT EXISTS (SELECT 1 FROM open_round)
  RETURNING id, server_seed, server_seed_hash, client_seed, nonce - 1 AS nonce
), inserted AS (
  INSERT INTO studio_rounds (round_id, session_id, mode, vendor, player, game_code, engine, currency, bet, stake,
    win, steps, state, pending_steps, seed_id, nonce, server_seed_hash, client_seed, status, bet_tx, win_tx,
    rollback_tx, attempts, next_attempt_at, updated_at)
  SELECT $6, $7::bigint, $3, $1, $2, $4, $8, $9, $10::jsonb, $11::bigint, 0, '[]', NULL, 0, seed.id, seed.nonce,
    seed.server_seed_hash, seed.client_seed, 'betting', $12, $13, $14, 0, $15::timestamptz, $16::timestamptz
    FROM seed
  RETURNING id
)
SELECT EXISTS (SELECT 1 FROM open_round) AS open, inserted.id, seed.id AS seed_id, seed.server_seed,
       seed.server_seed_hash, seed.client_seed, seed.nonce
  FROM (VALUES (1)) AS one (x) LEFT JOIN seed ON true LEFT JOIN inserted ON true`;

/** A new round's columns as recordRound writes them (the bet as JSON text). */
type NewRoundRow = {
  vendor: string;
  player: string;
  mode: 'real' | 'trial';
  gameCode: string;
  /** The seed owner whose active seed gives the nonce. */
  owner: string;
  roundId: string;
  sessionId: number;
  engine: string;
  currency: string;
  bet: string;
  stake: number;
  betTx: string;
  winTx: string;
  rollbackTx: string;
  nextAttemptAt: Date;
  now: Date;
};

/**
 * Unless the owner has an open round of the game, takes the next nonce of the owner's active seed
 * and writes the round with it ('betting'). Answers whether an open round was found, and the new
 * round's id and seed (null when nothing was written).
 */
export async function recordRoundRow(db: Db, r: NewRoundRow) {
  const { rows } = await db.executeQuery<{
    open: boolean;
    id: number | null;
    seed_id: number | null;
    server_seed: string | null;
    server_seed_hash: string | null;
    client_seed: string | null;
    nonce: number | null;
  }>(
    CompiledQuery.raw(RECORD_SQL, [
      r.vendor,
      r.player,
      r.mode,
      r.gameCode,
      r.owner,
      r.roundId,
      r.sessionId,
      r.engine,
      r.currency,
      r.bet,
      r.stake,
      r.betTx,
      r.winTx,
      r.rollbackTx,
      r.nextAttemptAt,
      r.now,
    ]),
  );
  return rows[0];
}

/** Deletes a round whose bet the wallet refused, while it is still 'betting'. */
export async function deleteRefusedRound(db: Db, id: number): Promise<void> {
  await db.deleteFrom('studio_rounds').where('id', '=', id).where('status', '=', 'betting').execute();
}

/** Records a failed delivery on a round still owing something: the attempt count, when to try again and the error. */
export async function scheduleRoundRetry(
  db: Db,
  id: number,
  retry: { attempts: number; nextAttemptAt: Date; lastError: string; updatedAt: Date },
): Promise<void> {
  await db
    .updateTable('studio_rounds')
    .set({
      attempts: retry.attempts,
      next_attempt_at: retry.nextAttemptAt,
      last_error: retry.lastError,
      updated_at: retry.updatedAt,
    })
    .where('id', '=', id)
    .where('status', 'not in', ['closed', 'rolled_back'])
    .execute();
}

/** Turns a round still 'betting' into a rollback owed, with the reason, leased until `nextAttemptAt`. */
export async function markRoundRollingBack(
  db: Db,
  roundId: string,
  lastError: string,
  now: Date,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .updateTable('studio_rounds')
    .set({ status: 'rolling_back', last_error: lastError, updated_at: now, next_attempt_at: nextAttemptAt })
    .where('round_id', '=', roundId)
    .where('status', '=', 'betting')
    .execute();
}

/**
 * Rounds whose bet never heard its answer once the lease of the bet's call passed (the studio
 * stopped between recording the round and the answer): rollbacks owed, due now.
 */
export async function rollBackUnansweredRounds(db: Db, now: Date): Promise<void> {
  await db
    .updateTable('studio_rounds')
    .set({ status: 'rolling_back', last_error: 'no answer to the bet', updated_at: now })
    .where('status', '=', 'betting')
    .where('next_attempt_at', '<=', now)
    .execute();
}

/** Closes a trial round's rollback (no wallet call, no error to clear); true when this call closed it. */
export async function closeTrialRollback(
  db: Db,
  id: number,
  at: { closedAt: Date; updatedAt: Date },
): Promise<boolean> {
  const done = await db
    .updateTable('studio_rounds')
    .set({ status: 'rolled_back', closed_at: at.closedAt, updated_at: at.updatedAt })
    .where('id', '=', id)
    .where('status', '=', 'rolling_back')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Closes a round's rollback once the wallet confirmed it. */
export async function closeRolledBackRound(db: Db, id: number, at: { closedAt: Date; updatedAt: Date }): Promise<void> {
  await db
    .updateTable('studio_rounds')
    .set({ status: 'rolled_back', closed_at: at.closedAt, updated_at: at.updatedAt, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'rolling_back')
    .execute();
}

/** Claims a due round for delivery until `leaseUntil`; true when this call claimed it. */
export async function claimRound(db: Db, id: number, now: Date, leaseUntil: Date): Promise<boolean> {
  const r = await db
    .updateTable('studio_rounds')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('next_attempt_at', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Rounds whose delivery is due, oldest due first: wins and rollbacks owed (a bet without an answer
 * is one by now: rollBackUnansweredRounds), and open rounds (free spins owed) idle since before
 * `abandonedBefore`.
 */
export function dueRounds(db: Db, now: Date, abandonedBefore: Date, limit: number): Promise<RoundRow[]> {
  return db
    .selectFrom('studio_rounds')
    .select(ROUND_COLUMNS)
    .where('status', 'in', ['settling', 'rolling_back', 'open'])
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('status', '!=', 'open'), eb('updated_at', '<', abandonedBefore)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}
