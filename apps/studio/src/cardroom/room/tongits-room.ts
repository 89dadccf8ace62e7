import type { StudioDb } from '../../kit/db/database';
import type { RoundDeps } from '../../kit/deps';
import { StudioError } from '../../kit/errors';
import type { StudioSession } from '../../kit/sessions';
import { parseCard } from '../engine/cards';
import { dealDeck } from '../engine/deck';
import { TongitsError } from '../engine/tongits/errors';
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
} from '../engine/tongits/table';
import type { Action, Seat } from '../engine/tongits/types';
import { handPlayers, handRow, tongitsDeal } from './hands.queries';
import { setAway } from './seats.queries';
import { type Change, checkedClientSeed, isAmount, ownerOf, type PvpTiming, TableRoom } from './table-room';
import { isTableOfGame } from './tables.queries';
import {
  type TongitsTableInfo,
  type TongitsTableRow,
  type TongitsTableView,
  tongitsInfo,
  tongitsView,
} from './tongits-view';
import { betTaken } from './transfers.queries';
import type { PvpHandRow, PvpSeatRow } from './view';

// The Tongits table service (docs/pvp.md "The Tongits table service"): the pure cash table
// (cardroom/engine/tongits/table.ts around the one-deal engine) run against the database, the wallet and a
// clock through the card room's table base (table-room.ts), on the card room's tables
// (studio_pvp_*, game 'tongits') and its money (money.ts). As in the Hold'em room, every change of a
// table is one locked transaction and the clock (turn timeouts, dealing, the grace period) runs in
// the holder of the lease 'pvp:<table>'. Here are Tongits' rules around it: three seats dealt
// together, moves read with their cards, the turn clock run per turn (not per meld), the stack rule,
// top-ups at once, every hand shown at the end. A deal left mid-way by a stopped process is continued
// by the next leader: players who do not come back are timed out (the engine's timeout draws and
// throws the highest card, or folds a challenge) until the deal ends.

export type TongitsTableSettings = {
  id: string;
  name: string;
  stake: number;
  minBuyIn: number;
  maxBuyIn: number;
  rake: { basisPoints: number; cap: number };
  currency: string;
};

type TongitsChange = Change<TongitsTableRow, TongitsTableState>;

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

/** Whether `tableId` is a Tongits table (its address opens the Tongits page, not the card room's lobby). */
export async function isTongitsTable(db: StudioDb, tableId: unknown): Promise<boolean> {
  if (typeof tableId !== 'string') return false;
  return isTableOfGame(db, tableId, 'tongits');
}

export class TongitsRoom extends TableRoom<TongitsTableRow, TongitsTableState, TongitsTableView, Action> {
  constructor(deps: RoundDeps, timing: Partial<PvpTiming> = {}) {
    super(deps, timing, 'tongits');
  }

