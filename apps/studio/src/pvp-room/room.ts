import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { maskPlayer } from '../crash';
import type { StudioDb } from '../db/database';
import type { StudioDatabase } from '../db/schema';
import { StudioError } from '../errors';
import { newClientSeed, newServerSeed } from '../fair/seeds';
import { IDLE_POLL_MS, LoopTimer } from '../loop-timer';
import { cardText } from '../pvp/cards';
import { dealDeck } from '../pvp/deck';
import { PvpError } from '../pvp/errors';
import {
  act,
  comeBack,
  createTable,
  leave,
  nextHandPlan,
  showCards,
  sitDown,
  sitOut,
  startHand,
  topUp,
} from '../pvp/table';
import type { Action, TableConfig, TableState } from '../pvp/types';
import { DELIVERY_LEASE_MS, type RoundDeps } from '../rounds';
import type { StudioSession } from '../sessions';
import { deliverTransfer, recordTransfer } from './money';
import { betBuyIn, betTaken, betTopUp, holdSeat, recordTopUp } from './sitting';
import {
  type FeedSnapshot,
  handRow,
  markSeen,
  openSeats,
  pvpSessionOf,
  type Sub,
  TableClock,
  TableFeed,
} from './table-feed';
import { refillTimeBanks, type TimeBankRefill } from './time-bank';
import {
  eventView,
  type PvpSeatRow,
  type PvpTableInfo,
  type PvpTableRow,
  type PvpTableView,
  tableInfo,
  tableView,
} from './view';

// The Hold'em table service (docs/pvp.md "The table service"): the pure engine (pvp/table.ts) run
// against the database, the wallet and a clock. Every change of a table (a player's request or the
// table's own clock) is one transaction that locks the table row, applies the engine and writes
// the new state with the hand's snapshot, so any process can serve a player's request and a hand
// can always be continued from the database. The clock (turn timeouts, starting hands, the grace
// period of a player who is away) runs in one process per table: the holder of the lease
// 'pvp:<table>' (lease.ts), renewed on every tick, as the crash stream and the live tables lead.
//
// A hand left mid-way by a stopped process is continued by the next leader: the turn clock of the
// player to act starts again, players who do not come back are timed out (check or fold) until the
// hand ends, and after the grace period their seats are cashed out through the wallet.

export type PvpTiming = {
  /** How often the loop looks at the clock (default 250 ms); 0 = no timer (tests call tick()). */
  tickMs: number;
  /** A player's turn (default 15 s), after which the time bank runs. */
  turnMs: number;
  /** Each sitting's time bank (default 30 s), spent by turns that run over turnMs. */
  timeBankMs: number;
  /** The time bank refill (time-bank.ts): refillMs back every `every` hands dealt in, up to capMs. */
  timeBankRefill: TimeBankRefill;
  /** A player whose page is not seen this long keeps the seat; after it the seat is cashed out (default 60 s). */
  graceMs: number;
  /** A page seen within this long counts as connected (default 10 s). */
  presenceMs: number;
  /** The pause between hands, when the result is shown (default 4 s). */
  betweenHandsMs: number;
  idlePollMs: number;
};

export const DEFAULT_PVP_TIMING: PvpTiming = {
  tickMs: 250,
  turnMs: 15_000,
  timeBankMs: 30_000,
  timeBankRefill: { every: 10, refillMs: 5_000, capMs: 30_000 },
  graceMs: 60_000,
  presenceMs: 10_000,
  betweenHandsMs: 4_000,
  idlePollMs: IDLE_POLL_MS,
};

export const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

export type PvpTableSettings = {
  id: string;
  name: string;
  betting: TableConfig['betting'];
  seats: number;
  smallBlind: number;
  bigBlind: number;
  minBuyIn: number;
  maxBuyIn: number;
  rake: { basisPoints: number; cap: number };
  currency: string;
};

type Trx = Transaction<StudioDatabase>;

/** One locked change of a table: the engine state as it goes, and what to do after the commit. */
type Change = {
  trx: Trx;
  row: PvpTableRow;
  seats: PvpSeatRow[];
  state: TableState;
  now: Date;
  /** Table columns to write besides the state. */
  set: Partial<{
    hand_id: number | null;
    turn_started_at: Date | null;
    next_hand_at: Date | null;
    next_server_seed: string;
    next_server_seed_hash: string;
  }>;
  /** Transfers (cash-outs, returns) to deliver once committed. */
  owed: number[];
};

export const ownerOf = (s: { vendor: string; player: string }) => `${s.vendor}:${s.player}`;

