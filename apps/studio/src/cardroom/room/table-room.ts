import type { Transaction } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioDatabase, StudioPvpTablesTable } from '../../kit/db/schema';
import type { RoundDeps } from '../../kit/deps';
import { StudioError } from '../../kit/errors';
import { newServerSeed } from '../../kit/fair/seeds';
import { IDLE_POLL_MS, LoopTimer, SerialPasses } from '../../kit/loop-timer';
import { leaseEnd } from '../../kit/outbound';
import type { StudioSession } from '../../kit/sessions';
import {
  endHand,
  handRow,
  insertHand,
  insertHandPlayer,
  playerHandRows,
  saveHandState,
  setStackAfter,
} from './hands.queries';
import { deliverTransfer, type SittingRef } from './money';
import {
  lowestFreeSeat,
  markClosing,
  markSeated,
  markSeen,
  openSeats,
  queueLeave,
  setAway,
  setClientSeed,
  setEntropy,
  setLastSeq,
  setStack,
  setTimeBank,
} from './seats.queries';
import { betBuyIn, betTopUp, holdSeat, recordTopUp } from './sitting';
import { type FeedSnapshot, pvpSessionOf, type Sub, TableClock, TableFeed } from './table-feed';
import { insertTable, isTableOfGame, nextServerSeed, saveTable, tableRow, tableRowsWithSeated } from './tables.queries';
import type { TimeBankRefill } from './time-bank';
import { betTaken, pendingTopUps, recordTransfer } from './transfers.queries';
import type { PvpHandRow, PvpSeatRow, PvpTableColumns } from './view';

// What the card room's two table services share (room.ts for Hold'em, tongits-room.ts): the table
// rows of one game (studio_pvp_tables.game), the one locked change of a table, the sittings' money
// (buy-in, top-up and cash-out through the wallet), the feed of the players' pages and the clock.
// Every change of a table (a player's request or the table's own clock) is one transaction that
// locks the table row, applies the engine and writes the new state, so any process can serve a
// player's request and a hand can always be continued from the database. The clock (turn timeouts,
// dealing, the grace period of a player who is away) runs in one process per table: the holder of
// the lease 'pvp:<table>' (lease.ts), renewed on every tick. Each room keeps its game's rules: its
// engine's calls, how a move is read, what a hand's record holds and the view its pages get.

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

const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

/** A hand's client seed of a seat that gave none (no page's value in time, no seed of its own). */
export const NO_CONTRIBUTION = '-';

/** A client seed the player sent (on sitting down or later), refused with the rule unless it keeps it. */
export function checkedClientSeed(value: unknown): string {
  if (typeof value !== 'string' || !CLIENT_SEED.test(value)) {
    throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['clientSeed'] }, (w) => w.tableClientSeedRule);
  }
  return value;
}

export const ownerOf = (s: { vendor: string; player: string }) => `${s.vendor}:${s.player}`;

/**
 * A loopback address tells nothing of where a member is: the request came through a proxy on the
 * studio's own machine that does not pass the address on, or from the machine itself (a local demo
 * with several members in one browser). Every member would share it, so the one-address rule skips it.
 */
export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export type Trx = Transaction<StudioDatabase>;

/** A table row of either game, as the rooms read it (each narrows `game`, Hold'em also `betting`). */
export type TableRowOf = Omit<PvpTableColumns, 'game' | 'betting'> & { game: string; betting: string };

/** The part of an engine's table state the shared code reads: the stack and sitting-out flag per seat. */
export type SeatsState = { seats: readonly ({ stack: number; sittingOut: boolean } | null | undefined)[] };

