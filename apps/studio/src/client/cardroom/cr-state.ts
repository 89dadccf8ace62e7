// What the card room page knows and decides, without a DOM: the answers it reads (the lobby, the
// history), the lobby's filter and what "join the next free seat" asks for, the table screen's state
// (the server's last view and clock, the socket, the requests waiting for their answers, the raise
// being chosen, the hand and board last drawn) and what a socket message, a new view or a click does
// to it, and the words a seat, a move or a history row shows. cr-state.test.ts checks them.
import type { PvpTableView } from '../../cardroom/room/view';
import { fill } from '../i18n';
import {
  chipsText,
  clampRaise,
  filterTables,
  type Legal,
  type LobbyFilter,
  type LobbyRow,
  type Move,
  secondsLeft,
} from './cr-present';
import type { CrWords } from './cr-words';

export type CrApi = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/** A Tongits table as GET /api/pvp/lobby lists it (cardroom/room/lobby.ts). */
export type TongitsRow = {
  id: string;
  name: string;
  game: 'tongits';
  seats: number;
  stake: number;
  minBuyIn: number;
  maxBuyIn: number;
  seated: number;
  /** The table's page: a query to put on this page's own address. */
  link: string;
};

export type LobbyAnswer = {
  mode: string;
  demo: boolean;
  currency: string;
  figuresWindowMinutes: number;
  offerSeconds: number;
  tables: (LobbyRow & { name: string })[];
  tongitsTables: TongitsRow[];
};
export type Boot = {
  language?: unknown;
  gameName?: unknown;
  member?: unknown;
  mode?: unknown;
  lobbyUrl?: unknown;
  preset?: { seats?: number; betting?: string };
};
export type HistoryRow = {
  handId: number;
  tableId: string;
  number: number;
  status: string;
  pot: number;
  net: number | null;
  /** A sit-and-go's hand: its pot and net are tournament chips. */
  chips?: boolean;
};
export type HandDetail =
  | {
      game: 'holdem';
      id: number;
      number: number;
      button: number | null;
      seats: number;
      board: string[];
      players: { seat: number; you: boolean; cards: string[] | null; stackBefore: number; stackAfter: number | null }[];
      fairness: { serverSeedHash: string; serverSeed: string | null; clientSeeds: string[]; nonce: number };
    }
  // The history lists every game's hands: a Tongits deal shows the player's hand as it ended.
  | {
      game: 'tongits';
      id: number;
      players: { seat: number; you: boolean }[];
      deal: { number: number; players: { seat: number; cards: string[] | null }[] } | null;
    };

/** A request's answer on the socket: `error` as the server sent it (none when the socket closed). */
export type Answer = { ok: boolean; error?: { code: string; message: string } };

type TableWords = CrWords['table'];
type Hand = NonNullable<PvpTableView['hand']>;

/** A refusal in the page's words when it has them, else as the server said it. */
export function errorPhrase(errors: CrWords['errors'], code: string, message: string): string {
  return (errors as Record<string, string>)[code] ?? message;
}

// ---- the lobby ----

/** The lobby's filter, kept while the page is open: the tile's preset (seats, betting) to begin with. */
export type LobbyChoice = LobbyFilter & { betting: string | null };

export function initialLobbyChoice(preset: Boot['preset']): LobbyChoice {
  return {
    bigBlind: null,
    seats: preset?.seats ?? null,
    freeSeat: false,
    betting: preset?.betting ?? null,
  };
}

/** The Hold'em tables the lobby lists: those of the filter, of the chosen betting only. */
export function lobbyTables<T extends LobbyRow>(tables: readonly T[], filter: LobbyChoice): T[] {
  return filterTables(tables, filter).filter((t) => filter.betting === null || t.betting === filter.betting);
}

/**
 * What "join the next free seat" asks for: the buy-in in big blinds as typed (held within 1 to
 * 1000, 50 when not a number) and the filter's seats, stakes and betting.
 */
