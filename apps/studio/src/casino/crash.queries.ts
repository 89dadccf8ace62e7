import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  StudioCrashBetsTable,
  StudioCrashChainsTable,
  StudioCrashRoundsTable,
  StudioDatabase,
} from '../kit/db/schema';
import type { StudioSession } from '../kit/sessions';

// The crash game's hash chains (studio_crash_chains), shared rounds (studio_crash_rounds) and
// player bets (studio_crash_bets; their delivery statements are the shared ledgers', bets.queries.ts).

type Db = Kysely<StudioDatabase>;
type Owner = Pick<StudioSession, 'vendor' | 'player' | 'mode'>;

/** A crash round as the game reads it: every column but when its row was written. */
export type CrashRoundRow = Omit<Selectable<StudioCrashRoundsTable>, 'created_at'>;

const ROUND_COLUMNS = [
  'id',
  'chain_id',
  'chain_index',
  'round_hash',
  'previous_hash',
  'crash_point',
  'phase',
  'betting_ends_at',
  'started_at',
  'crash_at',
  'crashed_at',
] as const;

// ---- chains

/** A chain's secret seed, length and salt (what its hashes are computed from). */
export function chainSeed(db: Db, chainId: number) {
  return db
    .selectFrom('studio_crash_chains')
    .select(['seed', 'length', 'salt'])
    .where('id', '=', chainId)
    .executeTakeFirstOrThrow();
}

/** The latest chain whose seed is not revealed yet. */
export function latestUnrevealedChain(db: Db) {
  return db
    .selectFrom('studio_crash_chains')
    .select(['id', 'used', 'length'])
    .where('revealed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function revealChain(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('studio_crash_chains').set({ revealed_at: now }).where('id', '=', id).execute();
}

export function insertChain(db: Db, chain: Insertable<StudioCrashChainsTable>) {
  return db
    .insertInto('studio_crash_chains')
    .values(chain)
    .returning(['id', 'used', 'length'])
    .executeTakeFirstOrThrow();
}

/** Takes the chain's hash at `index` for a new round; true when this call took it. */
export async function takeChainIndex(db: Db, chainId: number, index: number): Promise<boolean> {
  const taken = await db
    .updateTable('studio_crash_chains')
    .set({ used: index + 1 })
    .where('id', '=', chainId)
    .where('used', '=', index)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

// ---- rounds

export function currentCrashRound(db: Db): Promise<CrashRoundRow | undefined> {
  return db.selectFrom('studio_crash_rounds').select(ROUND_COLUMNS).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertCrashRound(db: Db, round: Insertable<StudioCrashRoundsTable>): Promise<void> {
  await db.insertInto('studio_crash_rounds').values(round).execute();
}

/** Starts a round still betting, with its start and crash times. */
export async function startCrashRound(db: Db, id: number, startedAt: Date, crashAt: Date): Promise<void> {
  await db
    .updateTable('studio_crash_rounds')
    .set({ phase: 'running', started_at: startedAt, crash_at: crashAt })
    .where('id', '=', id)
    .where('phase', '=', 'betting')
    .execute();
}

/** Marks a running round crashed at `crashedAt`. */
export async function markCrashed(db: Db, id: number, crashedAt: Date): Promise<void> {
  await db
    .updateTable('studio_crash_rounds')
    .set({ phase: 'crashed', crashed_at: crashedAt })
    .where('id', '=', id)
    .where('phase', '=', 'running')
    .execute();
}

/**
 * Locks the round row while it is still betting (a no-op write), so the loop cannot start it under
 * the caller's transaction; true while it is betting.
 */
export async function lockBettingCrashRound(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('studio_crash_rounds')
    .set({ phase: 'betting' })
    .where('id', '=', id)
    .where('phase', '=', 'betting')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The latest crashed rounds, newest first. */
export function crashHistory(db: Db, limit: number) {
  return db
    .selectFrom('studio_crash_rounds')
    .select(['id', 'crash_point', 'round_hash'])
    .where('phase', '=', 'crashed')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---- bets

/** Writes a bet; a second bet of the player on the round fails with the unique violation. */
export async function insertCrashBet(db: Db, bet: Insertable<StudioCrashBetsTable>): Promise<void> {
  await db.insertInto('studio_crash_bets').values(bet).execute();
}

/** The round's open bets whose auto cash-out is at or below `reached`. */
export function reachedAutoCashouts(db: Db, roundId: number, reached: number) {
  return db
    .selectFrom('studio_crash_bets')
    .select(['id', 'amount', 'auto_cashout'])
    .where('crash_round_id', '=', roundId)
    .where('status', '=', 'open')
    .where('auto_cashout', '<=', reached)
    .execute();
}

/** Settles every bet of the round still open as lost (a zero win), due for delivery at once. */
export async function loseOpenCrashBets(db: Db, roundId: number, now: Date): Promise<void> {
  await db
    .updateTable('studio_crash_bets')
    .set({ status: 'settling', win: 0, cashout: null, next_attempt_at: now })
    .where('crash_round_id', '=', roundId)
    .where('status', '=', 'open')
    .execute();
}

/** Settles an open bet (open → settling) with its cash-out and win; false when it was already settled. */
export async function settleOpenCrashBet(
  db: Db,
  id: number,
  s: { cashout: number | null; win: number; cashedOutAt: Date | null },
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('studio_crash_bets')
    .set({ status: 'settling', cashout: s.cashout, win: s.win, cashed_out_at: s.cashedOutAt, next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The owner's bet on the round. */
export function ownerCrashBet(db: Db, roundId: number, owner: Owner) {
  return db
    .selectFrom('studio_crash_bets')
    .select(['id', 'bet_id', 'amount', 'auto_cashout', 'status'])
    .where('crash_round_id', '=', roundId)
    .where('vendor', '=', owner.vendor)
    .where('player', '=', owner.player)
    .where('mode', '=', owner.mode)
    .executeTakeFirst();
}

/** One bet by its wallet round id, or the owner's latest bets past their bet's answer (newest first). */
export function crashBets(db: Db, by: { betId: string } | { owner: Owner; limit: number }) {
  const q = db
    .selectFrom('studio_crash_bets')
    .select(['bet_id', 'crash_round_id', 'amount', 'auto_cashout', 'cashout', 'win', 'status']);
  return (
    'betId' in by
      ? q.where('bet_id', '=', by.betId)
      : q
          .where('vendor', '=', by.owner.vendor)
          .where('player', '=', by.owner.player)
          .where('mode', '=', by.owner.mode)
          .where('status', '!=', 'betting')
          .orderBy('id', 'desc')
          .limit(by.limit)
  ).execute();
}

/** The round's bets every page sees (accepted, not rolled back), in the order placed. */
export function shownCrashBets(db: Db, roundId: number) {
  return db
    .selectFrom('studio_crash_bets')
    .select(['player', 'amount', 'currency', 'cashout', 'win', 'status'])
    .where('crash_round_id', '=', roundId)
    .where('status', 'not in', ['betting', 'rolling_back', 'rolled_back'])
    .orderBy('id')
    .limit(200)
    .execute();
}
