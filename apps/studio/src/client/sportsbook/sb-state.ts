// What the sportsbook page knows, with no DOM: the lobby, the events it has been sent (cards and
// full event pages), the lists the screens show, the latest price moves, the player's preferences,
// the balance, the bet slip and my bets. Every update takes a model and returns the next one, so the
// page's answer to each socket message and HTTP answer is checked by a unit test (sb-state.test.ts),
// and so is what the page decides from it: the tabs, the place button, which redraw a message
// asks for, the cash-out a tap prepares, a bet's facts and when the page polls.
import type {
  BuilderQuote,
  EventCard,
  EventView,
  LegView,
  LobbyAnswer,
  MarketView,
  MyBet,
  MyBetsAnswer,
  OddsChangeRule,
  OddsFormat,
  PlaceAnswer,
  QuoteAnswer,
  ResultsAnswer,
  ResultView,
  SearchAnswer,
} from '../../sportsbook/api';
import type { EventStatus, MatchState, Sport } from '../../sportsbook/types';
import { type LineStyle, parseStake } from './sb-format';
import { parseSelectionId } from './sb-present';
import {
  acceptPrices,
  defaultTarget,
  type LegStatus,
  type placeBlock,
  repriceLeg,
  type SlipLeg,
  type SlipStakes,
  type StakeTarget,
  stakeOf,
  systemSizes,
  targetKey,
  withStake,
} from './sb-slip';

export type Route =
  | { screen: 'live'; sport: Sport | null }
  | { screen: 'upcoming'; day: string | null; sport: Sport | null }
  | { screen: 'sports' }
  | { screen: 'league'; league: string }
  | { screen: 'event'; event: string }
  | { screen: 'bets'; tab: 'open' | 'settled' }
  | { screen: 'results'; day: string | null; sport: Sport | null };

export type EventEntry = {
  event: EventCard;
  /** Whether `event.markets` holds all the event's markets (its page was loaded), not only the headline ones. */
  full: boolean;
  /**
   * The keys of the markets a list's card carried (the book's headline ones), or null when only the
   * event's page was sent: a card shows these, not every market its page brought.
   */
  headline: string[] | null;
  seed: string | null;
  /** When the page received the event's state (the local clock runs on from it). */
  receivedAt: number;
};

export type Prefs = { oddsFormat: OddsFormat; oddsChange: OddsChangeRule; lineStyle: LineStyle };

export type Refusal = { code: string; message: string; selectionId: string | null };

/** What a slip leg went through, for the live region: the view words it. */
export type LegNotice =
  | { kind: 'changed'; selectionId: string; from: number; to: number }
  | { kind: 'suspended' | 'resumed' | 'unavailable'; selectionId: string };

export type SlipState = {
  legs: SlipLeg[];
  stakes: SlipStakes;
  /** The stake field the quick chips add to (the one last touched), or null for the default. */
  target: StakeTarget | null;
  /** edit: being filled; placing: sent; pending: placed, waiting out the in-play delay; done: answered. */
  phase: 'edit' | 'placing' | 'pending' | 'done';
  /** The placing's id, kept until the book has answered it, so a retry after a lost answer places nothing twice. */
  requestId: string | null;
  refusal: Refusal | null;
  /** The bets the last placing made (as the book answered, then as their socket messages moved them). */
  placed: MyBet[];
  maxStake: QuoteAnswer['maxStake'] | null;
  /** The bet builders the last quote priced (or refused) for two or more legs of one match. */
  builders: BuilderQuote[];
};

export type SbModel = {
  lobby: LobbyAnswer | null;
  route: Route;
  events: Record<string, EventEntry>;
  /** Event ids per list: 'live', 'day:<yyyy-MM-dd>', 'league:<id>'. */
  lists: Record<string, string[]>;
  /** The last move of each selection's price, and when (the mark fades after a few seconds). */
  moves: Record<string, { dir: 'up' | 'down'; at: number }>;
  prefs: Prefs;
  balance: number | null;
  slip: SlipState;
  bets: { open: MyBet[]; settled: MyBet[]; next: string | null; loaded: { open: boolean; settled: boolean } };
  /** Whether the socket is open (else the page polls). */
  online: boolean;
  /** The results screen: the days it offers (today first) and each day's finished events read so far. */
  results: { days: string[]; byDay: Record<string, ResultView[]> };
  search: SearchState;
};

/**
 * The search box: what is typed, the term last asked of the book and its answer (null while none
 * matches what is typed).
 */
export type SearchState = { text: string; asked: string | null; answer: SearchAnswer | null };

/** How long a price's up or down mark is kept. */
export const MOVE_MS = 4000;

export function emptySlip(): SlipState {
  return {
    legs: [],
    stakes: { single: {}, multiple: 0, system: {} },
    target: null,
    phase: 'edit',
    requestId: null,
    refusal: null,
    placed: [],
    maxStake: null,
    builders: [],
  };
}