/** An engine refusal as the player's error (the engine's code in the detail). */
function engine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof PvpError) throw new StudioError('STUDIO_PVP_REFUSED', { reason: err.code });
    throw err;
  }
}

/**
 * A loopback address tells nothing of where a member is: the request came through a proxy on the
 * studio's own machine that does not pass the address on, or from the machine itself (a local demo
 * with several members in one browser). Every member would share it, so the one-address rule skips it.
 */
export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export const TABLE_COLUMNS = [
  'id',
  'name',
  'game',
  'betting',
  'seats',
  'small_blind',
  'big_blind',
  'min_buy_in',
  'max_buy_in',
  'rake_bp',
  'rake_cap',
  'currency',
  'state',
  'version',
  'hand_id',
  'turn_started_at',
  'next_hand_at',
  'next_server_seed_hash',
] as const;

/**
 * A check of a sit-down inside its locked transaction (the lobby's waiting list, lobby.ts): throws to
 * refuse it, and may write beside it (the seat taken off the list) in the same transaction.
 */
export type SitGuard = (
  trx: Trx,
  input: { tableId: string; session: StudioSession; seats: number; taken: number; now: Date },
) => Promise<void>;

export class PvpRoom {
  readonly deps: RoundDeps;
  readonly timing: PvpTiming;
  readonly #loop: LoopTimer;
  readonly #feed: TableFeed;
  readonly #clock: TableClock;
  #running: Promise<void> = Promise.resolve();
  /** Set by the lobby (lobby.ts): seats offered to waiting players are theirs. */
  sitGuard: SitGuard | null = null;
  /** Set by the lobby (lobby.ts): a table's waiting list brought up to date (the clock's step, a freed seat). */
  waitingStep: ((tableId: string) => Promise<void>) | null = null;