export function joinNextBody(filter: LobbyChoice, typedBigBlinds: string): Record<string, unknown> {
  const bb = Math.round(Number(typedBigBlinds));
  const body: Record<string, unknown> = {
    buyInBigBlinds: Number.isFinite(bb) ? Math.min(1000, Math.max(1, bb)) : 50,
  };
  if (filter.seats !== null) body.seats = filter.seats;
  if (filter.bigBlind !== null) body.bigBlind = filter.bigBlind;
  if (filter.betting === 'no-limit' || filter.betting === 'pot-limit') body.betting = filter.betting;
  return body;
}

/** The whole seconds left of a seat offered from the waiting list (0 once over), null when none. */
export function offerSecondsLeft(offerEndsAt: string | null, nowMs: number): number | null {
  return offerEndsAt ? Math.max(0, Math.ceil((new Date(offerEndsAt).getTime() - nowMs) / 1000)) : null;
}

/** A Tongits table's page: this page's address with the table's query put on it. */
export function tongitsAddress(search: string, pathname: string, link: string): string {
  const query = new URLSearchParams(search);
  for (const [key, value] of new URLSearchParams(link)) query.set(key, value);
  return `${pathname}?${query.toString()}`;
}

/** The table an address opens (`#table=<id>`), null for the lobby. */
export function tableFromHash(hash: string): string | null {
  const fromHash = /^#table=(.+)$/.exec(hash);
  return fromHash ? decodeURIComponent(fromHash[1]!) : null;
}

/** The wallet balance as the top bar shows it. */
export function balanceText(s: { balance: number | null; currency: string }, money: (minor: number) => string) {
  return s.balance === null ? '—' : `${s.currency} ${money(s.balance)}`;
}

// ---- a table ----

/** Everything the table screen keeps between the server's views, for as long as it is shown. */
export type TableScreen = {
  /** Set when the screen is left (or the session ended): nothing more is drawn or reconnected. */
  stopped: boolean;
  ws: WebSocket | null;
  /** Reconnects in a row since the socket was last open: the next one waits longer. */
  retry: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The server's last view of the table. */
  view: PvpTableView | null;
  /** The server's clock minus the page's. */
  skew: number;
  /** The last move's sequence number. */
  seq: number;
  /** The last request's number (ids `r<n>`). */
  requestId: number;
  /** The raise-to chosen, and the turn it was chosen for (`hand:street:currentBet`). */
  raiseTo: number;
  raiseFor: string;
  /** The hand and the board last drawn: a new hand is dealt, new board cards flip. */
  lastHandId: number | null;
  lastBoard: number;
  /** The last hand whose pot went to its winners. */
  lastOverId: number | null;
  /** The requests waiting for their answer, by `requestKey`. */
  answers: Map<string, (m: Answer) => void>;
};

export function initialTableScreen(): TableScreen {
  return {
    stopped: false,
    ws: null,
    retry: 0,
    retryTimer: undefined,
    view: null,
    skew: 0,
    seq: 0,
    requestId: 0,
    raiseTo: 0,
    raiseFor: '',
    lastHandId: null,
    lastBoard: 0,
    lastOverId: null,
    answers: new Map(),
  };
}

/** A view from the socket: taken (and the clock's skew with it) unless older than the one shown. */
export function takeView(s: TableScreen, data: PvpTableView, clientNowMs: number): boolean {
  if (s.view && data.version < s.view.version) return false;
  s.view = data;
  s.skew = new Date(s.view.serverNow).getTime() - clientNowMs;
  return true;
}

/** The key a request waits under: a move by its sequence number, any other request by its id. */
export function requestKey(message: Record<string, unknown>): string {
  return message.type === 'act' ? `act:${message.seq}` : `${message.type}:${message.id}`;
}

/** The key of the request an answer (`<type>-result`) is for. */
export function answerKey(msg: { type: string; id?: string; seq?: number }): string {
  const base = msg.type.replace(/-result$/, '');
  return base === 'act' ? `act:${msg.seq}` : `${base}:${msg.id}`;
}