export function initialModel(prefs: Partial<Prefs> = {}): SbModel {
  return {
    lobby: null,
    route: { screen: 'live', sport: null },
    events: {},
    lists: {},
    moves: {},
    prefs: { oddsFormat: 'decimal', oddsChange: 'higher', lineStyle: 'quarter', ...prefs },
    balance: null,
    slip: emptySlip(),
    bets: { open: [], settled: [], next: null, loaded: { open: false, settled: false } },
    online: false,
    results: { days: [], byDay: {} },
    search: { text: '', asked: null, answer: null },
  };
}

const maxLegs = (m: SbModel) => m.lobby?.limits.maxLegs ?? 20;

function putEvents(m: SbModel, events: readonly EventCard[], now: number, full: boolean): SbModel['events'] {
  const next = { ...m.events };
  for (const e of events) {
    const before = next[e.id];
    // A list's card does not replace an event page's markets: it holds only the headline ones.
    const keepFull = !full && before?.full;
    next[e.id] = {
      event: keepFull ? { ...e, markets: mergeMarkets(before.event.markets, e.markets, true) } : e,
      full: full || !!keepFull,
      headline: full ? (before?.headline ?? null) : e.markets.map((x) => x.key),
      seed: full ? ((e as EventView).seed ?? null) : (before?.seed ?? null),
      receivedAt: now,
    };
  }
  return next;
}

/** The lobby: sports and leagues, the live events, the days, the preferences and the balance. */
export function applyLobby(m: SbModel, lobby: LobbyAnswer, now: number): SbModel {
  const next: SbModel = {
    ...m,
    lobby,
    balance: lobby.balance,
    prefs: { ...m.prefs, oddsFormat: lobby.prefs.oddsFormat, oddsChange: lobby.prefs.oddsChange },
    events: putEvents(m, lobby.live, now, false),
    lists: { ...m.lists, live: lobby.live.map((e) => e.id) },
  };
  return refreshSlipFromEvents(
    next,
    lobby.live.map((e) => e.id),
  ).model;
}

/** A list's events (GET /api/sb/events) under its key. */
export function applyEvents(m: SbModel, key: string, events: readonly EventCard[], now: number): SbModel {
  const next = {
    ...m,
    events: putEvents(m, events, now, false),
    lists: { ...m.lists, [key]: events.map((e) => e.id) },
  };
  return refreshSlipFromEvents(
    next,
    events.map((e) => e.id),
  ).model;
}

/** An event's page (all its markets). */
export function applyEvent(m: SbModel, event: EventView, now: number): { model: SbModel; notices: LegNotice[] } {
  return refreshSlipFromEvents({ ...m, events: putEvents(m, [event], now, true) }, [event.id]);
}

/**
 * Markets merged by key: those sent replace those held; a market not sent keeps its quote. A list's
 * card takes only the markets it holds (its headline ones), an event page every market.
 */
function mergeMarkets(held: readonly MarketView[], sent: readonly MarketView[], addNew: boolean): MarketView[] {
  const byKey = new Map(sent.map((x) => [x.key, x]));
  const out = held.map((x) => byKey.get(x.key) ?? x);
  if (addNew) {
    const have = new Set(held.map((x) => x.key));
    for (const x of sent) if (!have.has(x.key)) out.push(x);
  }
  return out;
}

/** The socket's `markets`: prices and suspensions of an event, with the up and down marks and the slip's legs. */
export function applyMarkets(
  m: SbModel,
  eventId: string,
  markets: readonly MarketView[],
  now: number,
): { model: SbModel; notices: LegNotice[] } {
  const entry = m.events[eventId];
  const moves: SbModel['moves'] = {};
  for (const [id, move] of Object.entries(m.moves)) if (now - move.at < MOVE_MS) moves[id] = move;
  let events = m.events;
  if (entry) {
    const old = new Map(entry.event.markets.flatMap((x) => x.selections.map((s) => [s.id, s.odds1000] as const)));
    for (const x of markets) {
      for (const s of x.selections) {
        const before = old.get(s.id);
        if (before != null && s.odds1000 !== null && s.odds1000 !== before)
          moves[s.id] = { dir: s.odds1000 > before ? 'up' : 'down', at: now };
      }
    }
    events = {
      ...m.events,
      [eventId]: {
        ...entry,
        event: { ...entry.event, markets: mergeMarkets(entry.event.markets, markets, entry.full) },
      },
    };
  }
  return repriceSlip({ ...m, events, moves }, markets);
}

function legStatus(market: Pick<MarketView, 'status'> | null, odds: number | null): LegStatus {
  if (!market) return 'unavailable';
  if (market.status !== 'open') return market.status;
  return odds === null ? 'unavailable' : 'open';
}

