// Who is dealt in and where the button and blinds go, by the dead button rule: the big blind moves
// to the next player in line every hand, the small blind goes to the seat that had the big blind and
// the button to the seat that had the small blind, even when those players have left or sat out
// (then there is no small blind that hand, or the button sits on an empty seat). So no one skips
// the big blind by changing seats or by others leaving. Heads-up the button posts the small blind
// and acts first before the flop; the big blind still moves on, so no one gets it twice in a row.
// A new player, or one back from sitting out, waits until the big blind reaches the seat.
import { refuse } from './errors';
import type { TableState } from './types';

export interface HandPlan {
  button: number;
  /** Null when the small blind is dead (its seat is empty or out of the hand). */
  smallBlindSeat: number | null;
  /** Where the small blind is this hand, posted or dead: the next hand's button. */
  smallBlindPosition: number;
  bigBlindSeat: number;
  /** Seats dealt in, in seat order. */
  seats: number[];
}

/** Seats that can be dealt in: a player with chips who is not sitting out. */
function eligibleSeats(state: TableState): number[] {
  const out: number[] = [];
  state.seats.forEach((seat, i) => {
    if (seat && !seat.sittingOut && seat.stack > 0) out.push(i);
  });
  return out;
}

/** Steps clockwise from `from` to `to` (0 when equal). */
export function clockwise(from: number, to: number, seatCount: number): number {
  return (to - from + seatCount) % seatCount;
}

/** The first seat of `seats` strictly after `from`, clockwise. */
export function nextSeat(seats: readonly number[], from: number, seatCount: number): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const seat of seats) {
    const distance = clockwise(from, seat, seatCount) || seatCount;
    if (distance < bestDistance) {
      best = seat;
      bestDistance = distance;
    }
  }
  return best;
}

function previousSeat(seats: readonly number[], from: number, seatCount: number): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const seat of seats) {
    const distance = clockwise(seat, from, seatCount) || seatCount;
    if (distance < bestDistance) {
      best = seat;
      bestDistance = distance;
    }
  }
  return best;
}

/** The next hand's button, blinds and players; refuses when fewer than two can play. */
export function planHand(state: TableState): HandPlan {
  const n = state.config.seats;
  const eligible = eligibleSeats(state);
  if (eligible.length < 2) refuse('PVP_NOT_ENOUGH_PLAYERS');
  const lastBig = state.lastBigBlindSeat;
  if (lastBig === null) {
    // The table's first hand: everyone with chips plays, the button on the lowest such seat.
    return movingButton(eligible, eligible[0]!, n);
  }
  const bigBlindSeat = nextSeat(eligible, lastBig, n);
  let seats = eligible.filter((s) => s === bigBlindSeat || !state.seats[s]!.waitingForBigBlind);
  // Waiting makes sense only while there is a game to wait for.
  if (seats.length < 2) seats = eligible;
  if (seats.length === 2) {
    const other = seats.find((s) => s !== bigBlindSeat)!;
    return { button: other, smallBlindSeat: other, smallBlindPosition: other, bigBlindSeat, seats };
  }
  const smallBlindPosition = lastBig;
  const button = state.lastSmallBlindSeat ?? previousSeat(seats, smallBlindPosition, n);
  const ordered =
    button !== smallBlindPosition &&
    clockwise(button, smallBlindPosition, n) < clockwise(button, bigBlindSeat, n) &&
    button !== bigBlindSeat;
  if (!ordered) return movingButton(seats, previousSeat(seats, previousSeat(seats, bigBlindSeat, n), n), n);
  return {
    button,
    smallBlindSeat: seats.includes(smallBlindPosition) ? smallBlindPosition : null,
    smallBlindPosition,
    bigBlindSeat,
    seats,
  };
}

/**
 * Plain positions from a button seat: the next two players post the blinds (heads-up the button
 * posts the small one). Used for the first hand and when the seats left no room for the dead button
 * order (the blinds' seats changed hands so that the old button would sit between the blinds).
 */
function movingButton(seats: number[], button: number, n: number): HandPlan {
  if (seats.length === 2) {
    return {
      button,
      smallBlindSeat: button,
      smallBlindPosition: button,
      bigBlindSeat: nextSeat(seats, button, n),
      seats,
    };
  }
  const smallBlindSeat = nextSeat(seats, button, n);
  return {
    button,
    smallBlindSeat,
    smallBlindPosition: smallBlindSeat,
    bigBlindSeat: nextSeat(seats, smallBlindSeat, n),
    seats,
  };
}
