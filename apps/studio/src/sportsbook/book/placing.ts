import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { StudioDb } from '../../kit/db/database';
import type { StudioDatabase } from '../../kit/db/schema';
import { StudioError } from '../../kit/errors';
import { sportsbookCategoryOf } from '../../kit/game-map';
import { DELIVERY_LEASE_MS, sendStake, sessionStake } from '../../kit/outbound';
import { debitDemo, type StudioSession } from '../../kit/sessions';
import type { BuilderQuote, OddsChangeRule, PlaceAnswer, PlaceBody, QuoteAnswer } from '../api';
import { combinations, combinedOdds1000, potentialPayout } from '../model/bets';
import { isBuilderBet } from '../model/builder';
import { SABONG_PHASES } from '../model/cockfight';
import { SPORT_CATEGORY, type Sport } from '../types';
import { insertSlip, legsWithMarkets, lockPendingBet, marketOfEvent } from './bets.queries';
import type { BookCore } from './book-core';
import { builderOddsOrThrow, builderPrice, ONE_X_TWO_KEY, type PricedLeg } from './builder';
import { applyExposure, betTx, type ExposureEntry, exposureOf, exposureParams, refuseBet, stakerOf } from './moves';
import {
  acceptBet,
  type ExposureRow,
  eventIdsOfBet,
  type LegJson,
  lockEventRows,
  marketStatusesOfBet,
  openPendingBet,
  type RunningRow,
  readSlip,
  readUnderLock,
  runningRowsOf,
  setLegOdds,
  slipBetRows,
  slipLegRows,
} from './placing.queries';
import { detailOf, type RoundDetail } from './round-detail';
import {
  type BookSettings,
  FULL_FACTOR,
  MAX_COMBINATIONS,
  MAX_LEGS,
  type Margins,
  marginsOf,
  playerFactor,
  readMargins,
  readSettings,
  scaled,
  settingsOf,
} from './settings';
import {
  BET_COLUMNS,
  type BetRow,
  currentOdds,
  type LegRow,
  type MarketRow,
  marketView,
  myBet,
  myBets,
  parseSelectionId,
} from './views';

// Placing a slip (POST /api/sb/bets). Every leg must be an open, priced selection of this lobby's
// sports; a price that moved is taken or refused by the player's odds-change rule (refused: nothing
// is placed and the answer lists the changes). Each bet of the slip is one wallet round. The bets are
// first reserved in one transaction that locks their events (the limits, the book's liability and a
// result arriving at the same moment are then decided one slip at a time), then each stake goes to
// the wallet, and only a bet whose stake the wallet took counts. In-play bets wait the in-play delay
// as 'pending' and are accepted only if their markets stayed open and priced within the rule. The
// slip's requestId makes a retried or doubled request answer the bets already placed.

type PlaceInput = z.infer<typeof PlaceBody>;

type BaseLeg = {
  selectionId: string;
  eventId: string;
  sport: Sport;
  leagueId: string;
  eventStatus: string;
  startsAt: Date;
  /** The phase the feed last gave the match (a sabong fight's OPEN, CLOSED, FIGHT), '' when none. */
  phase: string;
  market: MarketRow;
  key: string;
};

/** What the bet's round detail names of a leg's event (read with the leg, so the detail needs no read of its own). */
type LegEvent = { home: string; away: string; state: unknown; result: unknown; leagueName: string | null };

type StoredLeg = BaseLeg & { event: LegEvent };

type Leg = StoredLeg & {
  /** The odds the bet takes. */
  odds1000: number;
};

type PlannedBet = {
  index: number;
  betId: string;
  kind: 'single' | 'multiple' | 'system' | 'builder';
  size: number | null;
  legs: Leg[];
  combinations: number;
  stake: number;
  odds1000: number;
  potential: number;
};

const LIVE = ['live', 'break'];
/** Time allowed for each earlier stake of the same slip (the wallet client's timeout, with room). */
const STAKE_CALL_MS = 10_000;

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23505';
}

/** The kind the tables keep: a builder is a multiple whose legs are of one event (builder.ts). */
const storedKind = (kind: PlannedBet['kind']) => (kind === 'builder' ? 'multiple' : kind);

/** The bet's combined odds and what it pays if every leg wins (a system bet: its best combination's odds). */
function priced(kind: PlannedBet['kind'], stakePerCombination: number, odds: number[], size: number | null) {
  if (kind === 'system' && size !== null) {
    const best = [...odds].sort((a, b) => b - a).slice(0, size);
    return { odds1000: combinedOdds1000(best), potential: potentialPayout(stakePerCombination, odds, size) };
  }
  return { odds1000: combinedOdds1000(odds), potential: potentialPayout(stakePerCombination, odds) };
}

/** The event ids and market keys the selection ids name. */
function legKeys(ids: string[]): [string[], string[]] {
  const parsed = ids.flatMap((id) => parseSelectionId(id) ?? []);
  return [[...new Set(parsed.map((p) => p.eventId))], [...new Set(parsed.map((p) => p.marketKey))]];
}

/** Each selection id's leg among the legs' rows read (undefined when it names no stored market). */
function legsFrom(ids: string[], rows: LegJson[]): Map<string, StoredLeg | undefined> {
  const found = new Map<string, StoredLeg | undefined>();
  for (const id of ids) {
    const parts = parseSelectionId(id);
    const row = parts && rows.find((r) => r.event_id === parts.eventId && r.key === parts.marketKey);
    found.set(
      id,
      row && parts
        ? {
            selectionId: id,
            eventId: row.event_id,
            sport: row.sport as Sport,
            leagueId: row.league_id,
            eventStatus: row.event_status,
            startsAt: new Date(row.starts_at),
            phase: phaseOf(row.state),
            market: row,
            key: parts.key,
            event: {
              home: row.home,
              away: row.away,
              state: row.state,
              result: row.result,
              leagueName: row.league_name,
            },
          }
        : undefined,
    );
  }
  return found;
}