/** The slip's legs moved by markets the page was sent: new prices under the player's rule, suspensions. */
function repriceSlip(m: SbModel, markets: readonly MarketView[]): { model: SbModel; notices: LegNotice[] } {
  const selections = new Map<string, { market: MarketView; odds: number | null }>();
  for (const x of markets) for (const s of x.selections) selections.set(s.id, { market: x, odds: s.odds1000 });
  const notices: LegNotice[] = [];
  let changed = false;
  const legs = m.slip.legs.map((leg) => {
    const hit = selections.get(leg.selectionId);
    if (!hit) return leg;
    const status = legStatus(hit.market, hit.odds);
    let next = repriceLeg(leg, hit.odds, m.prefs.oddsChange);
    if (next.odds1000 !== leg.odds1000 && leg.odds1000 !== null && next.odds1000 !== null)
      notices.push({ kind: 'changed', selectionId: leg.selectionId, from: leg.odds1000, to: next.odds1000 });
    if (status !== leg.status) {
      next = { ...next, status };
      if (status === 'suspended') notices.push({ kind: 'suspended', selectionId: leg.selectionId });
      else if (status === 'open') notices.push({ kind: 'resumed', selectionId: leg.selectionId });
      else notices.push({ kind: 'unavailable', selectionId: leg.selectionId });
    }
    if (next !== leg) changed = true;
    return next;
  });
  if (!changed) return { model: m, notices };
  return { model: { ...m, slip: { ...m.slip, legs } }, notices };
}

/** The slip's legs of these events read again from what the page now holds of them. */
function refreshSlipFromEvents(m: SbModel, ids: readonly string[]) {
  const set = new Set(ids);
  const markets = m.slip.legs
    .filter((l) => set.has(l.eventId))
    .flatMap((l) => m.events[l.eventId]?.event.markets.filter((x) => x.key === l.market.key) ?? []);
  const legsLive = m.slip.legs.map((l) =>
    set.has(l.eventId) && m.events[l.eventId]?.event.status === 'live' && !l.live ? { ...l, live: true } : l,
  );
  return repriceSlip({ ...m, slip: { ...m.slip, legs: legsLive } }, markets);
}

/** The socket's `state`: an event's status, score and clock. */
export function applyState(
  m: SbModel,
  eventId: string,
  status: EventStatus,
  state: MatchState | null,
  now: number,
): SbModel {
  const entry = m.events[eventId];
  if (!entry) return m;
  const legs = m.slip.legs.map((l) =>
    l.eventId === eventId && status === 'live' && !l.live ? { ...l, live: true } : l,
  );
  // A match that starts is listed under live now at once (the list is read again only on the screen's next load).
  const live = m.lists.live;
  const joins = live !== undefined && (status === 'live' || status === 'break') && !live.includes(eventId);
  return {
    ...m,
    events: { ...m.events, [eventId]: { ...entry, event: { ...entry.event, status, state }, receivedAt: now } },
    lists: joins ? { ...m.lists, live: [...live, eventId] } : m.lists,
    slip: legs.some((l, i) => l !== m.slip.legs[i]) ? { ...m.slip, legs } : m.slip,
  };
}

export function applyBalance(m: SbModel, balance: number | null): SbModel {
  return balance === null ? m : { ...m, balance };
}

const isOpen = (b: MyBet) => b.status === 'open' || b.status === 'pending';

/** A bet of mine moved (placed, accepted after the delay, refused, cashed out, settled, corrected). */
export function applyBet(m: SbModel, bet: MyBet): SbModel {
  const open = m.bets.open.filter((b) => b.id !== bet.id);
  const settled = m.bets.settled.filter((b) => b.id !== bet.id);
  if (isOpen(bet)) open.unshift(bet);
  else if (bet.status !== 'refused' && m.bets.loaded.settled) settled.unshift(bet);
  const bets = { ...m.bets, open: sortBets(open), settled };
  const inSlip = m.slip.placed.some((b) => b.id === bet.id);
  if (!inSlip) return { ...m, bets };
  const placed = m.slip.placed.map((b) => (b.id === bet.id ? bet : b));
  const phase = placed.some((b) => b.status === 'pending') ? 'pending' : 'done';
  return { ...m, bets, slip: { ...m.slip, placed, phase } };
}

const sortBets = (bets: MyBet[]) => [...bets].sort((a, b) => b.placedAt.localeCompare(a.placedAt));

/** A page of my bets (GET /api/sb/bets): replaces the tab's list, or adds to it for "show more". */
export function applyMyBets(m: SbModel, tab: 'open' | 'settled', answer: MyBetsAnswer, more: boolean): SbModel {
  const list = more
    ? [...m.bets[tab], ...answer.bets.filter((b) => !m.bets[tab].some((x) => x.id === b.id))]
    : answer.bets;
  return {
    ...m,
    bets: {
      ...m.bets,
      [tab]: list,
      next: tab === 'settled' ? answer.next : m.bets.next,
      loaded: { ...m.bets.loaded, [tab]: true },
    },
  };
}

export function setRoute(m: SbModel, route: Route): SbModel {
  return { ...m, route };
}

export function setPrefs(m: SbModel, prefs: Partial<Prefs>): SbModel {
  return { ...m, prefs: { ...m.prefs, ...prefs } };
}

// ---- the slip ----

/** Where a selection is in what the page holds: its event and market, or null. */
export function findSelection(m: SbModel, selectionId: string) {
  const parsed = parseSelectionId(selectionId);
  const entry = parsed ? m.events[parsed.eventId] : undefined;
  const market = entry?.event.markets.find((x) => x.key === parsed?.marketKey);
  const selection = market?.selections.find((s) => s.id === selectionId);
  if (!entry || !market || !selection) return null;
  return { event: entry.event, market, selection };
}

