import { sql } from 'kysely';
import pg from 'pg';
import type { Conn, DatabaseHandle } from '../db/database';

export type RealtimeEvent = { type: string; data: unknown };
type Listener = (event: RealtimeEvent) => void;

/** The one channel of every realtime event (also used by the ledger_post database function). */
export const CHANNEL = 'gamehall_events';

/**
 * After-commit publishing: events are written with pg_notify inside the caller's transaction.
 * PostgreSQL (and PGlite) deliver a NOTIFY only when that transaction commits and drop it on
 * rollback, so a subscriber never sees money that was not kept. On PostgreSQL every node LISTENs
 * on a dedicated client, so an event reaches the member's sockets on whichever node holds them.
 */
export async function publishAfterCommit(trx: Conn, memberId: number, event: RealtimeEvent): Promise<void> {
  await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ m: memberId, e: event })})`.execute(trx);
}

/** Several events in one statement (a posting that touches two members' cash). */
export async function publishAllAfterCommit(
  trx: Conn,
  events: { memberId: number; event: RealtimeEvent }[],
): Promise<void> {
  if (events.length === 0) return;
  const calls = events.map((e) => sql`pg_notify(${CHANNEL}, ${JSON.stringify({ m: e.memberId, e: e.event })})`);
  await sql`SELECT ${sql.join(calls)}`.execute(trx);
}

export type EventBus = {
  /** The same as the exported publishAfterCommit, for callers that hold ctx. */
  publishAfterCommit: typeof publishAfterCommit;
  /** Calls `listener` for every event of this member (from any node) until the returned function is called. */
  subscribe: (memberId: number, listener: Listener) => Promise<() => void>;
  close: () => Promise<void>;
};

export function createEventBus(database: DatabaseHandle, databaseUrl: string | undefined): EventBus {
  const listeners = new Map<number, Set<Listener>>();
  let started: Promise<void> | undefined;
  let closed = false;
  let client: pg.Client | undefined;
  let stopPglite: (() => void) | undefined;

  function dispatch(payload: string | undefined) {
    if (!payload) return;
    let parsed: { m: number; e: RealtimeEvent };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    for (const listener of listeners.get(parsed.m) ?? []) listener(parsed.e);
  }

  async function connectPostgres(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (n) => {
      if (n.channel === CHANNEL) dispatch(n.payload);
    });
    c.on('error', () => {
      // The listening connection dropped (server restart): reconnect after a pause.
      if (client === c) client = undefined;
      c.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connectPostgres().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
  }

  async function start(): Promise<void> {
    if (database.kind === 'postgres') {
      await connectPostgres();
      return;
    }
    const pglite = database.pglite;
    if (!pglite) return;
    // PGlite is one connection: LISTEN through the serialised handle, then read its notifications.
    stopPglite = pglite.onNotification((channel, payload) => {
      if (channel === CHANNEL) dispatch(payload);
    });
    await sql.raw(`LISTEN ${CHANNEL}`).execute(database.db);
  }

  return {
    publishAfterCommit,
    async subscribe(memberId, listener) {
      started ??= start().catch((error: unknown) => {
        // Let the next subscriber try again instead of failing forever.
        started = undefined;
        throw error;
      });
      await started;
      let set = listeners.get(memberId);
      if (!set) {
        set = new Set();
        listeners.set(memberId, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(memberId);
        current?.delete(listener);
        if (current?.size === 0) listeners.delete(memberId);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      stopPglite?.();
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
