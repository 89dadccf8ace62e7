import { sql, type Transaction } from 'kysely';
import type { StudioDb } from '../db/database';
import type { StudioDatabase } from '../db/schema';
import { StudioError } from '../errors';
import { newClientSeed, newServerSeed } from '../fair/seeds';
import { LoopTimer } from '../loop-timer';
import { parseCard } from '../pvp/cards';
import { dealDeck } from '../pvp/deck';
import { TongitsError } from '../pvp/tongits/errors';
import {
  act,
  canBeDealt,
  createTongitsTable,
  DEAL_MIN_STAKES,
  leave,
  setSittingOut,
  sitDown,
  startDeal,
  type TongitsTableState,
  topUp,
} from '../pvp/tongits/table';
import type { Action, Seat } from '../pvp/tongits/types';
import type { RoundDeps } from '../rounds';
import { DELIVERY_LEASE_MS } from '../rounds';
import type { StudioSession } from '../sessions';
import { deliverTransfer, recordTransfer } from './money';
import { CLIENT_SEED, DEFAULT_PVP_TIMING, isAmount, isLoopback, ownerOf, type PvpTiming, TABLE_COLUMNS } from './room';
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
import {
  type TongitsTableInfo,
  type TongitsTableRow,
  type TongitsTableView,
  tongitsInfo,
  tongitsView,
} from './tongits-view';
import type { PvpSeatRow } from './view';

// The Tongits table service (docs/pvp.md "The Tongits table service"): the pure cash table
// (pvp/tongits/table.ts around the one-deal engine) run against the database, the wallet and a
// clock, on the card room's tables (studio_pvp_*, game 'tongits') and its money (money.ts). As in
// the Hold'em room, every change of a table is one transaction that locks the table row, applies
// the engine and writes the state with the deal's snapshot, so any process can serve a player and
// a deal can always be continued from the database; the clock (turn timeouts, dealing, the grace
// period) runs in the holder of the lease 'pvp:<table>'. A deal left mid-way by a stopped process
// is continued by the next leader: players who do not come back are timed out (the engine's
// timeout draws and throws the highest card, or folds a challenge) until the deal ends.

export type TongitsTableSettings = {
  id: string;
  name: string;
  stake: number;
  minBuyIn: number;
  maxBuyIn: number;
  rake: { basisPoints: number; cap: number };
  currency: string;
};

type Trx = Transaction<StudioDatabase>;

type Change = {
  trx: Trx;
  row: TongitsTableRow;
  seats: PvpSeatRow[];
  state: TongitsTableState;
  now: Date;
  set: Partial<{
    hand_id: number | null;
    turn_started_at: Date | null;
    next_hand_at: Date | null;
    next_server_seed: string;
    next_server_seed_hash: string;
  }>;
  owed: number[];
};

/** An engine refusal as the player's error (the engine's code in the detail). */
function engine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof TongitsError) throw new StudioError('STUDIO_PVP_REFUSED', { reason: err.code });
    throw err;
  }
}

const badAction = () => new StudioError('STUDIO_PVP_REFUSED', { reason: 'TONGITS_UNKNOWN_ACTION' });

function cardOf(text: unknown): number {
  if (typeof text !== 'string') throw badAction();
  try {
    return parseCard(text);
  } catch {
    throw badAction();
  }
}

function cardsOf(list: unknown): number[] {
  if (!Array.isArray(list) || list.length > 13) throw badAction();
  return list.map(cardOf);
}

/** A move as the page sends it (cards as text, 'As'), as the engine takes it. The clock's timeout is not a player's move. */
export function parseTongitsAction(input: unknown): Action {
  const a = input as { type?: unknown; cards?: unknown; card?: unknown; meldId?: unknown };
  if (typeof a !== 'object' || a === null) throw badAction();
  switch (a.type) {
    case 'drawStock':
    case 'callDraw':
    case 'fold':
    case 'challenge':
      return { type: a.type };
    case 'takeDiscard':
    case 'meld':
      return { type: a.type, cards: cardsOf(a.cards) };
    case 'sapaw':
      if (typeof a.meldId !== 'number' || !Number.isInteger(a.meldId)) throw badAction();
      return { type: 'sapaw', meldId: a.meldId, cards: cardsOf(a.cards) };
    case 'discard':
      return { type: 'discard', card: cardOf(a.card) };
    default:
      throw badAction();
  }
}