/** Whether the selection can be added now: its market open and a price offered. */
export function selectable(m: SbModel, selectionId: string): boolean {
  const found = findSelection(m, selectionId);
  return !!found && found.market.status === 'open' && found.selection.odds1000 !== null;
}

const inSlip = (m: SbModel, selectionId: string) => m.slip.legs.some((l) => l.selectionId === selectionId);

export { inSlip };

/** A fresh slip after a placing was answered: the same legs kept (keep), or nothing (done). */
function reopen(slip: SlipState, keepLegs: boolean): SlipState {
  return keepLegs ? { ...emptySlip(), legs: slip.legs.map((l) => ({ ...l, was: null })) } : emptySlip();
}

/**
 * A price tapped: added to the slip (at its price now) or, when it is there already, taken off. A
 * slip that was placed starts again with its legs kept.
 */
export function toggleSelection(m: SbModel, selectionId: string): SbModel {
  const base = m.slip.phase === 'done' ? reopen(m.slip, true) : m.slip;
  if (base.phase === 'placing' || base.phase === 'pending') return m;
  if (base.legs.some((l) => l.selectionId === selectionId)) return removeLeg({ ...m, slip: base }, selectionId);
  const found = findSelection(m, selectionId);
  if (found?.market.status !== 'open' || found.selection.odds1000 === null) return m;
  const { event, market, selection } = found;
  const leg: SlipLeg = {
    selectionId,
    eventId: event.id,
    home: event.home,
    away: event.away,
    sport: event.sport,
    live: event.status === 'live' || event.status === 'break',
    market: { key: market.key, type: market.type, period: market.period, line4: market.line4 },
    selection: selection.key,
    odds1000: selection.odds1000,
    taken: selection.odds1000,
    was: null,
    status: 'open',
  };
  const legs = [...base.legs, leg];
  return { ...m, slip: { ...base, legs, refusal: null, maxStake: null } };
}

export function removeLeg(m: SbModel, selectionId: string): SbModel {
  const legs = m.slip.legs.filter((l) => l.selectionId !== selectionId);
  const single = { ...m.slip.stakes.single };
  delete single[selectionId];
  const sizes = new Set(systemSizes(legs, maxLegs(m)));
  const system = Object.fromEntries(Object.entries(m.slip.stakes.system).filter(([size]) => sizes.has(Number(size))));
  const builderEvents = new Set(
    legs.filter((l, i) => legs.findIndex((x) => x.eventId === l.eventId) !== i).map((l) => l.eventId),
  );
  const t = m.slip.target;
  const target =
    t &&
    (t.kind === 'single'
      ? t.selectionId === selectionId
      : t.kind === 'system'
        ? !sizes.has(t.size)
        : t.kind === 'builder' && !builderEvents.has(t.eventId))
      ? null
      : t;
  return {
    ...m,
    slip: {
      ...m.slip,
      legs,
      stakes: {
        single,
        multiple: legs.length >= 2 ? m.slip.stakes.multiple : 0,
        system,
        ...(m.slip.stakes.builder ? { builder: m.slip.stakes.builder } : {}),
      },
      target,
      refusal: m.slip.refusal?.selectionId === selectionId ? null : m.slip.refusal,
      maxStake: null,
    },
  };
}

const cannotBet = (l: SlipLeg) => l.status === 'unavailable' || l.status === 'closed' || l.status === 'settled';

/** Takes off the legs that cannot be bet (not offered, or their market closed). */
export function removeUnavailable(m: SbModel): SbModel {
  return m.slip.legs.filter(cannotBet).reduce((acc, l) => removeLeg(acc, l.selectionId), m);
}

/** Whether the slip holds a leg that cannot be bet: the slip then offers to take them off. */
export function hasUnavailable(m: SbModel): boolean {
  return m.slip.legs.some(cannotBet);
}

export function clearSlip(m: SbModel): SbModel {
  return { ...m, slip: emptySlip() };
}

/**
 * The slip the browser kept (sb-slip-store.ts), back on an empty slip: the legs at the prices the
 * player accepted, the stakes, and a placing's id not yet answered (so sending it again places
 * nothing twice). The page asks for a quote next, which shows each changed price and marks the legs
 * no longer offered (applyQuote).
 */
export function restoreSlip(
  m: SbModel,
  saved: { legs: SlipLeg[]; stakes: SlipState['stakes']; requestId: string | null },
): SbModel {
  if (m.slip.legs.length > 0 || saved.legs.length === 0) return m;
  return { ...m, slip: { ...emptySlip(), legs: saved.legs, stakes: saved.stakes, requestId: saved.requestId } };
}

export function setStake(m: SbModel, target: StakeTarget, minor: number): SbModel {
  return { ...m, slip: { ...m.slip, stakes: withStake(m.slip.stakes, target, minor), target, refusal: null } };
}

/** The stake field the quick chips add to: the one the player last touched, else the default. */
export function chipTarget(m: SbModel): StakeTarget | null {
  const t = m.slip.target;
  if (t && (t.kind !== 'single' || inSlip(m, t.selectionId))) return t;
  return defaultTarget(m.slip.legs, maxLegs(m));
}

