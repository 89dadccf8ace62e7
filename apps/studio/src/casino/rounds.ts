import { randomUUID } from 'node:crypto';
import type { StudioDb } from '../kit/db/database';
import type { RoundStatus } from '../kit/db/schema';
import type { RoundDeps } from '../kit/deps';
import { StudioError } from '../kit/errors';
import { createFairRng } from '../kit/fair/fair-rng';
import { ensureActiveSeed } from '../kit/fair/player-seeds';
import { engineKindOf, isTableEngine } from '../kit/game-map';
import { deliverDue, deliverOwed, leaseEnd, type Retry, retryAfter, sessionStake, takeStake } from '../kit/outbound';
import { creditDemo, debitDemo, type StudioSession, trialBalance } from '../kit/sessions';
import { type AnyEngine, instantEngineFor } from './engine-registry';
import {
  claimRound,
  closeRolledBackRound,
  closeRound,
  closeTrialRollback,
  deleteRefusedRound,
  dueRounds,
  loadRound,
  markRoundRollingBack,
  openRoundRow,
  ownerHistory,
  type RoundRow,
  recordRoundRow,
  revealedSeedOf,
  revealedSeeds,
  rollBackUnansweredRounds,
  scheduleRoundRetry,
  serverSeedOf,
  type WrittenRound,
  writeOwedStep,
  writePaidStep,
} from './rounds.queries';

// One round of an instant game: debit the stake through the wallet API, play the engine on the
// provably fair stream, credit the win. The round row is written before the bet leaves, so a crash at
// any point leaves a row the recovery loop (recovery.ts) can finish: a bet without a known answer is
// rolled back, a win that did not arrive is retried with the same transactionId until it does.

/**
 * The columns a new player bet starts with in any ledger (instant rounds, crash, tables, lottery):
 * the session's wallet identity, the three transaction ids (derived from the bet's wallet round id,
 * so every retry repeats the same ones), and status 'betting' with a delivery lease covering the
 * bet's own wallet call.
 */
export function newBetColumns(roundId: string, session: StudioSession, now: Date) {
  return {
    session_id: session.id,
    mode: session.mode,
    vendor: session.vendor,
    player: session.player,
    game_code: session.gameCode,
    currency: session.currency,
    win: 0,
    status: 'betting' as const,
    bet_tx: `${roundId}:bet`,
    win_tx: `${roundId}:win`,
    rollback_tx: `${roundId}:rollback`,
    attempts: 0,
    next_attempt_at: leaseEnd(now),
  };
}

export type StepView = { step: number; outcome: unknown; win: number };
export type RoundView = {
  roundId: string;
  vendor: string;
  gameCode: string;
  engine: string;
  mode: 'real' | 'trial';
  currency: string;
  bet: unknown;
  stake: number;
  win: number;
  steps: StepView[];
  pendingSteps: number;
  status: RoundStatus;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Present once the seed has been rotated: the round can then be verified. */
  serverSeed: string | null;
  createdAt: string;
};

export type PlayAnswer = { round: RoundView; balance: number; winPending: boolean };

export function roundView(row: RoundRow, serverSeed: string | null): RoundView {
  return {
    roundId: row.round_id,
    vendor: row.vendor,
    gameCode: row.game_code,
    engine: row.engine,
    mode: row.mode,
    currency: row.currency,
    bet: row.bet,
    stake: row.stake,
    win: row.win,
    steps: row.steps as StepView[],
    pendingSteps: row.pending_steps,
    status: row.status,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    serverSeed,
    createdAt: row.created_at.toISOString(),
  };
}

function engineOf(session: Pick<StudioSession, 'vendor' | 'gameCode'>): AnyEngine {
  const found = instantEngineFor({ vendor: session.vendor, gameCode: session.gameCode });
  if (!found) throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.notRoundGame);
  return found.engine;
}