  get #db(): StudioDb {
    return this.deps.db;
  }

  #tableRow(db: StudioDb, tableId: string, lock: boolean): Promise<TongitsTableRow> {
    return this.tableRow(db, tableId, lock);
  }

  protected refusalOf(err: unknown): string | null {
    return err instanceof TongitsError ? err.code : null;
  }

  protected viewOf(
    row: TongitsTableRow,
    seats: PvpSeatRow[],
    hand: PvpHandRow | null,
    owner: string | null,
    now: Date,
  ) {
    return tongitsView(row, seats, hand, owner, this.timing, now);
  }

  protected sitDown(state: TongitsTableState, input: { seat: number; playerId: string; buyIn: number }) {
    return sitDown(state, input);
  }

  protected leaveTable(state: TongitsTableState, owner: string) {
    return leave(state, owner);
  }

  protected live(state: TongitsTableState): boolean {
    return state.deal !== null && state.deal.result === null;
  }

  protected turnOf(state: TongitsTableState): number | null {
    return this.live(state) ? state.deal!.turn : null;
  }

  /** Every seated player is dealt in to a deal (it needs all three). */
  protected dealtIn(state: TongitsTableState): boolean {
    return this.live(state);
  }

  protected setAway(state: TongitsTableState, owner: string, away: boolean): TongitsTableState {
    return setSittingOut(state, owner, away);
  }

  /** Left with less than a deal needs (the stack rule): cashed out rather than holding the table up. */
  protected override mustLeave(state: TongitsTableState, s: PvpSeatRow): boolean {
    return (state.seats[s.seat]?.stack ?? 0) < state.config.stake * DEAL_MIN_STAKES;
  }

  protected timeOut(c: TongitsChange, seat: number): Promise<void> {
    return this.#act(c, seat as Seat, { type: 'timeout' });
  }

  protected parseMove(input: unknown): Action {
    return parseTongitsAction(input);
  }

  protected play(c: TongitsChange, mine: PvpSeatRow, move: Action): Promise<void> {
    return this.#act(c, mine.seat as Seat, move);
  }

  // ---- tables ----

  /** Opens a Tongits table (checked by the cash table's createTongitsTable). False when the id exists. */
  async createTable(settings: TongitsTableSettings): Promise<boolean> {
    const state = this.engine(() =>
      createTongitsTable({
        stake: settings.stake,
        minBuyIn: settings.minBuyIn,
        maxBuyIn: settings.maxBuyIn,
        rake: settings.rake,
      }),
    );
    return this.insertTable(
      {
        id: settings.id,
        name: settings.name,
        betting: 'none',
        seats: 3,
        small_blind: settings.stake,
        big_blind: settings.stake,
        min_buy_in: settings.minBuyIn,
        max_buy_in: settings.maxBuyIn,
        rake_bp: settings.rake.basisPoints,
        rake_cap: settings.rake.cap,
        currency: settings.currency,
      },
      state,
    );
  }

  /** The lobby's list of Tongits tables, with seats taken and deals played. */
  async listTables(): Promise<(TongitsTableInfo & { seated: number; handsPlayed: number })[]> {
    const rows = await this.listRows();
    return rows.map((r) => ({
      ...tongitsInfo(r),
      seated: r.seated,
      handsPlayed: (r.state as unknown as TongitsTableState).dealsPlayed,
    }));
  }

  // ---- the deal ----

  /** A move of the player whose turn it is, with the turn clock's bookkeeping; settles the deal when it ends. */
  async #act(c: TongitsChange, seat: Seat, action: Action): Promise<void> {
    const turnBefore = c.state.deal?.turn;
    c.state = this.engine(() => act(c.state, seat, action));
    const deal = c.state.deal!;
    // The clock runs per turn: melds and lay-offs within a turn do not restart it.
    if (deal.turn !== turnBefore || deal.result !== null) await this.turnTaken(c, seat);
    await this.saveHand(c, true);
    if (deal.result) await this.#finishDeal(c);
  }

  /** The deal is over: its record with the collection and rake, queued leaves, the next seed commitment. */
  async #finishDeal(c: TongitsChange): Promise<void> {
    const settlement = c.state.settlement;
    const handId = c.row.hand_id;
    if (!settlement || handId === null) return;
    await this.closeHand(c, handId, { pot: settlement.collection, rake: settlement.rake }, [0, 1, 2]);
    for (const s of c.seats) {
      if (s.status === 'seated' && s.leave_queued) await this.leaveNow(c, s);
    }
    this.nextHand(c);
  }

  /** Deals when all three seats are ready (the deck from the committed seed and their client seeds). */
  protected async deal(c: TongitsChange, serverSeed: string, serverSeedHash: string): Promise<void> {
    for (let seat = 0; seat < 3; seat++) if (!canBeDealt(c.state, seat)) return;
    const { bySeat, seeds: clientSeeds } = this.clientSeedsOf(c, [0, 1, 2], serverSeedHash);
    const before = c.state;
    c.state = startDeal(c.state, dealDeck({ serverSeed, clientSeeds, nonce: 0 }));
    await this.openHand(
      c,
      { number: c.state.dealsPlayed, serverSeed, serverSeedHash, clientSeeds, before },
      [0, 1, 2].map((seat) => ({ seat, row: bySeat.get(seat)! })),
    );
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
    // Only the player's own: the server makes none (a seat's part of a deal comes from its page).
    const clientSeed = input.clientSeed === undefined ? '' : checkedClientSeed(input.clientSeed);
    if (typeof seat !== 'number' || !Number.isInteger(seat)) {
      throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'TONGITS_BAD_SEAT' });
    }
    await this.seatPlayer(session, token, tableId, { seat, buyIn, clientSeed }, address, {
      reasons: { alreadySeated: 'TONGITS_ALREADY_SEATED', seatTaken: 'TONGITS_SEAT_TAKEN' },
    });
  }

  /** Sitting out takes effect from the next deal (a deal needs all three players). */
  async sitOut(session: StudioSession, tableId: string): Promise<void> {
    await this.#sittingOut(session, tableId, true);
  }

  async comeBack(session: StudioSession, tableId: string): Promise<void> {
    await this.#sittingOut(session, tableId, false);
  }

  async #sittingOut(session: StudioSession, tableId: string, sittingOut: boolean): Promise<void> {
    await this.change(tableId, async (c) => {
      const mine = this.seatOf(c, session);
      c.state = this.engine(() => setSittingOut(c.state, ownerOf(mine), sittingOut));
      if (!sittingOut) await setAway(c.trx, mine.id, false);
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
    const prepared = await this.holdTopUp(session, token, tableId, amount, (row, mine, inFlight) => {
      // The engine's own rule, on the stack with the top-ups still waiting for the wallet's answer.
      this.engine(() => topUp(row.state as unknown as TongitsTableState, ownerOf(mine), amount + inFlight));
    });
    await this.change(tableId, async (c) => {
      // Left meanwhile: the bet stays unanswered here, so recovery rolls it back to the balance.
      const mine = c.seats.find((s) => s.id === prepared.sitting.id && s.status === 'seated');
      if (!mine) return;
      if (await betTaken(c.trx, prepared.transferId, c.now)) c.state = topUp(c.state, ownerOf(mine), amount);
    });
    return { queued: false };
  }

  /** A deal as its players may see it (nobody else reads it): the view's deal as of its last move. */
  async hand(handId: number, owner: string | null) {
    const h = await tongitsDeal(this.#db, handId);
    if (!h) throw new StudioError('STUDIO_NOT_FOUND');
    const players = await handPlayers(this.#db, handId);
    const mine = players.find((p) => `${p.vendor}:${p.player}` === owner);
    if (!mine) throw new StudioError('STUDIO_NOT_FOUND');
    const row = await this.#tableRow(this.#db, h.table_id, false);
    const hand = await handRow(this.#db, h.id);
    const seats = players.map((p) => ({ ...this.#historySeat(p), seat: p.seat }));
    // The deal's own state in place of the table's, seen by its player.
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
      entropy: null,
      entropy_for: null,
      last_seq: 0,
      time_bank_ms: 0,
      seen_at: new Date(0),
    };
  }

  /** The player's latest Tongits deals (newest first), with what each changed their stack by. */
  myHands(session: StudioSession, limit = 20) {
    return this.playerHands(session, limit, 'this game');
  }
}