/** The largest stake the last quote allows on the chip target (a single or the multiple), or null. */
export function chipMax(m: SbModel): number | null {
  const target = chipTarget(m);
  const max = m.slip.maxStake;
  if (!target || !max) return null;
  if (target.kind === 'builder') return m.slip.builders.find((b) => b.eventId === target.eventId)?.maxStake ?? null;
  return (
    (target.kind === 'single' ? max.single[target.selectionId] : target.kind === 'multiple' ? max.multiple : null) ??
    null
  );
}

/** A quick stake chip: its amount added to the chip target's stake. */
export function addChip(m: SbModel, amount: number): SbModel {
  const target = chipTarget(m);
  if (!target) return m;
  return setStake(m, target, stakeOf(m.slip.stakes, target) + amount);
}

export function setTarget(m: SbModel, target: StakeTarget): SbModel {
  return { ...m, slip: { ...m.slip, target } };
}

export const sameTarget = (a: StakeTarget | null, b: StakeTarget) => !!a && targetKey(a) === targetKey(b);

/** The player accepts the prices shown now (after a change their rule did not take). */
export function acceptChanges(m: SbModel): SbModel {
  return { ...m, slip: { ...m.slip, legs: acceptPrices(m.slip.legs), refusal: null } };
}

/** What the place button says: a key of the slip's words (sb-words.ts). */
export type PlaceWord =
  | 'pending'
  | 'placing'
  | 'accept'
  | 'enterStake'
  | 'noFunds'
  | 'suspendedLeg'
  | 'placeOne'
  | 'place';

/**
 * The place button for the slip being filled: what it says (while placing, the in-play wait when a
 * leg is live; else the first thing that stops the placing, or the stake to place) and whether it
 * can be pressed (a press on "accept" takes the changed prices).
 */
export function placeButton(
  slip: Pick<SlipState, 'phase' | 'legs'>,
  block: ReturnType<typeof placeBlock>,
  count: number,
): { word: PlaceWord; disabled: boolean } {
  const placing = slip.phase === 'placing';
  const word: PlaceWord = placing
    ? slip.legs.some((l) => l.live)
      ? 'pending'
      : 'placing'
    : block === 'accept'
      ? 'accept'
      : block === 'no_stake'
        ? 'enterStake'
        : block === 'funds'
          ? 'noFunds'
          : block === 'blocked_leg'
            ? 'suspendedLeg'
            : count === 1
              ? 'placeOne'
              : 'place';
  return { word, disabled: placing || (block !== null && block !== 'accept') };
}

/** POST /api/sb/quote's answer: each leg's price and state now, and the stake limits. */
export function applyQuote(m: SbModel, quote: QuoteAnswer): { model: SbModel; notices: LegNotice[] } {
  const markets: MarketView[] = [];
  const gone = new Set<string>();
  for (const q of quote.legs) {
    if (!q.market) gone.add(q.selectionId);
    else markets.push({ ...q.market, selections: q.market.selections.filter((s) => s.id === q.selectionId) });
  }
  const { model, notices } = repriceSlip(m, markets);
  const legs = model.slip.legs.map((l) =>
    gone.has(l.selectionId) && l.status !== 'unavailable' ? { ...l, status: 'unavailable' as const } : l,
  );
  for (const id of gone)
    if (m.slip.legs.some((l) => l.selectionId === id && l.status !== 'unavailable'))
      notices.push({ kind: 'unavailable', selectionId: id });
  const builders = quote.builders ?? [];
  return { model: { ...model, slip: { ...model.slip, legs, maxStake: quote.maxStake, builders } }, notices };
}

/**
 * Whether a market message moves a bet builder the slip offers: the book prices a builder from its
 * match's 1X2 and its legs, so a change to either is a new joint price, which only a quote tells.
 */
export function builderMoved(m: SbModel, eventId: string, markets: readonly MarketView[]): boolean {
  const builder = m.slip.builders.find((b) => b.eventId === eventId);
  if (!builder || m.slip.phase !== 'edit') return false;
  const keys = new Set(['1x2:ft:-', ...builder.selectionIds.map((id) => parseSelectionId(id)?.marketKey ?? '')]);
  return markets.some((x) => keys.has(x.key));
}

/** The slip is sent with this request id (the one kept from an unanswered placing, else `fresh`). */
export function startPlacing(m: SbModel, fresh: string): { model: SbModel; requestId: string } {
  const requestId = m.slip.requestId ?? fresh;
  return { model: { ...m, slip: { ...m.slip, phase: 'placing', requestId, refusal: null } }, requestId };
}

/**
 * The book's answer to a placing. `changed`: nothing was placed because prices moved and the rule
 * said to ask; the new prices are shown against the accepted ones for the player to accept.
 * Otherwise the bets stand (pending ones wait out the in-play delay).
 */