function parseBet(engine: AnyEngine, input: unknown): { bet: unknown; stake: number } {
  try {
    const bet = engine.parseBet(input);
    const stake = engine.stake(bet);
    if (!Number.isSafeInteger(stake) || stake <= 0) throw new Error('stake');
    return { bet, stake };
  } catch (err) {
    const detail = (err as { detail?: unknown }).detail;
    throw new StudioError('STUDIO_BAD_BET', detail, typeof detail === 'string' ? (w) => w.badBet(detail) : undefined);
  }
}

export async function viewOf(db: StudioDb, row: RoundRow): Promise<RoundView> {
  return roundView(row, await revealedSeedOf(db, row.seed_id));
}

const writtenView = (row: WrittenRound): RoundView => roundView(row, row.revealed_seed);

/** The round in progress (free spins owed) of this session's game, if any. */
export async function openRoundOf(db: StudioDb, session: StudioSession): Promise<RoundView | undefined> {
  const row = await openRoundRow(db, session, session.gameCode);
  return row ? viewOf(db, row) : undefined;
}

type NewRound = {
  roundId: string;
  engine: string;
  bet: unknown;
  stake: number;
  now: Date;
};

/** The recorded round's row id, and the seed pair and nonce it took. */
type RecordedRound = {
  id: number;
  seed: { seedId: number; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
};

/**
 * Records a new round in one statement: refused while the owner has an open round of this game,
 * else the next nonce of the owner's active seed is taken and the round written with it ('betting').
 * Answers 'open' for an open round, undefined when the owner has no active seed yet.
 */
async function recordRound(
  db: StudioDb,
  session: StudioSession,
  round: NewRound,
): Promise<RecordedRound | 'open' | undefined> {
  const c = newBetColumns(round.roundId, session, round.now);
  const r = await recordRoundRow(db, {
    vendor: c.vendor,
    player: c.player,
    mode: c.mode,
    gameCode: c.game_code,
    owner: session.owner,
    roundId: round.roundId,
    sessionId: c.session_id,
    engine: round.engine,
    currency: c.currency,
    bet: JSON.stringify(round.bet),
    stake: round.stake,
    betTx: c.bet_tx,
    winTx: c.win_tx,
    rollbackTx: c.rollback_tx,
    nextAttemptAt: c.next_attempt_at,
    now: round.now,
  });
  if (!r || r.open) return r?.open ? 'open' : undefined;
  if (r.id === null || r.seed_id === null || r.nonce === null) return undefined;
  return {
    id: r.id,
    seed: {
      seedId: r.seed_id,
      serverSeed: r.server_seed ?? '',
      serverSeedHash: r.server_seed_hash ?? '',
      clientSeed: r.client_seed ?? '',
      nonce: r.nonce,
    },
  };
}

/** recordRound, creating the owner's first seed pair when there is none yet. */
async function recordRoundWithSeed(db: StudioDb, session: StudioSession, round: NewRound): Promise<RecordedRound> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const recorded = await recordRound(db, session, round);
    if (recorded === 'open') throw new StudioError('STUDIO_ROUND_IN_PROGRESS');
    if (recorded) return recorded;
    await ensureActiveSeed(db, session.owner);
  }
  throw new Error('no active seed');
}

