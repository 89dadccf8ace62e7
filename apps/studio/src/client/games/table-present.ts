// What the live table pages show, built only from the server's round (presentation replays
// the outcome the server returned, it never decides one). Pure functions, no DOM, so the test can
// check them against the engines: the cards in the order they were dealt, the third-card rule as
// the server applied it, the wheel's landing angle for the server's number, the winning areas, and
// the baccarat road maps built from the table's history.
import { bankerDraws } from '../../casino/engines/tables/baccarat';
import { outsideNumbers, ROULETTE_OUTSIDE } from '../../casino/engines/tables/roulette';
import { gameWords } from '../game-words';

export type Card = { rank: number; suit: number };
export type Hand = 'player' | 'banker';
export type BaccaratResult = 'player' | 'banker' | 'tie';

const RANK_NAMES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'] as const;

export const rankName = (rank: number): string => RANK_NAMES[rank] ?? '?';
/** A card as a screen reader says it ("ace of spades"), in the page's language. */
export const cardName = (c: Card, language: unknown = 'EN'): string => {
  const w = gameWords(language).table;
  return w.card(w.ranks[c.rank - 1] ?? '?', w.suits[c.suit] ?? '?');
};
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
export function thirdCardNotes(o: { player: Card[]; banker: Card[] }, language: unknown = 'EN'): string[] {
  if (o.player.length < 2 || o.banker.length < 2) return [];
  const w = gameWords(language).table;
  const pt = handTotal(o.player.slice(0, 2));
  const bt = handTotal(o.banker.slice(0, 2));
  if (pt >= 8 || bt >= 8) {
    const who = pt >= 8 && bt >= 8 ? w.naturalBoth : pt >= 8 ? w.naturalPlayer(pt) : w.naturalBanker(bt);
    return [w.natural(who)];
  }
  const notes: string[] = [];
  const p3 = o.player[2];
  notes.push(p3 ? w.playerDraws(pt, rankName(p3.rank)) : w.playerStands(pt));
  const b3 = o.banker[2];
  const rule = p3 ? w.bankerAgainstThird(bt, cardValue(p3)) : w.bankerPlayerStood(bt);
  notes.push(b3 ? w.bankerDraws(rule, rankName(b3.rank)) : w.bankerStands(rule));
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

export function baccaratVerdict(
  o: { result: BaccaratResult; playerTotal: number; bankerTotal: number },
  language: unknown = 'EN',
): string {
  const w = gameWords(language).table;
  if (o.result === 'tie') return w.tieVerdict(o.playerTotal, o.bankerTotal);
  const hi = Math.max(o.playerTotal, o.bankerTotal);
  const lo = Math.min(o.playerTotal, o.bankerTotal);
  return w.winsVerdict(o.result, hi, lo);
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

export type InsideType = 'straight' | 'split' | 'street' | 'corner' | 'line';
export type RouletteSpot = {
  key: string;
  /** The engine's bet type. */
  type: string;
  /** The numbers covered, ascending (outside bets too). */
  numbers: number[];
  /** Inside bets send their numbers; outside bets send only their type (the engine fills them in). */
  inside: boolean;
  /** What a screen reader and the bet slip call it in English: "17 red", "Split 17/20", "Red" (spotLabel: any language). */
  label: string;
};

const seq = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function insideLabel(type: string, ns: number[], language: unknown): string {
  const w = gameWords(language).table;
  const first = ns[0] as number;
  const numbers = ns.join('/');
  if (type === 'straight') return w.inside.straight(String(first), w.colours[colorOf(first)] ?? colorOf(first));
  if (type === 'split') return w.inside.split(numbers);
  if (type === 'street') return first === 0 ? w.inside.trio(numbers) : w.inside.street(numbers);
  if (type === 'corner') return first === 0 ? w.inside.firstFour(numbers) : w.inside.corner(numbers);
  return w.inside.sixLine(String(first), String(ns[5]));
}

/**
 * What a screen reader, the bet slip and the felt call an area in the page's language: baccarat's
 * five areas, a roulette bet by its type and numbers ("Split 17/20", "17 red", "Red"); an unknown
 * key as it is.
 */
export function spotLabel(key: string, language: unknown = 'EN'): string {
  const named = gameWords(language).table.spots[key];
  if (named) return named;
  const spot = SPOT_BY_KEY.get(key);
  return spot ? insideLabel(spot.type, spot.numbers, language) : key;
}

const insideSpot = (type: InsideType, ns: number[]): RouletteSpot => ({
  key: type === 'straight' ? `n${ns[0]}` : `${type}-${ns.join('-')}`,
  type,
  numbers: ns,
  inside: true,
  label: insideLabel(type, ns, 'EN'),
});

/**
 * The inside bets of a European layout other than the straight numbers, as the engine defines them
 * (casino/engines/tables/roulette.ts): splits between neighbours (and 0/1, 0/2, 0/3), the streets of three
 * and the trios 0/1/2 and 0/2/3, the corners of four and the first four 0/1/2/3, the six lines.
 */
function insideSpots(): RouletteSpot[] {
  const split = [insideSpot('split', [0, 1]), insideSpot('split', [0, 2]), insideSpot('split', [0, 3])];
  const street = [insideSpot('street', [0, 1, 2]), insideSpot('street', [0, 2, 3])];
  const corner = [insideSpot('corner', [0, 1, 2, 3])];
  const line: RouletteSpot[] = [];
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.push(insideSpot('split', [n, n + 1]));
    if (n <= 33) split.push(insideSpot('split', [n, n + 3]));
    if (n % 3 === 1) street.push(insideSpot('street', [n, n + 1, n + 2]));
    if (n % 3 !== 0 && n <= 32) corner.push(insideSpot('corner', [n, n + 1, n + 3, n + 4]));
    if (n % 3 === 1 && n <= 31) line.push(insideSpot('line', seq(n, n + 5)));
  }
  return [...split, ...street, ...corner, ...line];
}

/** Every betting area of the layout: the 37 numbers, the other inside bets, the outside bets. */
export const ROULETTE_SPOTS: RouletteSpot[] = [
  ...seq(0, 36).map((n) => insideSpot('straight', [n])),
  ...insideSpots(),
  ...ROULETTE_OUTSIDE.map((type) => ({
    key: type,
    type,
    numbers: outsideNumbers(type),
    inside: false,
    label: gameWords('EN').table.spots[type] ?? type,
  })),
];

const SPOT_BY_KEY = new Map(ROULETTE_SPOTS.map((s) => [s.key, s]));
const SPOT_BY_BET = new Map(ROULETTE_SPOTS.map((s) => [s.inside ? `${s.type}:${s.numbers.join('-')}` : s.type, s]));

export const rouletteSpot = (key: string): RouletteSpot | undefined => SPOT_BY_KEY.get(key);

/**
 * The bet types a player picks before tapping the layout (phone first: on a 390 px screen the lines
 * between numbers are a few pixels apart, so the type decides what a tap means and each area of that
 * type gets a whole thumb-sized region). The outside bets take taps in every mode.
 */
export function betTypes(language: unknown = 'EN'): { type: InsideType; name: string; hint: string }[] {
  const words = gameWords(language).table.betTypes;
  return (['straight', 'split', 'street', 'corner', 'line'] as const).map((type) => ({ type, ...words[type] }));
}

export const BET_TYPES = betTypes();

/** The areas that take a tap or a key in a bet type mode: that type's inside bets and the outside bets. */
export function spotsInMode(mode: InsideType): RouletteSpot[] {
  return ROULETTE_SPOTS.filter((s) => !s.inside || s.type === mode);
}

/** What a screen reader reads for an area: its name, then the player's chips on it. */
export function spotAccessibleName(
  label: string,
  taken: number,
  pending: number,
  format: (minor: number) => string,
  language: unknown = 'EN',
): string {
  const w = gameWords(language).table;
  return `${label}${taken ? `, ${w.yourBetOn(format(taken))}` : ''}${pending ? `, ${w.toPlaceOn(format(pending))}` : ''}`;
}

/**
 * Where an inside bet sits on the layout, in the layout's own units: `a` runs along the table (the
 * twelve rows of three, 0..12, the zero at -1..0), `k` across it (0 at the edge by the dozens, 3 at
 * the far edge). `at` is where the chip goes, as on a commercial table: on the line between two
 * numbers (split), on the outer edge of a row (street), on the crossing of four numbers (corner),
 * on the outer edge between two rows (line), on the zero's edge (trios), on the outer corner of the
 * zero and 1 (first four). `box` is the area a tap or click takes in that bet's mode: it lies on the
 * numbers the bet covers, and the boxes of one type never overlap; a split's is a diamond (the
 * halves of the two numbers' cells towards their shared line).
 */
export type SpotPlace = {
  at: { a: number; k: number };
  box: { a0: number; a1: number; k0: number; k1: number };
  shape: 'rect' | 'diamond';
};

const along = (n: number) => Math.floor((n - 1) / 3);
const across = (n: number) => (n - 1) % 3;

export function insidePlace(spot: RouletteSpot): SpotPlace | null {
  const ns = spot.numbers;
  const first = ns[0] as number;
  if (!spot.inside || spot.type === 'straight') return null;
  if (spot.type === 'split') {
    const [x, y] = ns as [number, number];
    if (x === 0) return { at: { a: 0, k: y - 0.5 }, box: { a0: -0.5, a1: 0.5, k0: y - 1, k1: y }, shape: 'diamond' };
    const a = along(x);
    const k = across(x);
    if (y === x + 1)
      return { at: { a: a + 0.5, k: k + 1 }, box: { a0: a, a1: a + 1, k0: k + 0.5, k1: k + 1.5 }, shape: 'diamond' };
    return { at: { a: a + 1, k: k + 0.5 }, box: { a0: a + 0.5, a1: a + 1.5, k0: k, k1: k + 1 }, shape: 'diamond' };
  }
  if (spot.type === 'street') {
    if (first === 0) {
      const k = ns[2] === 2 ? 1 : 2;
      return { at: { a: 0, k }, box: { a0: -1, a1: 0, k0: k === 1 ? 0 : 1.5, k1: k === 1 ? 1.5 : 3 }, shape: 'rect' };
    }
    const a = along(first);
    return { at: { a: a + 0.5, k: 0 }, box: { a0: a, a1: a + 1, k0: 0, k1: 3 }, shape: 'rect' };
  }
  if (spot.type === 'corner') {
    if (first === 0) return { at: { a: 0, k: 0 }, box: { a0: -1, a1: 0.5, k0: 0, k1: 3 }, shape: 'rect' };
    const a = along(first);
    const k = across(first);
    return { at: { a: a + 1, k: k + 1 }, box: { a0: a + 0.5, a1: a + 1.5, k0: k + 0.5, k1: k + 1.5 }, shape: 'rect' };
  }
  const a = along(first);
  return { at: { a: a + 1, k: 0 }, box: { a0: a + 0.5, a1: a + 1.5, k0: 0, k1: 3 }, shape: 'rect' };
}

/** The cell of a number on the layout, in the units of insidePlace (the zero spans the three across). */
export function numberCell(n: number): { a0: number; a1: number; k0: number; k1: number } {
  if (n === 0) return { a0: -1, a1: 0, k0: 0, k1: 3 };
  return { a0: along(n), a1: along(n) + 1, k0: across(n), k1: across(n) + 1 };
}

type BetItem = { type: string; numbers?: number[]; amount: number };

/** The bet the slip sends: each inside area with its numbers, each outside area by its type. */
export function rouletteBet(slip: Iterable<[string, number]>): { bets: BetItem[] } {
  const bets: BetItem[] = [];
  for (const [key, amount] of slip) {
    const spot = SPOT_BY_KEY.get(key);
    if (!spot) continue;
    bets.push(spot.inside ? { type: spot.type, numbers: [...spot.numbers], amount } : { type: spot.type, amount });
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
  for (const item of items as { type?: string; numbers?: unknown; amount?: number }[]) {
    if (typeof item.amount !== 'number' || typeof item.type !== 'string') continue;
    const outside = (ROULETTE_OUTSIDE as readonly string[]).includes(item.type);
    const numbers = Array.isArray(item.numbers) ? [...(item.numbers as number[])].sort((a, b) => a - b) : [];
    const spot = SPOT_BY_BET.get(outside ? item.type : `${item.type}:${numbers.join('-')}`);
    if (spot) out.push([spot.key, item.amount]);
  }
  return out;
}

/** Every area of the layout that wins on `number`. */
export function rouletteWinningSpots(number: number): string[] {
  return ROULETTE_SPOTS.filter((s) => s.numbers.includes(number)).map((s) => s.key);
}

/** What an area returns on `number` for `amount` (stake included): 36 / (numbers covered) times the stake. */
export function rouletteReturn(key: string, amount: number, number: number): number {
  const spot = SPOT_BY_KEY.get(key);
  if (!spot?.numbers.includes(number)) return 0;
  return (amount * 36) / spot.numbers.length;
}

/** Where an inside area's chip sits (a number's at its cell's centre), in the units of insidePlace. */
function insidePoint(spot: RouletteSpot): { a: number; k: number } | null {
  if (!spot.inside) return null;
  if (spot.type === 'straight') {
    const c = numberCell(spot.numbers[0] as number);
    return { a: (c.a0 + c.a1) / 2, k: (c.k0 + c.k1) / 2 };
  }
  return insidePlace(spot)?.at ?? null;
}

/**
 * Arrow keys between the areas of one bet type: the nearest area in the direction asked (`along`
 * or `across` the table, each -1, 0 or 1), straight ahead preferred to aside; null at the edge.
 */
export function nextSpot(key: string, along: number, across: number, mode: InsideType): string | null {
  const from = SPOT_BY_KEY.get(key);
  const p0 = from && insidePoint(from);
  if (!p0) return null;
  let best: { key: string; score: number } | null = null;
  for (const spot of spotsInMode(mode)) {
    const p = insidePoint(spot);
    if (!p || spot.key === key) continue;
    const da = p.a - p0.a;
    const dk = p.k - p0.k;
    const ahead = da * along + dk * across;
    if (ahead <= 0.01) continue;
    const aside = Math.abs(da * across - dk * along);
    const score = ahead + 2 * aside;
    if (!best || score < best.score - 1e-9) best = { key: spot.key, score };
  }
  return best?.key ?? null;
}
