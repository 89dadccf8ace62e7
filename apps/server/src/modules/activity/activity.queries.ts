import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';

// SQL of the rewards engine (engine.ts, migration 0034): consumer cursors, activity events and
// consumption records. txid is xid8, read and written as text.

/** An activity_events row as the engine reads it (pg and PGlite parse some columns differently). */
export type EventRow = {
  id: number | string;
  txid: string;
  kind: string;
  member_id: number | string;
  amount: number | string;
  currency: string | null;
  reference: string | null;
  data: Record<string, unknown> | string;
  created_at: Date | string;
};

/**
 * Records the events as consumed by `consumer` in one statement; the ids it had not recorded yet
 * (a replay or a second node finds the others recorded).
 */
export async function insertConsumptions(trx: Trx, consumer: string, eventIds: number[]): Promise<number[]> {
  // The ids as one array literal: one parameter whatever the batch size, on pg and on PGlite alike.
  const ids = `{${eventIds.join(',')}}`;
  const recorded = (
    await sql<{ event_id: number | string }>`
      INSERT INTO rewards_consumptions (consumer, event_id)
      SELECT ${consumer}, id FROM unnest(${ids}::bigint[]) AS id
      ON CONFLICT (consumer, event_id) DO NOTHING
      RETURNING event_id`.execute(trx)
  ).rows;
  return recorded.map((r) => Number(r.event_id));
}

/** A consumer's cursor row, made at its first run (it starts before every event). */
export async function ensureCursor(trx: Trx, consumer: string): Promise<void> {
  await trx
    .insertInto('rewards_consumer_cursors')
    .values({ consumer })
    .onConflict((oc) => oc.column('consumer').doNothing())
    .execute();
}

/** Takes the consumer's cursor for this transaction; undefined when another node holds it (SKIP LOCKED). */
export async function lockCursor(trx: Trx, consumer: string) {
  return (
    await sql<{ last_txid: string; last_id: number | string }>`
      SELECT last_txid::text AS last_txid, last_id FROM rewards_consumer_cursors
      WHERE consumer = ${consumer} FOR UPDATE SKIP LOCKED`.execute(trx)
  ).rows[0];
}

/**
 * Up to `limit` events past the cursor, in (txid, id) order, written by transactions older than
 * every one still running (pg_snapshot_xmin), so an event committed late is never jumped over.
 */
export async function eventsAfter(
  trx: Trx,
  cursor: { last_txid: string; last_id: number | string },
  limit: number,
): Promise<EventRow[]> {
  return (
    await sql<EventRow>`
      SELECT e.id, e.txid::text AS txid, e.kind, e.member_id, e.amount, e.currency, e.reference, e.data, e.created_at
      FROM activity_events e
      WHERE (e.txid, e.id) > (${cursor.last_txid}::xid8, ${cursor.last_id}::bigint)
        AND e.txid < pg_snapshot_xmin(pg_current_snapshot())
      -- Qualified: a bare "txid" here would sort by the text column of the select list ('1002'
      -- before '757'), and the cursor would jump over events whenever txids gain a digit.
      ORDER BY e.txid, e.id
      LIMIT ${limit}`.execute(trx)
  ).rows;
}

/** Moves the consumer's cursor to the last event of its batch. */
export async function moveCursor(trx: Trx, consumer: string, last: { txid: string; id: number }): Promise<void> {
  await sql`
    UPDATE rewards_consumer_cursors SET last_txid = ${last.txid}::xid8, last_id = ${last.id}, updated_at = now()
    WHERE consumer = ${consumer}`.execute(trx);
}

/** Events past a consumer's cursor (committed ones, any kind); all of them when it has no cursor yet. */
export async function countPastCursor(db: Conn, consumer: string): Promise<number> {
  const row = (
    await sql<{ n: string | number }>`
      SELECT count(*) AS n FROM activity_events e
      LEFT JOIN rewards_consumer_cursors c ON c.consumer = ${consumer}
      WHERE (e.txid, e.id) > (coalesce(c.last_txid, '0'::xid8), coalesce(c.last_id, 0))`.execute(db)
  ).rows[0];
  return Number(row?.n ?? 0);
}

/**
 * Whether one of these (non-empty) consumers has no cursor yet or a readable event lies past the
 * lowest of their cursors (the visibility rule of eventsAfter).
 */
export async function eventsWaiting(db: Conn, consumers: string[]): Promise<boolean> {
  const row = (
    await sql<{ waiting: boolean }>`
      WITH c AS (
        SELECT last_txid, last_id FROM rewards_consumer_cursors WHERE consumer IN (${sql.join(consumers)})
      )
      SELECT (SELECT count(*) FROM c) < ${consumers.length} OR EXISTS (
        SELECT 1 FROM activity_events e,
          (SELECT last_txid, last_id FROM c ORDER BY last_txid, last_id LIMIT 1) low
        WHERE (e.txid, e.id) > (low.last_txid, low.last_id)
          AND e.txid < pg_snapshot_xmin(pg_current_snapshot())
      ) AS waiting`.execute(db)
  ).rows[0];
  return row?.waiting === true;
}

/** Sets a consumer's cursor back to the start. */
export async function rewindCursor(db: Conn, consumer: string): Promise<void> {
  await sql`UPDATE rewards_consumer_cursors SET last_txid = '0'::xid8, last_id = 0 WHERE consumer = ${consumer}`.execute(
    db,
  );
}

/** Past this many waiting events a consumer's count stops: the figure is for alerting, not a census. */
export const LAG_COUNT_CAP = 100_000;

/**
 * Each consumer's backlog: the events past its cursor (any kind, committed or not yet visible, up to
 * LAG_COUNT_CAP) and when the first of them was written; both through the (txid, id) index.
 */
export async function consumerLag(db: Conn, consumers: string[]) {
  const { rows } = await sql<{ consumer: string; waiting: string | number; oldest: Date | string | null }>`
    SELECT c.name AS consumer,
      (SELECT count(*) FROM (
         SELECT 1 FROM activity_events e
         WHERE (e.txid, e.id) > (coalesce(k.last_txid, '0'::xid8), coalesce(k.last_id, 0))
         LIMIT ${LAG_COUNT_CAP}) w) AS waiting,
      (SELECT e.created_at FROM activity_events e
         WHERE (e.txid, e.id) > (coalesce(k.last_txid, '0'::xid8), coalesce(k.last_id, 0))
         ORDER BY e.txid, e.id LIMIT 1) AS oldest
    FROM unnest(${consumers}::text[]) AS c(name)
    LEFT JOIN rewards_consumer_cursors k ON k.consumer = c.name`.execute(db);
  return rows.map((r) => ({ consumer: r.consumer, waiting: Number(r.waiting), oldest: r.oldest }));
}