/** Starts a round: debit, play the paid step, and settle when nothing more is owed. */
export async function playRound(
  deps: RoundDeps,
  session: StudioSession,
  token: string,
  betInput: unknown,
): Promise<PlayAnswer> {
  // A LIVE code plays only on its table's shared timeline (tables.ts): an instant round would let a
  // direct API caller pick their own moment and skip the betting phase every other player keeps to.
  if (isTableEngine(engineKindOf(session))) throw new StudioError('STUDIO_LIVE_TABLE_ONLY');
  const engine = engineOf(session);
  const { bet, stake } = parseBet(engine, betInput);
  const roundId = randomUUID();
  const now = deps.now();
  // Recovery rolls back a bet still 'betting' after the lease (the studio stopped mid-call).
  const round: NewRound = { roundId, engine: engine.info.kind, bet, stake, now };

  let recorded: RecordedRound;
  let balance: number;
  if (session.mode === 'trial') {
    // The demo balance is the studio's own: record the round and debit it in one transaction.
    [recorded, balance] = await deps.db.transaction().execute(async (trx) => {
      const r = await recordRoundWithSeed(trx, session, round);
      return [r, await debitDemo(trx, session.id, stake, now)] as const;
    });
  } else {
    const written = await recordRoundWithSeed(deps.db, session, round);
    recorded = written;
    const answer = await takeStake(deps, {
      call: sessionStake(session, token, { roundId, transactionId: `${roundId}:bet`, amount: stake }),
      refused: () => deleteRefusedRound(deps.db, written.id),
      unanswered: (error) => markRollingBack(deps.db, roundId, error, now),
      rollBack: () => deliverRollback(deps, roundId),
    });
    balance = answer.balance;
  }

  // The paid step, from step 0 of the round's fair stream.
  const { seed } = recorded;
  const rng = createFairRng(seed.serverSeed, seed.clientSeed, seed.nonce, 0);
  const result = engine.play(bet, rng);
  const steps: StepView[] = [{ step: 0, outcome: result.outcome, win: result.win }];
  const pending = result.pendingSteps;
  const played = await writePaidStep(deps.db, recorded.id, {
    steps: JSON.stringify(steps),
    state: result.state === undefined ? null : JSON.stringify(result.state),
    win: result.win,
    pendingSteps: pending,
    status: pending > 0 ? 'open' : 'settling',
    updatedAt: deps.now(),
  });
  if (!played) throw new StudioError('STUDIO_ROUND_NOT_FOUND');

  return finishStep(deps, played, async () => balance);
}

/** Plays the next owed step (a free spin) of the session's open round. */
export async function continueRound(deps: RoundDeps, session: StudioSession, roundId: string): Promise<PlayAnswer> {
  const row = await loadRound(deps.db, roundId);
  if (!row || row.vendor !== session.vendor || row.player !== session.player || row.mode !== session.mode) {
    throw new StudioError('STUDIO_ROUND_NOT_FOUND');
  }
  if (row.status !== 'open' || row.pending_steps <= 0)
    throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.noStepLeft);
  const played = await playOwedStep(deps, row);
  const fresh = played ?? (await writtenRound(deps.db, roundId));
  if (!fresh) throw new StudioError('STUDIO_ROUND_NOT_FOUND');
  return finishStep(deps, fresh, () =>
    session.mode === 'trial' ? trialBalance(deps.db, session.id) : realBalance(deps, session),
  );
}

/** The round and its revealed seed, read (when no update of this request wrote it). */
async function writtenRound(db: StudioDb, roundId: string): Promise<WrittenRound | undefined> {
  const row = await loadRound(db, roundId);
  return row ? { ...row, revealed_seed: await revealedSeedOf(db, row.seed_id) } : undefined;
}

async function realBalance(deps: RoundDeps, session: StudioSession): Promise<number> {
  const answer = await deps.wallet.balance(session.vendor, { token: session.token, player: session.player });
  return answer.kind === 'ok' ? answer.balance : -1;
}

/**
 * One owed step, guarded so two requests (or a request and the sweep) never play the same step twice.
 * Answers the row as written, or undefined when another caller played that step first.
 */
