// What the live table page knows, without a DOM: the table's shared round as the server last sent
// it, the player's own bets, the server's clock, and the chips laid on the felt but not yet sent
// (the slip). Every update takes a model and returns the next one, so the page's reactions to a
// socket message or an HTTP answer can be checked in a unit test; the page keeps the values it
// changes in one TablePageState.
import type { TableAnswer, TableBetAnswer } from '../../api-types';
import type { MyTableBet as MyBet, TableRoundView, TableState } from '../../casino/tables';
import { rouletteBet, spotLabel, spotsOfBet } from '../games/table-present';
import { behindShown } from '../round-order';
import { money } from '../ui';

export type TableEngine = 'baccarat' | 'roulette';
export type { MyBet };

export type TableModel = {
  state: TableState | null;
  mine: MyBet[];
  /** The server's clock minus the page's. */
  offset: number;
  /** The betting phase's length (from /api/table), for the timer bar. */
  bettingSpan: number;
  /** Whether an answer of /api/table has been read (its settled bets are then news). */
  loaded: boolean;
  /** The round and phase of the last state applied: the result is acted on once per round. */
  lastKey: string;
  /** The chips not yet sent: area -> amount. */
  slip: ReadonlyMap<string, number>;
  /** The order the chips went down, for undo. */
  placedOrder: readonly { spot: string; amount: number }[];
  /** The last bet sent, for repeat. */
  lastBet: readonly [string, number][];
};

export function initialTableModel(): TableModel {
  return {
    state: null,
    mine: [],
    offset: 0,
    bettingSpan: 15_000,
    loaded: false,
    lastKey: '',
    slip: new Map(),
    placedOrder: [],
    lastBet: [],
  };
}

/** What the page changes as it runs: the model, whether a bet is on its way, whether the socket is open. */
export type TablePageState = { model: TableModel; busy: boolean; socketOpen: boolean };

export function initialTablePageState(): TablePageState {
  return { model: initialTableModel(), busy: false, socketOpen: false };
}

/** The table's chip values, or the house's when the game names none. */
export function tableChips(game: { chips?: number[] } | null): number[] {
  return game?.chips?.length ? game.chips : [100, 500, 1000, 5000, 10000];
}

export const serverNow = (m: TableModel, clientNow: number) => clientNow + m.offset;

/** Whether chips can go down: a round is betting and its betting time has not run out. */
export function bettingOpen(m: TableModel, clientNow: number): boolean {
  const r = m.state?.round;
  return !!r && r.phase === 'betting' && serverNow(m, clientNow) < Date.parse(r.bettingEndsAt);
}

/** A round's phases in the order it goes through them. */
const TABLE_PHASES = ['betting', 'dealing', 'result', 'done'] as const;

/**
 * A state from the server (socket or poll). `toResult`: the round has just reached its result (the
 * bets settle, so the page fetches its bets and balance); `newRound`: a new round has begun (the
 * unsent chips of the last one are taken off). A late answer behind the shown round changes
 * nothing (round-order.ts).
 */
export function applyTableState(
  m: TableModel,
  s: TableState,
  clientNow: number,
): { model: TableModel; toResult: boolean; newRound: boolean } {
  if (behindShown(m.state, s, TABLE_PHASES)) return { model: m, toResult: false, newRound: false };
  const r = s.round;
  const key = `${r?.id}:${r?.phase}`;
  const toResult = key !== m.lastKey && r?.phase === 'result';
  const newRound = !!r && m.state?.round?.id !== r.id;
  const model: TableModel = { ...m, offset: Date.parse(s.serverNow) - clientNow, lastKey: key, state: s };
  return { model: newRound ? { ...model, slip: new Map(), placedOrder: [] } : model, toResult, newRound };
}

/**
 * An answer of GET /api/table. `fresh`: the bets settled since the last answer (none on the first);
 * `newerState`: the answer's state is newer than the one shown (the page applies it).
 */
export function applyTableAnswer(
  m: TableModel,
  data: TableAnswer,
): { model: TableModel; fresh: MyBet[]; newerState: boolean } {
  const settledBefore = new Set(m.mine.filter((b) => b.status === 'closed').map((b) => b.betId));
  const fresh = m.loaded ? data.mine.filter((b) => b.status === 'closed' && !settledBefore.has(b.betId)) : [];
  const newerState = !m.state || Date.parse(data.state.serverNow) > Date.parse(m.state.serverNow);
  return { model: { ...m, loaded: true, mine: data.mine, bettingSpan: data.timing.bettingMs }, fresh, newerState };
}

