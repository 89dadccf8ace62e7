import { randomUUID } from 'node:crypto';
import type { StudioDb } from '../../kit/db/database';
import type { RoundDeps } from '../../kit/deps';
import { StudioError } from '../../kit/errors';
import { leaseEnd } from '../../kit/outbound';
import { maskPlayer } from '../../kit/players';
import type { StudioSession } from '../../kit/sessions';
import { cardText } from '../engine/cards';
import { dealDeck } from '../engine/deck';
import { PvpError } from '../engine/errors';
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
} from '../engine/table';
import type { Action, TableConfig, TableState } from '../engine/types';
import { handPlayers, holdemHand, rakeByTableAndDay } from './hands.queries';
import { seedRevealed } from './records';
import { setAway, setPendingTopUp } from './seats.queries';
import { openRun, SNG_START_DELAY_MS, settingsOf } from './sng';
import { markRunFinished, markRunStarted, runRow, setPlace } from './sng.queries';
import { bustPlaces, levelAt, prizeTable } from './sng-rules';
import { type Change, checkedClientSeed, isAmount, ownerOf, type PvpTiming, TableRoom, type Trx } from './table-room';
import { refillTimeBanks } from './time-bank';
import { betTaken, recordTransfer } from './transfers.queries';
import {
  eventView,
  type PvpSeatRow,
  type PvpTableInfo,
  type PvpTableRow,
  type PvpTableView,
  tableInfo,
  tableView,
} from './view';

export { DEFAULT_PVP_TIMING, type PvpTiming } from './table-room';

// The Hold'em table service (docs/pvp.md "The table service"): the pure engine (cardroom/engine/table.ts) run
// against the database, the wallet and a clock through the card room's table base (table-room.ts:
// one locked transaction per change, the sittings' money, the pages' feed and the clock under the
// lease 'pvp:<table>'). Here are Hold'em's rules around it: the blinds' hand dealt when two or more
// can play, moves with the time bank spent per move, top-ups queued during a hand the player is in,
// cards shown by choice, the lobby's guard on a sit-down and the house's rake report.
//
// A hand left mid-way by a stopped process is continued by the next leader: the turn clock of the
// player to act starts again, players who do not come back are timed out (check or fold) until the
// hand ends, and after the grace period their seats are cashed out through the wallet.

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

type HoldemChange = Change<PvpTableRow, TableState>;

/**
 * A check of a sit-down inside its locked transaction (the lobby's waiting list, lobby.ts): throws to
 * refuse it, and may write beside it (the seat taken off the list) in the same transaction.
 */
export type SitGuard = (
  trx: Trx,
  input: { tableId: string; session: StudioSession; seats: number; taken: number; now: Date },
) => Promise<void>;

export class PvpRoom extends TableRoom<PvpTableRow, TableState, PvpTableView, Action> {
  /** Set by the lobby (lobby.ts): seats offered to waiting players are theirs. */
  sitGuard: SitGuard | null = null;

  constructor(deps: RoundDeps, timing: Partial<PvpTiming> = {}) {
    super(deps, timing, 'holdem');
  }

