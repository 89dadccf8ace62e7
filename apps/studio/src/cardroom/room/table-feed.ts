import { randomUUID } from 'node:crypto';
import type { StudioDb } from '../../kit/db/database';
import type { RoundDeps } from '../../kit/deps';
import { StudioError } from '../../kit/errors';
import { engineKindOf } from '../../kit/game-map';
import { holdLease, releaseLeases } from '../../kit/lease';
import { type StudioSession, sessionOf } from '../../kit/sessions';
import { deliverDueTransfers } from './money';
import { markPagesSeen } from './seats.queries';
import { tablesWithActivity, tableVersions } from './tables.queries';

// What the card room's tables share whatever the game (room.ts for Hold'em, tongits-room.ts): the
// session check, the feed of the players' pages (each page's view on every change, and the "seen"
// time of the seats whose sockets this process holds), and the clock's pass over a game's tables
// under their leases.

const LEASE_MS = 5000;
/** A lease held is renewed once this old, well inside LEASE_MS, not on every pass (4 a second). */
const LEASE_RENEW_MS = 1000;
/** How often the clock delivers owed wallet calls (cash-outs, rollbacks). */
const DELIVERY_EVERY_MS = 2000;

/** The session of a card table call: a game session of a tile that opens the card room (game-map.ts). */
export async function pvpSessionOf(db: StudioDb, token: string | undefined): Promise<StudioSession> {
  const s = await sessionOf(db, token);
  if (engineKindOf({ vendor: s.vendor, gameCode: s.gameCode }) !== 'cardroom') {
    throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.notPvpRoom);
  }
  return s;
}

/**
 * The clock of one game's tables in this process: owed wallet calls delivered (every 2 s, or every
 * pass when the clock is driven by hand), then each table with someone seated takes its lease
 * 'pvp:<table>' (lease.ts) and, where this process leads, its step (`takeover`: it was not leading
 * before, so a hand left by another process gets a whole turn again).
 */
export class TableClock {
  readonly #holder = randomUUID();
  readonly #leading = new Set<string>();
  /** When this process last renewed each lease it leads. */
  readonly #renewedAt = new Map<string, number>();
  #lastDelivery = 0;

  constructor(
    private readonly deps: RoundDeps,
    private readonly game: 'holdem' | 'tongits',
    private readonly everyPass: boolean,
  ) {}

