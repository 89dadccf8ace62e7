import type { Kysely, Transaction } from 'kysely';
import type { StudioDatabase } from '../../kit/db/schema';
import type { RoundDeps } from '../../kit/deps';
import { type DeliveryCounts, deliverDue, deliverOwed, retryAfter } from '../../kit/outbound';
import { creditDemo, lockTrialBalance } from '../../kit/sessions';
import { payout, systemPayout } from '../model/bets';
import { builderPayout, isBuilderBet } from '../model/builder';
import type { Outcome } from '../types';
import { type ExposureColumns, upsertExposure } from './bets.queries';
import {
  type AnsweredMove,
  claimDueMoves,
  clearShortfallsBefore,
  type DeliveryMove,
  donePaymentsBefore,
  dueMovesAmong,
  insertMoveRows,
  legOutcomesOf,
  lockMove,
  markBetRefused,
  moveToDeliver,
  postponeMove,
  recordMoveDone,
  recordMovesDone,
  setMovePrice,
  staleStakes,
} from './moves.queries';
import { roundDetail } from './round-detail';
import { FEED_CORRECTION_REASON } from './views';

// The book's wallet moves after a bet's stake: a settlement's win (0 for a loss, closing the round),
// a cash-out (a win; a partial one leaves the round open), a correction (the resettle call, signed)
// and a rollback (a stake the book gave back). Each is a row with its transaction id, written in the
// same database transaction that changed the bet, so its amount never changes after: a delivery that
// gets no answer is retried with the same id and the wallet's idempotency makes a repeat harmless.
// A bet's moves go out in the order they were written (a partial cash-out's win before the
// settlement that closes the round, a settlement before its corrections). Trial bets move the
// session's demo balance instead.

type Db = Kysely<StudioDatabase> | Transaction<StudioDatabase>;

export type MoveKind = 'rollback' | 'win' | 'cash' | 'fix';

/** Whose bet: one player in one mode (legs and sockets are keyed by it). */
export const ownerOf = (b: { vendor: string; player: string; mode: string }) => `${b.vendor}:${b.player}:${b.mode}`;

/**
 * Whose stakes count together against the player limits (studio_sb_legs.owner): the player in one
 * mode, whichever vendor code launched the book. Several vendor codes may open this one book (the
 * platform's house sportsbook vendors), and a member who bets through two of them is still one
 * player of it, with one stake factor.
 */
export const stakerOf = (b: { player: string; mode: string }) => `${b.player}:${b.mode}`;

export const betTx = (betId: string) => `sb:${betId}:bet`;

export function moveTx(betId: string, kind: MoveKind, n?: number): string {
  return n === undefined ? `sb:${betId}:${kind}` : `sb:${betId}:${kind}:${n}`;
}

export type NewMove = {
  betRowId: number;
  transactionId: string;
  kind: MoveKind;
  amount: number;
  /** A correction: the payout it brings the bet to (its amount is priced when first sent). */
  target?: number;
  /** A settlement's win: the bet's valid bet when less than its stake (settlement.ts betValidBet). */
  validBet?: number;
  roundClosed: boolean;
  reason?: string | null;
  now: Date;
};

/**
 * The move's `target` column: a correction's target payout, or the valid bet a settlement's win
 * declares (kept with the win's amount, so a retry sends the same call).
 */
export const moveTarget = (move: NewMove): number | null =>
  (move.kind === 'fix' ? move.target : move.kind === 'win' ? move.validBet : undefined) ?? null;

export async function insertMove(trx: Db, move: NewMove): Promise<void> {
  await insertMoves(trx, [move]);
}

export async function insertMoves(trx: Db, moves: NewMove[]): Promise<void> {
  if (moves.length === 0) return;
  await insertMoveRows(
    trx,
    moves.map((move) => ({
      bet_id: move.betRowId,
      kind: move.kind,
      transaction_id: move.transactionId,
      amount: move.amount,
      target: moveTarget(move),
      priced: move.kind !== 'fix',
      round_closed: move.roundClosed,
      reason: move.reason ?? null,
      status: 'due' as const,
      taken: null,
      uncollected: 0,
      attempts: 0,
      next_attempt_at: move.now,
      last_error: null,
      done_at: null,
    })),
  );
}

// ---- exposure (liability) ----

export type ExposureEntry = { marketId: number; selection: string; stake: number; payout: number; bets: number };

