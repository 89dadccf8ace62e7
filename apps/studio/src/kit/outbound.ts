import { Counter, register } from 'prom-client';
import type { RoundDeps } from './deps';
import { StudioError } from './errors';
import type { StudioSession } from './sessions';
import {
  type BetCall,
  betRefusal,
  type ResettleCall,
  type RollbackCall,
  type WalletAnswer,
  type WinCall,
} from './wallet-client';

// The one way the studio's money reaches the platform's wallet. A stake (a bet, a buy-in, a top-up)
// the player waits for goes out through sendStake: an OK is the product's to record, a refusal keeps
// nothing, and a stake without an answer is rolled back at once through the deliverer below.
//
// The one deliverer of the money the studio owes the platform's wallet after a bet: every win,
// rollback (refund), cash-out, return and resettle of every product. A product keeps what it owes
// in its own rows, written before the call with the call's transaction id (its outbox); this file
// sends the call, and either hands the wallet's OK to the product to record, or records a retry
// with the attempts, the backoff and the error, and warns. A repeat after a lost answer is the same
// call with the same transaction id, which the wallet answers as before (it is idempotent on it).
//
// Every product's recovery is a pass of deliverDue: it turns the bets that never heard their answer
// into rollbacks owed, claims the due rows for DELIVERY_LEASE_MS (another process's pass leaves them
// alone meanwhile; a process that stops mid-delivery leaves them to the next pass after the lease)
// and delivers each, recording a delivery that threw as a retry, as it records a refusal.

// Deliveries by their outcome, for the operations team (docs/operations.md "Metrics"): mounted in
// the platform's process, the studio's figures are in the node's scrape. Failures that go on are
// money owed to players that has not reached them.
// A second evaluation of this module in one process (a test runner) counts on the first one's metric.
const deliveries =
  (register.getSingleMetric('gamehall_studio_deliveries_total') as Counter<'kind' | 'result'> | undefined) ??
  new Counter({
    name: 'gamehall_studio_deliveries_total',
    help:
      "The house studio's delivery attempts of what it owes the wallet, by kind (win, rollback, resettle) " +
      'and result: delivered, refused (the wallet said no), unanswered (no usable answer), error (the ' +
      'attempt threw: the call, or recording its answer)',
    labelNames: ['kind', 'result'],
  });

/** While a request or a pass delivers a row, every other pass leaves it alone this long. */
export const DELIVERY_LEASE_MS = 30_000;

/** Exponential backoff from 1 s to 5 min between delivery attempts. */
export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.min(attempts, 20), 5 * 60_000);
}

/** The end of a lease taken at `now` (a claim, or a row written for a request to deliver at once). */
export const leaseEnd = (now: Date) => new Date(now.getTime() + DELIVERY_LEASE_MS);

/** A call owed to the wallet. */
export type OwedCall =
  | { kind: 'win'; call: WinCall }
  | { kind: 'rollback'; call: RollbackCall }
  | { kind: 'resettle'; call: ResettleCall };

export type WalletOk = Extract<WalletAnswer, { kind: 'ok' }>;

/** What a failed delivery records on its row: the attempts so far, when to try again, the error. */
export type Retry = { attempts: number; nextAttemptAt: Date; lastError: string };

export type Delivery<T> = {
  call: OwedCall;
  /** The attempts the row has made (the backoff grows with them). */
  attempts: number;
  /** Records the wallet's OK on the product's rows; `now` is when the answer came. */
  ok: (answer: WalletOk, now: Date) => Promise<T>;
  /**
   * Records a failed attempt on the product's row, only while the row still owes the call: an attempt
   * that stalled and fails after another pass was paid changes nothing.
   */
  retry: (retry: Retry) => Promise<void>;
  /** The warning's message and the fields naming the row; none: the product shows what is owed itself. */
  warn?: { message: string; fields: Record<string, unknown> };
};

/** The longest error kept on a row. */
const ERROR_KEPT = 500;

function send(deps: RoundDeps, owed: OwedCall): Promise<WalletAnswer> {
  switch (owed.kind) {
    case 'win':
      return deps.wallet.win(owed.call);
    case 'rollback':
      return deps.wallet.rollback(owed.call);
    case 'resettle':
      return deps.wallet.resettle(owed.call);
  }
}

/**
 * Sends one owed call. On the wallet's OK, answers what the product's `ok` recorded; otherwise (a
 * refusal, or no usable answer) records the retry and answers undefined.
 */
export async function deliverOwed<T>(deps: RoundDeps, d: Delivery<T>): Promise<{ value: T } | undefined> {
  // Each attempt counted once, by how it ended: `error` when it threw (the call, or recording its
  // answer), whichever way it was started (a request or a recovery pass).
  let result = 'error';
  try {
    const answer = await send(deps, d.call);
    const now = deps.now();
    if (answer.kind === 'ok') {
      const value = await d.ok(answer, now);
      result = 'delivered';
      return { value };
    }
    result = answer.kind === 'refused' ? 'refused' : 'unanswered';
    const error = answer.kind === 'refused' ? answer.status : answer.error;
    await d.retry(retryAfter(now, d.attempts, error));
    if (d.warn) deps.log.warn({ ...d.warn.fields, error }, d.warn.message);
    return undefined;
  } finally {
    deliveries.inc({ kind: d.call.kind, result });
  }
}