export function placeAnswered(given: SbModel, answer: PlaceAnswer): SbModel {
  let m = given;
  const balance = answer.balance ?? m.balance;
  if (answer.bets.length === 0 && answer.builderOdds1000?.length) {
    // A builder's joint price moved: it is shown at the new price, which the next placing sends.
    const moved = answer.builderOdds1000;
    const builders = m.slip.builders.map((b) => {
      const c = moved.find((x) => x.eventId === b.eventId);
      return c ? { ...b, odds1000: c.odds1000, refusal: c.odds1000 === null ? 'SB_BUILDER_UNPRICED' : null } : b;
    });
    m = { ...m, slip: { ...m.slip, builders } };
  }
  if (answer.changed?.length || (answer.bets.length === 0 && answer.builderOdds1000?.length)) {
    const legs = m.slip.legs.map((l) => {
      const c = answer.changed!.find((x) => x.selectionId === l.selectionId);
      if (!c) return l;
      return c.odds1000 === null
        ? { ...l, was: l.odds1000, odds1000: null, status: 'unavailable' as const }
        : { ...l, was: l.taken, odds1000: c.odds1000 };
    });
    return {
      ...m,
      balance,
      slip: {
        ...m.slip,
        legs,
        phase: 'edit',
        requestId: null,
        refusal: { code: 'SB_ODDS_CHANGED', message: '', selectionId: null },
      },
    };
  }
  let next: SbModel = { ...m, balance };
  for (const bet of answer.bets) next = applyBet(next, bet);
  const phase = answer.bets.some((b) => b.status === 'pending') ? 'pending' : 'done';
  return { ...next, slip: { ...next.slip, phase, requestId: null, placed: answer.bets, refusal: null } };
}

/** What the live region says of a placing refused on moved prices: each leg's accepted price and its new one. */
export function changedNotices(
  m: SbModel,
  changed: readonly { selectionId: string; odds1000: number | null }[],
): LegNotice[] {
  return changed.flatMap((c) => {
    const leg = m.slip.legs.find((l) => l.selectionId === c.selectionId);
    return leg && leg.taken !== null && c.odds1000 !== null
      ? [{ kind: 'changed' as const, selectionId: c.selectionId, from: leg.taken, to: c.odds1000 }]
      : [];
  });
}

/** Whether the book refused any of the bets just placed: the page then says so, else that they were accepted. */
export function placedRefused(m: SbModel): boolean {
  return m.slip.placed.filter((b) => b.status === 'refused').length > 0;
}

/**
 * A placing that failed. A refusal (the book said no) ends the request: the next placing is a new
 * one. A lost answer (no connection, a server error) keeps the request's id, so sending the slip
 * again cannot place it twice.
 */
export function placeFailed(
  m: SbModel,
  error: { code: string; message: string; status: number; selectionId?: string | null },
): SbModel {
  const lost = error.status === 0 || error.status >= 500;
  const legs =
    error.selectionId && (error.code === 'SB_SELECTION_UNAVAILABLE' || error.code === 'SB_MARKET_CLOSED')
      ? m.slip.legs.map((l) => (l.selectionId === error.selectionId ? { ...l, status: 'unavailable' as const } : l))
      : error.selectionId && error.code === 'SB_MARKET_SUSPENDED'
        ? m.slip.legs.map((l) => (l.selectionId === error.selectionId ? { ...l, status: 'suspended' as const } : l))
        : m.slip.legs;
  return {
    ...m,
    slip: {
      ...m.slip,
      legs,
      phase: 'edit',
      requestId: lost ? m.slip.requestId : null,
      refusal: { code: error.code, message: error.message, selectionId: error.selectionId ?? null },
    },
  };
}

/** After the placed bets are shown: the same selections again for another bet, or an empty slip. */
export function finishSlip(m: SbModel, keepLegs: boolean): SbModel {
  return { ...m, slip: reopen(m.slip, keepLegs) };
}

// ---- my bets ----

/**
 * A cash-out being prepared: the whole open stake, or a part of it, whether it waits for the confirm
 * tap, and the value the book holds for it (POST .../cashout-quote), once it has answered.
 */
export type Cashing = { betId: string; part: number | null; confirm: boolean; held?: HeldCashOut | null };

/** A value the book holds for a part (null: the whole) until `until` (this page's clock, ms). */
export type HeldCashOut = { part: number | null; value: number; hold: string; until: number };

/** The book's hold of the cash-out being confirmed, with its whole seconds left; null when none holds now. */
export function liveHold(c: Cashing | null, now: number): (HeldCashOut & { seconds: number }) | null {
  const held = c?.confirm ? c.held : null;
  if (!held || held.part !== c?.part || now >= held.until) return null;
  return { ...held, seconds: Math.ceil((held.until - now) / 1000) };
}

/** A hold answered for `betId`'s cash-out: kept only while that cash-out, of that part, still waits for its confirm. */
export function holdAnswered(c: Cashing | null, betId: string, held: HeldCashOut): Cashing | null {
  if (!c || c.betId !== betId || !c.confirm || c.part !== held.part) return c;
  return { ...c, held };
}

/** The auto cash-out form open on a bet, with the text typed in its field. */
export type AutoDraft = { betId: string; text: string };

/**
 * The auto cash-out value typed for a bet, in minor units, when the book would take it: above the
 * offer now (none: above nothing) and below the potential payout; else null.
 */