/**
 * What a bet adds to each of its legs' selections: its open stake and what it pays if that selection
 * wins. Trial bets risk no money of the book's, so they add nothing.
 *
 * The rule (docs/sportsbook.md "Liability"): a market's liability is what the book loses on it at
 * worst, every other leg assumed to win. A single pays its potential payout. A multiple or system
 * bet pays what its legs' outcomes so far and every leg still open winning would pay (`payoutIfOpenWin`):
 * its potential payout until a leg settles, less after a void, push or half leg, nothing once a leg
 * lost (a multiple) or too many did (a system bet). Grading a leg moves the bet's payout on every
 * selection of its legs to that (settlement.ts), so a dead multiple no longer counts against the
 * markets of its other legs. The bet's open stake counts on each leg's market: the book keeps it
 * whichever way that market goes unless the bet wins.
 */
export function exposureOf(
  bet: { open_stake: number; potential_payout: number; mode: string },
  legs: { market_id: number; selection: string }[],
  sign: 1 | -1,
  payoutNow = bet.potential_payout,
): ExposureEntry[] {
  if (bet.mode !== 'real') return [];
  return legs.map((l) => ({
    marketId: l.market_id,
    selection: l.selection,
    stake: sign * bet.open_stake,
    payout: sign * payoutNow,
    bets: sign,
  }));
}

/** What a bet's open stake pays if every leg without an outcome wins (its legs in order). */
export function payoutIfOpenWin(
  bet: { kind: string; size: number | null; combinations: number; open_stake: number; potential_payout: number },
  legs: { odds1000: number; outcome: string | null; event_id: string }[],
): number {
  if (legs.every((l) => l.outcome === null)) return bet.potential_payout;
  if (isBuilderBet(bet.kind, legs)) {
    return builderPayout(
      bet.open_stake,
      bet.potential_payout,
      legs.map((l) => l.outcome as Outcome | null),
    );
  }
  const settled = legs.map((l) => ({ odds1000: l.odds1000, outcome: (l.outcome ?? 'win') as Outcome }));
  if (bet.kind === 'system' && bet.size !== null) {
    return systemPayout(Math.floor(bet.open_stake / bet.combinations), settled, bet.size);
  }
  return payout(bet.open_stake, settled);
}

/**
 * Exposure entries merged per market and selection, one array a column (bets.queries.ts upserts
 * them in one statement), in one order so two transactions never wait on each other's rows crosswise.
 */
export function exposureParams(entries: ExposureEntry[]): ExposureColumns {
  const merged = new Map<string, ExposureEntry>();
  for (const e of entries) {
    const key = `${e.marketId}/${e.selection}`;
    const m = merged.get(key);
    if (m) {
      m.stake += e.stake;
      m.payout += e.payout;
      m.bets += e.bets;
    } else merged.set(key, { ...e });
  }
  const sorted = [...merged.values()]
    .filter((e) => e.stake !== 0 || e.payout !== 0 || e.bets !== 0)
    .sort((a, b) => a.marketId - b.marketId || a.selection.localeCompare(b.selection));
  return [
    sorted.map((e) => e.marketId),
    sorted.map((e) => e.selection),
    sorted.map((e) => e.stake),
    sorted.map((e) => e.payout),
    sorted.map((e) => e.bets),
  ];
}

export async function applyExposure(trx: Db, entries: ExposureEntry[]): Promise<void> {
  const params = exposureParams(entries);
  if (params[0].length === 0) return;
  await upsertExposure(trx, params);
}

/**
 * Refuses a bet that had not yet counted (in the caller's transaction): its exposure is released and,
 * when its stake was or may have been taken, a rollback gives it back.
 */
export async function refuseBet(
  trx: Db,
  bet: {
    id: number;
    bet_id: string;
    kind: string;
    size: number | null;
    combinations: number;
    open_stake: number;
    potential_payout: number;
    status: string;
    mode: string;
  },
  refusal: string,
  stakeMayBeTaken: boolean,
  now: Date,
): Promise<boolean> {
  if ((await markBetRefused(trx, bet.id, bet.status as 'betting' | 'pending', refusal, now)) !== 1) return false;
  const legs = await legOutcomesOf(trx, bet.id);
  await applyExposure(trx, exposureOf(bet, legs, -1, payoutIfOpenWin(bet, legs)));
  if (stakeMayBeTaken) {
    await insertMove(trx, {
      betRowId: bet.id,
      transactionId: moveTx(bet.bet_id, 'rollback'),
      kind: 'rollback',
      amount: bet.open_stake,
      roundClosed: true,
      reason: refusal,
      now,
    });
  }
  return true;
}

