import type { Selectable } from 'kysely';
import type { StudioPvpTablesTable } from '../../kit/db/schema';
import { maskPlayer } from '../../kit/players';
import { cardText } from '../engine/cards';
import { legalActions } from '../engine/table';
import type { HandEvent, TableState } from '../engine/types';

// The table as one player may see it (docs/pvp.md "Protocol"): everyone's stacks, bets and the
// board, the player's own hole cards, and anyone else's only once shown at the showdown (or by
// choice after the hand). The deck never leaves the server, and neither does a Hold'em hand's server
// seed in the view: it tells every card, folded and mucked ones included, so only the hand's history
// reveals it to the hand's players, once none of them is seated at the table (records.ts).

/**
 * A table's row as the room reads it: every column but the next hand's server seed, which stays in
 * the database until that hand is over, and the creation time.
 */
export type PvpTableColumns = Omit<Selectable<StudioPvpTablesTable>, 'next_server_seed' | 'created_at'>;

/** A Hold'em table's row (the room reads only rows of game 'holdem'). */
export type PvpTableRow = Omit<PvpTableColumns, 'game' | 'betting'> & {
  game: 'holdem';
  betting: 'no-limit' | 'pot-limit';
};

export type PvpSeatRow = {
  id: number;
  seat: number;
  vendor: string;
  player: string;
  status: 'buying_in' | 'seated' | 'closing' | 'closed';
  stack: number;
  pending_top_up: number;
  leave_queued: boolean;
  away: boolean;
  client_seed: string;
  entropy: string | null;
  entropy_for: string | null;
  last_seq: number;
  time_bank_ms: number;
  seen_at: Date;
};

export type PvpHandRow = {
  id: number;
  number: number;
  status: 'live' | 'over';
  server_seed: string;
  server_seed_hash: string;
  client_seeds: unknown;
  nonce: number;
};

export type PvpTableInfo = {
  id: string;
  name: string;
  game: 'holdem';
  betting: 'no-limit' | 'pot-limit';
  seats: number;
  smallBlind: number;
  bigBlind: number;
  minBuyIn: number;
  maxBuyIn: number;
  rake: { basisPoints: number; cap: number };
  currency: string;
  /** A sit-and-go's table (docs/pvp.md "Sit-and-go tournaments"): tournament chips, the level's blinds. */
  kind?: 'sng';
};

export type PvpSeatView = {
  seat: number;
  name: string;
  stack: number;
  sittingOut: boolean;
  waitingForBigBlind: boolean;
  /** The player's page was seen lately; false while away (within the grace period). */
  connected: boolean;
  buyingIn: boolean;
  you: boolean;
};

export type PvpHandView = {
  id: number;
  number: number;
  button: number;
  smallBlindSeat: number | null;
  bigBlindSeat: number;
  street: string;
  board: string[];
  /** Every chip put in this hand (stacks already exclude it). */
  pot: number;
  currentBet: number;
  toAct: number | null;
  /** When the player to act runs out of turn time (then the time bank runs until timeBankEndsAt). */
  turnEndsAt: string | null;
  timeBankEndsAt: string | null;
  players: {
    seat: number;
    committed: number;
    streetBet: number;
    folded: boolean;
    allIn: boolean;
    cards: string[] | null;
  }[];
  events: unknown[];
  result: unknown;
  over: boolean;
  fairness: {
    serverSeedHash: string;
    clientSeeds: string[];
    nonce: number;
    /** Never in the table's view: the hand's history reveals it (docs/pvp.md "Fair shuffle"). */
    serverSeed: null;
  };
};

export type PvpTableView = {
  serverNow: string;
  version: number;
  table: PvpTableInfo;
  seats: (PvpSeatView | null)[];
  hand: PvpHandView | null;
  /** The hash of the server seed the next hand will be dealt from. */
  nextServerSeedHash: string;
  nextHandAt: string | null;
  you: {
    seat: number | null;
    lastSeq: number;
    clientSeed: string | null;
    timeBankMs: number | null;
    leaveQueued: boolean;
    pendingTopUp: number;
    legal: ReturnType<typeof legalActions> | null;
  };
};

export function tableInfo(
  row: Pick<
    PvpTableRow,
    | 'id'
    | 'name'
    | 'game'
    | 'betting'
    | 'seats'
    | 'small_blind'
    | 'big_blind'
    | 'min_buy_in'
    | 'max_buy_in'
    | 'rake_bp'
    | 'rake_cap'
    | 'currency'
  >,
): PvpTableInfo {
  return {
    id: row.id,
    name: row.name,
    game: row.game,
    betting: row.betting,
    seats: row.seats,
    smallBlind: row.small_blind,
    bigBlind: row.big_blind,
    minBuyIn: row.min_buy_in,
    maxBuyIn: row.max_buy_in,
    rake: { basisPoints: row.rake_bp, cap: row.rake_cap },
    currency: row.currency,
  };
}

const ownerOf = (s: { vendor: string; player: string }) => `${s.vendor}:${s.player}`;