export class TongitsRoom {
  readonly deps: RoundDeps;
  readonly timing: PvpTiming;
  readonly #loop: LoopTimer;
  readonly #feed: TableFeed;
  readonly #clock: TableClock;
  #running: Promise<void> = Promise.resolve();

  constructor(deps: RoundDeps, timing: Partial<PvpTiming> = {}) {
    this.deps = deps;
    this.timing = { ...DEFAULT_PVP_TIMING, ...timing };
    this.#loop = new LoopTimer(this.timing.tickMs, () => this.tick(), this.timing.idlePollMs);
    this.#clock = new TableClock(deps, 'tongits', this.timing.tickMs === 0);
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

  async stop(): Promise<void> {
    this.#loop.stop();
    this.#feed.clear();
    await this.#running;
    await this.#clock.release();
  }

  // ---- tables ----

  /** Opens a Tongits table (checked by the cash table's createTongitsTable). False when the id exists. */
  async createTable(settings: TongitsTableSettings): Promise<boolean> {
    const state = engine(() =>
      createTongitsTable({
        stake: settings.stake,
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
        game: 'tongits',
        betting: 'none',
        seats: 3,
        small_blind: settings.stake,
        big_blind: settings.stake,
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

  /** The lobby's list of Tongits tables, with seats taken and deals played. */
  async listTables(): Promise<(TongitsTableInfo & { seated: number; handsPlayed: number })[]> {
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
      .where('t.game', '=', 'tongits')
      .$narrowType<{ game: 'tongits' }>()
      .orderBy('t.big_blind')
      .orderBy('t.id')
      .execute();
    return rows.map((r) => ({
      ...tongitsInfo(r),
      seated: Number(r.seated ?? 0),
      handsPlayed: (r.state as unknown as TongitsTableState).dealsPlayed,
    }));
  }

  /** Whether a table id is a Tongits table (the routes send other ids to the Hold'em room). */
  async has(tableId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('studio_pvp_tables')
      .select('id')
      .where('id', '=', tableId)
      .where('game', '=', 'tongits')
      .executeTakeFirst();
    return row !== undefined;
  }

  async #tableRow(db: StudioDb, tableId: string, lock: boolean): Promise<TongitsTableRow> {
    let q = db
      .selectFrom('studio_pvp_tables')
      .select(TABLE_COLUMNS)
      .where('id', '=', tableId)
      .where('game', '=', 'tongits')
      .$narrowType<{ game: 'tongits' }>();
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw new StudioError('STUDIO_PVP_TABLE_NOT_FOUND');
    return row;
  }

  async view(tableId: string, owner: string | null): Promise<TongitsTableView> {
    const row = await this.#tableRow(this.#db, tableId, false);
    const seats = await openSeats(this.#db, tableId);
    const hand = await handRow(this.#db, row.hand_id);
    return tongitsView(row, seats, hand, owner, this.timing, this.deps.now());
  }

  seen(tableId: string, session: StudioSession): Promise<void> {
    return markSeen(this.#db, tableId, session, this.deps.now());
  }

  // ---- one locked change ----

  async #change<T>(tableId: string, fn: (c: Change) => Promise<T>): Promise<T> {
    const { value, owed, changed } = await this.#db.transaction().execute(async (trx) => {
      const row = await this.#tableRow(trx, tableId, true);
      const state = row.state as unknown as TongitsTableState;
      const c: Change = {
        trx,
        row,
        seats: await openSeats(trx, tableId),
        state,
        now: this.deps.now(),
        set: {},
        owed: [],
      };
      const value = await fn(c);
      const changed = c.state !== state || Object.keys(c.set).length > 0;
      if (changed) {
        await trx
          .updateTable('studio_pvp_tables')
          .set({ ...c.set, state: JSON.stringify(c.state), version: row.version + 1 })
          .where('id', '=', tableId)
          .execute();
        for (const s of c.seats) {
          const stack = c.state.seats[s.seat]?.stack;
          if (s.status !== 'seated' || stack === undefined || stack === s.stack) continue;
          await trx.updateTable('studio_pvp_seats').set({ stack }).where('id', '=', s.id).execute();
        }
      }
      return { value, owed: c.owed, changed };
    });
    for (const id of owed) await deliverTransfer(this.deps, id);
    if (changed || owed.length > 0) await this.#feed.publish(tableId, true);
    return value;
  }

  #seatOf(c: Change, session: StudioSession): PvpSeatRow {
    const mine = c.seats.find((s) => s.vendor === session.vendor && s.player === session.player);
    if (mine?.status !== 'seated') throw new StudioError('STUDIO_PVP_NOT_SEATED');
    return mine;
  }

  #live(state: TongitsTableState): boolean {
    return state.deal !== null && state.deal.result === null;
  }

  /** A move of the player whose turn it is, with the turn clock's bookkeeping; settles the deal when it ends. */
  async #act(c: Change, seat: Seat, action: Action): Promise<void> {
    const seatRow = c.seats.find((s) => s.seat === seat && s.status === 'seated');
    const turnBefore = c.state.deal?.turn;
    c.state = engine(() => act(c.state, seat, action));
    const deal = c.state.deal!;
    // The clock runs per turn: melds and lay-offs within a turn do not restart it.
    const newTurn = deal.turn !== turnBefore || deal.result !== null;
    if (newTurn && seatRow && c.row.turn_started_at) {
      const over = c.now.getTime() - new Date(c.row.turn_started_at).getTime() - this.timing.turnMs;
      if (over > 0) {
        const bank = Math.max(0, seatRow.time_bank_ms - over);
        seatRow.time_bank_ms = bank;
        await c.trx.updateTable('studio_pvp_seats').set({ time_bank_ms: bank }).where('id', '=', seatRow.id).execute();
      }
    }
    if (newTurn) {
      c.set.turn_started_at = c.now;
      c.row.turn_started_at = c.now;
    }
    if (c.row.hand_id !== null) {
      await c.trx
        .updateTable('studio_pvp_hands')
        .set({ state: JSON.stringify(c.state), actions: sql`actions + 1` })
        .where('id', '=', c.row.hand_id)
        .execute();
    }
    if (deal.result) await this.#finishDeal(c);
  }

  /** The deal is over: its record with the collection and rake, queued leaves, the next seed commitment. */
  async #finishDeal(c: Change): Promise<void> {
    const settlement = c.state.settlement;
    const handId = c.row.hand_id;
    if (!settlement || handId === null) return;
    await c.trx
      .updateTable('studio_pvp_hands')
      .set({
        status: 'over',
        state: JSON.stringify(c.state),
        pot: settlement.collection,
        rake: settlement.rake,
        ended_at: c.now,
      })
      .where('id', '=', handId)
      .execute();
    for (let seat = 0; seat < 3; seat++) {
      await c.trx
        .updateTable('studio_pvp_hand_players')
        .set({ stack_after: c.state.seats[seat]?.stack ?? 0 })
        .where('hand_id', '=', handId)
        .where('seat', '=', seat)
        .execute();
    }
    for (const s of c.seats) {
      if (s.status === 'seated' && s.leave_queued) await this.#leaveNow(c, s);
    }
    const seed = newServerSeed();
    c.set.next_server_seed = seed.serverSeed;
    c.set.next_server_seed_hash = seed.serverSeedHash;
    c.set.next_hand_at = new Date(c.now.getTime() + this.timing.betweenHandsMs);
    c.set.turn_started_at = null;
  }