/** The next request's id. */
export function nextRequestId(s: TableScreen): string {
  return `r${++s.requestId}`;
}

/** The next move's sequence number: after the last one sent and the last one the server took. */
export function nextSeq(s: TableScreen, lastSeq: number): number {
  s.seq = Math.max(s.seq, lastSeq) + 1;
  return s.seq;
}

/** How long a lost socket waits before its next reconnect: doubling from 0.5 s, at most 5 s. */
export function reconnectDelay(retry: number): number {
  return Math.min(5000, 500 * 2 ** retry);
}

/**
 * Where a seat sits on the felt, in percent of its box: the player's own seat at the bottom, the
 * others around the oval (`r` the share of the radius, `turn` an angle further round).
 */
export function seatSpot(seat: number, n: number, mySeat: number | null, upright: boolean, r = 1, turn = 0) {
  const a = Math.PI / 2 + ((seat - (mySeat ?? 0)) * 2 * Math.PI) / n + turn;
  let sin = Math.sin(a);
  // On an upright felt the seats beside the board would cover it: they move up or down, off its row.
  if (upright && Math.abs(sin) < 0.62) sin = (sin > 1e-9 ? 1 : -1) * 0.62;
  return { x: 50 + 40 * r * Math.cos(a), y: 50 + 42 * r * sin };
}

/** What each seat won in the hand's pots, all pots added up. */
export function winnersOf(handResult: unknown): Map<number, number> {
  const winners = new Map<number, number>();
  const result = handResult as { pots?: { winners: { seat: number; amount: number }[] }[] } | null | undefined;
  for (const pot of result?.pots ?? []) {
    for (const w of pot.winners) winners.set(w.seat, (winners.get(w.seat) ?? 0) + w.amount);
  }
  return winners;
}

/** Whether the hand shown is a new one (then its board is drawn from its first card again). */
export function enterHand(s: TableScreen, hand: { id: number } | null): boolean {
  const newHand = hand !== null && hand.id !== s.lastHandId;
  if (newHand) {
    s.lastHandId = hand.id;
    s.lastBoard = 0;
  }
  return newHand;
}

/** Whether the board has new cards to flip since the last view; the board's length is kept. */
export function boardGrew(s: TableScreen, boardLength: number, newHand: boolean): boolean {
  const grew = boardLength > s.lastBoard && !newHand;
  s.lastBoard = boardLength;
  return grew;
}

/** Whether the hand has just ended: its pot goes to the winners once. */
export function handJustOver(s: TableScreen, hand: { id: number; over: boolean } | null): boolean {
  if (!hand?.over || hand.id === s.lastOverId) return false;
  s.lastOverId = hand.id;
  return true;
}

/** The raise-to for this turn: the smallest raise when the turn is new, else the one chosen. */
export function keepRaise(s: TableScreen, legal: Legal, hand: Pick<Hand, 'id' | 'street' | 'currentBet'>): number {
  const key = `${hand.id}:${hand.street}:${hand.currentBet}`;
  if (s.raiseFor !== key) {
    s.raiseFor = key;
    s.raiseTo = clampRaise(legal, legal.minRaiseTo);
  }
  return s.raiseTo;
}

/** The seats whose cards were shown in the hand. */
export function showsOf(hand: Pick<Hand, 'events'>): Set<number> {
  const shown = new Set<number>();
  for (const e of hand.events as { type: string; seat?: number }[]) {
    if (e.type === 'show' && typeof e.seat === 'number') shown.add(e.seat);
  }
  return shown;
}

type SeatView = NonNullable<PvpTableView['seats'][number]>;
type HandPlayer = Hand['players'][number];

/** The one word under a seat's name: buying in, away, sitting out, waiting, folded or all-in. */
export function seatTag(words: TableWords, s: SeatView, p: HandPlayer | undefined): string {
  return s.buyingIn
    ? words.buyingIn
    : !s.connected
      ? words.away
      : s.sittingOut
        ? words.sittingOut
        : s.waitingForBigBlind
          ? words.waitingBb
          : p?.folded
            ? words.folded
            : p?.allIn
              ? words.allInTag
              : '';
}