// ---- delivery ----

/**
 * Fixes a correction's amount before it is first sent: the payout it brings the bet to, less what
 * the bet's settlement and earlier corrections really moved (a debit counts what it took). So a
 * debit the cash could not cover is netted against a later credit instead of paid again, and the
 * shortfall it left is carried by this move alone. A correction that leaves nothing to move is done
 * without a call. Earlier moves of the bet are all done here (moves go out in order).
 */
async function priceCorrection(
  deps: RoundDeps,
  moveId: number,
  betRowId: number,
  now: Date,
): Promise<number | 'nothing'> {
  return deps.db.transaction().execute(async (trx) => {
    const move = await lockMove(trx, moveId);
    if (move.priced) return move.amount;
    const earlier = await donePaymentsBefore(trx, betRowId, moveId);
    const paid = earlier.reduce((t, e) => t + (e.amount < 0 ? -(e.taken ?? -e.amount) : e.amount), 0);
    const amount = (move.target ?? 0) - paid;
    // What is still owed is this move's to collect (or to pay): the earlier shortfalls are in it.
    await clearShortfallsBefore(trx, betRowId, moveId);
    await setMovePrice(trx, moveId, amount, amount === 0 ? now : null);
    return amount === 0 ? 'nothing' : amount;
  });
}

export type MoveDone = { betRowId: number; owner: string; balance: number | null };

/** A wallet move the wallet answered: recorded done (one at a time, or with others in one statement). */
type RecordDone = (answered: AnsweredMove) => Promise<void>;

const recordOne =
  (deps: RoundDeps): RecordDone =>
  async (a) => {
    await recordMoveDone(deps.db, a);
  };

/** Delivers one move if it is still due; what it did (or undefined when it could not, to retry). */
export async function deliverMove(deps: RoundDeps, moveId: number): Promise<MoveDone | undefined> {
  const m = await moveToDeliver(deps.db, moveId);
  if (m?.status !== 'due') return undefined;
  return deliverLoaded(deps, m, recordOne(deps));
}

async function deliverLoaded(deps: RoundDeps, m: DeliveryMove, record: RecordDone): Promise<MoveDone | undefined> {
  const owner = ownerOf(m);
  const now = deps.now();
  if (!m.priced) {
    const priced = await priceCorrection(deps, m.id, m.bet_id, now);
    if (priced === 'nothing') return { betRowId: m.bet_id, owner, balance: null };
    m.amount = priced;
  }
  if (m.mode === 'trial') {
    return deps.db.transaction().execute(async (trx) => {
      const held = await lockTrialBalance(trx, m.session_id);
      // A debit takes what the demo balance holds, as the wallet does with cash.
      const taken = m.amount < 0 ? Math.min(held, -m.amount) : null;
      const closed = await recordMoveDone(trx, {
        id: m.id,
        taken,
        uncollected: taken === null ? 0 : -m.amount - taken,
        at: now,
      });
      if (closed !== 1) return undefined;
      const delta = taken === null ? m.amount : -taken;
      return { betRowId: m.bet_id, owner, balance: await creditDemo(trx, m.session_id, delta) };
    });
  }
  // The bet as it is now rides with a win or a correction, for the member's records.
  const detail = m.kind === 'rollback' ? null : await roundDetail(deps.db, m.bet_id);
  const withDetail = detail ? { detail } : {};
  const delivered = await deliverOwed(deps, {
    call:
      m.kind === 'rollback'
        ? {
            kind: 'rollback',
            call: {
              vendor: m.vendor,
              player: m.player,
              roundId: m.round_id,
              transactionId: m.transaction_id,
              rollbackTransactionId: m.bet_tx,
            },
          }
        : m.kind === 'fix'
          ? {
              kind: 'resettle',
              call: {
                vendor: m.vendor,
                player: m.player,
                gameCode: m.game_code,
                roundId: m.round_id,
                transactionId: m.transaction_id,
                amount: m.amount,
                currency: m.currency,
                reason: m.reason ?? FEED_CORRECTION_REASON,
                ...withDetail,
              },
            }
          : {
              kind: 'win',
              call: {
                vendor: m.vendor,
                player: m.player,
                gameCode: m.game_code,
                roundId: m.round_id,
                transactionId: m.transaction_id,
                betTransactionId: m.bet_tx,
                amount: m.amount,
                currency: m.currency,
                roundClosed: m.round_closed,
                ...(m.kind === 'win' && m.target !== null ? { validBet: m.target } : {}),
                ...withDetail,
              },
            },
    attempts: m.attempts,
    ok: async (answer) => {
      // A debit's answer says what the cash gave; one without it took the whole amount.
      const taken = m.amount < 0 ? Math.min(-m.amount, Math.max(0, answer.taken ?? -m.amount)) : null;
      await record({ id: m.id, taken, uncollected: taken === null ? 0 : -m.amount - taken, at: now });
      return { betRowId: m.bet_id, owner, balance: answer.balance };
    },
    retry: (r) => postponeMove(deps.db, m.id, r.attempts, r.nextAttemptAt, r.lastError),
    warn: { message: 'studio: sportsbook delivery failed, will retry', fields: { transactionId: m.transaction_id } },
  });
  return delivered?.value;
}

