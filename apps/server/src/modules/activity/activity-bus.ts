/**
 * The rewards engine: activity events in, programmes fed
 * exactly once per (event, programme).
 *
 * Producers: nothing to call. Each fact writes its activity_events row by a trigger on the table
 * that records it, in the fact's own transaction (migration 0034 lists them): registration,
 * login, deposit (credited), withdrawal.requested, withdrawal.paid, round.settled (a closed
 * vendor round: its bet is the valid bet of docs/agents.md, with win, game type and vendor),
 * transfer, and (migration 0095) bank_account.bound and payee.named.
 *
 * Consumers (programmes): each module exports its consumer and the composition root registers
 * them all (activity-consumers.ts, from buildApp); the worker (startActivityWorker, started by
 * main.ts) feeds every registered consumer. A consumer is a value like this:
 *
 *   export const pointsConsumer: ActivityConsumer = {
 *     name: 'points',                       // stable and unique: the key of its records
 *     kinds: ['round.settled'],             // the events it wants; others pass it by
 *     async handle(trx, event, ctx) { ... } // runs inside the engine's transaction
 *     async handleBatch(trx, events, ctx) { ... } // optional: a batch's new events at once
 *   };
 *
 * Guarantees: `handle` runs inside the transaction that also inserts the consumption records
 * (rewards_consumptions, primary key (consumer, event); one statement a batch, and only the events
 * it newly records are handed over) and moves the consumer's cursor, so its writes commit together
 * with "these events were consumed by this consumer". A replay (the cursor
 * set back, a rerun after a crash) or a second node finds the record and skips the event; two
 * nodes never hold one consumer's cursor at once (FOR UPDATE SKIP LOCKED: the second one skips).
 * Money moves in `handle` go through ledger.post with an idempotency key made from the event id
 * as a second guard. Events are handed over in commit-safe order: only events whose writing
 * transaction is older than every transaction still running are read (pg_snapshot_xmin), in
 * (txid, id) order, so an event committed late with a low id is never jumped over. A `handle` that
 * throws rolls its batch back and stops that consumer until the next run (others go on); it
 * must be a bug or a passing failure, never a business refusal (record those as data).
 *
 * Keeping up with the bet path (lag p99 under 2 s at the vendor bench's
 * saturating rate): a consumer of frequent kinds may also give `handleBatch`, which gets the batch's
 * new events in the order `handle` would get them and must leave exactly what `handle` on each in
 * turn leaves (same rows, same postings, same keys), only with fewer round trips (one read and one
 * write per member or programme row instead of per event). On PostgreSQL the worker runs the
 * consumers of a pass side by side, each in its own transactions and connection (a pool share, see
 * startActivityWorker); PGlite is one connection, so there they run one after the other.
 */
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import * as q from './activity.queries';
import './activity.tables';

export type ActivityKind =
  | 'registration'
  | 'login'
  | 'deposit'
  | 'withdrawal.requested'
  | 'withdrawal.paid'
  | 'round.settled'
  | 'transfer'
  | 'bank_account.bound'
  | 'payee.named';

export const ACTIVITY_KINDS: readonly ActivityKind[] = [
  'registration',
  'login',
  'deposit',
  'withdrawal.requested',
  'withdrawal.paid',
  'round.settled',
  'transfer',
  'bank_account.bound',
  'payee.named',
];

/**
 * One fact. `amount` in minor units: the deposit, the withdrawal, the round's bet (valid bet),
 * the transfer; 0 for registration and login. `data` by kind:
 * registration { referrerId, uplineId, ip }, login { area, ip }, deposit { firstDeposit, method },
 * round.settled { win, gameType, vendor, gameCode }, transfer { type }, bank_account.bound
 * { bankAccountId }, payee.named {} (migration 0095: the risk module's identity keys).
 */
export type ActivityEvent = {
  id: number;
  kind: ActivityKind;
  memberId: number;
  amount: number;
  currency: string | null;
  reference: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
};

export interface ActivityConsumer {
  /** Stable and unique; its consumption records and cursor are kept under it. */
  name: string;
  kinds: readonly ActivityKind[];
  handle: (trx: Trx, event: ActivityEvent, ctx: AppContext) => Promise<void>;
  /**
   * Optional: the batch's events of `kinds` that this consumer had not consumed yet, in (txid, id)
   * order, never empty. Must do exactly what `handle` on each of them in turn does.
   */
  handleBatch?: (trx: Trx, events: ActivityEvent[], ctx: AppContext) => Promise<void>;
}

const consumers = new Map<string, ActivityConsumer>();

/** Adds (or replaces, by name) a consumer the engine feeds. */
export function registerActivityConsumer(consumer: ActivityConsumer): void {
  consumers.set(consumer.name, consumer);
}

/** Removes a consumer (tests that register one of their own). */
export function unregisterActivityConsumer(name: string): void {
  consumers.delete(name);
}

export function activityConsumers(): ActivityConsumer[] {
  return [...consumers.values()];
}

function eventOf(row: q.EventRow): ActivityEvent {
  return {
    id: Number(row.id),
    kind: row.kind as ActivityKind,
    memberId: Number(row.member_id),
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    createdAt: new Date(row.created_at),
  };
}

export type BatchResult = { read: number; handled: number; locked: boolean };

/**
 * Records the events as consumed by `consumer` in one statement; the ones it had not consumed yet,
 * in their order (a replay or a second node finds the others recorded).
 */
async function recordConsumed(trx: Trx, consumer: string, events: ActivityEvent[]): Promise<ActivityEvent[]> {
  if (events.length === 0) return [];
  const fresh = new Set(
    await q.insertConsumptions(
      trx,
      consumer,
      events.map((e) => e.id),
    ),
  );
  return events.filter((e) => fresh.has(e.id));
}