  /**
   * One pass; answers whether any table of the game has someone seated or waiting. `advance` learns
   * what the table has: someone seated (or buying in), players on its waiting list (lobby.ts), and
   * the table row's version (each change of the table adds one).
   */
  async pass(
    advance: (
      tableId: string,
      takeover: boolean,
      has: { seated: boolean; waiting: boolean; version: number },
    ) => Promise<void>,
  ): Promise<boolean> {
    const db = this.deps.db;
    const now = this.deps.now();
    if (now.getTime() - this.#lastDelivery >= DELIVERY_EVERY_MS || this.everyPass) {
      this.#lastDelivery = now.getTime();
      await deliverDueTransfers(this.deps);
    }
    const tables = await tablesWithActivity(db, this.game);
    const active = tables.filter((t) => t.seated || t.waiting);
    const activeIds = new Set(active.map((t) => t.id));
    for (const id of this.#leading) {
      if (activeIds.has(id)) continue;
      this.#leading.delete(id);
      this.#renewedAt.delete(id);
    }
    for (const t of active) {
      const at = this.deps.now();
      const renewed = this.#renewedAt.get(t.id);
      // Renewed under a second ago, the lease has four seconds left: no other process can have it.
      if (!this.#leading.has(t.id) || renewed === undefined || at.getTime() - renewed >= LEASE_RENEW_MS) {
        if (!(await holdLease(db, `pvp:${t.id}`, this.#holder, at, LEASE_MS))) {
          this.#leading.delete(t.id);
          this.#renewedAt.delete(t.id);
          continue;
        }
        this.#renewedAt.set(t.id, at.getTime());
      }
      const takeover = !this.#leading.has(t.id);
      this.#leading.add(t.id);
      const has = { seated: Boolean(t.seated), waiting: Boolean(t.waiting), version: Number(t.version) };
      // One table's failure (a database error mid-step) must not hold up the others' clocks.
      await advance(t.id, takeover, has).catch((err: unknown) =>
        this.deps.log.warn({ err, table: t.id }, 'studio: pvp table step failed'),
      );
    }
    return active.length > 0;
  }

  /** Lets the tables' leases go (the process stops; hands in play stay in the database). */
  async release(): Promise<void> {
    await releaseLeases(this.deps.db, this.#holder, this.deps.now()).catch(() => undefined);
  }
}

export type Sub = { owner: string | null; send: (message: string) => void };

/** How often a process refreshes the "seen" time of the players whose sockets it holds. */
const SEEN_REFRESH_MS = 1000;

/** A table read once for its pages: its version, and the view of each owner (vendor:player, or null). */
export type FeedSnapshot = { version: number; viewOf: (owner: string | null) => unknown };

export class TableFeed {
  readonly #subs = new Map<string, Set<Sub>>();
  readonly #published = new Map<string, number>();
  readonly #seenAt = new Map<string, number>();

  constructor(
    private readonly db: () => StudioDb,
    private readonly read: (tableId: string) => Promise<FeedSnapshot>,
    private readonly wake: () => void,
  ) {}

  /** No page is open on this process. */
  get idle(): boolean {
    return this.#subs.size === 0;
  }

  clear(): void {
    this.#subs.clear();
  }

  /** A page's feed of one table: its view now and on every change. Answers the unsubscribe function. */
  subscribe(tableId: string, owner: string | null, send: (message: string) => void): () => void {
    let subs = this.#subs.get(tableId);
    if (!subs) {
      subs = new Set();
      this.#subs.set(tableId, subs);
    }
    const sub: Sub = { owner, send };
    subs.add(sub);
    this.#seenAt.delete(tableId);
    this.wake();
    void this.sendView(tableId, sub).catch(() => undefined);
    return () => {
      const set = this.#subs.get(tableId);
      set?.delete(sub);
      if (set && set.size === 0) {
        this.#subs.delete(tableId);
        this.#published.delete(tableId);
      }
    };
  }

  async sendView(tableId: string, sub: Sub): Promise<void> {
    const snapshot = await this.read(tableId);
    sub.send(JSON.stringify({ type: 'table', data: snapshot.viewOf(sub.owner) }));
  }

  /** Sends each page of the table its view when the table changed (always when `force`). */
  async publish(tableId: string, force: boolean): Promise<void> {
    const subs = this.#subs.get(tableId);
    if (!subs || subs.size === 0) return;
    const snapshot = await this.read(tableId);
    if (!force && this.#published.get(tableId) === snapshot.version) return;
    this.#published.set(tableId, snapshot.version);
    for (const sub of subs) {
      try {
        sub.send(JSON.stringify({ type: 'table', data: snapshot.viewOf(sub.owner) }));
      } catch {
        subs.delete(sub);
      }
    }
  }

  /** Every table with a page open here, sent again where it changed. */
  async publishAll(): Promise<void> {
    const ids = [...this.#subs.keys()];
    if (ids.length === 0) return;
    // The versions alone, in one query: only a table that changed is read whole for its pages.
    const rows = await tableVersions(this.db(), ids);
    for (const r of rows) if (this.#published.get(r.id) !== Number(r.version)) await this.publish(r.id, false);
  }

  /** The seats of the players whose sockets this process holds count as seen now (`always`: every tick). */
  async refreshSeen(now: Date, always: boolean): Promise<void> {
    // Each table's own pages' seats (a player with a page on one table only is not seen at another),
    // every table due in one statement.
    const seen = new Set<string>();
    const tables: string[] = [];
    for (const [tableId, subs] of this.#subs) {
      const last = this.#seenAt.get(tableId) ?? 0;
      if (now.getTime() - last < SEEN_REFRESH_MS && !always) continue;
      this.#seenAt.set(tableId, now.getTime());
      tables.push(tableId);
      for (const s of subs) if (s.owner !== null) seen.add(`${tableId}|${s.owner}`);
    }
    if (seen.size === 0) return;
    await markPagesSeen(this.db(), tables, [...seen], now);
  }
}
