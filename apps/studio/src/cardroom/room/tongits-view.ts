import { type Card, cardText } from '../engine/cards';
import { canCallDraw } from '../engine/tongits/game';
import { handPoints } from '../engine/tongits/rules';
import { DEAL_MIN_STAKES, type DealSettlement, type TongitsTableState } from '../engine/tongits/table';
import type { GameEvent, GameResult, Seat } from '../engine/tongits/types';
import {
  fairnessOf,
  type PvpHandRow,
  type PvpSeatRow,
  type PvpTableColumns,
  seatViewOf,
  sittingsOf,
  sittingView,
  turnClockOf,
} from './view';

// A Tongits table as one player may see it (docs/pvp.md "The Tongits table service"): the melds on
// the table, the discard pile, how many cards each hand and the stock hold, the player's own hand,
// and every hand once the deal is over (the points are counted face up). The stock's order never
// leaves the server; the deal's server seed is sent only once the deal is over.

export type TongitsTableRow = Omit<PvpTableColumns, 'game'> & { game: 'tongits' };

export type TongitsTableInfo = {
  id: string;
  name: string;
  game: 'tongits';
  seats: 3;
  /** The base stake each loser pays the winner, minor units. */
  stake: number;
  minBuyIn: number;
  maxBuyIn: number;
  /** The stack a player needs to be dealt in (the stack rule). */
  dealMinStack: number;
  rake: { basisPoints: number; cap: number };
  currency: string;
};

export type TongitsSeatView = {
  seat: number;
  name: string;
  stack: number;
  sittingOut: boolean;
  connected: boolean;
  buyingIn: boolean;
  you: boolean;
};

export type TongitsDealView = {
  id: number;
  number: number;
  dealer: number;
  /** Whose move it is (in the challenge phase, whose answer is awaited); null once over. */
  turn: number | null;
  phase: 'draw' | 'play' | 'challenge' | 'over';
  stockCount: number;
  /** The discard pile, the top last. */
  discards: string[];
  melds: { id: number; owner: number; kind: 'set' | 'run'; cards: string[] }[];
  players: {
    seat: number;
    cardCount: number;
    /** The player's own hand; everyone's once the deal is over. */
    cards: string[] | null;
    points: number | null;
    sapawed: boolean;
  }[];
  challenge: { caller: number; answers: (string | null)[] } | null;
  events: unknown[];
  result: GameResult | null;
  /** The bills against the stacks: capped at a loser's stack, the rake taken from the collection. */
  settlement: DealSettlement | null;
  over: boolean;
  turnEndsAt: string | null;
  timeBankEndsAt: string | null;
  fairness: { serverSeedHash: string; clientSeeds: string[]; nonce: number; serverSeed: string | null };
};

export type TongitsTableView = {
  serverNow: string;
  version: number;
  table: TongitsTableInfo;
  seats: (TongitsSeatView | null)[];
  deal: TongitsDealView | null;
  nextServerSeedHash: string;
  nextDealAt: string | null;
  you: {
    seat: number | null;
    lastSeq: number;
    clientSeed: string | null;
    timeBankMs: number | null;
    leaveQueued: boolean;
    /** It is the player's turn and they may call a draw now. */
    canCallDraw: boolean;
  };
};

export function tongitsInfo(
  row: Pick<
    TongitsTableRow,
    'id' | 'name' | 'big_blind' | 'min_buy_in' | 'max_buy_in' | 'rake_bp' | 'rake_cap' | 'currency'
  >,
): TongitsTableInfo {
  return {
    id: row.id,
    name: row.name,
    game: 'tongits',
    seats: 3,
    stake: row.big_blind,
    minBuyIn: row.min_buy_in,
    maxBuyIn: row.max_buy_in,
    dealMinStack: row.big_blind * DEAL_MIN_STAKES,
    rake: { basisPoints: row.rake_bp, cap: row.rake_cap },
    currency: row.currency,
  };
}

const texts = (cards: readonly Card[]) => cards.map(cardText);

/** An event with its cards as text (every event is public: a stock draw names no card). */
export function tongitsEventView(e: GameEvent): unknown {
  if (e.type === 'takeDiscard' || e.type === 'discard') return { ...e, card: cardText(e.card) };
  if (e.type === 'meld' || e.type === 'sapaw') return { ...e, cards: texts(e.cards) };
  return e;
}

export function tongitsView(
  row: TongitsTableRow,
  seats: PvpSeatRow[],
  hand: PvpHandRow | null,
  owner: string | null,
  timing: { turnMs: number; presenceMs: number },
  now: Date,
): TongitsTableView {
  const state = row.state as unknown as TongitsTableState;
  const { bySeat, mine, mySeat } = sittingsOf(seats, owner);
  const seatViews = state.seats.map((s, i): TongitsSeatView | null =>
    seatViewOf(i, s, bySeat.get(i), mine, timing.presenceMs, now),
  );
  const d = state.deal;
  let deal: TongitsDealView | null = null;
  let callable = false;
  if (d && hand) {
    const over = d.result !== null;
    const clock = turnClockOf(row.turn_started_at, !over, timing.turnMs, bySeat.get(d.turn)?.time_bank_ms ?? 0);
    deal = {
      id: hand.id,
      number: hand.number,
      dealer: d.dealer,
      turn: over ? null : d.turn,
      phase: d.phase,
      stockCount: d.stock.length,
      discards: texts(d.discards),
      melds: d.melds.map((m) => ({ id: m.id, owner: m.owner, kind: m.kind, cards: texts(m.cards) })),
      players: d.hands.map((cards, seat) => {
        const shown = over || seat === mySeat;
        return {
          seat,
          cardCount: cards.length,
          cards: shown ? texts(cards) : null,
          points: shown ? handPoints(cards) : null,
          sapawed: d.sapawed[seat as Seat],
        };
      }),
      challenge: d.challenge && { caller: d.challenge.caller, answers: d.challenge.answers },
      events: d.events.map(tongitsEventView),
      result: d.result,
      settlement: state.settlement,
      over,
      ...clock,
      fairness: fairnessOf(hand),
    };
    callable = !over && mySeat !== null && canCallDraw(d, mySeat as Seat);
  }
  return {
    serverNow: now.toISOString(),
    version: row.version,
    table: tongitsInfo(row),
    seats: seatViews,
    deal,
    nextServerSeedHash: row.next_server_seed_hash,
    nextDealAt: row.next_hand_at ? new Date(row.next_hand_at).toISOString() : null,
    you: {
      seat: mySeat,
      ...sittingView(mine),
      canCallDraw: callable,
    },
  };
}