export function autoCashOutValue(bet: Pick<MyBet, 'cashOut' | 'potentialPayout'>, text: string): number | null {
  const value = parseStake(text);
  if (value === null || value >= bet.potentialPayout || value <= (bet.cashOut ?? 0)) return null;
  return value;
}

/** The cash-out button tapped: the confirm step, for the part chosen on this bet's slider, else the whole. */
export function cashOutTapped(cashing: Cashing | null, betId: string): Cashing {
  return { betId, part: cashing?.betId === betId ? cashing.part : null, confirm: true };
}

/** The part button tapped: the slider opens at half the open stake (at least the minimum stake), or closes. */
export function partTapped(part: number | null, betId: string, openStake: number, minStake: number): Cashing | null {
  return part === null ? { betId, part: Math.max(minStake, Math.floor(openStake / 2)), confirm: false } : null;
}

/** The words of a bet's facts (sb-words.ts bets). */
export type BetFactWords = Record<'stake' | 'openStake' | 'odds' | 'potential' | 'payout' | 'cashedOut', string>;

/** A bet card's facts: [words, amount, test id], the stake left open and the cash-outs only when they tell something. */
export function betFacts(
  bet: MyBet,
  w: BetFactWords,
  money: (minor: number) => string,
  odds: (odds1000: number) => string,
): [string, string, string][] {
  const open = bet.status === 'open' || bet.status === 'pending';
  return [
    [w.stake, money(bet.stake), 'stake'],
    ...(bet.openStake !== bet.stake && open
      ? [[w.openStake, money(bet.openStake), 'open-stake'] as [string, string, string]]
      : []),
    [w.odds, odds(bet.odds1000), 'odds'],
    // A bet cashed out in full was paid its cash-out, not a payout of 0.00.
    ...(open
      ? [[w.potential, money(bet.potentialPayout), 'potential'] as [string, string, string]]
      : bet.status === 'cashed_out'
        ? []
        : [[w.payout, money(bet.payout), 'payout'] as [string, string, string]]),
    ...(bet.cashedOut > 0 ? [[w.cashedOut, money(bet.cashedOut), 'cashed-out'] as [string, string, string]] : []),
  ];
}

/** The teams of a leg's event: from the event the page holds, else its name split at " v ", else `unknown`. */
export function legTeams(
  m: SbModel,
  leg: Pick<LegView, 'eventId' | 'event'>,
  unknown: { home: string; away: string },
): { home: string; away: string } {
  const known = m.events[leg.eventId]?.event;
  if (known) return known;
  const parts = leg.event.split(/\s+(?:v|vs\.?|–|-)\s+/);
  if (parts.length === 2) return { home: parts[0]!, away: parts[1]! };
  return { home: unknown.home, away: unknown.away };
}

// ---- what the page watches and ticks ----

const isLiveStatus = (status: EventStatus | undefined) => status === 'live' || status === 'break';

/** The route the address names, else live now when something is in play, else upcoming. */
export function routeOr(m: SbModel, parsed: Route | null): Route {
  return (
    parsed ??
    (liveEvents(m).length
      ? { screen: 'live' as const, sport: null }
      : { screen: 'upcoming' as const, day: null, sport: null })
  );
}

/** The top tabs: each one's route, its words (live now with how many are in play) and whether its screen is shown. */
export function navTabs(
  m: SbModel,
  nav: { live: string; upcoming: string; sports: string; results: string; bets: string },
): [Route, string, boolean][] {
  const r = m.route;
  const live = liveEvents(m).length;
  return [
    [{ screen: 'live', sport: null }, live ? `${nav.live} ${live}` : nav.live, r.screen === 'live'],
    [{ screen: 'upcoming', day: null, sport: null }, nav.upcoming, r.screen === 'upcoming'],
    [{ screen: 'sports' }, nav.sports, r.screen === 'sports' || r.screen === 'league' || r.screen === 'event'],
    [{ screen: 'results', day: null, sport: null }, nav.results, r.screen === 'results'],
    [{ screen: 'bets', tab: 'open' }, nav.bets, r.screen === 'bets'],
  ];
}

/**
 * Whether the socket's `markets` (applied to `before`, giving `after`) redraws the event page: a
 * market new to a full event, or one closed, while that event's page is shown. Otherwise only the
 * prices move.
 */
export function marketsRedrawScreen(
  before: SbModel,
  after: SbModel,
  eventId: string,
  markets: readonly MarketView[],
): boolean {
  const entry = before.events[eventId];
  const keysBefore = new Set(entry?.event.markets.map((x) => x.key));
  const newMarket = !!entry?.full && markets.some((x) => !keysBefore.has(x.key) || x.status === 'closed');
  return newMarket && after.route.screen === 'event' && after.route.event === eventId;
}

/** Whether the page polls: while it is seen, when the socket is down or placed bets wait out the in-play delay. */
export function pollWanted(m: SbModel, hidden: boolean): boolean {
  const pendingBets = m.slip.phase === 'pending';
  return !(hidden || (m.online && !pendingBets));
}

/**
 * The day the upcoming screen shows: the one in its route, else the first of the lobby's days that
 * still has a match to start (late in the evening today's are all under way, and a list of matches
 * already playing is not "upcoming"). A day whose list has not been read yet stops the search: the
 * page reads it next.
 */
