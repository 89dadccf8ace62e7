// The bet slip kept in the browser, per player and lobby, so that a reload or a trip back to the
// site's lobby does not lose it: written whenever the slip is drawn, removed once it is placed or
// emptied. What comes back is only what the player chose (legs with the prices they accepted,
// stakes, the id of a placing not yet answered): the page asks the book for a quote at once, and the
// slip then shows each changed price as changed and marks what is no longer offered
// (sb-state.ts restoreSlip, then applyQuote). Whatever the storage holds is checked field by
// field: a slip that does not read back is dropped.
import type { MarketType, Period, Sport } from '../../sportsbook/types';
import type { LegStatus, SlipLeg, SlipStakes } from './sb-slip';

// The book's words as the page may keep them, written out here: importing the lists from types.ts
// would bring zod into the page, whose eval probe the page's content security policy reports. A
// Record over each type keeps these complete as the types grow.
const SPORT_NAMES: Record<Sport, true> = {
  football: true,
  basketball: true,
  tennis: true,
  esports: true,
  cockfight: true,
};
const MARKET_NAMES: Record<MarketType, true> = {
  '1x2': true,
  double_chance: true,
  winner: true,
  draw: true,
  handicap: true,
  total: true,
  correct_score: true,
  btts: true,
};
const PERIOD_NAMES: Record<Period, true> = { ft: true, h1: true };
const SPORTS = Object.keys(SPORT_NAMES) as Sport[];
const MARKET_TYPES = Object.keys(MARKET_NAMES) as MarketType[];
const PERIODS = Object.keys(PERIOD_NAMES) as Period[];

export type SavedSlip = { legs: SlipLeg[]; stakes: SlipStakes; requestId: string | null };

/** What the slip store needs of the page's slip (sb-state.ts SlipState). */
type SlipLike = { legs: readonly SlipLeg[]; stakes: SlipStakes; phase: string; requestId: string | null };

const VERSION = 1;
/** More legs than any book takes (api.ts allows 20): a stored slip longer than this is not one. */
const MAX_STORED_LEGS = 40;
const STATUSES: readonly LegStatus[] = ['open', 'suspended', 'closed', 'settled', 'unavailable'];

/** The page's local storage, or null where the browser refuses it (reading it can throw). */
export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The storage key of a player's slip in one lobby (a slip holds legs of its lobby's sports only). */
export function slipStoreKey(category: string, mode: string, owner: string): string {
  return `studio-sb-slip:${category}:${mode}:${owner}`;
}

/** Keeps the slip, or forgets it once it is empty or placed (pending or done). */
export function saveSlip(store: Storage | null, key: string, slip: SlipLike): void {
  if (!store) return;
  try {
    if (slip.legs.length === 0 || slip.phase === 'pending' || slip.phase === 'done') {
      store.removeItem(key);
      return;
    }
    const saved = { v: VERSION, legs: slip.legs.map((l) => ({ ...l, was: null })), stakes: slip.stakes };
    store.setItem(key, JSON.stringify({ ...saved, requestId: slip.requestId }));
  } catch {
    // A full or blocked storage: the slip lives on in the page as before.
  }
}

/** The slip kept for this key, or null (none, or one that does not read back, which is dropped). */
export function loadSlip(store: Storage | null, key: string): SavedSlip | null {
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const saved = readSaved(raw);
  if (!saved) {
    try {
      store.removeItem(key);
    } catch {
      // Nothing more to do: the slip starts empty.
    }
  }
  return saved;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isText = (x: unknown, max = 200): x is string => typeof x === 'string' && x.length > 0 && x.length <= max;
const isAmount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isOdds = (x: unknown): x is number | null => x === null || (isAmount(x) && x > 0);
const oneOf = <T extends string>(list: readonly T[], x: unknown): x is T => list.includes(x as T);

function readLeg(x: unknown): SlipLeg | null {
  if (!isObject(x) || !isObject(x.market)) return null;
  const m = x.market;
  const market =
    isText(m.key, 64) &&
    oneOf(MARKET_TYPES, m.type) &&
    oneOf(PERIODS, m.period) &&
    (m.line4 === null || (typeof m.line4 === 'number' && Number.isInteger(m.line4)))
      ? { key: m.key, type: m.type, period: m.period, line4: m.line4 as number | null }
      : null;
  if (
    !market ||
    !isText(x.selectionId) ||
    !isText(x.eventId, 64) ||
    !isText(x.home) ||
    !isText(x.away) ||
    !oneOf(SPORTS, x.sport) ||
    typeof x.live !== 'boolean' ||
    !isText(x.selection, 32) ||
    !isOdds(x.odds1000) ||
    !isOdds(x.taken) ||
    !oneOf(STATUSES, x.status)
  )
    return null;
  return {
    selectionId: x.selectionId,
    eventId: x.eventId,
    home: x.home,
    away: x.away,
    sport: x.sport,
    live: x.live,
    market,
    selection: x.selection,
    odds1000: x.odds1000,
    taken: x.taken,
    was: null,
    status: x.status,
  };
}

function readAmounts(x: unknown): Record<string, number> | null {
  if (!isObject(x)) return null;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(x)) {
    if (!isAmount(v)) return null;
    out[k] = v;
  }
  return out;
}

function readSaved(raw: string): SavedSlip | null {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(data) || data.v !== VERSION || !Array.isArray(data.legs) || data.legs.length > MAX_STORED_LEGS)
    return null;
  const legs = data.legs.map(readLeg);
  if (legs.length === 0 || legs.some((l) => l === null)) return null;
  const stakes = isObject(data.stakes) ? data.stakes : null;
  const single = readAmounts(stakes?.single);
  const system = readAmounts(stakes?.system);
  if (!stakes || !single || !system || !isAmount(stakes.multiple)) return null;
  // Bet builders' stakes, by their match's event id; a slip kept before builders has none.
  const builder = stakes.builder === undefined ? {} : readAmounts(stakes.builder);
  if (!builder) return null;
  const requestId = data.requestId === null || isText(data.requestId, 64) ? (data.requestId as string | null) : null;
  const ids = new Set((legs as SlipLeg[]).map((l) => l.selectionId));
  const events = new Set((legs as SlipLeg[]).map((l) => l.eventId));
  return {
    legs: legs as SlipLeg[],
    stakes: {
      // Stakes only for legs the slip holds.
      single: Object.fromEntries(Object.entries(single).filter(([id]) => ids.has(id))),
      multiple: stakes.multiple,
      system: Object.fromEntries(Object.entries(system).map(([size, v]) => [Number(size), v])),
      ...(Object.keys(builder).length > 0
        ? { builder: Object.fromEntries(Object.entries(builder).filter(([id]) => events.has(id))) }
        : {}),
    },
    requestId,
  };
}