  /** The player leaves with the whole stack: the sitting's cash-out win. */
  async #leaveNow(c: Change, s: PvpSeatRow): Promise<void> {
    const left = leave(c.state, ownerOf(s));
    c.state = left.state;
    s.status = 'closing';
    await c.trx
      .updateTable('studio_pvp_seats')
      .set({ status: 'closing', stack: 0, leave_queued: false })
      .where('id', '=', s.id)
      .execute();
    c.owed.push(
      await recordTransfer(c.trx, {
        seatId: s.id,
        kind: 'cash_out',
        amount: left.cashOut,
        tx: `pvp:${s.id}:cash-out`,
        dueAt: new Date(c.now.getTime() + DELIVERY_LEASE_MS),
      }),
    );
  }

  /** Deals when all three seats are ready (the deck from the committed seed and their client seeds). */
  async #startDeal(c: Change, serverSeed: string, serverSeedHash: string): Promise<void> {
    for (let seat = 0; seat < 3; seat++) if (!canBeDealt(c.state, seat)) return;
    const bySeat = new Map(c.seats.map((s) => [s.seat, s]));
    const clientSeeds = [0, 1, 2].map((seat) => bySeat.get(seat)?.client_seed ?? newClientSeed());
    const nonce = 0;
    const before = c.state;
    c.state = startDeal(c.state, dealDeck({ serverSeed, clientSeeds, nonce }));
    const row = await c.trx
      .insertInto('studio_pvp_hands')
      .values({
        table_id: c.row.id,
        number: c.state.dealsPlayed,
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
    for (let seat = 0; seat < 3; seat++) {
      const s = bySeat.get(seat)!;
      await c.trx
        .insertInto('studio_pvp_hand_players')
        .values({
          hand_id: row.id,
          seat,
          seat_id: s.id,
          vendor: s.vendor,
          player: s.player,
          stack_before: before.seats[seat]?.stack ?? 0,
          stack_after: null,
        })
        .execute();
    }
    c.set.hand_id = row.id;
    c.row.hand_id = row.id;
    c.set.turn_started_at = c.now;
    c.row.turn_started_at = c.now;
    c.set.next_hand_at = null;
  }

  // ---- players ----

  /** Sits down with a buy-in (a wallet bet); the chips reach the table only with the bet's OK. */
  async sit(
    session: StudioSession,
    token: string,
    tableId: string,
    input: { seat: unknown; buyIn: unknown; clientSeed?: unknown },
    address: string | undefined,
  ): Promise<void> {
    if (session.mode !== 'real') throw new StudioError('STUDIO_PVP_REAL_ONLY');
    const { seat, buyIn } = input;
    if (!isAmount(buyIn)) throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'TONGITS_BUY_IN_RANGE' });
    const clientSeed = input.clientSeed === undefined ? newClientSeed() : input.clientSeed;
    if (typeof clientSeed !== 'string' || !CLIENT_SEED.test(clientSeed)) {
      throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['clientSeed'] }, (w) => w.clientSeedRule);
    }
    const owner = session.owner;
    const now = this.deps.now();
    const seenFrom = address && !isLoopback(address) ? address : null;
    if (typeof seat !== 'number' || !Number.isInteger(seat)) {
      throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'TONGITS_BAD_SEAT' });
    }
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
        reasons: { alreadySeated: 'TONGITS_ALREADY_SEATED', seatTaken: 'TONGITS_SEAT_TAKEN' },
        check: () => engine(() => sitDown(row.state as unknown as TongitsTableState, { seat, playerId: owner, buyIn })),
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

  /** A move in the deal. `seq`: the client's sequence number; a number already used is not applied again. */
  async act(
    session: StudioSession,
    tableId: string,
    input: { seq: unknown; action: unknown },
  ): Promise<{ applied: boolean; seq: number }> {
    const seq = input.seq;
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) throw new StudioError('STUDIO_PVP_BAD_SEQ');
    const move = parseTongitsAction(input.action);
    const applied = await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      if (seq <= mine.last_seq) return false;
      await this.#act(c, mine.seat as Seat, move);
      await c.trx.updateTable('studio_pvp_seats').set({ last_seq: seq }).where('id', '=', mine.id).execute();
      return true;
    });
    return { applied, seq };
  }

  /** Leaves with the stack (a cash-out win); during a deal the player is dealt in to, when it ends. */
  async leave(session: StudioSession, tableId: string): Promise<{ queued: boolean }> {
    const queued = await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      if (this.#live(c.state)) {
        await c.trx.updateTable('studio_pvp_seats').set({ leave_queued: true }).where('id', '=', mine.id).execute();
        return true;
      }
      await this.#leaveNow(c, mine);
      return false;
    });
    return { queued };
  }

  /** Sitting out takes effect from the next deal (a deal needs all three players). */
  async sitOut(session: StudioSession, tableId: string): Promise<void> {
    await this.#sittingOut(session, tableId, true);
  }

  async comeBack(session: StudioSession, tableId: string): Promise<void> {
    await this.#sittingOut(session, tableId, false);
  }

  async #sittingOut(session: StudioSession, tableId: string, sittingOut: boolean): Promise<void> {
    await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      c.state = engine(() => setSittingOut(c.state, ownerOf(mine), sittingOut));
      if (!sittingOut)
        await c.trx.updateTable('studio_pvp_seats').set({ away: false }).where('id', '=', mine.id).execute();
    });
  }

  /** Every hand is shown when a deal ends (the points are counted face up): nothing to show by choice. */
  async show(): Promise<void> {
    throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'TONGITS_HANDS_SHOWN' });
  }

  /**
   * Adds chips (a wallet bet), up to the maximum buy-in; at once, also during a deal (a deal moves no
   * chips until it ends, when each bill is capped at the stack it meets). Never queued.
   */
  async topUp(session: StudioSession, token: string, tableId: string, amount: unknown): Promise<{ queued: boolean }> {
    if (!isAmount(amount)) throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'TONGITS_BAD_AMOUNT' });
    const now = this.deps.now();
    const prepared = await this.#db.transaction().execute(async (trx) => {
      const row = await this.#tableRow(trx, tableId, true);
      const seats = await openSeats(trx, tableId);
      const mine = seats.find((s) => s.vendor === session.vendor && s.player === session.player);
      if (mine?.status !== 'seated' || mine.leave_queued) throw new StudioError('STUDIO_PVP_NOT_SEATED');
      engine(() => topUp(row.state as unknown as TongitsTableState, ownerOf(mine), amount));
      return recordTopUp(trx, mine.id, amount, now);
    });
    await betTopUp(this.deps, prepared, token, amount);
    await this.#change(tableId, async (c) => {
      // Left meanwhile: the bet stays unanswered here, so recovery rolls it back to the balance.
      const mine = c.seats.find((s) => s.id === prepared.sitting.id && s.status === 'seated');
      if (!mine) return;
      if (await betTaken(c.trx, prepared.transferId, c.now)) c.state = topUp(c.state, ownerOf(mine), amount);
    });
    return { queued: false };
  }

  async setClientSeed(session: StudioSession, tableId: string, clientSeed: unknown): Promise<void> {
    if (typeof clientSeed !== 'string' || !CLIENT_SEED.test(clientSeed)) {
      throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['clientSeed'] }, (w) => w.clientSeedRule);
    }
    await this.#change(tableId, async (c) => {
      const mine = this.#seatOf(c, session);
      await c.trx.updateTable('studio_pvp_seats').set({ client_seed: clientSeed }).where('id', '=', mine.id).execute();
    });
  }

  /** A deal as its players (and, once over, anyone) may see it: the view's deal as of its last move. */
  async hand(handId: number, owner: string | null) {
    const h = await this.#db
      .selectFrom('studio_pvp_hands as h')
      .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
      .select(['h.id', 'h.table_id', 'h.status', 'h.started_at', 'h.ended_at', 'h.state'])
      .where('h.id', '=', handId)
      .where('t.game', '=', 'tongits')
      .executeTakeFirst();
    if (!h) throw new StudioError('STUDIO_NOT_FOUND');
    const players = await this.#db
      .selectFrom('studio_pvp_hand_players')
      .selectAll()
      .where('hand_id', '=', handId)
      .orderBy('seat')
      .execute();
    const mine = players.find((p) => `${p.vendor}:${p.player}` === owner);
    if (h.status !== 'over' && !mine) throw new StudioError('STUDIO_NOT_FOUND');
    const row = await this.#tableRow(this.#db, h.table_id, false);
    const hand = await handRow(this.#db, h.id);
    const seats = players.map((p) => ({ ...this.#historySeat(p), seat: p.seat }));
    // The deal's own state in place of the table's, seen by its player (or a watcher once over).
    const view = tongitsView(
      { ...row, state: h.state, turn_started_at: null },
      seats,
      hand,
      owner,
      this.timing,
      this.deps.now(),
    );
    return {
      game: 'tongits' as const,
      id: h.id,
      tableId: h.table_id,
      startedAt: new Date(h.started_at).toISOString(),
      endedAt: h.ended_at ? new Date(h.ended_at).toISOString() : null,
      players: players.map((p) => ({
        seat: p.seat,
        stackBefore: Number(p.stack_before),
        stackAfter: p.stack_after === null ? null : Number(p.stack_after),
        you: p === mine,
      })),
      deal: view.deal,
    };
  }

  #historySeat(p: { seat_id: number; vendor: string; player: string; stack_before: number }): PvpSeatRow {
    return {
      id: p.seat_id,
      seat: 0,
      vendor: p.vendor,
      player: p.player,
      status: 'seated',
      stack: Number(p.stack_before),
      pending_top_up: 0,
      leave_queued: false,
      away: false,
      client_seed: '',
      last_seq: 0,
      time_bank_ms: 0,
      seen_at: new Date(0),
    };
  }

  /** The player's latest Tongits deals (newest first), with what each changed their stack by. */
  async myHands(session: StudioSession, limit = 20) {
    const rows = await this.#db
      .selectFrom('studio_pvp_hand_players as p')
      .innerJoin('studio_pvp_hands as h', 'h.id', 'p.hand_id')
      .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
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
      .where('t.game', '=', 'tongits')
      .where('p.vendor', '=', session.vendor)
      .where('p.player', '=', session.player)
      .orderBy('h.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      game: 'tongits' as const,
      handId: r.id,
      tableId: r.table_id,
      number: r.number,
      status: r.status,
      startedAt: new Date(r.started_at).toISOString(),
      pot: Number(r.pot),
      net: r.stack_after === null ? null : Number(r.stack_after) - Number(r.stack_before),
    }));
  }

  /** The session of a Tongits table call: a game session of the PVP category. */
  sessionOf(token: string | undefined): Promise<StudioSession> {
    return pvpSessionOf(this.#db, token);
  }

  // ---- the clock ----

  tick(): Promise<void> {
    const pass = this.#running.then(() => this.#tickOnce());
    this.#running = pass.catch((err) => this.deps.log.warn({ err }, 'studio: tongits tick failed'));
    return pass;
  }

  async #tickOnce(): Promise<void> {
    await this.#feed.refreshSeen(this.deps.now(), this.timing.tickMs === 0);
    const active = await this.#clock.pass((tableId, takeover) => this.#advance(tableId, takeover));
    await this.#feed.publishAll();
    this.#loop.idle = !active && this.#feed.idle;
  }

  /** The leader's step of one table: the turn clock, the grace period, and dealing the next deal. */
  async #advance(tableId: string, takeover: boolean): Promise<void> {
    const row = await this.#tableRow(this.#db, tableId, false);
    const state = row.state as unknown as TongitsTableState;
    const now = this.deps.now();
    if (this.#live(state) && takeover) {
      // A deal left by another process (or one that stopped): the player to move gets a whole turn again.
      await this.#change(tableId, async (c) => {
        c.set.turn_started_at = c.now;
      });
      return;
    }
    const seats = await openSeats(this.#db, tableId);
    if (this.#live(state)) {
      const turn = state.deal!.turn;
      const bank = seats.find((s) => s.seat === turn)?.time_bank_ms ?? 0;
      const started = row.turn_started_at ? new Date(row.turn_started_at).getTime() : now.getTime();
      if (now.getTime() < started + this.timing.turnMs + bank) return;
      await this.#change(tableId, async (c) => {
        if (!this.#live(c.state) || c.state.deal!.turn !== turn) return;
        await this.#act(c, turn, { type: 'timeout' });
      });
      return;
    }
    // Left with less than a deal needs (the stack rule): cashed out rather than holding the table up.
    const short = (st: TongitsTableState, s: PvpSeatRow) =>
      (st.seats[s.seat]?.stack ?? 0) < st.config.stake * DEAL_MIN_STAKES;
    const gone = seats.some(
      (s) =>
        s.status === 'seated' &&
        (s.leave_queued || short(state, s) || now.getTime() - new Date(s.seen_at).getTime() > this.timing.graceMs),
    );
    const due = row.next_hand_at === null || now >= new Date(row.next_hand_at);
    if (!gone && !due) return;
    await this.#change(tableId, async (c) => {
      if (this.#live(c.state)) return;
      for (const s of c.seats) {
        if (s.status !== 'seated') continue;
        const away = c.now.getTime() - new Date(s.seen_at).getTime();
        // Gone past the grace period, asked to leave, or short of a deal's stack: the stack goes back.
        if (s.leave_queued || short(c.state, s) || away > this.timing.graceMs) await this.#leaveNow(c, s);
      }
      if (c.row.next_hand_at !== null && c.now < new Date(c.row.next_hand_at)) return;
      // Who is ready: a player whose page is not seen is sat out (and back in once it is seen again).
      for (const s of c.seats) {
        const seat = c.state.seats[s.seat];
        if (s.status !== 'seated' || !seat) continue;
        const present = c.now.getTime() - new Date(s.seen_at).getTime() <= this.timing.presenceMs;
        const flip = present ? s.away && seat.sittingOut : !seat.sittingOut;
        if (!flip) continue;
        c.state = setSittingOut(c.state, ownerOf(s), !present);
        s.away = !present;
        await c.trx.updateTable('studio_pvp_seats').set({ away: s.away }).where('id', '=', s.id).execute();
      }
      const seed = await c.trx
        .selectFrom('studio_pvp_tables')
        .select(['next_server_seed', 'next_server_seed_hash'])
        .where('id', '=', tableId)
        .executeTakeFirstOrThrow();
      await this.#startDeal(c, seed.next_server_seed, seed.next_server_seed_hash);
    });
  }

  // ---- what the players' pages get ----

  subscribe(tableId: string, owner: string | null, send: (message: string) => void): () => void {
    return this.#feed.subscribe(tableId, owner, send);
  }

  sendView(tableId: string, sub: Sub): Promise<void> {
    return this.#feed.sendView(tableId, sub);
  }

  async #snapshot(tableId: string): Promise<FeedSnapshot> {
    const row = await this.#tableRow(this.#db, tableId, false);
    const seats = await openSeats(this.#db, tableId);
    const hand = await handRow(this.#db, row.hand_id);
    const now = this.deps.now();
    return { version: row.version, viewOf: (owner) => tongitsView(row, seats, hand, owner, this.timing, now) };
  }
}