  constructor(deps: RoundDeps, timing: Partial<PvpTiming> = {}) {
    this.deps = deps;
    this.timing = { ...DEFAULT_PVP_TIMING, ...timing };
    this.#loop = new LoopTimer(this.timing.tickMs, () => this.tick(), this.timing.idlePollMs);
    this.#clock = new TableClock(deps, 'holdem', this.timing.tickMs === 0);
    this.#feed = new TableFeed(
      () => this.#db,
      (tableId) => this.#snapshot(tableId),
      () => this.#loop.wake(),
    );
  }

  get #db(): StudioDb {
    return this.deps.db;
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops the clock and lets the tables' leases go; hands in play stay in the database as they are. */
  async stop(): Promise<void> {
    this.#loop.stop();
    this.#feed.clear();
    await this.#running;
    await this.#clock.release();
  }

  // ---- tables ----

  /** Opens a table (the operator's settings; checked by the engine). Answers false when the id exists. */
  async createTable(settings: PvpTableSettings): Promise<boolean> {
    const state = engine(() =>
      createTable({
        seats: settings.seats,
        betting: settings.betting,
        smallBlind: settings.smallBlind,
        bigBlind: settings.bigBlind,
        minBuyIn: settings.minBuyIn,
        maxBuyIn: settings.maxBuyIn,
        rake: settings.rake,
      }),
    );
    const seed = newServerSeed();
    const inserted = await this.#db
      .insertInto('studio_pvp_tables')
      .values({
        id: settings.id,
        name: settings.name,
        game: 'holdem',
        betting: settings.betting,
        seats: settings.seats,
        small_blind: settings.smallBlind,
        big_blind: settings.bigBlind,
        min_buy_in: settings.minBuyIn,
        max_buy_in: settings.maxBuyIn,
        rake_bp: settings.rake.basisPoints,
        rake_cap: settings.rake.cap,
        currency: settings.currency,
        state: JSON.stringify(state),
        version: 0,
        hand_id: null,
        turn_started_at: null,
        next_hand_at: null,
        next_server_seed: seed.serverSeed,
        next_server_seed_hash: seed.serverSeedHash,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The lobby's list: every table with its settings, seats taken and hands played. */
  async listTables(): Promise<(PvpTableInfo & { seated: number; handsPlayed: number })[]> {
    const rows = await this.#db
      .selectFrom('studio_pvp_tables as t')
      .select(TABLE_COLUMNS.map((c) => `t.${c}` as const))
      .select((eb) =>
        eb
          .selectFrom('studio_pvp_seats as s')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('s.table_id', '=', 't.id')
          .where('s.status', 'in', ['buying_in', 'seated'])
          .as('seated'),
      )
      .where('t.game', '=', 'holdem')
      .$narrowType<{ game: 'holdem'; betting: 'no-limit' | 'pot-limit' }>()
      .orderBy('t.big_blind')
      .orderBy('t.id')
      .execute();
    return rows.map((r) => ({
      ...tableInfo(r),
      seated: Number(r.seated ?? 0),
      handsPlayed: (r.state as TableState).handsPlayed,
    }));
  }

  /** The session of a PVP table call: a game session of the PVP category. */
  sessionOf(token: string | undefined): Promise<StudioSession> {
    return pvpSessionOf(this.#db, token);
  }

  async #tableRow(db: StudioDb, tableId: string, lock: boolean): Promise<PvpTableRow> {
    let q = db
      .selectFrom('studio_pvp_tables')
      .select(TABLE_COLUMNS)
      .where('id', '=', tableId)
      .where('game', '=', 'holdem')
      .$narrowType<{ game: 'holdem'; betting: 'no-limit' | 'pot-limit' }>();
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw new StudioError('STUDIO_PVP_TABLE_NOT_FOUND');
    return row;
  }

  /** The table as `owner` (vendor:player, or null) may see it. */
  async view(tableId: string, owner: string | null): Promise<PvpTableView> {
    const row = await this.#tableRow(this.#db, tableId, false);
    const seats = await openSeats(this.#db, tableId);
    const hand = await handRow(this.#db, row.hand_id);
    return tableView(row, seats, hand, owner, this.timing, this.deps.now());
  }

  /** A player's page polled the table: the seat counts as connected (as an open socket keeps it). */
  seen(tableId: string, session: StudioSession): Promise<void> {
    return markSeen(this.#db, tableId, session, this.deps.now());
  }

  // ---- one locked change ----

  async #change<T>(tableId: string, fn: (c: Change) => Promise<T>): Promise<T> {
    const { value, owed, changed } = await this.#db.transaction().execute(async (trx) => {
      const row = await this.#tableRow(trx, tableId, true);
      const seats = await openSeats(trx, tableId);
      const c: Change = { trx, row, seats, state: row.state as TableState, now: this.deps.now(), set: {}, owed: [] };
      const value = await fn(c);
      const changed = c.state !== row.state || Object.keys(c.set).length > 0;
      if (changed) {
        await trx
          .updateTable('studio_pvp_tables')
          .set({ ...c.set, state: JSON.stringify(c.state), version: row.version + 1 })
          .where('id', '=', tableId)
          .execute();
        await this.#syncStacks(c);
      }
      return { value, owed: c.owed, changed };
    });
    for (const id of owed) await deliverTransfer(this.deps, id);
    if (changed || owed.length > 0) await this.#feed.publish(tableId, true);
    return value;
  }

  /** Mirrors the engine's stacks onto the seat rows (what a sitting holds, for reports and recovery). */
  async #syncStacks(c: Change): Promise<void> {
    for (const s of c.seats) {
      if (s.status !== 'seated') continue;
      const stack = c.state.seats[s.seat]?.stack;
      if (stack === undefined || stack === s.stack) continue;
      await c.trx.updateTable('studio_pvp_seats').set({ stack }).where('id', '=', s.id).execute();
    }
  }

  #seatOf(c: Change, session: StudioSession): PvpSeatRow {
    const mine = c.seats.find((s) => s.vendor === session.vendor && s.player === session.player);
    if (mine?.status !== 'seated') throw new StudioError('STUDIO_PVP_NOT_SEATED');
    return mine;
  }

  #inLiveHand(state: TableState, seat: number): boolean {
    const h = state.hand;
    return h !== null && h.result === null && h.players.some((p) => p.seat === seat);
  }

  /** Applies a move of the player to act, with the turn clock's bookkeeping; ends the hand when it is over. */
  async #act(c: Change, seat: number, action: Action): Promise<void> {
    const seatRow = c.seats.find((s) => s.seat === seat && s.status === 'seated');
    c.state = engine(() => act(c.state, seat, action));
    if (seatRow && c.row.turn_started_at) {
      // A turn that ran over its time spent the time bank.
      const over = c.now.getTime() - new Date(c.row.turn_started_at).getTime() - this.timing.turnMs;
      if (over > 0) {
        const bank = Math.max(0, seatRow.time_bank_ms - over);
        seatRow.time_bank_ms = bank;
        await c.trx.updateTable('studio_pvp_seats').set({ time_bank_ms: bank }).where('id', '=', seatRow.id).execute();
      }
    }
    c.set.turn_started_at = c.now;
    c.row.turn_started_at = c.now;
    if (c.row.hand_id !== null) {
      await c.trx
        .updateTable('studio_pvp_hands')
        .set({ state: JSON.stringify(c.state), actions: sql`actions + 1` })
        .where('id', '=', c.row.hand_id)
        .execute();
    }
    if (c.state.hand?.result) await this.#finishHand(c);
  }

  /** The hand is over: its record, the queued top-ups and leaves, and the next hand's seed commitment. */
  async #finishHand(c: Change): Promise<void> {
    const hand = c.state.hand;
    const handId = c.row.hand_id;
    if (!hand?.result || handId === null) return;
    const pot = hand.players.reduce((sum, p) => sum + p.committed, 0);
    await c.trx
      .updateTable('studio_pvp_hands')
      .set({ status: 'over', state: JSON.stringify(c.state), pot, rake: hand.result.rake, ended_at: c.now })
      .where('id', '=', handId)
      .execute();
    for (const p of hand.players) {
      await c.trx
        .updateTable('studio_pvp_hand_players')
        .set({ stack_after: c.state.seats[p.seat]?.stack ?? 0 })
        .where('hand_id', '=', handId)
        .where('seat', '=', p.seat)
        .execute();
    }
    await refillTimeBanks(c.trx, handId, this.timing.timeBankRefill);
    for (const s of c.seats) {
      if (s.status !== 'seated') continue;
      if (s.pending_top_up > 0) await this.#applyPendingTopUp(c, s);
      if (s.leave_queued) await this.#leaveNow(c, s);
    }
    const seed = newServerSeed();
    c.set.next_server_seed = seed.serverSeed;
    c.set.next_server_seed_hash = seed.serverSeedHash;
    c.set.next_hand_at = new Date(c.now.getTime() + this.timing.betweenHandsMs);
    c.set.turn_started_at = null;
  }

  /** Adds a top-up taken during the hand; what no longer fits under the maximum goes back to the wallet. */
  async #applyPendingTopUp(c: Change, s: PvpSeatRow): Promise<void> {
    const stack = c.state.seats[s.seat]?.stack ?? 0;
    const fits = Math.max(0, Math.min(s.pending_top_up, c.state.config.maxBuyIn - stack));
    if (fits > 0) c.state = topUp(c.state, ownerOf(s), fits);
    const back = s.pending_top_up - fits;
    if (back > 0) {
      c.owed.push(
        await recordTransfer(c.trx, {
          seatId: s.id,
          kind: 'return',
          amount: back,
          tx: `pvp:${s.id}:return:${randomUUID()}`,
          dueAt: new Date(c.now.getTime() + DELIVERY_LEASE_MS),
        }),
      );
    }
    s.pending_top_up = 0;
    await c.trx.updateTable('studio_pvp_seats').set({ pending_top_up: 0 }).where('id', '=', s.id).execute();
  }

  /** The player leaves with the whole stack (and any top-up not yet added): the sitting's cash-out win. */
  async #leaveNow(c: Change, s: PvpSeatRow): Promise<void> {
    const left = leave(c.state, ownerOf(s));
    c.state = left.state;
    const amount = left.cashOut + s.pending_top_up;
    s.status = 'closing';
    await c.trx
      .updateTable('studio_pvp_seats')
      .set({ status: 'closing', stack: 0, pending_top_up: 0, leave_queued: false })
      .where('id', '=', s.id)
      .execute();
    c.owed.push(
      await recordTransfer(c.trx, {
        seatId: s.id,
        kind: 'cash_out',
        amount,
        tx: `pvp:${s.id}:cash-out`,
        dueAt: new Date(c.now.getTime() + DELIVERY_LEASE_MS),
      }),
    );
  }

  /** Deals the next hand when two or more players can be dealt in. */
  async #startHand(c: Change, serverSeed: string, serverSeedHash: string): Promise<boolean> {
    let plan: ReturnType<typeof nextHandPlan>;
    try {
      plan = nextHandPlan(c.state);
    } catch (err) {
      if (err instanceof PvpError) return false;
      throw err;
    }
    const bySeat = new Map(c.seats.map((s) => [s.seat, s]));
    const clientSeeds = plan.seats.map((seat) => bySeat.get(seat)?.client_seed ?? newClientSeed());
    const nonce = 0;
    const deck = dealDeck({ serverSeed, clientSeeds, nonce });
    const before = c.state;
    c.state = startHand(c.state, deck);
    const hand = c.state.hand!;
    const row = await c.trx
      .insertInto('studio_pvp_hands')
      .values({
        table_id: c.row.id,
        number: hand.number,
        status: 'live',
        server_seed: serverSeed,
        server_seed_hash: serverSeedHash,
        client_seeds: JSON.stringify(clientSeeds),
        nonce,
        state_before: JSON.stringify(before),
        state: JSON.stringify(c.state),
        actions: 0,
        pot: 0,
        rake: 0,
        started_at: c.now,
        ended_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of hand.players) {
      const s = bySeat.get(p.seat)!;
      await c.trx
        .insertInto('studio_pvp_hand_players')
        .values({
          hand_id: row.id,
          seat: p.seat,
          seat_id: s.id,
          vendor: s.vendor,
          player: s.player,
          stack_before: before.seats[p.seat]?.stack ?? 0,
          stack_after: null,
        })
        .execute();
    }
    c.set.hand_id = row.id;
    c.row.hand_id = row.id;
    c.set.turn_started_at = c.now;
    c.row.turn_started_at = c.now;
    c.set.next_hand_at = null;
    // Dealt with everyone all-in from the blinds: the engine ran the board out already.
    if (hand.result) await this.#finishHand(c);
    return true;
  }

  // ---- players ----

  /**
   * Sits down with a buy-in (a wallet bet). The seat is held while the wallet answers; the chips reach
   * the table only with the bet's OK. `address`: where the request came from (one address per table);
   * the session's device hash, from the platform's balance answer at launch, is one device per table.
   */
  async sit(
    session: StudioSession,
    token: string,
    tableId: string,
    input: { seat: unknown; buyIn: unknown; clientSeed?: unknown },
    address: string | undefined,
  ): Promise<void> {
    if (session.mode !== 'real') throw new StudioError('STUDIO_PVP_REAL_ONLY');
    const seat = input.seat;
    const buyIn = input.buyIn;
    if (typeof seat !== 'number' || !Number.isInteger(seat)) {
      throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_BAD_SEAT' });
    }
    if (!isAmount(buyIn)) throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_BUY_IN_RANGE' });
    const clientSeed = input.clientSeed === undefined ? newClientSeed() : input.clientSeed;
    if (typeof clientSeed !== 'string' || !CLIENT_SEED.test(clientSeed)) {
      throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['clientSeed'] }, (w) => w.clientSeedRule);
    }
    const owner = session.owner;
    const now = this.deps.now();
    const seenFrom = address && !isLoopback(address) ? address : null;
    const sitting = await this.#db.transaction().execute(async (trx) => {
      const row = await this.#tableRow(trx, tableId, true);
      if (row.currency !== session.currency) throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_CURRENCY' });
      return holdSeat(trx, {
        tableId,
        session,
        seat,
        buyIn,
        clientSeed,
        address: seenFrom,
        timeBankMs: this.timing.timeBankMs,
        now,
        reasons: { alreadySeated: 'PVP_ALREADY_SEATED', seatTaken: 'PVP_SEAT_TAKEN' },
        guard: (taken) => this.sitGuard?.(trx, { tableId, session, seats: row.seats, taken, now }),
        // The engine's own checks (seat number, buy-in limits) before any money moves.
        check: () => engine(() => sitDown(row.state as TableState, { seat, playerId: owner, buyIn })),
      });
    });
    await betBuyIn(this.deps, sitting, token, buyIn, () => this.#feed.publish(tableId, true));
    await this.#change(tableId, async (c) => {
      // Recovery already gave up on this bet (its answer came too late): the rollback returns the chips.
      if (!(await betTaken(c.trx, sitting.transferId, c.now))) return;
      c.state = sitDown(c.state, { seat, playerId: owner, buyIn });
      await c.trx
        .updateTable('studio_pvp_seats')
        .set({ status: 'seated', stack: buyIn, seen_at: c.now })
        .where('id', '=', sitting.id)
        .execute();
      const s = c.seats.find((x) => x.id === sitting.id);
      if (s) s.status = 'seated';
    });
  }

  /** A move in the hand. `seq`: the client's sequence number; a number already used is not applied again. */
  async act(
    session: StudioSession,
    tableId: string,
    input: { seq: unknown; action: unknown },
  ): Promise<{ applied: boolean; seq: number }> {
    const seq = input.seq;
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) throw new StudioError('STUDIO_PVP_BAD_SEQ');
    const action = input.action as Action;
    if (typeof action !== 'object' || action === null || typeof action.type !== 'string') {
      throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_UNKNOWN_ACTION' });
    }
    const applied = await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      // Already applied (a page that resent a move it got no answer to): answered, not applied again.
      if (seq <= mine.last_seq) return false;
      const move: Action = action.to === undefined ? { type: action.type } : { type: action.type, to: action.to };
      if (move.type === 'timeout') throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_UNKNOWN_ACTION' });
      await this.#act(c, mine.seat, move);
      await c.trx.updateTable('studio_pvp_seats').set({ last_seq: seq }).where('id', '=', mine.id).execute();
      return true;
    });
    return { applied, seq };
  }

  /**
   * Adds chips (a wallet bet). During a hand the player is dealt in to, the chips are held for the
   * seat and added when the hand ends (the engine refuses a top-up then: PVP_IN_HAND).
   */
  async topUp(session: StudioSession, token: string, tableId: string, amount: unknown): Promise<{ queued: boolean }> {
    if (!isAmount(amount)) throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_BAD_AMOUNT' });
    const now = this.deps.now();
    const prepared = await this.#db.transaction().execute(async (trx) => {
      const row = await this.#tableRow(trx, tableId, true);
      const seats = await openSeats(trx, tableId);
      const mine = seats.find((s) => s.vendor === session.vendor && s.player === session.player);
      if (mine?.status !== 'seated' || mine.leave_queued) throw new StudioError('STUDIO_PVP_NOT_SEATED');
      const state = row.state as TableState;
      const inHand = state.hand?.players.find((p) => p.seat === mine.seat && state.hand?.result === null);
      const stack = (state.seats[mine.seat]?.stack ?? 0) + (inHand?.committed ?? 0) + mine.pending_top_up;
      if (stack + amount > row.max_buy_in)
        throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_TOP_UP_OVER_MAX' });
      return recordTopUp(trx, mine.id, amount, now);
    });
    await betTopUp(this.deps, prepared, token, amount);
    const queued = await this.#change(tableId, async (c) => {
      if (!(await betTaken(c.trx, prepared.transferId, c.now))) return false;
      const mine = c.seats.find((s) => s.id === prepared.sitting.id);
      if (!mine) return false;
      if (this.#inLiveHand(c.state, mine.seat)) {
        mine.pending_top_up += amount;
        await c.trx
          .updateTable('studio_pvp_seats')
          .set({ pending_top_up: mine.pending_top_up })
          .where('id', '=', mine.id)
          .execute();
        return true;
      }
      mine.pending_top_up += amount;
      await this.#applyPendingTopUp(c, mine);
      return false;
    });
    return { queued };
  }

  /** Leaves with the stack (a cash-out win); during a hand the player is dealt in to, when it ends. */
  async leave(session: StudioSession, tableId: string): Promise<{ queued: boolean }> {
    const queued = await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      if (this.#inLiveHand(c.state, mine.seat)) {
        mine.leave_queued = true;
        await c.trx.updateTable('studio_pvp_seats').set({ leave_queued: true }).where('id', '=', mine.id).execute();
        return true;
      }
      await this.#leaveNow(c, mine);
      return false;
    });
    // The seat is free once its cash-out is delivered: offered to the waiting list now, not at the next tick.
    if (!queued) await this.#offerFreedSeat(tableId);
    return { queued };
  }

  async #offerFreedSeat(tableId: string): Promise<void> {
    await this.waitingStep?.(tableId).catch((err: unknown) =>
      this.deps.log.warn({ err, table: tableId }, 'studio: pvp waiting list step failed'),
    );
  }

  async sitOut(session: StudioSession, tableId: string): Promise<void> {
    await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      c.state = engine(() => sitOut(c.state, ownerOf(mine)));
    });
  }

  async comeBack(session: StudioSession, tableId: string): Promise<void> {
    await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      c.state = engine(() => comeBack(c.state, ownerOf(mine)));
      await c.trx.updateTable('studio_pvp_seats').set({ away: false }).where('id', '=', mine.id).execute();
    });
  }

  /** The player's client seed for the hands dealt from now on. */
  async setClientSeed(session: StudioSession, tableId: string, clientSeed: unknown): Promise<void> {
    if (typeof clientSeed !== 'string' || !CLIENT_SEED.test(clientSeed)) {
      throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['clientSeed'] }, (w) => w.clientSeedRule);
    }
    await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      await c.trx.updateTable('studio_pvp_seats').set({ client_seed: clientSeed }).where('id', '=', mine.id).execute();
    });
  }

  /** Shows the player's cards once the hand is over. */
  async show(session: StudioSession, tableId: string): Promise<void> {
    await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      c.state = engine(() => showCards(c.state, mine.seat));
      if (c.row.hand_id !== null) {
        await c.trx
          .updateTable('studio_pvp_hands')
          .set({ state: JSON.stringify(c.state) })
          .where('id', '=', c.row.hand_id)
          .execute();
      }
    });
  }

  // ---- hand histories and the house's rake ----

  /** A hand as its players (and, once over, anyone) may see it, with the seeds to verify it once over. */
  async hand(handId: number, owner: string | null) {
    const h = await this.#db
      .selectFrom('studio_pvp_hands')
      .selectAll()
      .where('id', '=', handId)
      .where('table_id', 'in', (eb) =>
        eb.selectFrom('studio_pvp_tables as t').select('t.id').where('t.game', '=', 'holdem'),
      )
      .executeTakeFirst();
    if (!h) throw new StudioError('STUDIO_NOT_FOUND');
    const players = await this.#db
      .selectFrom('studio_pvp_hand_players')
      .selectAll()
      .where('hand_id', '=', handId)
      .orderBy('seat')
      .execute();
    const state = h.state as TableState;
    const over = h.status === 'over';
    const mySeats = new Set(players.filter((p) => `${p.vendor}:${p.player}` === owner).map((p) => p.seat));
    if (!over && mySeats.size === 0) throw new StudioError('STUDIO_NOT_FOUND');
    const hand = state.hand;
    return {
      id: h.id,
      tableId: h.table_id,
      number: h.number,
      status: h.status,
      startedAt: new Date(h.started_at).toISOString(),
      endedAt: h.ended_at ? new Date(h.ended_at).toISOString() : null,
      pot: Number(h.pot),
      rake: Number(h.rake),
      board: hand ? hand.board.map((c) => cardText(c)) : [],
      players: players.map((p) => {
        const hp = hand?.players.find((x) => x.seat === p.seat);
        return {
          seat: p.seat,
          name: maskPlayer(p.player),
          you: mySeats.has(p.seat),
          stackBefore: Number(p.stack_before),
          stackAfter: p.stack_after === null ? null : Number(p.stack_after),
          cards: hp && (hp.shown || mySeats.has(p.seat)) ? hp.hole.map((c) => cardText(c)) : null,
        };
      }),
      events: hand ? hand.events.map(eventView) : [],
      result: hand?.result ?? null,
      fairness: {
        serverSeedHash: h.server_seed_hash,
        serverSeed: over ? h.server_seed : null,
        clientSeeds: h.client_seeds as string[],
        nonce: h.nonce,
      },
    };
  }

  /** The player's latest hands (newest first). */
  async myHands(session: StudioSession, limit = 20) {
    const rows = await this.#db
      .selectFrom('studio_pvp_hand_players as p')
      .innerJoin('studio_pvp_hands as h', 'h.id', 'p.hand_id')
      .select([
        'h.id',
        'h.table_id',
        'h.number',
        'h.status',
        'h.started_at',
        'h.pot',
        'p.stack_before',
        'p.stack_after',
      ])
      .where('p.vendor', '=', session.vendor)
      .where('p.player', '=', session.player)
      .orderBy('h.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      handId: r.id,
      tableId: r.table_id,
      number: r.number,
      status: r.status,
      startedAt: new Date(r.started_at).toISOString(),
      pot: Number(r.pot),
      net: r.stack_after === null ? null : Number(r.stack_after) - Number(r.stack_before),
    }));
  }

  /** The house's PVP revenue: rake per table and day (UTC) of the hands ended in [from, to). */
  async rakeReport(from: Date, to: Date) {
    const rows = await this.#db
      .selectFrom('studio_pvp_hands as h')
      .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
      .select([
        'h.table_id',
        't.currency',
        sql<string>`to_char(h.ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
        sql<number>`count(*)::int`.as('hands'),
        sql<number>`coalesce(sum(h.rake), 0)::bigint`.as('rake'),
        sql<number>`coalesce(sum(h.pot), 0)::bigint`.as('pots'),
      ])
      .where('h.status', '=', 'over')
      .where('h.ended_at', '>=', from)
      .where('h.ended_at', '<', to)
      .groupBy(['h.table_id', 't.currency', sql`3`])
      .orderBy(sql`3`)
      .orderBy('h.table_id')
      .execute();
    return rows.map((r) => ({
      tableId: r.table_id,
      day: r.day,
      currency: r.currency,
      hands: Number(r.hands),
      rake: Number(r.rake),
      pots: Number(r.pots),
    }));
  }

  // ---- the clock ----

  tick(): Promise<void> {
    const pass = this.#running.then(() => this.#tickOnce());
    this.#running = pass.catch((err) => this.deps.log.warn({ err }, 'studio: pvp tick failed'));
    return pass;
  }

  async #tickOnce(): Promise<void> {
    await this.#feed.refreshSeen(this.deps.now(), this.timing.tickMs === 0);
    const active = await this.#clock.pass(async (tableId, takeover, has) => {
      if (has.seated) await this.#advance(tableId, takeover);
      // After the table's own step, so a seat it cashed out is offered in the same pass.
      if (has.waiting) await this.waitingStep?.(tableId);
    });
    await this.#feed.publishAll();
    this.#loop.idle = !active && this.#feed.idle;
  }

  /** The leader's step of one table: the turn clock, the grace period, and dealing the next hand. */
  async #advance(tableId: string, takeover: boolean): Promise<void> {
    const row = await this.#tableRow(this.#db, tableId, false);
    const state = row.state as TableState;
    const now = this.deps.now();
    const live = state.hand !== null && state.hand.result === null;
    if (live && takeover) {
      // A hand left by another process (or one that stopped): the player to act gets a whole turn again.
      await this.#change(tableId, async (c) => {
        c.set.turn_started_at = c.now;
      });
      return;
    }
    if (live) {
      const toAct = state.hand?.toAct;
      if (toAct === null || toAct === undefined) return;
      const seats = await openSeats(this.#db, tableId);
      const bank = seats.find((s) => s.seat === toAct)?.time_bank_ms ?? 0;
      const started = row.turn_started_at ? new Date(row.turn_started_at).getTime() : now.getTime();
      if (now.getTime() < started + this.timing.turnMs + bank) return;
      await this.#change(tableId, async (c) => {
        const h = c.state.hand;
        if (!h || h.result || h.toAct !== toAct) return;
        await this.#act(c, toAct, { type: 'timeout' });
      });
      return;
    }
    const seats = await openSeats(this.#db, tableId);
    const gone = seats.some(
      (s) =>
        s.status === 'seated' &&
        (s.leave_queued || now.getTime() - new Date(s.seen_at).getTime() > this.timing.graceMs),
    );
    const due = row.next_hand_at === null || now >= new Date(row.next_hand_at);
    if (!gone && !due) return;
    await this.#change(tableId, async (c) => {
      if (c.state.hand && c.state.hand.result === null) return;
      for (const s of c.seats) {
        if (s.status !== 'seated') continue;
        const away = c.now.getTime() - new Date(s.seen_at).getTime();
        // Gone past the grace period (or asked to leave): the stack goes back to the wallet.
        if (s.leave_queued || away > this.timing.graceMs) await this.#leaveNow(c, s);
      }
      if (c.row.next_hand_at !== null && c.now < new Date(c.row.next_hand_at)) return;
      // Who is ready: a player whose page is not seen is sat out (and waits for the big blind once back).
      for (const s of c.seats) {
        if (s.status !== 'seated') continue;
        const seat = c.state.seats[s.seat];
        if (!seat) continue;
        const present = c.now.getTime() - new Date(s.seen_at).getTime() <= this.timing.presenceMs;
        if (!present && !seat.sittingOut) {
          c.state = sitOut(c.state, ownerOf(s));
          s.away = true;
          await c.trx.updateTable('studio_pvp_seats').set({ away: true }).where('id', '=', s.id).execute();
        } else if (present && s.away && seat.sittingOut) {
          c.state = comeBack(c.state, ownerOf(s));
          s.away = false;
          await c.trx.updateTable('studio_pvp_seats').set({ away: false }).where('id', '=', s.id).execute();
        }
      }
      const seed = await c.trx
        .selectFrom('studio_pvp_tables')
        .select(['next_server_seed', 'next_server_seed_hash'])
        .where('id', '=', tableId)
        .executeTakeFirstOrThrow();
      await this.#startHand(c, seed.next_server_seed, seed.next_server_seed_hash);
    });
  }

  // ---- what the players' pages get ----

  /** A page's feed of one table: its view now and on every change. Answers the unsubscribe function. */
  subscribe(tableId: string, owner: string | null, send: (message: string) => void): () => void {
    return this.#feed.subscribe(tableId, owner, send);
  }

  sendView(tableId: string, sub: Sub): Promise<void> {
    return this.#feed.sendView(tableId, sub);
  }

  /** The table read once for its pages (table-feed.ts). */
  async #snapshot(tableId: string): Promise<FeedSnapshot> {
    const row = await this.#tableRow(this.#db, tableId, false);
    const seats = await openSeats(this.#db, tableId);
    const hand = await handRow(this.#db, row.hand_id);
    const now = this.deps.now();
    return { version: row.version, viewOf: (owner) => tableView(row, seats, hand, owner, this.timing, now) };
  }
}