/** The retry a row records after `attempts` attempts and this failure at `now`. */
export function retryAfter(now: Date, attempts: number, error: string): Retry {
  return {
    attempts: attempts + 1,
    nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
    lastError: error.slice(0, ERROR_KEPT),
  };
}

export type DeliveryCounts = { delivered: number; failed: number };

/** A product's outbox, as one pass over it sees it. */
export type DuePass<K> = {
  /** First: rows that never heard their wallet answer become rollbacks owed. */
  sweep?: (now: Date) => Promise<unknown>;
  /** The due rows, claimed until `leaseUntil`; none: the pass is over. */
  claim: (now: Date, leaseUntil: Date) => Promise<readonly K[]>;
  /** Delivers one claimed row; true once the row owes nothing more. */
  deliver: (key: K) => Promise<boolean>;
  /**
   * Records a delivery that threw (the database lost mid-way) as a retry on its row; without it
   * the row waits out its claim's lease.
   */
  failed?: (key: K, error: string) => Promise<void>;
  /** How many rows of a claim are delivered at once (a claim never holds two that go in order). */
  parallel?: number;
  /** After each claim's deliveries: what the product records in batches is written by now. */
  settle?: () => Promise<void>;
  /** Claims again after a claim that delivered something (a delivered row may free the next one). */
  untilIdle?: boolean;
};

/**
 * One pass over a product's outbox: `sweep` first, then the due rows claimed until the lease's end
 * and delivered, `parallel` at a time. A delivery that throws counts as failed and is recorded by
 * `failed`; the other rows go on.
 */
export async function deliverDue<K>(deps: RoundDeps, pass: DuePass<K>): Promise<DeliveryCounts> {
  const counts = { delivered: 0, failed: 0 };
  const first = deps.now();
  if (pass.sweep) await pass.sweep(first);
  for (let now = first; ; now = deps.now()) {
    const queue = [...(await pass.claim(now, leaseEnd(now)))];
    if (queue.length === 0) return counts;
    let delivered = 0;
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        if (await deliverOne(deps, pass, key)) delivered++;
        else counts.failed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(pass.parallel ?? 1, queue.length) }, worker));
    await pass.settle?.();
    counts.delivered += delivered;
    if (!pass.untilIdle || delivered === 0) return counts;
  }
}

async function deliverOne<K>(deps: RoundDeps, pass: DuePass<K>, key: K): Promise<boolean> {
  try {
    return await pass.deliver(key);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    deps.log.warn({ err }, 'studio: delivery failed, will retry');
    try {
      await pass.failed?.(key, error);
    } catch (recordErr) {
      // The row keeps its claim: the pass after the lease tries it again.
      deps.log.warn({ err: recordErr }, 'studio: delivery retry not recorded');
    }
    return false;
  }
}

/** The wallet bet of a stake in a game session (the player's game token authorises it). */
export function sessionStake(
  session: Pick<StudioSession, 'vendor' | 'player' | 'gameCode' | 'currency'>,
  token: string,
  stake: { roundId: string; transactionId: string; amount: number },
): BetCall {
  return {
    vendor: session.vendor,
    token,
    player: session.player,
    gameCode: session.gameCode,
    currency: session.currency,
    ...stake,
  };
}

/** How a stake ended: taken (the wallet's OK), refused (nothing taken), or unanswered (rolled back). */
export type StakeAnswer =
  | { kind: 'ok'; answer: WalletOk }
  | { kind: 'refused'; error: StudioError; status: string; balance: number }
  | { kind: 'unanswered'; error: string };

/**
 * A stake the player waits for, once the product wrote it (with the call's transaction id and a
 * lease, so a stop before the answer leaves it to the pass to roll back). A definite refusal took
 * nothing: `refused` records it (most products delete the row). No usable answer may or may not have
 * taken the stake: `unanswered` turns the row into a rollback owed and `rollBack` delivers it at once
 * (a rollback of a bet the wallet never took is answered OK and refuses that bet if it arrives late).
 */
export async function sendStake(
  deps: RoundDeps,
  s: {
    call: BetCall;
    refused: (refusal: { error: StudioError; status: string; balance: number }) => Promise<void>;
    unanswered: (error: string) => Promise<void>;
    rollBack: () => Promise<unknown>;
  },
): Promise<StakeAnswer> {
  const answer = await deps.wallet.bet(s.call);
  if (answer.kind === 'ok') return { kind: 'ok', answer };
  if (answer.kind === 'refused') {
    const refusal = { error: betRefusal(answer), status: answer.status, balance: answer.balance };
    await s.refused(refusal);
    return { kind: 'refused', ...refusal };
  }
  const error = answer.error.slice(0, ERROR_KEPT);
  await s.unanswered(error);
  await s.rollBack();
  return { kind: 'unanswered', error };
}

/** sendStake for a player waiting on one stake: answers the OK, or throws what the player reads. */
export async function takeStake(deps: RoundDeps, s: Parameters<typeof sendStake>[1]): Promise<WalletOk> {
  const sent = await sendStake(deps, s);
  if (sent.kind === 'ok') return sent.answer;
  throw sent.kind === 'refused' ? sent.error : new StudioError('STUDIO_WALLET_UNAVAILABLE');
}
