// What the live table pages show, built only from the server's round (issue 16: presentation replays
// the outcome the server returned, it never decides one). Pure functions, no DOM, so the test can
// check them against the engines: the cards in the order they were dealt, the third-card rule as
// the server applied it, the wheel's landing angle for the server's number, the winning areas, and
// the baccarat road maps built from the table's history.
import { bankerDraws } from '../../engines/tables/baccarat';
import { outsideNumbers, ROULETTE_OUTSIDE } from '../../engines/tables/roulette';

export type Card = { rank: number; suit: number };
export type Hand = 'player' | 'banker';
export type BaccaratResult = 'player' | 'banker' | 'tie';

const RANK_NAMES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const RANK_WORDS = ['', 'ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king'];
export const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'] as const;

export const rankName = (rank: number): string => RANK_NAMES[rank] ?? '?';
export const cardName = (c: Card): string => `${RANK_WORDS[c.rank] ?? '?'} of ${SUIT_NAMES[c.suit] ?? '?'}`;
export const cardValue = (c: Card): number => (c.rank >= 10 ? 0 : c.rank);
export const handTotal = (cards: Card[]): number => cards.reduce((t, c) => t + cardValue(c), 0) % 10;

// ---- baccarat ----

export type DealtCard = { hand: Hand; slot: number; card: Card };

/** The order the cards leave the shoe (punto banco): P1, B1, P2, B2, then the player's and the banker's third. */
export function dealSequence(o: { player: Card[]; banker: Card[] }): DealtCard[] {
  const order: DealtCard[] = [];
  const push = (hand: Hand, slot: number) => {
    const card = (hand === 'player' ? o.player : o.banker)[slot];
    if (card) order.push({ hand, slot, card });
  };
  push('player', 0);
  push('banker', 0);
  push('player', 1);
  push('banker', 1);
  push('player', 2);
  push('banker', 2);
  return order;
}

/**
 * Why each hand drew or stood, read from the cards the server dealt (shown once the first four are
 * out). The rule text follows the cards: a hand that got a third card is said to draw.
 */
export function thirdCardNotes(o: { player: Card[]; banker: Card[] }): string[] {
  if (o.player.length < 2 || o.banker.length < 2) return [];
  const pt = handTotal(o.player.slice(0, 2));
  const bt = handTotal(o.banker.slice(0, 2));
  if (pt >= 8 || bt >= 8) {
    const who = pt >= 8 && bt >= 8 ? 'both hands' : pt >= 8 ? `the player's ${pt}` : `the banker's ${bt}`;
    return [`Natural (${who}): no third cards`];
  }
  const notes: string[] = [];
  const p3 = o.player[2];
  notes.push(p3 ? `Player ${pt} draws (0-5 draw): ${rankName(p3.rank)}` : `Player stands on ${pt}`);
  const b3 = o.banker[2];
  const rule = p3 ? `banker ${bt} against the player's third card ${cardValue(p3)}` : `banker ${bt}, player stood`;
  notes.push(b3 ? `Banker draws (${rule}): ${rankName(b3.rank)}` : `Banker stands (${rule})`);
  return notes;
}

/** Whether the third cards shown follow the punto banco table (they do when the server dealt them). */
export function followsDrawingRules(o: { player: Card[]; banker: Card[] }): boolean {
  const pt = handTotal(o.player.slice(0, 2));
  const bt = handTotal(o.banker.slice(0, 2));
  if (pt >= 8 || bt >= 8) return o.player.length === 2 && o.banker.length === 2;
  const p3 = o.player[2];
  if (pt <= 5 !== !!p3) return false;
  return bankerDraws(bt, p3 ? cardValue(p3) : null) === o.banker.length > 2;
}

export function baccaratResult(o: { player: Card[]; banker: Card[] }): BaccaratResult {
  const pt = handTotal(o.player);
  const bt = handTotal(o.banker);
  return pt > bt ? 'player' : bt > pt ? 'banker' : 'tie';
}

/** The betting areas that win (a tie also returns player and banker stakes, which is not a win). */
export function baccaratWinningSpots(o: {
  result: BaccaratResult;
  playerPair: boolean | null;
  bankerPair: boolean | null;
}): string[] {
  const spots: string[] = [o.result];
  if (o.playerPair) spots.push('playerPair');
  if (o.bankerPair) spots.push('bankerPair');
  return spots;
}

export function baccaratVerdict(o: { result: BaccaratResult; playerTotal: number; bankerTotal: number }): string {
  if (o.result === 'tie') return `Tie ${o.playerTotal}–${o.bankerTotal}`;
  const hi = Math.max(o.playerTotal, o.bankerTotal);
  const lo = Math.min(o.playerTotal, o.bankerTotal);
  return `${o.result === 'player' ? 'Player' : 'Banker'} wins ${hi}–${lo}`;
}

// ---- road maps (from the table's history, oldest first) ----

export type RoadEntry = { no: number; result: string; pair?: string };
export type Bead = { col: number; row: number; result: BaccaratResult; pair: string; no: number };
export type BigRoadCell = { col: number; row: number; result: 'player' | 'banker'; ties: number; no: number };

export const ROAD_ROWS = 6;

/** Bead plate: every round in order, down a column of six then the next column. */
export function beadPlate(entries: RoadEntry[], rows = ROAD_ROWS): Bead[] {
  return entries.map((e, i) => ({
    col: Math.floor(i / rows),
    row: i % rows,
    result: e.result as BaccaratResult,
    pair: e.pair ?? '',
    no: e.no,
  }));
}