  get #db(): StudioDb {
    return this.deps.db;
  }

  protected refusalOf(err: unknown): string | null {
    return err instanceof PvpError ? err.code : null;
  }

  protected viewOf(
    row: PvpTableRow,
    seats: PvpSeatRow[],
    hand: Parameters<typeof tableView>[2],
    owner: string | null,
    now: Date,
  ) {
    return tableView(row, seats, hand, owner, this.timing, now);
  }

  protected sitDown(state: TableState, input: { seat: number; playerId: string; buyIn: number }): TableState {
    return sitDown(state, input);
  }

  protected leaveTable(state: TableState, owner: string) {
    return leave(state, owner);
  }

  protected live(state: TableState): boolean {
    return state.hand !== null && state.hand.result === null;
  }

  protected turnOf(state: TableState): number | null {
    return this.live(state) ? (state.hand?.toAct ?? null) : null;
  }

  protected dealtIn(state: TableState, seat: number): boolean {
    const h = state.hand;
    return h !== null && h.result === null && h.players.some((p) => p.seat === seat);
  }

  protected setAway(state: TableState, owner: string, away: boolean): TableState {
    return away ? sitOut(state, owner) : comeBack(state, owner);
  }

  protected timeOut(c: HoldemChange, seat: number): Promise<void> {
    return this.#act(c, seat, { type: 'timeout' });
  }

  protected async deal(c: HoldemChange, serverSeed: string, serverSeedHash: string): Promise<void> {
    if (c.row.kind === 'sng' && !(await this.#levelBlinds(c))) return;
    await this.#startHand(c, serverSeed, serverSeedHash);
  }

  // ---- sit-and-gos (docs/pvp.md "Sit-and-go tournaments"): tournament chips at a table of kind 'sng' ----

  protected override holdsSeats(row: PvpTableRow): boolean {
    return row.kind === 'sng';
  }

  protected override async canDeal(row: PvpTableRow): Promise<boolean> {
    if (row.kind !== 'sng') return true;
    return (await runRow(this.#db, row.id))?.status === 'running';
  }

  /** Unregistering before the start refunds the buy-in and the fee (the sitting's closing win); after it, no one leaves. */
  protected override async leaveRule(c: HoldemChange, mine: PvpSeatRow): Promise<boolean> {
    if (c.row.kind !== 'sng') return false;
    const run = await runRow(c.trx, c.row.id);
    if (run?.status !== 'registering') throw new StudioError('STUDIO_PVP_SNG_STARTED');
    const t = settingsOf(run);
    c.state = leave(c.state, ownerOf(mine)).state;
    await this.closeWith(c, mine, t.buyIn + t.fee);
    return true;
  }

  /** The blinds of the level the clock has reached, for the hand about to be dealt; false before the start. */
  async #levelBlinds(c: HoldemChange): Promise<boolean> {
    const run = await runRow(c.trx, c.row.id);
    if (run?.status !== 'running' || !run.started_at) return false;
    const elapsed = c.now.getTime() - new Date(run.started_at).getTime();
    const { level } = levelAt(settingsOf(run).levels, Math.max(0, elapsed));
    const config = c.state.config;
    if (config.smallBlind !== level.smallBlind || config.bigBlind !== level.bigBlind) {
      c.state = { ...c.state, config: { ...config, smallBlind: level.smallBlind, bigBlind: level.bigBlind } };
    }
    return true;
  }

  /** The last seat taken: the run starts (the first hand after SNG_START_DELAY_MS) and the next run opens. */
  async #startIfFull(c: HoldemChange): Promise<void> {
    if (c.seats.filter((s) => s.status === 'seated').length < c.row.seats) return;
    const run = await runRow(c.trx, c.row.id);
    if (run?.status !== 'registering') return;
    await markRunStarted(c.trx, run.id, c.now);
    c.set.next_hand_at = new Date(c.now.getTime() + SNG_START_DELAY_MS);
    await openRun(c.trx, settingsOf(run));
  }

  /**
   * After a hand of a running sit-and-go: the players it left without chips are out, each with their
   * place and its prize (owed as the sitting's closing win at once); with one player left, they win.
   */
  async #knockOut(c: HoldemChange): Promise<void> {
    const run = await runRow(c.trx, c.row.id);
    const hand = c.state.hand;
    if (run?.status !== 'running' || !hand) return;
    const t = settingsOf(run);
    const prizes = prizeTable(t.buyIn * t.seats, t.shares);
    const seated = c.seats.filter((s) => s.status === 'seated');
    const stackOf = (s: PvpSeatRow) => c.state.seats[s.seat]?.stack ?? 0;
    const left = seated.filter((s) => stackOf(s) > 0);
    // Seat order from the button's left: who takes the odd cent of a shared place.
    const fromButton = (seat: number) => (seat - hand.button - 1 + t.seats) % t.seats;
    const busted = seated
      .filter((s) => stackOf(s) === 0)
      .map((s) => ({ seat: s.seat, startStack: hand.players.find((p) => p.seat === s.seat)?.committed ?? 0 }))
      .sort((a, b) => fromButton(a.seat) - fromButton(b.seat));
    const finished = bustPlaces(busted, left.length, prizes);
    if (left.length === 1) finished.push({ seat: left[0]!.seat, place: 1, prize: prizes[0] ?? 0 });
    for (const f of finished) {
      const s = seated.find((x) => x.seat === f.seat)!;
      await setPlace(c.trx, s.id, f.place, f.prize);
      c.state = leave(c.state, ownerOf(s)).state;
      await this.closeWith(c, s, f.prize);
    }
    if (left.length <= 1) await markRunFinished(c.trx, run.id, c.now);
  }

  /**
   * Registers for a sit-and-go (`runId`: the run's table): the buy-in and the fee are the sitting's
   * bet, as a cash table's buy-in is, and the seat is the lowest free one (registration order). The
   * last registration to be taken starts the run. A full or started run refuses before any money moves.
   */
  async register(
    session: StudioSession,
    token: string,
    runId: string,
    input: { clientSeed?: unknown },
    address: string | undefined,
  ): Promise<void> {
    if (session.mode !== 'real') throw new StudioError('STUDIO_PVP_REAL_ONLY');
    const clientSeed = input.clientSeed === undefined ? '' : checkedClientSeed(input.clientSeed);
    const run = await runRow(this.#db, runId);
    if (!run) throw new StudioError('STUDIO_PVP_TABLE_NOT_FOUND');
    const t = settingsOf(run);
    await this.seatPlayer(
      session,
      token,
      runId,
      { seat: null, buyIn: t.buyIn + t.fee, chips: t.startingChips, clientSeed },
      address,
      {
        reasons: { alreadySeated: 'PVP_ALREADY_REGISTERED', seatTaken: 'PVP_TOURNAMENT_FULL' },
        guard: async (trx, row, taken) => {
          if ((await runRow(trx, runId))?.status !== 'registering') throw new StudioError('STUDIO_PVP_SNG_STARTED');
          if (taken >= row.seats) throw new StudioError('STUDIO_PVP_SNG_FULL');
        },
        seated: (c) => this.#startIfFull(c),
      },
    );
  }

  // ---- tables ----

  /** Opens a table (the operator's settings; checked by the engine). Answers false when the id exists. */
  async createTable(settings: PvpTableSettings): Promise<boolean> {
    const state = this.engine(() =>
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
    return this.insertTable(
      {
        id: settings.id,
        name: settings.name,
        betting: settings.betting,
        seats: settings.seats,
        small_blind: settings.smallBlind,
        big_blind: settings.bigBlind,
        min_buy_in: settings.minBuyIn,
        max_buy_in: settings.maxBuyIn,
        rake_bp: settings.rake.basisPoints,
        rake_cap: settings.rake.cap,
        currency: settings.currency,
      },
      state,
    );
  }

  /** The lobby's list: every table with its settings, seats taken and hands played. */
  async listTables(): Promise<(PvpTableInfo & { seated: number; handsPlayed: number })[]> {
    const rows = await this.listRows();
    return rows.map((r) => ({ ...tableInfo(r), seated: r.seated, handsPlayed: (r.state as TableState).handsPlayed }));
  }

  // ---- the hand ----

  /** Applies a move of the player to act, with the turn clock's bookkeeping; ends the hand when it is over. */
  async #act(c: HoldemChange, seat: number, action: Action): Promise<void> {
    c.state = this.engine(() => act(c.state, seat, action));
    await this.turnTaken(c, seat);
    await this.saveHand(c, true);
    if (c.state.hand?.result) await this.#finishHand(c);
  }

  /** The hand is over: its record, the queued top-ups and leaves, and the next hand's seed commitment. */
  async #finishHand(c: HoldemChange): Promise<void> {
    const hand = c.state.hand;
    const handId = c.row.hand_id;
    if (!hand?.result || handId === null) return;
    const pot = hand.players.reduce((sum, p) => sum + p.committed, 0);
    await this.closeHand(
      c,
      handId,
      { pot, rake: hand.result.rake },
      hand.players.map((p) => p.seat),
    );
    await refillTimeBanks(c.trx, handId, this.timing.timeBankRefill);
    if (c.row.kind === 'sng') await this.#knockOut(c);
    for (const s of c.seats) {
      if (s.status !== 'seated') continue;
      if (s.pending_top_up > 0) await this.#applyPendingTopUp(c, s);
      if (s.leave_queued) await this.leaveNow(c, s);
    }
    this.nextHand(c);
  }

  /** Adds a top-up taken during the hand; what no longer fits under the maximum goes back to the wallet. */
  async #applyPendingTopUp(c: HoldemChange, s: PvpSeatRow): Promise<void> {
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
          dueAt: leaseEnd(c.now),
        }),
      );
    }
    s.pending_top_up = 0;
    await setPendingTopUp(c.trx, s.id, 0);
  }

  /** Deals the next hand when two or more players can be dealt in. */
  async #startHand(c: HoldemChange, serverSeed: string, serverSeedHash: string): Promise<boolean> {
    let plan: ReturnType<typeof nextHandPlan>;
    try {
      plan = nextHandPlan(c.state);
    } catch (err) {
      if (err instanceof PvpError) return false;
      throw err;
    }
    const { bySeat, seeds: clientSeeds } = this.clientSeedsOf(c, plan.seats, serverSeedHash);
    const deck = dealDeck({ serverSeed, clientSeeds, nonce: 0 });
    const before = c.state;
    c.state = startHand(c.state, deck);
    const hand = c.state.hand!;
    await this.openHand(
      c,
      { number: hand.number, serverSeed, serverSeedHash, clientSeeds, before },
      hand.players.map((p) => ({ seat: p.seat, row: bySeat.get(p.seat)! })),
    );
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
    // Only the player's own: the server makes none (a seat's part of a deal comes from its page).
    const clientSeed = input.clientSeed === undefined ? '' : checkedClientSeed(input.clientSeed);
    await this.seatPlayer(session, token, tableId, { seat, buyIn, clientSeed }, address, {
      reasons: { alreadySeated: 'PVP_ALREADY_SEATED', seatTaken: 'PVP_SEAT_TAKEN' },
      guard: (trx, row, taken, now) => {
        // A sit-and-go's seats are taken by registering (register), with its chips.
        if (row.kind === 'sng') throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_TOURNAMENT_TABLE' });
        return this.sitGuard?.(trx, { tableId, session, seats: row.seats, taken, now });
      },
    });
  }

  protected parseMove(input: unknown): Action {
    const action = input as Action;
    if (typeof action !== 'object' || action === null || typeof action.type !== 'string') {
      throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_UNKNOWN_ACTION' });
    }
    return action.to === undefined ? { type: action.type } : { type: action.type, to: action.to };
  }

  protected async play(c: HoldemChange, mine: PvpSeatRow, move: Action): Promise<void> {
    if (move.type === 'timeout') throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_UNKNOWN_ACTION' });
    await this.#act(c, mine.seat, move);
  }

  /**
   * Adds chips (a wallet bet). During a hand the player is dealt in to, the chips are held for the
   * seat and added when the hand ends (the engine refuses a top-up then: PVP_IN_HAND).
   */
  async topUp(session: StudioSession, token: string, tableId: string, amount: unknown): Promise<{ queued: boolean }> {
    if (!isAmount(amount)) throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_BAD_AMOUNT' });
    const prepared = await this.holdTopUp(session, token, tableId, amount, (row, mine, inFlight) => {
      if (row.kind === 'sng') throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_TOURNAMENT_CHIPS' });
      const state = row.state as TableState;
      const inHand = state.hand?.players.find((p) => p.seat === mine.seat && state.hand?.result === null);
      const stack = (state.seats[mine.seat]?.stack ?? 0) + (inHand?.committed ?? 0) + mine.pending_top_up + inFlight;
      if (stack + amount > row.max_buy_in)
        throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_TOP_UP_OVER_MAX' });
    });
    const queued = await this.change(tableId, async (c) => {
      if (!(await betTaken(c.trx, prepared.transferId, c.now))) return false;
      const mine = c.seats.find((s) => s.id === prepared.sitting.id);
      if (!mine) return false;
      if (this.dealtIn(c.state, mine.seat)) {
        mine.pending_top_up += amount;
        await setPendingTopUp(c.trx, mine.id, mine.pending_top_up);
        return true;
      }
      mine.pending_top_up += amount;
      await this.#applyPendingTopUp(c, mine);
      return false;
    });
    return { queued };
  }

  async sitOut(session: StudioSession, tableId: string): Promise<void> {
    await this.change(tableId, async (c) => {
      const mine = this.seatOf(c, session);
      // A tournament deals every player with chips in; an absent one is blinded and folded on time.
      if (c.row.kind === 'sng') throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_TOURNAMENT_SIT_OUT' });
      c.state = this.engine(() => sitOut(c.state, ownerOf(mine)));
    });
  }

  async comeBack(session: StudioSession, tableId: string): Promise<void> {
    await this.change(tableId, async (c) => {
      const mine = this.seatOf(c, session);
      c.state = this.engine(() => comeBack(c.state, ownerOf(mine)));
      await setAway(c.trx, mine.id, false);
    });
  }

  /** Shows the player's cards once the hand is over. */
  async show(session: StudioSession, tableId: string): Promise<void> {
    await this.change(tableId, async (c) => {
      const mine = this.seatOf(c, session);
      c.state = this.engine(() => showCards(c.state, mine.seat));
      await this.saveHand(c, false);
    });
  }

  // ---- hand histories and the house's rake ----

  /**
   * A hand as its players may see it (nobody else reads it): their own cards, the cards shown, and the
   * server seed once none of the hand's players is seated at the table (records.ts seedRevealed).
   */
  async hand(handId: number, owner: string | null) {
    const h = await holdemHand(this.#db, handId);
    if (!h) throw new StudioError('STUDIO_NOT_FOUND');
    const players = await handPlayers(this.#db, handId);
    const state = h.state as TableState;
    const mySeats = new Set(players.filter((p) => `${p.vendor}:${p.player}` === owner).map((p) => p.seat));
    if (mySeats.size === 0) throw new StudioError('STUDIO_NOT_FOUND');
    const revealed = await seedRevealed(this.#db, h, 'holdem');
    const hand = state.hand;
    return {
      game: 'holdem' as const,
      id: h.id,
      tableId: h.table_id,
      number: h.number,
      status: h.status,
      startedAt: new Date(h.started_at).toISOString(),
      endedAt: h.ended_at ? new Date(h.ended_at).toISOString() : null,
      // With the seat count, the order the cards were dealt in (the page's Check this hand).
      button: hand ? hand.button : null,
      seats: state.seats.length,
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
        serverSeed: revealed ? h.server_seed : null,
        clientSeeds: h.client_seeds as string[],
        nonce: h.nonce,
      },
    };
  }

  /** The player's latest hands of every game (newest first), each naming its game. */
  myHands(session: StudioSession, limit = 20) {
    return this.playerHands(session, limit, 'every game');
  }

  /** The house's PVP revenue: rake per table and day (in `timeZone`) of the hands ended in [from, to). */
  async rakeReport(from: Date, to: Date, timeZone = 'UTC') {
    const rows = await rakeByTableAndDay(this.#db, from, to, timeZone);
    return rows.map((r) => ({
      tableId: r.table_id,
      day: r.day,
      currency: r.currency,
      hands: Number(r.hands),
      rake: Number(r.rake),
      pots: Number(r.pots),
    }));
  }
}