/** A taken seat's classes: the player's own, to act, folded, out, a winner of the hand over. */
export function seatClasses(
  s: SeatView,
  p: HandPlayer | undefined,
  turn: boolean | null,
  winner: boolean | undefined,
): string {
  return [
    'cr-seat',
    s.you ? 'me' : '',
    turn ? 'turn' : '',
    p?.folded ? 'folded' : '',
    s.sittingOut || !s.connected ? 'out' : '',
    winner ? 'winner' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Whether a free seat takes the player: a real balance, not seated here yet. */
export function canSit(trial: boolean, mySeat: number | null, seats: PvpTableView['seats']): boolean {
  return !trial && mySeat === null && seats.every((x) => !x?.you);
}

/** The buy-in a free seat offers first: 100 big blinds, within the table's limits. */
export function buyInOffered(table: Pick<PvpTableView['table'], 'minBuyIn' | 'maxBuyIn' | 'bigBlind'>): number {
  return Math.min(table.maxBuyIn, Math.max(table.minBuyIn, 100 * table.bigBlind));
}

/** How much a top-up may add: up to the table's largest buy-in, a queued top-up counted. */
export function topUpRoom(v: Pick<PvpTableView, 'table' | 'seats' | 'you'>, mySeat: number): number {
  const stack = v.seats[mySeat]?.stack ?? 0;
  return v.table.maxBuyIn - stack - v.you.pendingTopUp;
}

/** An amount typed in major units, in minor units. */
export function minorOf(typed: string): number {
  return Math.round(Number(typed) * 100);
}

/**
 * How a table's amounts are typed in a field: money in major units with cents, or whole tournament
 * chips at a sit-and-go; `parse` answers the amount in the table's units (minor units or chips).
 */
export function amountField(tournament: boolean) {
  return tournament
    ? { step: '1', text: (n: number) => String(n), parse: (s: string) => Math.round(Number(s)) }
    : { step: '0.01', text: (n: number) => (n / 100).toFixed(2), parse: minorOf };
}

/** A move's button. */
export function moveLabel(words: TableWords, m: Move, money: (minor: number) => string): string {
  switch (m.type) {
    case 'fold':
      return words.fold;
    case 'check':
      return words.check;
    case 'call':
      return fill(words.call, { amount: money(m.amount) });
    case 'bet':
      return fill(words.bet, { amount: money(m.to) });
    case 'raise':
      return fill(words.raise, { amount: money(m.to) });
    case 'allIn':
      return fill(words.allIn, { amount: money(m.to) });
  }
}

/** The sound a move taken makes: a card for a fold or a check, chips for the rest. */
export function moveSound(m: Move): 'flip' | 'chip' {
  return m.type === 'fold' || m.type === 'check' ? 'flip' : 'chip';
}

/** The turn's clock: seconds of turn time and of time bank left, and the bar's width in percent. */
export function turnClock(
  hand: Pick<Hand, 'turnEndsAt' | 'timeBankEndsAt'>,
  skew: number,
  nowMs: number,
): { turn: number | null; bank: number | null; inBank: boolean; width: number } {
  const turn = secondsLeft(hand.turnEndsAt, skew, nowMs);
  const bank = secondsLeft(hand.timeBankEndsAt, skew, nowMs);
  const total = 15;
  const inBank = (turn ?? 0) === 0;
  const left = inBank ? (bank ?? 0) : (turn ?? 0);
  return { turn, bank, inBank, width: Math.min(100, (left / total) * 100) };
}

/** A row of the hand history: the hand, its pot and the player's net when known. */
export function historyRowText(
  words: CrWords,
  row: HistoryRow,
  money: (minor: number) => string,
  locale: string,
): string {
  const amount = (n: number) => (row.chips ? chipsText(n, locale) : money(n));
  return `${fill(words.history.hand, { n: row.number })} · ${fill(words.table.pot, { amount: amount(row.pot) })}${
    row.net === null ? '' : ` · ${fill(words.history.net, { amount: `${row.net > 0 ? '+' : ''}${amount(row.net)}` })}`
  }`;
}

/** The cards a hand's detail shows: a Hold'em board and the player's cards, or a Tongits hand as it ended. */
export function detailCards(d: HandDetail): { board: string[] | null; cards: string[] | null } {
  const mySeat = d.players.find((p) => p.you)?.seat;
  const board = d.game === 'holdem' ? d.board : null;
  const cards =
    d.game === 'holdem'
      ? (d.players.find((p) => p.you)?.cards ?? null)
      : (d.deal?.players.find((p) => p.seat === mySeat)?.cards ?? null);
  return { board, cards };
}

// ---- several tables ----

/** The narrowest window that shows two tables side by side (each felt then about as wide as a laptop's single one). */
export const SIDE_BY_SIDE_MIN_WIDTH = 1100;

/** Whether the player holds a seat at the table the view shows (buying in counts: the seat is theirs). */
export function seatedIn(v: Pick<PvpTableView, 'you' | 'seats'> | null): boolean {
  if (!v) return false;
  return v.you.seat !== null || v.seats.some((s) => s?.you === true);
}

/** Whether the view waits for this player's move: a hand under way with the player to act. */
export function yourTurn(v: Pick<PvpTableView, 'you' | 'hand'> | null): boolean {
  const hand = v?.hand;
  return !!hand && hand.toAct !== null && hand.toAct === v.you.seat && v.you.legal !== null;
}

/** A table in the "My tables" strip: one the player sits at, whether it is on screen and waits for them. */
export type StripItem = {
  id: string;
  name: string;
  smallBlind: number;
  bigBlind: number;
  /** A sit-and-go's table: its blinds are tournament chips. */
  chips: boolean;
  turn: boolean;
  shown: boolean;
};

/**
 * The strip above the screen: the tables the page holds a socket to and the player sits at, in the
 * order they were opened. Shown when it helps: on the lobby with one such table (the way back), and
 * at a table when another is open too.
 */
export function stripItems(
  open: readonly { id: string; view: PvpTableView | null }[],
  shown: readonly string[],
): StripItem[] {
  const items = open
    .filter((t) => seatedIn(t.view))
    .map((t) => ({
      id: t.id,
      name: t.view?.table.name ?? t.id,
      smallBlind: t.view?.table.smallBlind ?? 0,
      bigBlind: t.view?.table.bigBlind ?? 0,
      chips: t.view?.table.kind === 'sng',
      turn: yourTurn(t.view),
      shown: shown.includes(t.id),
    }));
  const hidden = items.filter((i) => !i.shown).length;
  return hidden > 0 ? items : [];
}

/**
 * What the side-by-side switch offers: from one table, the pair of it and the first other table the
 * player sits at (on a window wide enough); from two, the first alone. Null: no switch.
 */
export function sideBySideChoice(
  shown: readonly string[],
  seatedIds: readonly string[],
  windowWidth: number,
): { show: string[]; pair: boolean } | null {
  const first = shown[0];
  if (first === undefined) return null;
  if (shown.length > 1) return { show: [first], pair: false };
  if (windowWidth < SIDE_BY_SIDE_MIN_WIDTH) return null;
  const other = seatedIds.find((id) => id !== first);
  return other === undefined ? null : { show: [first, other], pair: true };
}

/**
 * A table drawn again on screen after it was followed in the background: what it shows now counts as
 * drawn, so its cards do not turn and its pot does not slide again for what happened unseen.
 */
export function markDrawn(s: TableScreen): void {
  const hand = s.view?.hand ?? null;
  if (!hand) return;
  s.lastHandId = hand.id;
  s.lastBoard = hand.board.length;
  if (hand.over) s.lastOverId = hand.id;
}