/** One locked change of a table: the engine state as it goes, and what to do after the commit. */
export type Change<Row, State> = {
  trx: Trx;
  row: Row;
  seats: PvpSeatRow[];
  state: State;
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

/** A table's settings as studio_pvp_tables holds them (each room maps its own settings onto them). */
export type TableValues = Omit<
  StudioPvpTablesTable,
  | 'game'
  | 'state'
  | 'version'
  | 'hand_id'
  | 'turn_started_at'
  | 'next_hand_at'
  | 'next_server_seed'
  | 'next_server_seed_hash'
  | 'created_at'
  | 'kind'
>;

/** A new table's row: its settings, the engine's first state, no hand yet and the first hand's seed committed. */
export function newTableRow(
  values: TableValues & { game: 'holdem' | 'tongits'; kind?: 'cash' | 'sng' },
  state: unknown,
) {
  const seed = newServerSeed();
  return {
    ...values,
    state: JSON.stringify(state),
    version: 0,
    hand_id: null,
    turn_started_at: null,
    next_hand_at: null,
    next_server_seed: seed.serverSeed,
    next_server_seed_hash: seed.serverSeedHash,
  };
}

export abstract class TableRoom<Row extends TableRowOf, State extends SeatsState, View, Move> {
  readonly deps: RoundDeps;
  readonly timing: PvpTiming;
  readonly #game: 'holdem' | 'tongits';
  readonly #loop: LoopTimer;
  readonly #feed: TableFeed;
  readonly #clock: TableClock;
  /**
   * When each table's step next has something to do (a turn running out, the next deal, a seat past
   * its grace period), as found at a version of the table: until then, and while the version stays,
   * the clock's passes skip reading the table. At most a second, so what changes a seat without a
   * new version (a page last seen, a leave asked between hands) is looked at within one.
   */
  readonly #nextDue = new Map<string, { version: number; at: number }>();
  readonly #passes = new SerialPasses((err) =>
    this.deps.log.warn({ err, game: this.#game }, 'studio: pvp tick failed'),
  );
  /** Set by the lobby (lobby.ts) on the Hold'em room: a table's waiting list brought up to date. */
  waitingStep: ((tableId: string) => Promise<void>) | null = null;

  constructor(deps: RoundDeps, timing: Partial<PvpTiming>, game: 'holdem' | 'tongits') {
    this.deps = deps;
    this.timing = { ...DEFAULT_PVP_TIMING, ...timing };
    this.#game = game;
    this.#loop = new LoopTimer(this.timing.tickMs, () => this.tick(), this.timing.idlePollMs);
    this.#clock = new TableClock(deps, game, this.timing.tickMs === 0);
    this.#feed = new TableFeed(
      () => this.db,
      (tableId) => this.#snapshot(tableId),
      () => this.#loop.wake(),
    );
  }

  protected get db(): StudioDb {
    return this.deps.db;
  }

  // ---- the game's rules, given by each room ----

  /** An engine refusal's code (the error the player gets names it), or null for any other error. */
  protected abstract refusalOf(err: unknown): string | null;
  /** The table as `owner` (vendor:player, or null) may see it. */
  protected abstract viewOf(
    row: Row,
    seats: PvpSeatRow[],
    hand: PvpHandRow | null,
    owner: string | null,
    now: Date,
  ): View;
  /** The engine's sit-down (already checked before any money moved). */
  protected abstract sitDown(state: State, input: { seat: number; playerId: string; buyIn: number }): State;
  /** The engine's leave: the state without the player, and their stack. */
  protected abstract leaveTable(state: State, owner: string): { state: State; cashOut: number };
  /** A move as the player sent it, as the engine takes it (throws the room's refusal). */
  protected abstract parseMove(input: unknown): Move;
  /** The player's move in the locked change. */
  protected abstract play(c: Change<Row, State>, mine: PvpSeatRow, move: Move): Promise<void>;
  /** A hand (deal) is under way. */
  protected abstract live(state: State): boolean;
  /** The seat whose turn the clock runs; null when none. */
  protected abstract turnOf(state: State): number | null;
  /** A seat dealt in to the hand under way (its leave waits for the hand's end). */
  protected abstract dealtIn(state: State, seat: number): boolean;
  /** The clock's move for a player whose turn and time bank ran out. */
  protected abstract timeOut(c: Change<Row, State>, seat: number): Promise<void>;
  /** Sits a player out (their page is not seen) or back in. */
  protected abstract setAway(state: State, owner: string, away: boolean): State;
  /** Deals the next hand when the table can (the next seed committed). */
  protected abstract deal(c: Change<Row, State>, serverSeed: string, serverSeedHash: string): Promise<void>;

  /** A sitting that must leave between hands besides the player's own leave and the grace period. */
  protected mustLeave(_state: State, _s: PvpSeatRow): boolean {
    return false;
  }

  /**
   * A table whose players keep their seats while away (a tournament's: chips are no money, so nothing
   * is cashed out after the grace period, and an absent player is dealt in and timed out, not sat out).
   */
  protected holdsSeats(_row: Row): boolean {
    return false;
  }

  /** Whether the table deals at all now (a tournament's table waits for its start). */
  protected canDeal(_row: Row): Promise<boolean> {
    return Promise.resolve(true);
  }

  /** The room's own leave (a tournament's); true when it handled the leave, else the cash table's. */
  protected leaveRule(_c: Change<Row, State>, _mine: PvpSeatRow): Promise<boolean> {
    return Promise.resolve(false);
  }

  /** An engine refusal as the player's error (the engine's code in the detail). */
  protected engine<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      const reason = this.refusalOf(err);
      if (reason !== null) throw new StudioError('STUDIO_PVP_REFUSED', { reason });
      throw err;
    }
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops the clock and lets the tables' leases go; hands in play stay in the database as they are. */
  async stop(): Promise<void> {
    this.#loop.stop();
    this.#feed.clear();
    await this.#passes.done();
    await this.#clock.release();
  }

  // ---- tables ----

  /** Writes a new table with the engine's first state. Answers false when the id exists. */
  protected async insertTable(values: TableValues, state: State): Promise<boolean> {
    return insertTable(this.db, newTableRow({ ...values, game: this.#game }, state));
  }

  /** The game's tables with the seats taken (buying in or seated), by stakes. */
  protected async listRows(): Promise<(Row & { seated: number })[]> {
    const rows = await tableRowsWithSeated(this.db, this.#game);
    return rows.map((r) => ({ ...(r as unknown as Row), seated: Number(r.seated ?? 0) }));
  }

  /** The player's latest hands (newest first) of every game or of this room's alone, with what each changed their stack by. */
  protected async playerHands(session: StudioSession, limit: number, games: 'every game' | 'this game') {
    const rows = await playerHandRows(this.db, session, limit, games === 'this game' ? this.#game : null);
    return rows.map((r) => ({
      game: r.game,
      handId: r.id,
      tableId: r.table_id,
      number: r.number,
      status: r.status,
      startedAt: new Date(r.started_at).toISOString(),
      pot: Number(r.pot),
      net: r.stack_after === null ? null : Number(r.stack_after) - Number(r.stack_before),
      // A sit-and-go's pot and stacks are tournament chips, not money.
      chips: r.kind === 'sng',
    }));
  }

  /** Whether a table id is a table of this room's game (the routes send other ids to another room). */
  has(tableId: string): Promise<boolean> {
    return isTableOfGame(this.db, tableId, this.#game);
  }

  protected async tableRow(db: StudioDb, tableId: string, lock: boolean): Promise<Row> {
    const row = await tableRow(db, tableId, this.#game, lock);
    if (!row) throw new StudioError('STUDIO_PVP_TABLE_NOT_FOUND');
    return row as unknown as Row;
  }

  /** The session of a card table call: a game session of the PVP category. */
  sessionOf(token: string | undefined): Promise<StudioSession> {
    return pvpSessionOf(this.db, token);
  }

  /** The table as `owner` (vendor:player, or null) may see it. */
  async view(tableId: string, owner: string | null): Promise<View> {
    const row = await this.tableRow(this.db, tableId, false);
    const seats = await openSeats(this.db, tableId);
    const hand = await handRow(this.db, row.hand_id);
    return this.viewOf(row, seats, hand, owner, this.deps.now());
  }

  /** A player's page polled the table: the seat counts as connected (as an open socket keeps it). */
  seen(tableId: string, session: StudioSession): Promise<void> {
    return markSeen(this.db, tableId, session, this.deps.now());
  }

  // ---- one locked change ----

  protected async change<T>(tableId: string, fn: (c: Change<Row, State>) => Promise<T>): Promise<T> {
    const { value, owed, changed } = await this.db.transaction().execute(async (trx) => {
      const row = await this.tableRow(trx, tableId, true);
      const state = row.state as unknown as State;
      const seats = await openSeats(trx, tableId);
      const c: Change<Row, State> = { trx, row, seats, state, now: this.deps.now(), set: {}, owed: [] };
      const value = await fn(c);
      const changed = c.state !== state || Object.keys(c.set).length > 0;
      if (changed) {
        await saveTable(trx, tableId, { ...c.set, state: JSON.stringify(c.state), version: row.version + 1 });
        // The engine's stacks mirrored onto the seat rows (what a sitting holds, for reports and recovery).
        for (const s of c.seats) {
          if (s.status !== 'seated') continue;
          const stack = c.state.seats[s.seat]?.stack;
          if (stack === undefined || stack === s.stack) continue;
          await setStack(trx, s.id, stack);
        }
      }
      return { value, owed: c.owed, changed };
    });
    for (const id of owed) await deliverTransfer(this.deps, id);
    if (changed || owed.length > 0) await this.#feed.publish(tableId, true);
    return value;
  }

  protected seatOf(c: Change<Row, State>, session: StudioSession): PvpSeatRow {
    const mine = c.seats.find((s) => s.vendor === session.vendor && s.player === session.player);
    if (mine?.status !== 'seated') throw new StudioError('STUDIO_PVP_NOT_SEATED');
    return mine;
  }

  /** A turn ended by `seat`'s move: what ran over the turn is spent from the time bank, and the next turn's clock starts. */
  protected async turnTaken(c: Change<Row, State>, seat: number): Promise<void> {
    const seatRow = c.seats.find((s) => s.seat === seat && s.status === 'seated');
    if (seatRow && c.row.turn_started_at) {
      const over = c.now.getTime() - new Date(c.row.turn_started_at).getTime() - this.timing.turnMs;
      if (over > 0) {
        const bank = Math.max(0, seatRow.time_bank_ms - over);
        seatRow.time_bank_ms = bank;
        await setTimeBank(c.trx, seatRow.id, bank);
      }
    }
    c.set.turn_started_at = c.now;
    c.row.turn_started_at = c.now;
  }

  /** The hand's record follows the state (`move`: one more action counted). */
  protected async saveHand(c: Change<Row, State>, move: boolean): Promise<void> {
    if (c.row.hand_id === null) return;
    await saveHandState(c.trx, c.row.hand_id, JSON.stringify(c.state), move);
  }

  /** A new hand's record with its seeds and the stacks its players bring; its turn clock starts. */
  protected async openHand(
    c: Change<Row, State>,
    hand: { number: number; serverSeed: string; serverSeedHash: string; clientSeeds: string[]; before: State },
    players: { seat: number; row: PvpSeatRow }[],
  ): Promise<void> {
    const nonce = 0;
    const handId = await insertHand(c.trx, {
      table_id: c.row.id,
      number: hand.number,
      status: 'live',
      server_seed: hand.serverSeed,
      server_seed_hash: hand.serverSeedHash,
      client_seeds: JSON.stringify(hand.clientSeeds),
      nonce,
      state_before: JSON.stringify(hand.before),
      state: JSON.stringify(c.state),
      actions: 0,
      pot: 0,
      rake: 0,
      started_at: c.now,
      ended_at: null,
    });
    for (const p of players) {
      await insertHandPlayer(c.trx, {
        hand_id: handId,
        seat: p.seat,
        seat_id: p.row.id,
        vendor: p.row.vendor,
        player: p.row.player,
        stack_before: hand.before.seats[p.seat]?.stack ?? 0,
        stack_after: null,
      });
    }
    c.set.hand_id = handId;
    c.row.hand_id = handId;
    c.set.turn_started_at = c.now;
    c.row.turn_started_at = c.now;
    c.set.next_hand_at = null;
    // The next hand's seed is committed as this one is dealt: its hash is shown from now on, beside
    // this hand's, and the players' pages send their contributions to it while this hand plays.
    const next = newServerSeed();
    c.set.next_server_seed = next.serverSeed;
    c.set.next_server_seed_hash = next.serverSeedHash;
    c.row.next_server_seed_hash = next.serverSeedHash;
  }

  /**
   * The client seeds of a hand's seats, dealt from the server seed committed as `serverSeedHash`: each
   * seat's is what its page sent for that commitment (so after it, and unknown to the server when it
   * chose the seed); a seat whose page sent nothing in time has its player's own seed if they set one,
   * else NO_CONTRIBUTION. The server never makes one up.
   */
  protected clientSeedsOf(
    c: Change<Row, State>,
    seats: number[],
    serverSeedHash: string,
  ): { bySeat: Map<number, PvpSeatRow>; seeds: string[] } {
    const bySeat = new Map(c.seats.map((s) => [s.seat, s]));
    const seedOf = (s: PvpSeatRow | undefined) => {
      if (s?.entropy && s.entropy_for === serverSeedHash) return s.entropy;
      return s?.client_seed || NO_CONTRIBUTION;
    };
    return { bySeat, seeds: seats.map((seat) => seedOf(bySeat.get(seat))) };
  }

  /** The hand's record once over: its pot and rake, and each player's stack after. */
  protected async closeHand(
    c: Change<Row, State>,
    handId: number,
    totals: { pot: number; rake: number },
    seats: number[],
  ): Promise<void> {
    await endHand(c.trx, handId, {
      state: JSON.stringify(c.state),
      pot: totals.pot,
      rake: totals.rake,
      endedAt: c.now,
    });
    for (const seat of seats) await setStackAfter(c.trx, handId, seat, c.state.seats[seat]?.stack ?? 0);
  }

  /** Between hands: the pause before the next (its seed was committed when this one was dealt), no turn clock. */
  protected nextHand(c: Change<Row, State>): void {
    c.set.next_hand_at = new Date(c.now.getTime() + this.timing.betweenHandsMs);
    c.set.turn_started_at = null;
  }

  /** The player leaves with the whole stack (and any top-up not yet added): the sitting's cash-out win. */
  protected async leaveNow(c: Change<Row, State>, s: PvpSeatRow): Promise<void> {
    const left = this.leaveTable(c.state, ownerOf(s));
    c.state = left.state;
    await this.closeWith(c, s, left.cashOut + s.pending_top_up);
  }

  /** The sitting's closing win of `amount` (its cash-out, or a tournament's prize or refund), owed from now. */
  protected async closeWith(c: Change<Row, State>, s: PvpSeatRow, amount: number): Promise<void> {
    s.status = 'closing';
    await markClosing(c.trx, s.id);
    c.owed.push(
      await recordTransfer(c.trx, {
        seatId: s.id,
        kind: 'cash_out',
        amount,
        tx: `pvp:${s.id}:cash-out`,
        dueAt: leaseEnd(c.now),
      }),
    );
  }

  // ---- players ----

  /**
   * Sits down with a buy-in (a wallet bet), the input already read by the room. The seat is held while
   * the wallet answers; the chips reach the table only with the bet's OK. `address`: where the request
   * came from (one address per table); the session's device hash is one device per table.
   */
  protected async seatPlayer(
    session: StudioSession,
    token: string,
    tableId: string,
    input: { seat: number | null; buyIn: number; clientSeed: string; chips?: number },
    address: string | undefined,
    options: {
      reasons: { alreadySeated: string; seatTaken: string };
      guard?: (trx: Trx, row: Row, taken: number, now: Date) => Promise<void> | undefined;
      /** After the chips reached the table, in the same change (a tournament starting when it fills). */
      seated?: (c: Change<Row, State>) => Promise<void>;
    },
  ): Promise<void> {
    const { buyIn, clientSeed } = input;
    // The chips the seat gets: the buy-in at a cash table, a tournament's starting stack.
    const chips = input.chips ?? buyIn;
    let seat = input.seat ?? -1;
    const owner = session.owner;
    const now = this.deps.now();
    const seenFrom = address && !isLoopback(address) ? address : null;
    const sitting = await this.db.transaction().execute(async (trx) => {
      const row = await this.tableRow(trx, tableId, true);
      if (row.currency !== session.currency) throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_CURRENCY' });
      const guard = options.guard;
      // No seat asked for (a tournament's registration): the lowest free one, found under the lock.
      if (input.seat === null) seat = await lowestFreeSeat(trx, tableId, row.seats);
      return holdSeat(trx, {
        tableId,
        session,
        seat,
        buyIn,
        clientSeed,
        address: seenFrom,
        timeBankMs: this.timing.timeBankMs,
        now,
        reasons: options.reasons,
        ...(guard ? { guard: (taken: number) => guard(trx, row, taken, now) } : {}),
        // The engine's own checks (seat number, buy-in limits) before any money moves.
        check: () =>
          this.engine(() => this.sitDown(row.state as unknown as State, { seat, playerId: owner, buyIn: chips })),
      });
    });
    await betBuyIn(this.deps, sitting, token, buyIn, () => this.#feed.publish(tableId, true));
    await this.change(tableId, async (c) => {
      // Recovery already gave up on this bet (its answer came too late): the rollback returns the chips.
      if (!(await betTaken(c.trx, sitting.transferId, c.now))) return;
      c.state = this.sitDown(c.state, { seat, playerId: owner, buyIn: chips });
      await markSeated(c.trx, sitting.id, chips, c.now);
      const s = c.seats.find((x) => x.id === sitting.id);
      if (s) s.status = 'seated';
      await options.seated?.(c);
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
    const move = this.parseMove(input.action);
    const applied = await this.change(tableId, async (c) => {
      const mine = this.seatOf(c, session);
      // Already applied (a page that resent a move it got no answer to): answered, not applied again.
      if (seq <= mine.last_seq) return false;
      await this.play(c, mine, move);
      await setLastSeq(c.trx, mine.id, seq);
      return true;
    });
    return { applied, seq };
  }

  /**
   * A top-up's wallet bet, checked first under the table's lock (`check`: the room's rules, throwing
   * its refusal, given the chips of the sitting's top-ups still waiting for the wallet's answer, which
   * count against the maximum as if taken: two top-ups sent at once cannot both pass on the same
   * stack). Answers the held top-up once the wallet answered.
   */
  protected async holdTopUp(
    session: StudioSession,
    token: string,
    tableId: string,
    amount: number,
    check: (row: Row, mine: PvpSeatRow, inFlight: number) => void,
  ): Promise<{ sitting: SittingRef; transferId: number; tx: string }> {
    const now = this.deps.now();
    const prepared = await this.db.transaction().execute(async (trx) => {
      const row = await this.tableRow(trx, tableId, true);
      const seats = await openSeats(trx, tableId);
      const mine = seats.find((s) => s.vendor === session.vendor && s.player === session.player);
      if (mine?.status !== 'seated' || mine.leave_queued) throw new StudioError('STUDIO_PVP_NOT_SEATED');
      const waiting = await pendingTopUps(trx, mine.id);
      check(row, mine, Number(waiting.n));
      return recordTopUp(trx, mine.id, amount, now);
    });
    await betTopUp(this.deps, prepared, token, amount);
    return prepared;
  }

  /** Leaves with the stack (a cash-out win); during a hand the player is dealt in to, when it ends. */
  async leave(session: StudioSession, tableId: string): Promise<{ queued: boolean }> {
    const queued = await this.change(tableId, async (c) => {
      const mine = this.seatOf(c, session);
      if (await this.leaveRule(c, mine)) return false;
      if (this.dealtIn(c.state, mine.seat)) {
        mine.leave_queued = true;
        await queueLeave(c.trx, mine.id);
        return true;
      }
      await this.leaveNow(c, mine);
      return false;
    });
    // The seat is free once its cash-out is delivered: offered to the waiting list now, not at the next tick.
    if (!queued) {
      await this.waitingStep?.(tableId).catch((err: unknown) =>
        this.deps.log.warn({ err, table: tableId }, 'studio: pvp waiting list step failed'),
      );
    }
    return { queued };
  }

  /**
   * The page's contribution to the next hand's deck, for the server seed committed as `hash` (the
   * view's nextServerSeedHash): refused for any other hash, so a value always follows the commitment
   * it is mixed with. Sent again for the same hash, the latest counts.
   */
  async addEntropy(session: StudioSession, tableId: string, hash: unknown, value: unknown): Promise<void> {
    const checked = checkedClientSeed(value);
    await this.change(tableId, async (c) => {
      const mine = this.seatOf(c, session);
      if (hash !== c.row.next_server_seed_hash)
        throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_SEED_MOVED' });
      await setEntropy(c.trx, mine.id, checked, hash);
    });
  }

  /** The player's own client seed: their seat's part of a hand their page sent nothing for. */
  async setClientSeed(session: StudioSession, tableId: string, clientSeed: unknown): Promise<void> {
    const checked = checkedClientSeed(clientSeed);
    await this.change(tableId, async (c) => {
      const mine = this.seatOf(c, session);
      await setClientSeed(c.trx, mine.id, checked);
    });
  }

  // ---- the clock ----

  tick(): Promise<void> {
    return this.#passes.run(() => this.#tickOnce());
  }

  async #tickOnce(): Promise<void> {
    await this.#feed.refreshSeen(this.deps.now(), this.timing.tickMs === 0);
    const active = await this.#clock.pass(async (tableId, takeover, has) => {
      const due = this.#nextDue.get(tableId);
      const quiet = !takeover && due?.version === has.version && this.deps.now().getTime() < due.at;
      if (has.seated && !quiet) await this.#advance(tableId, takeover);
      // After the table's own step, so a seat it cashed out is offered in the same pass.
      if (has.waiting) await this.waitingStep?.(tableId);
    });
    await this.#feed.publishAll();
    this.#loop.idle = !active && this.#feed.idle;
  }

  /** The leader's step of one table: the turn clock, the grace period, and dealing the next hand. */
  async #advance(tableId: string, takeover: boolean): Promise<void> {
    this.#nextDue.delete(tableId);
    const row = await this.tableRow(this.db, tableId, false);
    const state = row.state as unknown as State;
    const now = this.deps.now();
    /** Nothing to do before `at`: the passes until then (a second at most) need not read the table. */
    const idleUntil = (at: number) =>
      this.#nextDue.set(tableId, { version: row.version, at: Math.min(at, now.getTime() + 1000) });
    if (this.live(state) && takeover) {
      // A hand left by another process (or one that stopped): the player to act gets a whole turn again.
      await this.change(tableId, async (c) => {
        c.set.turn_started_at = c.now;
      });
      return;
    }
    const seats = await openSeats(this.db, tableId);
    if (this.live(state)) {
      const turn = this.turnOf(state);
      if (turn === null) return;
      const bank = seats.find((s) => s.seat === turn)?.time_bank_ms ?? 0;
      const started = row.turn_started_at ? new Date(row.turn_started_at).getTime() : now.getTime();
      if (now.getTime() < started + this.timing.turnMs + bank) {
        idleUntil(started + this.timing.turnMs + bank);
        return;
      }
      await this.change(tableId, async (c) => {
        if (!this.live(c.state) || this.turnOf(c.state) !== turn) return;
        await this.timeOut(c, turn);
      });
      return;
    }
    if (!(await this.canDeal(row))) {
      idleUntil(now.getTime() + 1000);
      return;
    }
    const holds = this.holdsSeats(row);
    const graceOver = (s: PvpSeatRow, at: Date) =>
      !holds && at.getTime() - new Date(s.seen_at).getTime() > this.timing.graceMs;
    const gone = seats.some(
      (s) => s.status === 'seated' && (s.leave_queued || this.mustLeave(state, s) || graceOver(s, now)),
    );
    // No next deal set: one is due now.
    const nextHand = row.next_hand_at === null ? now.getTime() : new Date(row.next_hand_at).getTime();
    if (!gone && now.getTime() < nextHand) {
      const graceEnds = seats
        .filter((s) => s.status === 'seated' && !holds)
        .map((s) => new Date(s.seen_at).getTime() + this.timing.graceMs + 1);
      idleUntil(Math.min(nextHand, ...graceEnds));
      return;
    }
    await this.change(tableId, async (c) => {
      if (this.live(c.state)) return;
      for (const s of c.seats) {
        if (s.status !== 'seated') continue;
        // Gone past the grace period, asked to leave (or the game's own rule): the stack goes back.
        if (s.leave_queued || this.mustLeave(c.state, s) || graceOver(s, c.now)) await this.leaveNow(c, s);
      }
      if (c.row.next_hand_at !== null && c.now < new Date(c.row.next_hand_at)) return;
      // Who is ready: a player whose page is not seen is sat out (and back in once it is seen again).
      for (const s of holds ? [] : c.seats) {
        const seat = c.state.seats[s.seat];
        if (s.status !== 'seated' || !seat) continue;
        const present = c.now.getTime() - new Date(s.seen_at).getTime() <= this.timing.presenceMs;
        const flip = present ? s.away && seat.sittingOut : !seat.sittingOut;
        if (!flip) continue;
        c.state = this.setAway(c.state, ownerOf(s), !present);
        s.away = !present;
        await setAway(c.trx, s.id, s.away);
      }
      const seed = await nextServerSeed(c.trx, tableId);
      await this.deal(c, seed.next_server_seed, seed.next_server_seed_hash);
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
    const row = await this.tableRow(this.db, tableId, false);
    const seats = await openSeats(this.db, tableId);
    const hand = await handRow(this.db, row.hand_id);
    const now = this.deps.now();
    return { version: row.version, viewOf: (owner) => this.viewOf(row, seats, hand, owner, now) };
  }
}