/** A selection's legs as stored, for the slip's selection ids (one query). */
async function loadLegs(db: StudioDb, ids: string[]): Promise<Map<string, StoredLeg | undefined>> {
  const [eventIds, marketKeys] = legKeys(ids);
  const rows = eventIds.length === 0 ? [] : await slipLegRows(db, eventIds, marketKeys);
  return legsFrom(ids, rows);
}

function phaseOf(state: unknown): string {
  const phase = (state as { phase?: unknown } | null)?.phase;
  return typeof phase === 'string' ? phase : '';
}

/**
 * A sabong fight that has been called takes bets only while its phase is OPEN: the feed's last call
 * (phase CLOSED, then FIGHT and the end) closes its betting for good.
 */
export function pastLastCall(leg: Pick<BaseLeg, 'sport' | 'eventStatus' | 'phase'>): boolean {
  return leg.sport === 'cockfight' && leg.eventStatus !== 'scheduled' && leg.phase !== SABONG_PHASES.open;
}

/**
 * Whether a leg is in play (its bet waits the in-play delay): a match under way, but not a sabong
 * fight before its last call, where nothing has happened in the pit that a price could lag behind.
 */
function inPlayLeg(leg: Pick<BaseLeg, 'sport' | 'eventStatus' | 'phase'>): boolean {
  return LIVE.includes(leg.eventStatus) && !(leg.sport === 'cockfight' && leg.phase === SABONG_PHASES.open);
}

/** Why a leg cannot be bet on now, or undefined when it can. */
function legRefusal(leg: BaseLeg | undefined, category: string | undefined, now: Date) {
  if (!leg || (category && SPORT_CATEGORY[leg.sport] !== category)) return 'SB_SELECTION_UNAVAILABLE' as const;
  if (pastLastCall(leg)) return 'SB_LAST_CALL' as const;
  if (leg.eventStatus === 'ended' || leg.eventStatus === 'abandoned') return 'SB_EVENT_STARTED' as const;
  // A fixture past its start that the feed has not taken in-play: its pre-match prices are stale.
  if (leg.eventStatus === 'scheduled' && leg.startsAt <= now) return 'SB_EVENT_STARTED' as const;
  if (leg.market.status === 'closed' || leg.market.status === 'settled') return 'SB_MARKET_CLOSED' as const;
  if (leg.market.status === 'suspended') return 'SB_MARKET_SUSPENDED' as const;
  if (currentOdds(leg.market, leg.key) === null) return 'SB_SELECTION_UNAVAILABLE' as const;
  return undefined;
}