async function playOwedStep(deps: RoundDeps, row: RoundRow): Promise<WrittenRound | undefined> {
  const engine = engineOf({ vendor: row.vendor, gameCode: row.game_code });
  if (!engine.playPending) throw new Error(`engine ${engine.info.kind} owes steps but cannot play them`);
  const steps = row.steps as StepView[];
  const stepIndex = steps.length;
  const serverSeed = await serverSeedOf(deps.db, row.seed_id);
  const rng = createFairRng(serverSeed, row.client_seed, row.nonce, stepIndex);
  const result = engine.playPending(row.bet, row.state, rng);
  const pending = result.pendingSteps;
  return writeOwedStep(deps.db, row.id, stepIndex, {
    steps: JSON.stringify([...steps, { step: stepIndex, outcome: result.outcome, win: result.win }]),
    state: result.state === undefined ? null : JSON.stringify(result.state),
    win: row.win + result.win,
    pendingSteps: pending,
    status: pending > 0 ? 'open' : 'settling',
    nextAttemptAt: leaseEnd(deps.now()),
    updatedAt: deps.now(),
  });
}

/**
 * After a step: settle the round if nothing more is owed, then answer the player. The win's answer
 * carries the balance; `balanceNow` is asked only when there is no such answer.
 */
async function finishStep(deps: RoundDeps, row: WrittenRound, balanceNow: () => Promise<number>): Promise<PlayAnswer> {
  if (row.status === 'settling') {
    const settled = await settle(deps, row);
    if (settled) {
      const fresh = settled.row ?? (await writtenRound(deps.db, row.round_id)) ?? row;
      return { round: writtenView(fresh), balance: settled.balance, winPending: false };
    }
    return { round: writtenView(row), balance: await balanceNow(), winPending: true };
  }
  return { round: writtenView(row), balance: await balanceNow(), winPending: false };
}

/**
 * Delivers the round's total win (one win call closing the round, even for 0, so the platform's
 * round closes). Answers the balance after, or undefined when the delivery must be retried later.
 */
export async function settleRound(deps: RoundDeps, row: RoundRow): Promise<number | undefined> {
  return (await settle(deps, row))?.balance;
}

/** settleRound, with the closed row when this call closed it. */
async function settle(
  deps: RoundDeps,
  row: RoundRow,
): Promise<{ balance: number; row: WrittenRound | undefined } | undefined> {
  const now = deps.now();
  if (row.mode === 'trial') {
    return deps.db.transaction().execute(async (trx) => {
      const closed = await closeRound(trx, row.id, now);
      const credit = closed ? row.win : 0;
      return { balance: await creditDemo(trx, row.session_id, credit), row: closed };
    });
  }
  return deliverOwed(deps, {
    call: {
      kind: 'win',
      call: {
        vendor: row.vendor,
        player: row.player,
        gameCode: row.game_code,
        roundId: row.round_id,
        transactionId: row.win_tx,
        betTransactionId: row.bet_tx,
        amount: row.win,
        currency: row.currency,
        roundClosed: true,
      },
    },
    attempts: row.attempts,
    ok: async (answer, at) => ({ balance: answer.balance, row: await closeRound(deps.db, row.id, at) }),
    retry: (retry) => scheduleRetry(deps, row.id, retry),
    warn: { message: 'studio: win not delivered, will retry', fields: { roundId: row.round_id } },
  }).then((delivered) => delivered?.value);
}

async function scheduleRetry(deps: RoundDeps, id: number, retry: Retry): Promise<void> {
  await scheduleRoundRetry(deps.db, id, { ...retry, updatedAt: deps.now() });
}

async function markRollingBack(db: StudioDb, roundId: string, error: string, now: Date): Promise<void> {
  await markRoundRollingBack(db, roundId, error.slice(0, 500), now, leaseEnd(now));
}