/** A bet the studio took: first in my bets, remembered for repeat, and the slip emptied. */
export function betTaken(m: TableModel, answer: TableBetAnswer, sent: [string, number][]): TableModel {
  return {
    ...m,
    mine: [answer.bet, ...m.mine.filter((b) => b.betId !== answer.bet.betId)],
    lastBet: sent,
    slip: new Map(),
    placedOrder: [],
  };
}

/** One chip of `amount` on an area. */
export function addChip(m: TableModel, spot: string, amount: number): TableModel {
  const slip = new Map(m.slip);
  slip.set(spot, (slip.get(spot) ?? 0) + amount);
  return { ...m, slip, placedOrder: [...m.placedOrder, { spot, amount }] };
}

/** Takes back the last chip laid; null when there is none. */
export function undoChip(m: TableModel): TableModel | null {
  const last = m.placedOrder[m.placedOrder.length - 1];
  if (!last) return null;
  const slip = new Map(m.slip);
  const left = (slip.get(last.spot) ?? 0) - last.amount;
  if (left > 0) slip.set(last.spot, left);
  else slip.delete(last.spot);
  return { ...m, slip, placedOrder: m.placedOrder.slice(0, -1) };
}

export function clearChips(m: TableModel): TableModel {
  return { ...m, slip: new Map(), placedOrder: [] };
}

/** Lays the last bet sent again, on top of what is on the slip. */
export function repeatLastBet(m: TableModel): TableModel {
  let next = m;
  for (const [spot, amount] of m.lastBet) next = addChip(next, spot, amount);
  return next;
}

/** The slip as the bet the API takes: area -> amount for baccarat, the roulette bet list for roulette. */
export function slipBet(engine: TableEngine, entries: [string, number][]): unknown {
  return engine === 'baccarat' ? Object.fromEntries(entries) : rouletteBet(entries);
}

/** My chips already taken in the current round (confirmed bets), by area. */
export function placedThisRound(m: TableModel, engine: TableEngine): Map<string, number> {
  const placed = new Map<string, number>();
  const id = m.state?.round?.id;
  for (const b of m.mine) {
    if (b.roundId !== id || b.status === 'rolled_back' || b.status === 'rolling_back') continue;
    for (const [spot, amount] of spotsOfBet(engine, b.bet)) placed.set(spot, (placed.get(spot) ?? 0) + amount);
  }
  return placed;
}

/** My chips taken in round `roundId`, by area: none when it is not the current round. */
export function placedInRound(m: TableModel, engine: TableEngine, roundId: number): Map<string, number> {
  return roundId === m.state?.round?.id ? placedThisRound(m, engine) : new Map<string, number>();
}

/** Whether one of my bets still waits for its settlement. */
export const hasOpenBet = (m: TableModel) => m.mine.some((b) => b.status === 'open' || b.status === 'settling');

/** Whether the poll reads the table: always without the socket, else while a bet of mine is unsettled. */
export const tablePolls = (s: TablePageState) => !s.socketOpen || hasOpenBet(s.model);

/** The span the timer bar runs over in the round's phase, as [from, to] in server time. */
export function phaseSpan(r: TableRoundView, bettingSpan: number): [number, number] {
  if (r.phase === 'betting') return [Date.parse(r.bettingEndsAt) - bettingSpan, Date.parse(r.bettingEndsAt)];
  if (r.phase === 'dealing') return [Date.parse(r.bettingEndsAt), Date.parse(r.revealAt)];
  return [Date.parse(r.revealAt), Date.parse(r.endsAt)];
}

/** The index of the biggest chip not above `amount`: the colour a stack of that amount is drawn in. */
export function chipColour(chips: number[], amount: number): number {
  let best = 0;
  chips.forEach((c, i) => {
    if (amount >= c) best = i;
  });
  return best;
}

/**
 * The roulette areas' wins shown for a round against the server's settlement: 'wait' while a bet of
 * the round is unsettled, 'keep' when the areas add up to the server's win, 'withdraw' when not.
 */
export function areaWinsCheck(shown: { roundId: number; total: number }, mine: MyBet[]): 'wait' | 'keep' | 'withdraw' {
  const round = mine.filter((b) => b.roundId === shown.roundId);
  if (!round.length || round.some((b) => b.status !== 'closed' && b.status !== 'rolled_back')) return 'wait';
  const server = round.filter((b) => b.status === 'closed').reduce((t, b) => t + b.win, 0);
  return server === shown.total ? 'keep' : 'withdraw';
}

/** An area as the bet slip and the bets table name it: a straight number by its number alone. */
export const spotName = (key: string, language: unknown) =>
  /^n\d+$/.test(key) ? key.slice(1) : spotLabel(key, language);

export function betText(engine: TableEngine, bet: unknown, language: unknown): string {
  return spotsOfBet(engine, bet)
    .map(([k, v]) => `${spotName(k, language)} ${money(v)}`)
    .join(', ');
}