/**
 * Big road: a new column each time the winner changes, down the column while it repeats; a streak
 * longer than the column (or blocked below) turns right along its row (the dragon tail); a tie is
 * not a cell but a mark counted on the last cell (ties before the first result go on the first).
 */
export function bigRoad(entries: RoadEntry[], rows = ROAD_ROWS): BigRoadCell[] {
  const cells: BigRoadCell[] = [];
  const taken = new Set<string>();
  const at = (col: number, row: number) => `${col}:${row}`;
  let last: BigRoadCell | null = null;
  let column = -1; // the column the current streak started in
  let turned = false;
  let leadingTies = 0;
  for (const e of entries) {
    if (e.result === 'tie') {
      if (last) last.ties++;
      else leadingTies++;
      continue;
    }
    if (e.result !== 'player' && e.result !== 'banker') continue;
    let col: number;
    let row: number;
    if (last && last.result === e.result) {
      const down = last.row + 1;
      if (!turned && down < rows && !taken.has(at(last.col, down))) {
        col = last.col;
        row = down;
      } else {
        turned = true;
        col = last.col + 1;
        row = last.row;
      }
    } else {
      column++;
      while (taken.has(at(column, 0))) column++;
      col = column;
      row = 0;
      turned = false;
    }
    const cell: BigRoadCell = { col, row, result: e.result, ties: 0, no: e.no };
    if (!last) {
      cell.ties = leadingTies;
      leadingTies = 0;
    }
    cells.push(cell);
    taken.add(at(col, row));
    last = cell;
  }
  return cells;
}

// ---- roulette ----

/** The pockets of a European (single zero) wheel, clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
] as const;
export const POCKET_DEG = 360 / WHEEL_ORDER.length;
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const colorOf = (n: number): 'red' | 'black' | 'green' => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');

const mod360 = (a: number) => ((a % 360) + 360) % 360;

/** The pocket under the marker at the top when the wheel is turned clockwise by `wheelDeg`. */
export function pocketAtTop(wheelDeg: number): number {
  const i = Math.round(mod360(-wheelDeg) / POCKET_DEG) % WHEEL_ORDER.length;
  return WHEEL_ORDER[i] as number;
}

/**
 * The wheel's final angle: at least `turns` more clockwise turns from `fromDeg`, stopping with the
 * server's number under the marker, where the ball comes to rest.
 */
export function wheelLanding(number: number, fromDeg: number, turns = 3): number {
  const i = WHEEL_ORDER.indexOf(number as (typeof WHEEL_ORDER)[number]);
  if (i < 0) throw new Error(`not a roulette number: ${number}`);
  const rest = mod360(-i * POCKET_DEG);
  const base = fromDeg + turns * 360;
  return base + mod360(rest - base);
}

/** The ball's final angle: counter-clockwise from `fromDeg`, at least `turns` turns, ending at the top (0°). */
export function ballLanding(fromDeg: number, turns = 4): number {
  const base = fromDeg - turns * 360;
  return base - mod360(base);
}

export type RouletteSpot = { key: string; type: string; numbers?: number[] };

/** The betting areas of the layout: the 37 numbers (straight) and the outside bets. */
export const ROULETTE_SPOTS: RouletteSpot[] = [
  ...Array.from({ length: 37 }, (_, n) => ({ key: `n${n}`, type: 'straight', numbers: [n] })),
  ...ROULETTE_OUTSIDE.map((type) => ({ key: type, type })),
];

/** The bet the slip sends: a straight item per number, an outside item per outside area. */
export function rouletteBet(slip: Iterable<[string, number]>): {
  bets: { type: string; numbers?: number[]; amount: number }[];
} {
  const byKey = new Map(ROULETTE_SPOTS.map((s) => [s.key, s]));
  const bets: { type: string; numbers?: number[]; amount: number }[] = [];
  for (const [key, amount] of slip) {
    const spot = byKey.get(key);
    if (!spot) continue;
    bets.push(spot.numbers ? { type: spot.type, numbers: spot.numbers, amount } : { type: spot.type, amount });
  }
  return { bets };
}

/** The area keys of a placed bet (to show the player's chips on the layout), with their amounts. */
export function spotsOfBet(engine: 'baccarat' | 'roulette', bet: unknown): [string, number][] {
  if (!bet || typeof bet !== 'object') return [];
  if (engine === 'baccarat') {
    return Object.entries(bet as Record<string, unknown>).filter(
      (e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0,
    );
  }
  const items = (bet as { bets?: unknown }).bets;
  if (!Array.isArray(items)) return [];
  const out: [string, number][] = [];
  for (const item of items as { type?: string; numbers?: number[]; amount?: number }[]) {
    if (typeof item.amount !== 'number') continue;
    if (item.type === 'straight' && item.numbers?.length === 1) out.push([`n${item.numbers[0]}`, item.amount]);
    else if (item.type && (ROULETTE_OUTSIDE as readonly string[]).includes(item.type))
      out.push([item.type, item.amount]);
  }
  return out;
}

/** Every area of the layout that wins on `number`. */
export function rouletteWinningSpots(number: number): string[] {
  const spots = [`n${number}`];
  if (number === 0) return spots;
  for (const type of ROULETTE_OUTSIDE) if (outsideNumbers(type).includes(number)) spots.push(type);
  return spots;
}