/** One batch of one consumer in one transaction (see the header for the guarantees). */
export async function consumeBatch(ctx: AppContext, consumer: ActivityConsumer, limit = 500): Promise<BatchResult> {
  return ctx.db.transaction().execute(async (trx) => {
    await q.ensureCursor(trx, consumer.name);
    const cursor = await q.lockCursor(trx, consumer.name);
    if (!cursor) return { read: 0, handled: 0, locked: true };
    const rows = await q.eventsAfter(trx, cursor, limit);
    const wanted = rows.map(eventOf).filter((event) => consumer.kinds.includes(event.kind));
    const fresh = await recordConsumed(trx, consumer.name, wanted);
    if (fresh.length > 0) {
      if (consumer.handleBatch) await consumer.handleBatch(trx, fresh, ctx);
      else for (const event of fresh) await consumer.handle(trx, event, ctx);
    }
    const last = rows.at(-1);
    if (last) await q.moveCursor(trx, consumer.name, { txid: last.txid, id: Number(last.id) });
    return { read: rows.length, handled: fresh.length, locked: false };
  });
}

/** Feeds one consumer until it has caught up (or another node holds it); events handled. */
export async function consumeActivity(ctx: AppContext, consumer: ActivityConsumer, limit = 500): Promise<number> {
  let handled = 0;
  for (;;) {
    const batch = await consumeBatch(ctx, consumer, limit);
    handled += batch.handled;
    if (batch.locked || batch.read < limit) return handled;
  }
}

/**
 * How many consumers a pass runs side by side: on PostgreSQL a quarter of the pool (at least one),
 * so the worker never takes the connections the requests need; PGlite is one connection, so one.
 */
export function activityLanes(ctx: AppContext): number {
  if (ctx.database.kind !== 'postgres') return 1;
  return Math.max(1, Math.ceil(ctx.config.dbPoolSize / 4));
}

/**
 * Feeds every registered consumer, `lanes` at a time (default activityLanes), each in its own
 * transactions; one that fails is reported and the others still run.
 */
export async function runActivityConsumers(
  ctx: AppContext,
  lanes = activityLanes(ctx),
): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  const failures: unknown[] = [];
  const queue = activityConsumers();
  const lane = async () => {
    for (let consumer = queue.shift(); consumer; consumer = queue.shift()) {
      try {
        done[consumer.name] = await consumeActivity(ctx, consumer);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  if (failures.length > 0) throw failures[0];
  return done;
}

/**
 * Events past a consumer's cursor (committed ones, any kind): how far behind it is. An event whose
 * transaction is younger than a transaction still running waits for it (see the header), so a
 * consumer that just ran can still be behind by the events of the last moments.
 */
export async function activityBacklog(ctx: AppContext, name: string): Promise<number> {
  return q.countPastCursor(ctx.db, name);
}

/** Feeds a consumer until nothing committed is left behind its cursor (tests, tools). */
export async function drainActivity(ctx: AppContext, consumer: ActivityConsumer, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await consumeActivity(ctx, consumer);
    if ((await activityBacklog(ctx, consumer.name)) === 0) return;
    if (Date.now() > until) throw new Error(`activity consumer ${consumer.name} did not catch up`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Whether a pass of the registered consumers could find anything: one read, where a pass is a
 * transaction per consumer that locks its cursor. True when a consumer has no cursor yet or when
 * an event that a pass would read (the same visibility rule as consumeBatch) lies past the lowest
 * cursor, even if it belongs to a kind nobody wants: the pass still moves the cursors over it.
 */
export async function activityWaiting(ctx: AppContext): Promise<boolean> {
  const names = activityConsumers().map((c) => c.name);
  if (names.length === 0) return false;
  return q.eventsWaiting(ctx.db, names);
}

/** Sets a consumer's cursor back to the start: the next run replays every event (and skips them). */
export async function rewindConsumer(ctx: AppContext, name: string): Promise<void> {
  await q.rewindCursor(ctx.db, name);
}

export type ActivityWorker = { stop: () => Promise<void> };

/**
 * The engine's worker (main.ts starts one per node): feeds every consumer (activityLanes side by
 * side), then again `gatherMs` after a pass that handled something, otherwise after `idleMs`.
 * Events are rewarded within about `idleMs` of their commit instead of waiting for the scheduler's tick; nodes need no lock between them
 * (each consumer's cursor row is taken with SKIP LOCKED). A failing pass is logged and retried
 * after ten pauses, so a consumer with a bug does not flood the log.
 */
export function startActivityWorker(
  ctx: AppContext,
  options: { idleMs?: number; gatherMs?: number; log?: (err: unknown) => void } = {},
): ActivityWorker {
  const idleMs = options.idleMs ?? 500;
  // After a pass that found work, events are left to gather for a moment: every pass pays a
  // transaction, a cursor lock and a read per consumer, so under a steady bet stream fewer, larger
  // batches leave more of the machine to the bets, at a cost of this much lag.
  const gatherMs = options.gatherMs ?? Math.min(250, idleMs);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
      timer.unref();
    });
  const loop = (async () => {
    while (!stopped) {
      let handled = 0;
      let failed = false;
      try {
        // An idle site costs one read per pause instead of a locking transaction per consumer.
        const done = (await activityWaiting(ctx)) ? await runActivityConsumers(ctx) : {};
        handled = Object.values(done).reduce((sum, n) => sum + n, 0);
      } catch (err) {
        failed = true;
        options.log?.(err);
      }
      if (!stopped) await pause(failed ? idleMs * 10 : handled === 0 ? idleMs : gatherMs);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