/** Sends the round's rollback; true once the platform confirmed it. */
export async function deliverRollback(deps: RoundDeps, roundId: string): Promise<boolean> {
  const row = await loadRound(deps.db, roundId);
  if (row?.status !== 'rolling_back') return true;
  if (row.mode === 'trial') {
    // A trial round left unfinished by a stopped process: give the demo stake back, never the wallet.
    await deps.db.transaction().execute(async (trx) => {
      const done = await closeTrialRollback(trx, row.id, { closedAt: deps.now(), updatedAt: deps.now() });
      if (done) await creditDemo(trx, row.session_id, row.stake);
    });
    return true;
  }
  const delivered = await deliverOwed(deps, {
    call: {
      kind: 'rollback',
      call: {
        vendor: row.vendor,
        player: row.player,
        roundId: row.round_id,
        transactionId: row.rollback_tx,
        rollbackTransactionId: row.bet_tx,
      },
    },
    attempts: row.attempts,
    ok: (_answer, at) => closeRolledBackRound(deps.db, row.id, { closedAt: at, updatedAt: at }),
    retry: (retry) => scheduleRetry(deps, row.id, retry),
    warn: { message: 'studio: rollback not delivered, will retry', fields: { roundId: row.round_id } },
  });
  return delivered !== undefined;
}

// ---- recovery (used by the retry loop and the sweep in recovery.ts) ----

export type RecoveryCounts = {
  winsDelivered: number;
  rollbacksDelivered: number;
  roundsCompleted: number;
  failed: number;
};

/**
 * One pass of recovery: deliver due wins, roll back bets without an answer, and auto-complete
 * rounds abandoned for longer than `abandonAfterMs` (their owed steps played, the win delivered).
 */
export async function recoverRounds(
  deps: RoundDeps,
  options: { abandonAfterMs: number; limit?: number },
): Promise<RecoveryCounts> {
  const counts: RecoveryCounts = { winsDelivered: 0, rollbacksDelivered: 0, roundsCompleted: 0, failed: 0 };
  const limit = options.limit ?? 50;
  const pass = await deliverDue(deps, {
    sweep: (now) => rollBackUnansweredRounds(deps.db, now),
    claim: async (now, leaseUntil) => {
      const due = await dueRounds(deps.db, now, new Date(now.getTime() - options.abandonAfterMs), limit);
      const claimed: RoundRow[] = [];
      // The claim (a lease) keeps two loops or nodes off the same round.
      for (const row of due) if (await claimRound(deps.db, row.id, now, leaseUntil)) claimed.push(row);
      return claimed;
    },
    deliver: async (row) => {
      if (row.status === 'rolling_back') {
        const done = await deliverRollback(deps, row.round_id);
        if (done) counts.rollbacksDelivered++;
        return done;
      }
      if (row.status === 'open') {
        // Abandoned free spins: play every owed step (the same fair stream steps the player would have had).
        let current: RoundRow | undefined = row;
        while (current && current.status === 'open') {
          await playOwedStep(deps, current);
          current = await loadRound(deps.db, row.round_id);
        }
        counts.roundsCompleted++;
      }
      const fresh = await loadRound(deps.db, row.round_id);
      if (fresh?.status !== 'settling') return true;
      const paid = (await settleRound(deps, fresh)) !== undefined;
      if (paid) counts.winsDelivered++;
      return paid;
    },
    failed: (row, error) => scheduleRetry(deps, row.id, retryAfter(deps.now(), row.attempts, error)),
  });
  counts.failed = pass.failed;
  return counts;
}

/** The owner's latest rounds, newest first. */
export async function historyOf(db: StudioDb, session: StudioSession, limit: number): Promise<RoundView[]> {
  const rows = await ownerHistory(db, session, limit);
  const seedIds = [...new Set(rows.map((r) => r.seed_id))];
  const revealed = new Map<number, string>();
  if (seedIds.length) {
    const seeds = await revealedSeeds(db, seedIds);
    for (const s of seeds) revealed.set(s.id, s.server_seed);
  }
  return rows.map((r) => roundView(r, revealed.get(r.seed_id) ?? null));
}

/** A round by its public id (the verifier's "pick a past round"). */
export async function publicRound(db: StudioDb, roundId: string): Promise<RoundView> {
  const row = await loadRound(db, roundId);
  if (!row || row.status === 'betting') throw new StudioError('STUDIO_ROUND_NOT_FOUND');
  return viewOf(db, row);
}