/** Moves claimed per pass, and delivered at once (each a different bet's: never two of one bet). */
const CLAIM = 500;
const PARALLEL = 8;
/** Answered moves recorded done together, in one statement (and at the end of each claim). */
const RECORD_BATCH = 50;

/**
 * Claims and delivers the due moves whose bet has nothing earlier still due (of one bet, or all),
 * through the kit's deliverer; the claim keeps another process's pass off them while this one
 * delivers. The claimed moves are read in one query, and the answered ones recorded done
 * RECORD_BATCH at a time; every answered move of a claim is recorded before the next claim, so a
 * bet's next move is never claimed before the one ahead of it is recorded. (A stop between an
 * answer and its record leaves the move due: it is sent again after the claim's lease, with its
 * transaction id, which the wallet answers as before.)
 */
export function deliverDueMoves(
  deps: RoundDeps,
  onDone: (done: MoveDone) => void,
  only?: { betRowId: number },
): Promise<DeliveryCounts> {
  let answered: { a: AnsweredMove; done: MoveDone }[] = [];
  const flush = async () => {
    const batch = answered;
    answered = [];
    if (batch.length === 0) return;
    await recordMovesDone(
      deps.db,
      batch.map((x) => x.a),
    );
    for (const x of batch) onDone(x.done);
  };
  return deliverDue(deps, {
    claim: async (now, leaseUntil) => {
      const claimed = await claimDueMoves(deps.db, now, leaseUntil, CLAIM, only);
      if (claimed.length === 0) return [];
      return dueMovesAmong(
        deps.db,
        claimed.map((r) => Number(r.id)).sort((a, b) => a - b),
      );
    },
    deliver: async (m) => {
      let held: AnsweredMove | undefined;
      const done = await deliverLoaded(deps, m, async (a) => {
        held = a;
      });
      if (!done) return false;
      // Moves done without a wallet answer (trial, a correction with nothing left) are recorded already.
      if (held) {
        answered.push({ a: held, done });
        if (answered.length >= RECORD_BATCH) await flush();
      } else onDone(done);
      return true;
    },
    failed: (m, error) => {
      const r = retryAfter(deps.now(), m.attempts, error);
      return postponeMove(deps.db, m.id, r.attempts, r.nextAttemptAt, r.lastError);
    },
    parallel: PARALLEL,
    settle: flush,
    // A delivered move may have freed the next one of its bet: claim again, until nothing moves.
    untilIdle: true,
  });
}

/**
 * Bets whose stake's wallet call was never answered (the studio stopped between the call and its
 * record, or the wallet went silent) are refused and their stake rolled back, once the call's lease
 * has passed.
 */
export async function recoverStakes(deps: RoundDeps): Promise<number> {
  const now = deps.now();
  const stale = await staleStakes(deps.db, now, 500);
  let n = 0;
  for (const b of stale) {
    const refused = await deps.db
      .transaction()
      .execute((trx) => refuseBet(trx, b, 'STUDIO_WALLET_UNAVAILABLE', true, now));
    if (refused) n++;
  }
  return n;
}