export function upcomingDay(m: SbModel, route: Extract<Route, { screen: 'upcoming' }>): string | null {
  const days = m.lobby?.days ?? [];
  if (route.day) return route.day;
  for (const day of days) {
    const list = m.lists[`day:${day}`];
    if (list === undefined) return day;
    if (list.some((id) => m.events[id]?.event.status === 'scheduled')) return day;
  }
  return days[0] ?? null;
}

/** The event ids a screen lists, in order: live now only what is in play, upcoming only what has not started. */
export function screenEvents(m: SbModel): string[] {
  const r = m.route;
  const bySport = (ids: string[], sport: Sport | null) =>
    sport ? ids.filter((id) => m.events[id]?.event.sport === sport) : ids;
  const status = (id: string) => m.events[id]?.event.status;
  switch (r.screen) {
    case 'live':
      return bySport(liveEvents(m), r.sport);
    case 'upcoming': {
      const day = upcomingDay(m, r);
      const ids = day ? (m.lists[`day:${day}`] ?? []) : [];
      return bySport(
        ids.filter((id) => status(id) === 'scheduled'),
        r.sport,
      );
    }
    case 'league':
      return m.lists[`league:${r.league}`] ?? [];
    case 'event':
      return [r.event];
    default:
      return [];
  }
}

/** The live list's events still in play (a match that ended leaves it without a reload). */
export function liveEvents(m: SbModel): string[] {
  return (m.lists.live ?? []).filter((id) => isLiveStatus(m.events[id]?.event.status));
}

/**
 * The events the page asks the socket about (`watch`): those on screen and those of the slip's legs
 * (the slip is on screen too), at most `limit` (the screen's first ones first).
 */
export function watchList(m: SbModel, limit = 100): string[] {
  const ids = [...m.slip.legs.map((l) => l.eventId), ...screenEvents(m)];
  return [...new Set(ids)].slice(0, limit);
}

/** Whether a clock runs on screen: the page's one-second tick runs only then. */
export function clocksRunning(m: SbModel): boolean {
  return screenEvents(m).some((id) => {
    const e = m.events[id]?.event;
    return !!e && e.status === 'live' && !!e.state?.clock?.running;
  });
}

// ---- results and search ----

/** A day's results (GET /api/sb/results), with the days the screen offers. */
export function applyResults(m: SbModel, answer: ResultsAnswer): SbModel {
  return {
    ...m,
    results: { days: answer.days, byDay: { ...m.results.byDay, [answer.day]: answer.results } },
  };
}

/** The day the results screen shows: the one in its route, else today (the first day offered) once known. */
export function resultsDay(m: SbModel, route: Extract<Route, { screen: 'results' }>): string | null {
  return route.day ?? m.results.days[0] ?? null;
}

/** The results the screen lists (its sport's only, when one is chosen), or undefined while its day is not read. */
export function shownResults(m: SbModel, route: Extract<Route, { screen: 'results' }>): ResultView[] | undefined {
  const day = resultsDay(m, route);
  const list = day ? m.results.byDay[day] : undefined;
  if (!list || !route.sport) return list;
  return list.filter((r) => r.sport === route.sport);
}

/** The most characters the book searches for (sportsbook.routes.ts SearchQuery). */
export const SEARCH_MAX = 40;
export const SEARCH_MIN = 2;

/** What a typed text searches for: trimmed, or null when it is too short (or too long) to ask. */
export function searchTerm(text: string): string | null {
  const term = text.trim();
  return term.length >= SEARCH_MIN && term.length <= SEARCH_MAX ? term : null;
}

/** The search box's text changed: an answer for another term is no longer shown. */
export function searchTyped(m: SbModel, text: string): SbModel {
  const term = searchTerm(text);
  const keep = term !== null && term.toLowerCase() === m.search.asked?.toLowerCase();
  return {
    ...m,
    search: { text, asked: keep ? m.search.asked : null, answer: keep ? m.search.answer : null },
  };
}

/** The term to ask the book for now, or null (too short, or already answered). */
export function searchToAsk(m: SbModel): string | null {
  const term = searchTerm(m.search.text);
  return term !== null && term !== m.search.asked ? term : null;
}

/** The book's answer for `term`: kept only when it is still what the box holds (a slower, older answer is dropped). */
export function searchAnswered(m: SbModel, term: string, answer: SearchAnswer): SbModel {
  if (searchTerm(m.search.text) !== term) return m;
  return { ...m, search: { ...m.search, asked: term, answer } };
}

/** What the box's list shows: nothing (empty box), a hint to type more, a wait, or the answer. */
export function searchShown(
  m: SbModel,
): { kind: 'idle' } | { kind: 'short' } | { kind: 'waiting' } | { kind: 'answer'; answer: SearchAnswer } {
  const text = m.search.text.trim();
  if (!text) return { kind: 'idle' };
  if (text.length < SEARCH_MIN) return { kind: 'short' };
  return m.search.answer ? { kind: 'answer', answer: m.search.answer } : { kind: 'waiting' };
}

export { maxLegs, type SlipLeg, stakeOf };