/** Whether the rule takes a move from `seen` to `now` (odds in thousandths). */
export function ruleAccepts(rule: OddsChangeRule, seen: number, now: number): boolean {
  if (now === seen) return true;
  if (rule === 'any') return true;
  if (rule === 'higher') return now > seen;
  return false;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

const money = (minor: number) => (minor / 100).toFixed(2);

function stakeTooHigh(limit: number, scope: 'player' | 'market' | 'event', remaining: number): StudioError {
  return new StudioError('SB_STAKE_TOO_HIGH', { limit, remaining, scope }, (w) => w.stakeTooHigh(money(remaining)));
}

/** A builder bet's legs among the slip's: those it names, else all of them. */
function builderLegsOf(b: PlaceInput['bets'][number], legs: Leg[], index: number): Leg[] {
  if (!b.selectionIds) return legs;
  const byId = new Map(legs.map((l) => [l.selectionId, l]));
  if (new Set(b.selectionIds).size !== b.selectionIds.length) {
    throw new StudioError('SB_BAD_SLIP', { bet: index, reason: 'a selection twice' });
  }
  return b.selectionIds.map((id) => {
    const leg = byId.get(id);
    if (!leg) throw new StudioError('SB_BAD_SLIP', { bet: index, reason: 'builder leg not on the slip' });
    return leg;
  });
}

/** Each builder bet's joint price now (by its index in the slip), from the legs and the match's 1X2 as read. */
function builderPrices(body: PlaceInput, legs: Leg[], rows: LegJson[], margins: Margins): Map<number, number> {
  const out = new Map<number, number>();
  body.bets.forEach((b, index) => {
    if (b.kind !== 'builder') return;
    const chosen = builderLegsOf(b, legs, index);
    const eventId = chosen[0]?.eventId;
    const oneXTwo = rows.find((r) => r.event_id === eventId && r.key === ONE_X_TWO_KEY);
    out.set(index, builderOddsOrThrow(builderPrice(chosen.map(pricedLeg), oneXTwo, margins), { bet: index }));
  });
  return out;
}

function pricedLeg(l: StoredLeg): PricedLeg {
  return {
    eventId: l.eventId,
    sport: l.sport,
    leagueId: l.leagueId,
    market: l.market,
    key: l.key,
    state: l.event.state,
  };
}

/**
 * How each builder's joint price moved from the one the page showed (`odds1000` of its bet), and
 * whether the player's odds-change rule takes the move.
 */
function builderMoves(body: PlaceInput, builders: Map<number, number>, legs: Leg[]) {
  const out: { eventId: string; odds1000: number; accepted: boolean }[] = [];
  for (const [index, odds] of builders) {
    const b = body.bets[index];
    if (b?.odds1000 === undefined)
      throw new StudioError('SB_BAD_SLIP', { bet: index, reason: 'builder without its price' });
    if (odds === b.odds1000) continue;
    const eventId = builderLegsOf(b, legs, index)[0]?.eventId ?? '';
    out.push({ eventId, odds1000: odds, accepted: ruleAccepts(body.oddsChange, b.odds1000, odds) });
  }
  return out;
}

/** Plans the slip's bets: which legs, the stake and the payout if all win; refuses a slip that breaks a rule. */
function planBets(body: PlaceInput, legs: Leg[], settings: BookSettings, builders: Map<number, number>): PlannedBet[] {
  const byId = new Map(legs.map((l) => [l.selectionId, l]));
  const correlated = (list: Leg[]) => new Set(list.map((l) => l.eventId)).size !== list.length;
  return body.bets.map((b, index) => {
    let chosen: Leg[];
    let size: number | null = null;
    const joint = builders.get(index);
    if (b.kind === 'builder' && joint !== undefined) {
      chosen = builderLegsOf(b, legs, index);
    } else if (b.kind === 'builder') {
      throw new StudioError('SB_BAD_SLIP', { bet: index, reason: 'builder not priced' });
    } else if (b.kind === 'single') {
      const leg = b.selectionId === undefined ? undefined : byId.get(b.selectionId);
      if (!leg) throw new StudioError('SB_BAD_SLIP', { bet: index, reason: 'single without a leg of the slip' });
      chosen = [leg];
    } else {
      chosen = legs;
      if (legs.length < 2) throw new StudioError('SB_BAD_SLIP', { bet: index, reason: 'a multiple needs two legs' });
      if (correlated(legs)) throw new StudioError('SB_CORRELATED_LEGS', { bet: index });
      if (b.kind === 'system') {
        size = b.size ?? 0;
        if (legs.length < 3 || size < 2 || size > legs.length - 1) {
          throw new StudioError('SB_BAD_SLIP', { bet: index, reason: 'system size out of range' });
        }
        if (binomial(legs.length, size) > MAX_COMBINATIONS) {
          throw new StudioError('SB_BAD_SLIP', { bet: index, reason: 'too many combinations', max: MAX_COMBINATIONS });
        }
      }
    }
    if (b.stake < settings.minStake) {
      throw new StudioError('SB_STAKE_TOO_LOW', { minimum: settings.minStake }, (w) =>
        w.stakeTooLow(money(settings.minStake)),
      );
    }
    const combos = size === null ? 1 : combinations(chosen.length, size).length;
    const { odds1000, potential } =
      joint !== undefined
        ? { odds1000: joint, potential: potentialPayout(b.stake, [joint]) }
        : priced(
            b.kind,
            b.stake,
            chosen.map((l) => l.odds1000),
            size,
          );
    if (potential > settings.maxPayout) {
      throw new StudioError('SB_PAYOUT_TOO_HIGH', { limit: settings.maxPayout }, (w) =>
        w.payoutTooHigh(money(settings.maxPayout)),
      );
    }
    return {
      index,
      betId: randomUUID(),
      kind: b.kind,
      size,
      legs: chosen,
      combinations: combos,
      stake: b.stake * combos,
      odds1000,
      potential,
    };
  });
}

/** The book's worst loss on a market from its selections' exposure. */
export function liabilityOf(rows: { stake: number; payout: number }[]): number {
  if (rows.length === 0) return 0;
  const total = rows.reduce((t, r) => t + r.stake, 0);
  return Math.max(...rows.map((r) => r.payout)) - total;
}

/** Locks the events in id order (every path that decides money on an event takes them so). */
export async function lockEvents(trx: Transaction<StudioDatabase>, eventIds: string[]): Promise<void> {
  const sorted = [...new Set(eventIds)].sort();
  if (sorted.length === 0) return;
  await lockEventRows(trx, sorted);
}

/** Locks the events of a bet's legs (lockEvents), as whatever decides that bet's money first does. */
export async function lockEventsOfBet(trx: Transaction<StudioDatabase>, betRowId: number): Promise<void> {
  const legs = await eventIdsOfBet(trx, betRowId);
  await lockEvents(
    trx,
    legs.map((l) => l.event_id),
  );
}

/** A player's running stake per market and per event (their bets that still count, under any vendor code). */
async function runningStakes(db: StudioDb, owner: string, eventIds: string[]) {
  return runningFrom(await runningRowsOf(db, eventIds, owner));
}

function runningFrom(rows: RunningRow[]) {
  const perMarket = new Map<number, number>();
  const perEvent = new Map<string, number>();
  const seenEvent = new Set<string>();
  for (const r of rows) {
    perMarket.set(r.market_id, (perMarket.get(r.market_id) ?? 0) + r.open_stake);
    // A multiple with two legs of one event (not allowed now) would still count once there.
    const key = `${r.id}/${r.event_id}`;
    if (!seenEvent.has(key)) {
      seenEvent.add(key);
      perEvent.set(r.event_id, (perEvent.get(r.event_id) ?? 0) + r.open_stake);
    }
  }
  return { perMarket, perEvent };
}

/**
 * Checks the stake limits and the book's liability with the new bets, from the running stakes and
 * the exposure read under the reserving transaction's lock.
 */
function checkLimits(
  mode: 'real' | 'trial',
  factor: number,
  planned: PlannedBet[],
  settings: BookSettings,
  running: ReturnType<typeof runningFrom>,
  exposure: ExposureRow[],
): ExposureEntry[] {
  if (factor <= 0) throw stakeTooHigh(0, 'player', 0);
  const addMarket = new Map<number, number>();
  const addEvent = new Map<string, number>();
  for (const b of planned) {
    for (const l of b.legs) addMarket.set(l.market.id, (addMarket.get(l.market.id) ?? 0) + b.stake);
    for (const e of new Set(b.legs.map((l) => l.eventId))) addEvent.set(e, (addEvent.get(e) ?? 0) + b.stake);
  }
  const marketLimit = scaled(settings.maxStakePerMarket, factor);
  for (const [id, add] of addMarket) {
    const have = running.perMarket.get(id) ?? 0;
    if (have + add > marketLimit) throw stakeTooHigh(marketLimit, 'market', Math.max(0, marketLimit - have));
  }
  const eventLimit = scaled(settings.maxStakePerEvent, factor);
  for (const [id, add] of addEvent) {
    const have = running.perEvent.get(id) ?? 0;
    if (have + add > eventLimit) throw stakeTooHigh(eventLimit, 'event', Math.max(0, eventLimit - have));
  }
  const entries = planned.flatMap((b) =>
    exposureOf(
      { open_stake: b.stake, potential_payout: b.potential, mode },
      b.legs.map((l) => ({ market_id: l.market.id, selection: l.key })),
      1,
    ),
  );
  // The book's liability is real money's: a trial slip is held to the player's limits only.
  if (mode !== 'real') return entries;
  for (const id of addMarket.keys()) {
    const rows = exposure.filter((r) => r.market_id === id).map((r) => ({ ...r }));
    const before = liabilityOf(rows);
    for (const e of entries.filter((x) => x.marketId === id)) {
      const row = rows.find((r) => r.selection === e.selection);
      if (row) {
        row.stake += e.stake;
        row.payout += e.payout;
      } else rows.push({ market_id: id, selection: e.selection, stake: e.stake, payout: e.payout });
    }
    const after = liabilityOf(rows);
    if (after > settings.maxLiabilityPerMarket && after > before) {
      throw new StudioError('SB_LIABILITY', { market: id, limit: settings.maxLiabilityPerMarket });
    }
  }
  return entries;
}

/** The bets a slip placed (by its requestId), once none of them is still waiting for the wallet. */
async function slipBets(core: BookCore, session: StudioSession, requestId: string, waitMs: number) {
  const until = Date.now() + waitMs;
  for (;;) {
    const rows = await slipBetRows(core.deps.db, session, requestId, [...BET_COLUMNS, 'slip_index']);
    if (rows.length === 0 || !rows.some((r) => r.status === 'betting') || Date.now() >= until) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The slip's legs at the prices now, which of them moved, and whether the player's rule refuses a move. */
function takeLegs(
  body: PlaceInput,
  stored: Map<string, StoredLeg | undefined>,
  category: string | undefined,
  now: Date,
): { legs: Leg[]; changed: { selectionId: string; odds1000: number | null }[]; refusedByRule: boolean } {
  const changed: { selectionId: string; odds1000: number | null }[] = [];
  let refusedByRule = false;
  const legs: Leg[] = body.legs.map((slipLeg) => {
    const leg = stored.get(slipLeg.selectionId);
    const refusal = legRefusal(leg, category, now);
    if (refusal || !leg)
      throw new StudioError(refusal ?? 'SB_SELECTION_UNAVAILABLE', { selectionId: slipLeg.selectionId });
    const odds = currentOdds(leg.market, leg.key) as number;
    if (odds !== slipLeg.odds1000) {
      changed.push({ selectionId: slipLeg.selectionId, odds1000: odds });
      if (!ruleAccepts(body.oddsChange, slipLeg.odds1000, odds)) refusedByRule = true;
    }
    return { ...leg, odds1000: odds };
  });
  return { legs, changed, refusedByRule };
}

/** The bets' columns of a slip's insert. */
function betColumns(planned: PlannedBet[], now: Date) {
  return {
    betId: planned.map((b) => b.betId),
    slipIndex: planned.map((b) => b.index),
    kind: planned.map((b) => storedKind(b.kind)),
    size: planned.map((b) => b.size),
    combinations: planned.map((b) => b.combinations),
    stake: planned.map((b) => b.stake),
    odds1000: planned.map((b) => b.odds1000),
    potential: planned.map((b) => b.potential),
    betTx: planned.map((b) => betTx(b.betId)),
    // The stake's wallet call holds the bet this long before recovery rolls it back; a slip's
    // stakes go to the wallet one after another, so each later bet waits a call longer.
    nextAttemptAt: planned.map((b) =>
      new Date(now.getTime() + DELIVERY_LEASE_MS + b.index * STAKE_CALL_MS).toISOString(),
    ),
  };
}

/** The legs' columns of a slip's insert. */
function legColumns(planned: PlannedBet[], owner: string) {
  return {
    owner,
    slipIndex: planned.flatMap((b) => b.legs.map(() => b.index)),
    legNo: planned.flatMap((b) => b.legs.map((_, legNo) => legNo)),
    eventId: planned.flatMap((b) => b.legs.map((l) => l.eventId)),
    marketId: planned.flatMap((b) => b.legs.map((l) => l.market.id)),
    selection: planned.flatMap((b) => b.legs.map((l) => l.key)),
    odds1000: planned.flatMap((b) => b.legs.map((l) => l.odds1000)),
  };
}

/** A bet reserved by the placing's transaction, with what its stake's call and the answer need. */
type Reserved = {
  id: number;
  betId: string;
  stake: number;
  potential: number;
  detail: RoundDetail;
  /** The bet as the player's answer shows it while nothing but this placement touched it. */
  answer: BetRow;
  legs: LegRow[];
};

/**
 * Sends each reserved bet's stake to the wallet in turn: a bet the wallet took counts (or waits its
 * delay), one it refused or did not answer is refused (and rolled back when the stake may have been
 * taken). Answers the balance last heard, the first refusal, and whether every bet went as planned.
 */
async function sendStakes(
  core: BookCore,
  session: StudioSession,
  token: string,
  reserved: Reserved[],
  planned: PlannedBet[],
  inPlay: boolean,
): Promise<{ balance: number | null; firstRefusal: StudioError | undefined; known: boolean }> {
  const db = core.deps.db;
  let balance: number | null = null;
  let firstRefusal: StudioError | undefined;
  // While every bet is as this placement wrote and accepted it, the answer is built from what the
  // placement knows; any other turn (a refusal, a bet recovery decided, an in-play bet decided at
  // once) reads the slip's bets back.
  let known = true;
  for (const [i, r] of reserved.entries()) {
    const plannedBet = planned[i] as PlannedBet;
    const bet = {
      id: r.id,
      bet_id: r.betId,
      kind: storedKind(plannedBet.kind),
      size: plannedBet.size,
      combinations: plannedBet.combinations,
      open_stake: r.stake,
      potential_payout: r.potential,
      status: 'betting',
      mode: session.mode,
    };
    // A refusal took nothing; no answer may have taken the stake, which a rollback gives back.
    const refuse = (code: string, unanswered: boolean) =>
      db.transaction().execute((trx) => refuseBet(trx, bet, code, unanswered, core.deps.now()));
    const sent = await sendStake(core.deps, {
      call: {
        ...sessionStake(session, token, { roundId: r.betId, transactionId: betTx(r.betId), amount: r.stake }),
        detail: r.detail,
      },
      refused: async ({ error }) => {
        await refuse(error.code, false);
      },
      unanswered: async () => {
        await refuse('STUDIO_WALLET_UNAVAILABLE', true);
      },
      rollBack: () => core.deliver(r.id),
    });
    if (sent.kind === 'ok') {
      balance = sent.answer.balance;
      const status = inPlay ? 'pending' : 'open';
      if (
        await acceptStake(
          core,
          bet,
          status,
          plannedBet.legs.map((l) => l.eventId),
        )
      )
        r.answer.status = status;
      else known = false;
      continue;
    }
    known = false;
    if (sent.kind === 'refused') balance = sent.balance;
    firstRefusal ??=
      sent.kind === 'refused'
        ? sent.error
        : new StudioError('STUDIO_WALLET_UNAVAILABLE', undefined, (w) => w.walletRetry);
  }
  return { balance, firstRefusal, known };
}

export async function placeSlip(
  core: BookCore,
  session: StudioSession,
  token: string,
  body: PlaceInput,
): Promise<PlaceAnswer> {
  const db = core.deps.db;
  const owner = stakerOf(session);
  const answerOf = async (rows: Awaited<ReturnType<typeof slipBets>>): Promise<PlaceAnswer> => ({
    bets: await myBets(db, rows),
    balance: await core.balanceOf(session),
  });
  const ids = body.legs.map((l) => l.selectionId);
  const [eventIds, marketKeys] = legKeys(ids);
  // A builder is priced from its match's 1X2, read with the legs.
  if (body.bets.some((b) => b.kind === 'builder') && !marketKeys.includes(ONE_X_TWO_KEY))
    marketKeys.push(ONE_X_TWO_KEY);
  const slip = await readSlip(db, eventIds, marketKeys, session, body.requestId);
  if (!slip) throw new Error('the slip read answered no row');
  if (slip.earlier) return answerOf(await slipBets(core, session, body.requestId, 5000));

  if (body.legs.length > MAX_LEGS) {
    throw new StudioError('SB_TOO_MANY_LEGS', { max: MAX_LEGS }, (w) => w.tooManyLegs(MAX_LEGS));
  }
  if (new Set(ids).size !== ids.length) throw new StudioError('SB_BAD_SLIP', { reason: 'a selection twice' });
  const now = core.deps.now();
  const category = sportsbookCategoryOf(session.gameCode);
  const stored = legsFrom(ids, slip.legs);
  const settings = settingsOf(slip.settings);
  const taken = takeLegs(body, stored, category, now);
  const { legs, changed } = taken;
  let refusedByRule = taken.refusedByRule;
  const margins = marginsOf(slip.margins);
  const builders = builderPrices(body, legs, slip.legs, margins);
  const builderChanged = builderMoves(body, builders, legs);
  if (builderChanged.some((c) => !c.accepted)) refusedByRule = true;
  if (refusedByRule) {
    const moved = builderChanged.map(({ eventId, odds1000 }) => ({ eventId, odds1000 }));
    return {
      bets: [],
      balance: await core.balanceOf(session),
      changed,
      ...(moved.length > 0 ? { builderOdds1000: moved } : {}),
    };
  }
  const planned = planBets(body, legs, settings, builders);
  const inPlay = legs.some(inPlayLeg);
  const factor = slip.factor ?? FULL_FACTOR;
  const acceptAt = inPlay ? new Date(now.getTime() + settings.inPlayDelayMs) : null;

  let reserved: Reserved[];
  try {
    reserved = await db.transaction().execute(async (trx) => {
      await lockEvents(
        trx,
        legs.map((l) => l.eventId),
      );
      // The prices may have moved while the slip was read: under the lock they are what they are.
      const under = await readUnderLock(trx, eventIds, marketKeys, owner, [...new Set(legs.map((l) => l.market.id))]);
      if (!under) throw new Error('the locked read answered no row');
      const locked = legsFrom(ids, under.legs);
      for (const leg of legs) {
        const again = locked.get(leg.selectionId);
        const refusal = legRefusal(again, category, now);
        if (refusal) throw new StudioError(refusal, { selectionId: leg.selectionId });
        if (again && currentOdds(again.market, again.key) !== leg.odds1000) {
          throw new StudioError('SB_ODDS_CHANGED', { selectionId: leg.selectionId });
        }
      }
      const relocked = legs.map((l) => ({ ...(locked.get(l.selectionId) ?? l), odds1000: l.odds1000 }));
      for (const [index, odds] of builderPrices(body, relocked, under.legs, margins)) {
        if (builders.get(index) !== odds) throw new StudioError('SB_ODDS_CHANGED', { bet: index });
      }
      const exposure = checkLimits(session.mode, factor, planned, settings, runningFrom(under.running), under.exposure);
      if (session.mode === 'trial') {
        await debitDemo(
          trx,
          session.id,
          planned.reduce((t, b) => t + b.stake, 0),
          now,
        );
      }
      const status = session.mode === 'trial' ? (inPlay ? 'pending' : 'open') : 'betting';
      const rows = await insertSlip(
        trx,
        exposureParams(exposure),
        {
          requestId: body.requestId,
          sessionId: session.id,
          mode: session.mode,
          vendor: session.vendor,
          player: session.player,
          gameCode: session.gameCode,
          currency: session.currency,
          oddsChange: body.oddsChange,
          inPlay,
          acceptAt: acceptAt?.toISOString() ?? null,
          status,
        },
        betColumns(planned, now),
        legColumns(planned, owner),
      );
      const rowOf = new Map(rows.map((r) => [r.slip_index, r]));
      return planned.map((b): Reserved => {
        const row = rowOf.get(b.index);
        if (!row) throw new Error(`bet ${b.index} of the slip was not inserted`);
        const created = { id: row.id, created_at: new Date(row.created_at) };
        const legRows = placedLegs(b, created.id, locked);
        return {
          id: row.id,
          betId: b.betId,
          stake: b.stake,
          potential: b.potential,
          detail: placedDetail(b, created, 'betting', inPlay, legRows),
          answer: placedBet(b, created, status, inPlay, session),
          legs: legRows,
        };
      });
    });
  } catch (err) {
    // The same slip sent twice at once: the other request placed it; answer its bets.
    if (isUniqueViolation(err)) return answerOf(await slipBets(core, session, body.requestId, 10_000));
    throw err;
  }

  const sent = session.mode === 'real' ? await sendStakes(core, session, token, reserved, planned, inPlay) : null;
  const balance = sent?.balance ?? null;
  const firstRefusal = sent?.firstRefusal;
  let known = sent?.known ?? true;
  if (inPlay) {
    if (settings.inPlayDelayMs === 0) {
      known = false;
      for (const r of reserved) await core.decidePending(r.id);
    } else core.wake();
  }
  if (known) {
    return {
      bets: reserved.map((r) =>
        myBet(r.answer, r.legs, [], {
          margins,
          cashOutMarginPpm: settings.cashOutMarginPpm,
        }),
      ),
      balance: balance ?? (await core.balanceOf(session)),
    };
  }
  const rows = await slipBets(core, session, body.requestId, 0);
  if (firstRefusal && rows.every((r) => r.status === 'refused')) throw firstRefusal;
  return { bets: await myBets(db, rows), balance: balance ?? (await core.balanceOf(session)) };
}

/** A leg as legsOf reads it, with its league's name for the round detail. */
type PlacedLeg = LegRow & { league_name: string | null };

/** A new bet's legs as legsOf would read them once the reservation committed: as read under the lock. */
function placedLegs(b: PlannedBet, betRowId: number, locked: Map<string, StoredLeg | undefined>): PlacedLeg[] {
  return b.legs.map((planned, legNo): PlacedLeg => {
    const l = locked.get(planned.selectionId) ?? planned;
    return {
      bet_id: betRowId,
      leg_no: legNo,
      event_id: l.eventId,
      selection: l.key,
      odds1000: planned.odds1000,
      outcome: null,
      market_key: l.market.key,
      market_type: l.market.type,
      market_period: l.market.period,
      market_line4: l.market.line4,
      market_status: l.market.status,
      market_odds: l.market.odds,
      sport: l.sport,
      league_id: l.leagueId,
      home: l.event.home,
      away: l.event.away,
      starts_at: l.startsAt,
      event_status: l.eventStatus as LegRow['event_status'],
      state: l.event.state,
      result: l.event.result,
      league_name: l.event.leagueName,
    };
  });
}

/** A new bet's row as BET_COLUMNS would read it once the reservation committed. */
function placedBet(
  b: PlannedBet,
  row: { id: number; created_at: Date },
  status: 'betting' | 'pending' | 'open',
  inPlay: boolean,
  session: StudioSession,
): BetRow {
  return {
    id: row.id,
    bet_id: b.betId,
    kind: storedKind(b.kind),
    size: b.size,
    combinations: b.combinations,
    stake: b.stake,
    open_stake: b.stake,
    odds1000: b.odds1000,
    potential_payout: b.potential,
    status,
    refusal: null,
    payout: 0,
    cashed_out: 0,
    auto_cashout: null,
    created_at: row.created_at,
    settled_at: null,
    in_play: inPlay,
    player: session.player,
    vendor: session.vendor,
    mode: session.mode,
    game_code: session.gameCode,
  };
}

/** A new bet's round detail, as roundDetail would read it once the reservation committed (no corrections). */
function placedDetail(
  b: PlannedBet,
  row: { id: number; created_at: Date },
  status: 'betting' | 'pending' | 'open',
  inPlay: boolean,
  legs: PlacedLeg[],
): RoundDetail {
  const leagues = new Map<string, string>();
  for (const l of legs) if (l.league_name !== null) leagues.set(l.event_id, l.league_name);
  return detailOf(
    {
      bet_id: b.betId,
      kind: storedKind(b.kind),
      size: b.size,
      combinations: b.combinations,
      stake: b.stake,
      open_stake: b.stake,
      odds1000: b.odds1000,
      potential_payout: b.potential,
      status,
      payout: 0,
      cashed_out: 0,
      in_play: inPlay,
      created_at: row.created_at,
      settled_at: null,
    },
    legs,
    leagues,
    [],
  );
}

/**
 * The wallet took a bet's stake: it counts (or waits its delay) unless a result came first. One call
 * of studio_sb_accept takes it; only when that takes nothing does a transaction look why. Answers
 * whether the bet was taken with `status`.
 */
async function acceptStake(
  core: BookCore,
  bet: Parameters<typeof refuseBet>[1],
  status: 'pending' | 'open',
  eventIds: string[],
): Promise<boolean> {
  if (await acceptBet(core.deps.db, bet.id, status, eventIds)) return true;
  const refusedAfter = await core.deps.db.transaction().execute(async (trx) => {
    await lockEvents(trx, eventIds);
    // Not taken: recovery may have given up on the answer already (and rolled the stake back), and
    // then the bet stays refused; or a market of it closed, and the stake goes back.
    const statuses = await marketStatusesOfBet(trx, bet.id);
    if (statuses.some((s) => s.status === 'closed' || s.status === 'settled')) {
      return refuseBet(trx, bet, 'SB_MARKET_CLOSED', true, core.deps.now());
    }
    return false;
  });
  if (refusedAfter) await core.deliver(bet.id);
  return false;
}

/**
 * Decides an in-play bet whose delay has passed: accepted (at the prices now, within its rule) if
 * every market stayed open and priced, else refused and its stake rolled back.
 */
export async function decidePending(core: BookCore, betRowId: number, settings: BookSettings): Promise<boolean> {
  const now = core.deps.now();
  const refused = await core.deps.db.transaction().execute(async (trx) => {
    await lockEventsOfBet(trx, betRowId);
    const bet = await lockPendingBet(trx, betRowId);
    if (!bet) return false;
    const legs = await legsWithMarkets(trx, bet.id);
    const builder = isBuilderBet(bet.kind, legs);
    let refusal: string | undefined;
    const taken: number[] = [];
    for (const l of legs) {
      if (pastLastCall({ sport: l.sport as Sport, eventStatus: l.event_status, phase: phaseOf(l.state) })) {
        refusal = 'SB_LAST_CALL';
        break;
      }
      if (l.status !== 'open') {
        refusal = l.status === 'suspended' ? 'SB_MARKET_SUSPENDED' : 'SB_MARKET_CLOSED';
        break;
      }
      const odds = currentOdds(l, l.selection);
      if (odds === null) {
        refusal = 'SB_SELECTION_UNAVAILABLE';
        break;
      }
      // A builder's legs are taken at their prices now: its own price is what the rule weighs.
      if (!builder && !ruleAccepts(bet.odds_change as OddsChangeRule, l.odds1000, odds)) {
        refusal = 'SB_ODDS_CHANGED';
        break;
      }
      taken.push(odds);
    }
    let repriced: { odds1000: number; potential: number } | undefined;
    if (!refusal && builder) {
      const decided = await builderNow(trx, bet, legs);
      if (decided.refusal !== undefined) refusal = decided.refusal;
      else if (decided.odds1000 !== bet.odds1000) {
        const potential = potentialPayout(bet.open_stake, [decided.odds1000]);
        repriced = { odds1000: decided.odds1000, potential };
        if (potential > settings.maxPayout) refusal = 'SB_PAYOUT_TOO_HIGH';
      }
    } else if (!refusal && taken.some((o, i) => o !== legs[i]?.odds1000)) {
      const perCombination = bet.size === null ? bet.open_stake : Math.floor(bet.open_stake / bet.combinations);
      repriced = priced(bet.kind as PlannedBet['kind'], perCombination, taken, bet.size);
      if (repriced.potential > settings.maxPayout) refusal = 'SB_PAYOUT_TOO_HIGH';
    }
    if (refusal) {
      await refuseBet(trx, bet, refusal, true, now);
      return true;
    }
    if (repriced) {
      for (const [i, l] of legs.entries()) await setLegOdds(trx, l.id, taken[i] as number);
      const where = legs.map((l) => ({ market_id: l.market_id, selection: l.selection }));
      await applyExposure(trx, [
        ...exposureOf(bet, where, -1),
        ...exposureOf({ ...bet, potential_payout: repriced.potential }, where, 1),
      ]);
    }
    await openPendingBet(
      trx,
      bet.id,
      repriced ? { odds1000: repriced.odds1000, potential_payout: repriced.potential } : undefined,
    );
    return false;
  });
  if (refused) await core.deliver(betRowId);
  return !refused;
}

/**
 * An in-play builder at the end of its delay: its joint price now from its legs and its match's 1X2,
 * or why it is refused (the price is gone, or moved against the player's rule).
 */
async function builderNow(
  trx: Transaction<StudioDatabase>,
  bet: { odds1000: number; odds_change: string },
  legs: Awaited<ReturnType<typeof legsWithMarkets>>,
): Promise<{ refusal: string; odds1000?: undefined } | { refusal?: undefined; odds1000: number }> {
  const first = legs[0];
  if (!first) return { refusal: 'SB_SELECTION_UNAVAILABLE' };
  const oneXTwo = await marketOfEvent(trx, first.event_id, ONE_X_TWO_KEY);
  const price = builderPrice(
    legs.map((l) => ({
      eventId: l.event_id,
      sport: l.sport,
      leagueId: l.league_id,
      market: { type: l.type, period: l.period, line4: l.line4 },
      key: l.selection,
      state: l.state,
    })),
    oneXTwo,
    await readMargins(trx),
  );
  if (!price.ok) return { refusal: price.code };
  if (!ruleAccepts(bet.odds_change as OddsChangeRule, bet.odds1000, price.odds1000))
    return { refusal: 'SB_ODDS_CHANGED' };
  return { odds1000: price.odds1000 };
}

/** POST /api/sb/quote: each leg's market and price now, and what may be staked on it. */
export async function quoteSlip(core: BookCore, session: StudioSession, selectionIds: string[]): Promise<QuoteAnswer> {
  const db = core.deps.db;
  const now = core.deps.now();
  const category = sportsbookCategoryOf(session.gameCode);
  const stored = await loadLegs(db, selectionIds);
  const settings = await readSettings(db);
  const factor = await playerFactor(db, session.player);
  const owner = stakerOf(session);
  const eventIds = [...new Set([...stored.values()].flatMap((l) => (l ? [l.eventId] : [])))];
  const running =
    eventIds.length === 0
      ? { perMarket: new Map<number, number>(), perEvent: new Map<string, number>() }
      : await runningStakes(db, owner, eventIds);
  const room = (leg: BaseLeg) =>
    Math.max(
      0,
      Math.min(
        scaled(settings.maxStakePerMarket, factor) - (running.perMarket.get(leg.market.id) ?? 0),
        scaled(settings.maxStakePerEvent, factor) - (running.perEvent.get(leg.eventId) ?? 0),
      ),
    );
  const single: Record<string, number> = {};
  const legs: QuoteAnswer['legs'] = selectionIds.map((id) => {
    const leg = stored.get(id);
    const refusal = legRefusal(leg, category, now);
    const odds = leg && !refusal ? currentOdds(leg.market, leg.key) : null;
    if (leg && odds !== null) single[id] = Math.min(room(leg), Math.floor((settings.maxPayout * 1000) / odds));
    return {
      selectionId: id,
      event: leg?.eventId ?? parseSelectionId(id)?.eventId ?? '',
      market: leg && (!category || SPORT_CATEGORY[leg.sport] === category) ? marketView(leg.market) : null,
      odds1000: odds,
      status: refusal ?? 'open',
    };
  });
  let multipleRefusal: string | null = null;
  const found = [...stored.values()];
  if (selectionIds.length < 2) multipleRefusal = 'SB_BAD_SLIP';
  else if (legs.some((l) => l.odds1000 === null))
    multipleRefusal = legs.find((l) => l.status !== 'open')?.status ?? null;
  else if (new Set(found.map((l) => l?.eventId)).size !== found.length) multipleRefusal = 'SB_CORRELATED_LEGS';
  let multiple: number | null = null;
  if (multipleRefusal === null) {
    const combined = combinedOdds1000(legs.map((l) => l.odds1000 as number));
    multiple = Math.min(...found.map((l) => (l ? room(l) : 0)), Math.floor((settings.maxPayout * 1000) / combined));
  }
  const builders = await quoteBuilders(db, selectionIds, stored, legs, (leg, odds) =>
    Math.min(room(leg), Math.floor((settings.maxPayout * 1000) / odds)),
  );
  return { legs, multipleRefusal, maxStake: { single, multiple }, ...(builders.length > 0 ? { builders } : {}) };
}

/**
 * The builders the slip's legs make: one per event holding two or more of them, priced from the
 * match's 1X2 (read once for them all), or refused with a leg's refusal or the builder's own.
 */
async function quoteBuilders(
  db: StudioDb,
  selectionIds: string[],
  stored: Map<string, StoredLeg | undefined>,
  legs: QuoteAnswer['legs'],
  maxStakeOf: (leg: StoredLeg, odds1000: number) => number,
): Promise<BuilderQuote[]> {
  const byEvent = new Map<string, string[]>();
  for (const id of selectionIds) {
    const leg = stored.get(id);
    // Builders are football's: legs of one match of another sport stay refused as a multiple only.
    if (leg?.sport === 'football') byEvent.set(leg.eventId, [...(byEvent.get(leg.eventId) ?? []), id]);
  }
  const groups = [...byEvent].filter(([, ids]) => ids.length >= 2);
  if (groups.length === 0) return [];
  const oneXTwos = await slipLegRows(
    db,
    groups.map(([eventId]) => eventId),
    [ONE_X_TWO_KEY],
  );
  const margins = await readMargins(db);
  return groups.map(([eventId, ids]): BuilderQuote => {
    const chosen = ids.map((id) => stored.get(id) as StoredLeg);
    const legRefusal = legs.find((l) => ids.includes(l.selectionId) && l.status !== 'open')?.status;
    const price = legRefusal
      ? { ok: false as const, code: legRefusal }
      : builderPrice(
          chosen.map(pricedLeg),
          oneXTwos.find((r) => r.event_id === eventId),
          margins,
        );
    if (!price.ok) return { eventId, selectionIds: ids, odds1000: null, refusal: price.code, maxStake: null };
    const maxStake = Math.min(...chosen.map((l) => maxStakeOf(l, price.odds1000)));
    return { eventId, selectionIds: ids, odds1000: price.odds1000, refusal: null, maxStake };
  });
}
