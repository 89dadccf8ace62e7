import { sql } from 'kysely';
import pg from 'pg';
import { afterCommitColumns } from '../db/after-commit';
import type { Conn, DatabaseHandle } from '../db/database';

export type RealtimeEvent = { type: string; data: unknown };
type Listener = (event: RealtimeEvent) => void;

/** The one channel of every realtime event (also used by the ledger_post database function, for vendor calls). */
export const CHANNEL = 'gamehall_events';

/**
 * Cache invalidations (sessions, catalogue, brand): small JSON payloads written by database triggers
 * (migrations 0013 and 0070), never member data. A channel of its own so members' sockets never see them.
 */
export const INVALIDATION_CHANNEL = 'gamehall_invalidations';
type InvalidationListener = (payload: string | null) => void;

/**
 * Back-office events (migration 0032: a cashier queue changed), for operators' sockets only: a
 * channel of its own, so a member's socket never sees them. Payloads name rows, never member data.
 */
export const OPERATOR_CHANNEL = 'gamehall_operator_events';
export type OperatorNotice = Record<string, unknown>;
type OperatorListener = (notice: OperatorNotice) => void;

/**
 * Live chat (modules/chat, docs/chat.md): notices naming a conversation (a message, typing, a read
 * position, a state change). A channel of its own: the chat socket filters them per conversation.
 */
export const CHAT_CHANNEL = 'gamehall_chat';
export type ChatNotice = Record<string, unknown>;
type ChatListener = (notice: ChatNotice) => void;

/**
 * After-commit publishing: the caller's transaction answers the events as after-commit
 * notifications (db/after-commit.ts), which the database layer sends with pg_notify once that
 * transaction has committed and drops if it rolls back, so a subscriber never sees money that was
 * not kept; outside a transaction they go at once. On PostgreSQL every node LISTENs on a dedicated
 * client, so an event reaches the member's sockets on whichever node holds them.
 */
export async function publishAfterCommit(trx: Conn, memberId: number, event: RealtimeEvent): Promise<void> {
  await notifyAfterCommit(trx, [JSON.stringify({ m: memberId, e: event })]);
}

/** Several events in one statement (a posting that touches two members' cash). */
export async function publishAllAfterCommit(
  trx: Conn,
  events: { memberId: number; event: RealtimeEvent }[],
): Promise<void> {
  if (events.length === 0) return;
  await notifyAfterCommit(
    trx,
    events.map((e) => JSON.stringify({ m: e.memberId, e: e.event })),
  );
}

/**
 * One event for every connected member of an audience (a broadcast to everyone, a VIP level, a
 * team): a single notice, after commit like publishAfterCommit. Each node asks the audience's
 * resolver (resolveAudiences) which of ITS connected members belong, in one batched query, so
 * nothing is written or sent per member of the audience.
 */
export async function publishToAudienceAfterCommit(trx: Conn, audience: unknown, event: RealtimeEvent): Promise<void> {
  await notifyAfterCommit(trx, [JSON.stringify({ a: audience, e: event })]);
}

async function notifyAfterCommit(trx: Conn, payloads: string[]): Promise<void> {
  await sql`SELECT ${afterCommitColumns(CHANNEL, sql`${payloads}::text[]`)}`.execute(trx);
}

/** Which of the connected members (ids) an audience notice concerns; see publishToAudienceAfterCommit. */
export type AudienceResolver = (audience: unknown, connected: number[]) => Promise<number[]>;

export type EventBus = {
  /** The same as the exported publishAfterCommit, for callers that hold ctx. */
  publishAfterCommit: typeof publishAfterCommit;
  /** Calls `listener` for every event of this member (from any node) until the returned function is called. */
  subscribe: (memberId: number, listener: Listener) => Promise<() => void>;
  /** Sets the one resolver of audience notices (modules/messages: broadcasts). */
  resolveAudiences: (resolver: AudienceResolver) => void;
  /** Calls `listener` with every notice on OPERATOR_CHANNEL (from any node) until the returned function is called. */
  subscribeOperators: (listener: OperatorListener) => Promise<() => void>;
  /** Calls `listener` with every notice on CHAT_CHANNEL (from any node) until the returned function is called. */
  subscribeChat: (listener: ChatListener) => Promise<() => void>;
  /**
   * Calls `listener` with every payload on INVALIDATION_CHANNEL (from any node, this one included),
   * and with `null` whenever notifications may have been missed (the LISTEN connection dropped):
   * a cache then forgets everything. Starts listening on first use.
   */
  watchInvalidations: (listener: InvalidationListener) => Promise<() => void>;
  /** True while this node receives notifications; a cache that relies on them must not serve otherwise. */
  listening: () => boolean;
  close: () => Promise<void>;
};