/** The open sittings by seat, and `owner`'s own (their seat once the buy-in is in). */
export function sittingsOf(seats: PvpSeatRow[], owner: string | null) {
  const open = seats.filter((s) => s.status !== 'closed');
  const bySeat = new Map(open.map((s) => [s.seat, s]));
  const mine = owner ? open.find((s) => ownerOf(s) === owner) : undefined;
  const mySeat = mine && mine.status !== 'buying_in' ? mine.seat : null;
  return { bySeat, mine, mySeat };
}

/** A seat as every game shows it (null: nobody there), from the engine's seat and its sitting. */
export function seatViewOf(
  i: number,
  s: { stack: number; sittingOut: boolean } | null | undefined,
  r: PvpSeatRow | undefined,
  mine: PvpSeatRow | undefined,
  presenceMs: number,
  now: Date,
) {
  if (!s && !r) return null;
  return {
    seat: i,
    name: r ? maskPlayer(r.player) : '',
    stack: s?.stack ?? 0,
    sittingOut: s?.sittingOut ?? false,
    connected: r ? now.getTime() - new Date(r.seen_at).getTime() <= presenceMs : false,
    buyingIn: r?.status === 'buying_in',
    you: r !== undefined && r === mine,
  };
}

/** When the turn under way runs out, then the time bank of the player whose turn it is (null: no turn running). */
export function turnClockOf(turnStartedAt: Date | null, running: boolean, turnMs: number, bankMs: number) {
  const start = turnStartedAt ? new Date(turnStartedAt).getTime() : null;
  const ends = running && start !== null ? start + turnMs : null;
  return {
    turnEndsAt: ends === null ? null : new Date(ends).toISOString(),
    timeBankEndsAt: ends === null ? null : new Date(ends + Math.max(0, bankMs)).toISOString(),
  };
}

/** A Tongits deal's seeds: the server seed once the deal is over (every hand is shown then). */
export function fairnessOf(hand: PvpHandRow) {
  return {
    serverSeedHash: hand.server_seed_hash,
    clientSeeds: hand.client_seeds as string[],
    nonce: hand.nonce,
    serverSeed: hand.status === 'over' ? hand.server_seed : null,
  };
}

/** What a view tells the player of their own sitting in every game. */
export function sittingView(mine: PvpSeatRow | undefined) {
  return {
    lastSeq: mine?.last_seq ?? 0,
    clientSeed: mine?.client_seed || null,
    timeBankMs: mine?.time_bank_ms ?? null,
    leaveQueued: mine?.leave_queued ?? false,
  };
}

export function eventView(e: HandEvent): unknown {
  if (e.type === 'street' || e.type === 'show') return { ...e, cards: e.cards.map(cardText) };
  return e;
}

/** The view of `owner` (vendor:player; null for a watcher who is not seated). */
export function tableView(
  row: PvpTableRow,
  seats: PvpSeatRow[],
  hand: PvpHandRow | null,
  owner: string | null,
  timing: { turnMs: number; presenceMs: number },
  now: Date,
): PvpTableView {
  const state = row.state as TableState;
  const { bySeat, mine, mySeat } = sittingsOf(seats, owner);
  const seatViews = state.seats.map((s, i): PvpSeatView | null => {
    const base = seatViewOf(i, s, bySeat.get(i), mine, timing.presenceMs, now);
    return base && { ...base, waitingForBigBlind: s?.waitingForBigBlind ?? false };
  });
  let handView: PvpHandView | null = null;
  const h = state.hand;
  let legal: PvpTableView['you']['legal'] = null;
  if (h && hand) {
    const over = h.result !== null;
    const toActRow = h.toAct === null ? undefined : bySeat.get(h.toAct);
    const clock = turnClockOf(
      row.turn_started_at,
      !over && h.toAct !== null,
      timing.turnMs,
      toActRow?.time_bank_ms ?? 0,
    );
    handView = {
      id: hand.id,
      number: hand.number,
      button: h.button,
      smallBlindSeat: h.smallBlindSeat,
      bigBlindSeat: h.bigBlindSeat,
      street: h.street,
      board: h.board.map(cardText),
      pot: h.players.reduce((sum, p) => sum + p.committed, 0),
      currentBet: h.currentBet,
      toAct: over ? null : h.toAct,
      ...clock,
      players: h.players.map((p) => ({
        seat: p.seat,
        committed: p.committed,
        streetBet: p.streetBet,
        folded: p.folded,
        allIn: p.allIn,
        cards: p.shown || p.seat === mySeat ? p.hole.map(cardText) : null,
      })),
      events: h.events.map(eventView),
      result: h.result,
      over,
      fairness: { ...fairnessOf(hand), serverSeed: null },
    };
    if (!over && mySeat !== null && h.toAct === mySeat) legal = legalActions(state);
  }
  return {
    serverNow: now.toISOString(),
    version: row.version,
    table:
      row.kind === 'sng'
        ? { ...tableInfo(row), kind: 'sng', smallBlind: state.config.smallBlind, bigBlind: state.config.bigBlind }
        : tableInfo(row),
    seats: seatViews,
    hand: handView,
    nextServerSeedHash: row.next_server_seed_hash,
    nextHandAt: row.next_hand_at ? new Date(row.next_hand_at).toISOString() : null,
    you: {
      seat: mySeat,
      ...sittingView(mine),
      pendingTopUp: mine?.pending_top_up ?? 0,
      legal,
    },
  };
}