/**
 * The member a member event is for, read from the payload's first key without parsing the rest:
 * `{"m":12,...}` as JSON.stringify writes it, `{"m" : 12, ...}` as json_build_object does.
 * Undefined for anything else (an audience event, a malformed payload), which is then parsed whole.
 */
export function memberOfNotice(payload: string): number | undefined {
  const lead = /^\{\s*"m"\s*:\s*(\d{1,15})\s*,/.exec(payload);
  return lead ? Number(lead[1]) : undefined;
}

/** Hands a channel's JSON object payload to its listeners; anything else is dropped. */
function dispatchNotice<T>(payload: string | undefined, listeners: Set<(notice: T) => void>): void {
  if (!payload || listeners.size === 0) return;
  let notice: unknown;
  try {
    notice = JSON.parse(payload);
  } catch {
    return;
  }
  if (!notice || typeof notice !== 'object') return;
  for (const listener of listeners) listener(notice as T);
}

export function createEventBus(database: DatabaseHandle, databaseUrl: string | undefined): EventBus {
  const listeners = new Map<number, Set<Listener>>();
  const watchers = new Set<InvalidationListener>();
  const operatorListeners = new Set<OperatorListener>();
  const chatListeners = new Set<ChatListener>();
  let started: Promise<void> | undefined;
  let closed = false;
  let client: pg.Client | undefined;
  let stopPglite: (() => void) | undefined;
  let pgliteListening = false;
  let audienceResolver: AudienceResolver | undefined;

  function dispatch(payload: string | undefined) {
    if (!payload) return;
    // Every node hears every member's events on the one channel, and most are for members whose
    // sockets are on other nodes (or on none): those are dropped before the JSON is parsed.
    const member = memberOfNotice(payload);
    if (member !== undefined && !listeners.has(member)) return;
    let parsed: { m?: number; a?: unknown; e: RealtimeEvent };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (parsed.a !== undefined) {
      dispatchAudience(parsed.a, parsed.e);
      return;
    }
    for (const listener of listeners.get(parsed.m ?? 0) ?? []) listener(parsed.e);
  }

  // Connected members are checked in batches of this many ids (one query each).
  const AUDIENCE_BATCH = 1_000;

  function dispatchAudience(audience: unknown, event: RealtimeEvent) {
    const resolver = audienceResolver;
    const connected = [...listeners.keys()];
    if (!resolver || connected.length === 0) return;
    void (async () => {
      for (let i = 0; i < connected.length; i += AUDIENCE_BATCH) {
        const members = await resolver(audience, connected.slice(i, i + AUDIENCE_BATCH));
        for (const memberId of members) for (const listener of listeners.get(memberId) ?? []) listener(event);
      }
    })().catch(() => undefined);
  }

  async function addListener<T>(set: Set<(notice: T) => void>, listener: (notice: T) => void) {
    await ensureStarted();
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  function invalidate(payload: string | null) {
    for (const watcher of watchers) watcher(payload);
  }

  // After a drop, tries again every second until the database answers (it may be down for a while:
  // a failed connect emits no 'error', so each failure schedules the next try itself).
  function reconnectLater() {
    if (closed) return;
    setTimeout(() => {
      if (!closed) connectPostgres().catch(reconnectLater);
    }, RECONNECT_MS).unref();
  }

  async function connectPostgres(): Promise<void> {
    // TCP keepalive: a LISTEN connection only receives, so without it a peer that vanished (a
    // failover, a dropped NAT entry) would go unnoticed and the caches would rely on their 5 s bound.
    const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    c.on('notification', (n) => {
      if (n.channel === CHANNEL) dispatch(n.payload);
      else if (n.channel === INVALIDATION_CHANNEL) invalidate(n.payload ?? '');
      else if (n.channel === OPERATOR_CHANNEL) dispatchNotice(n.payload, operatorListeners);
      else if (n.channel === CHAT_CHANNEL) dispatchNotice(n.payload, chatListeners);
    });
    let live = false;
    let dropped = false;
    const drop = () => {
      // The listening connection dropped (server restart): reconnect after a pause. Whatever was
      // notified meanwhile is lost, so caches that rely on the invalidations forget everything.
      if (dropped) return;
      dropped = true;
      if (client === c) client = undefined;
      invalidate(null);
      c.end().catch(() => undefined);
      reconnectLater();
    };
    c.on('error', drop);
    // An orderly end of a connection that was listening is a drop too (not the end of a failed connect).
    c.on('end', () => {
      if (live) drop();
    });
    try {
      await c.connect();
      await c.query(
        `LISTEN ${CHANNEL}; LISTEN ${INVALIDATION_CHANNEL}; LISTEN ${OPERATOR_CHANNEL}; LISTEN ${CHAT_CHANNEL}`,
      );
    } catch (error) {
      dropped = true;
      c.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    live = true;
    // Anything cached before this connection listened may have missed an invalidation.
    invalidate(null);
  }

  function ensureStarted(): Promise<void> {
    started ??= start().catch((error: unknown) => {
      // Let the next subscriber try again instead of failing forever.
      started = undefined;
      throw error;
    });
    return started;
  }

  async function start(): Promise<void> {
    if (database.kind === 'postgres') {
      await connectPostgres();
      return;
    }
    const pglite = database.pglite;
    if (!pglite) return;
    // PGlite is one connection: LISTEN through the serialised handle, then read its notifications.
    // PGlite delivers a notification before the committing statement returns, so on one embedded
    // database an invalidation is seen at once.
    stopPglite = pglite.onNotification((channel, payload) => {
      if (channel === CHANNEL) dispatch(payload);
      else if (channel === INVALIDATION_CHANNEL) invalidate(payload);
      else if (channel === OPERATOR_CHANNEL) dispatchNotice(payload, operatorListeners);
      else if (channel === CHAT_CHANNEL) dispatchNotice(payload, chatListeners);
    });
    await sql.raw(`LISTEN ${CHANNEL}`).execute(database.db);
    await sql.raw(`LISTEN ${INVALIDATION_CHANNEL}`).execute(database.db);
    await sql.raw(`LISTEN ${OPERATOR_CHANNEL}`).execute(database.db);
    await sql.raw(`LISTEN ${CHAT_CHANNEL}`).execute(database.db);
    pgliteListening = !closed;
    // As on PostgreSQL: whatever a cache read before LISTEN may have missed a notification.
    invalidate(null);
  }

  return {
    publishAfterCommit,
    async subscribe(memberId, listener) {
      await ensureStarted();
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
    resolveAudiences(resolver) {
      audienceResolver = resolver;
    },
    subscribeOperators: (listener) => addListener(operatorListeners, listener),
    subscribeChat: (listener) => addListener(chatListeners, listener),
    async watchInvalidations(listener) {
      // Registered before listening starts, so nothing notified after LISTEN is missed.
      watchers.add(listener);
      try {
        await ensureStarted();
      } catch (error) {
        watchers.delete(listener);
        throw error;
      }
      return () => {
        watchers.delete(listener);
      };
    },
    listening() {
      if (closed) return false;
      return database.kind === 'postgres' ? client !== undefined : pgliteListening;
    },
    async close() {
      closed = true;
      pgliteListening = false;
      listeners.clear();
      operatorListeners.clear();
      chatListeners.clear();
      invalidate(null);
      watchers.clear();
      stopPglite?.();
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

/** After the LISTEN connection dropped, how long the bus waits before each try to connect again. */
const RECONNECT_MS = 1_000;

/** After a failed start of the bus, how long a watch waits before it tries again. */
const WATCH_RETRY_MS = 1_000;

export type InvalidationWatch = {
  /** Starts watching if it is not (at most once per WATCH_RETRY_MS after a failed start). */
  ensure: () => void;
  /** True while `listener` is registered and the bus listens: only then may a cache trust itself. */
  live: () => boolean;
};

/**
 * A node-local cache's subscription to invalidations (sessions, the game catalogue): registered on
 * first use, retried after a failed start, and `live()` only while notifications really arrive.
 * While it is not live the cache must read through to the database.
 */
export function invalidationWatch(events: EventBus, listener: InvalidationListener): InvalidationWatch {
  let watching: 'no' | 'starting' | 'yes' = 'no';
  let retryAt = 0;
  return {
    ensure() {
      if (watching !== 'no' || performance.now() < retryAt) return;
      watching = 'starting';
      events.watchInvalidations(listener).then(
        () => {
          watching = 'yes';
        },
        () => {
          watching = 'no';
          retryAt = performance.now() + WATCH_RETRY_MS;
        },
      );
    },
    live: () => watching === 'yes' && events.listening(),
  };
}

/** Whose sessions an invalidation may concern: one member, anyone (a full clear), or nobody. */
export function invalidationConcerns(payload: string | null): number | 'anyone' | 'nobody' {
  if (payload === null) return 'anyone';
  try {
    const parsed = JSON.parse(payload) as { k?: string; m?: unknown };
    // Brand changes concern no session's socket (operator sockets read the brand on each check).
    if (parsed.k === 'catalogue' || parsed.k === 'brand') return 'nobody';
    return parsed.k === 'member' && typeof parsed.m === 'number' ? parsed.m : 'anyone';
  } catch {
    return 'anyone';
  }
}
