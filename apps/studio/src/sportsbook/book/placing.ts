import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { StudioDb } from '../../kit/db/database';
import type { StudioDatabase } from '../../kit/db/schema';
import { DELIVERY_LEASE_MS } from '../../kit/deps';
import { StudioError } from '../../kit/errors';
import { sportsbookCategoryOf } from '../../kit/game-map';
import { debitDemo, type StudioSession } from '../../kit/sessions';
import { betRefusal } from '../../kit/wallet-client';
import type { OddsChangeRule, PlaceAnswer, PlaceBody, QuoteAnswer } from '../api';
import { combinations, combinedOdds1000, potentialPayout } from '../model/bets';
import { SABONG_PHASES } from '../model/cockfight';
import { SPORT_CATEGORY, type Sport } from '../types';
import type { BookCore } from './book-core';
import {
  applyExposure,
  betTx,
  EXPOSURE_SQL,
  type ExposureEntry,
  exposureOf,
  exposureParams,
  refuseBet,
  stakerOf,
} from './moves';
import { detailOf, type RoundDetail } from './round-detail';
import {
  type BookSettings,
  FULL_FACTOR,
  MAX_COMBINATIONS,
  MAX_LEGS,
  marginsOf,
  playerFactor,
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
  kind: 'single' | 'multiple' | 'system';
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

/** The bet's combined odds and what it pays if every leg wins (a system bet: its best combination's odds). */
function priced(kind: PlannedBet['kind'], stakePerCombination: number, odds: number[], size: number | null) {
  if (kind === 'system' && size !== null) {
    const best = [...odds].sort((a, b) => b - a).slice(0, size);
    return { odds1000: combinedOdds1000(best), potential: potentialPayout(stakePerCombination, odds, size) };
  }
  return { odds1000: combinedOdds1000(odds), potential: potentialPayout(stakePerCombination, odds) };
}

// A placement's time goes mostly to its round trips to the database and to building its queries
// (docs/benchmarks.md, "Sportsbook"), so its statements are few and written out once here rather
// than built on every slip: the reads before and under the lock are one statement each (their row
// sets as JSON), the exposure is one multi-row upsert, and a bet's round detail is built from what
// the reservation read.

/** The markets named by some selection ids ($1 event ids, $2 market keys), with their events and leagues. */
const LEG_ROWS = `SELECT m.id, m.event_id, m.key, m.type, m.period, m.line4, m.status, m.trader_suspended,
       m.feed_suspended, m.odds, m.outcomes, m.version, e.sport, e.league_id, e.status AS event_status, e.starts_at,
       e.home, e.away, e.state, e.result, g.name AS league_name
  FROM studio_sb_markets m
  JOIN studio_sb_events e ON e.id = m.event_id
  LEFT JOIN studio_sb_leagues g ON g.id = e.league_id
 WHERE m.event_id = ANY($1::text[]) AND m.key = ANY($2::text[])`;

const asJson = (select: string) => `(SELECT coalesce(json_agg(r), '[]'::json) FROM (${select}) r)`;

/**
 * Before the lock: whether the slip was placed already ($3-$6), the settings, the margins (the
 * answer's cash-out offers), the player's factor and the legs.
 */
const SLIP_SQL = `SELECT
  EXISTS (SELECT 1 FROM studio_sb_bets WHERE vendor = $3 AND player = $4 AND mode = $5 AND request_id = $6) AS earlier,
  (SELECT settings FROM studio_sb_settings WHERE id = 1) AS settings,
  ${asJson('SELECT scope, key, margin_ppm FROM studio_sb_margins')} AS margins,
  (SELECT LEAST(factor_ppm, risk_factor_ppm) FROM studio_sb_players WHERE player = $4) AS factor,
  ${asJson(LEG_ROWS)} AS legs`;

/** A player's bets that still count on some events: their stakes count against the limits. */
const runningRows = (events: string, owner: string) => `SELECT l.event_id, l.market_id, b.id, b.open_stake
  FROM studio_sb_legs l JOIN studio_sb_bets b ON b.id = l.bet_id
 WHERE l.owner = ${owner} AND l.event_id = ANY(${events}::text[]) AND b.status IN ('betting', 'pending', 'open')`;
const RUNNING_SQL = runningRows('$1', '$2');

/** Under the lock: the legs again, the player's running stakes and the book's exposure on the markets ($4). */
const LOCKED_SQL = `SELECT ${asJson(LEG_ROWS)} AS legs, ${asJson(runningRows('$1', '$3'))} AS running,
  ${asJson('SELECT market_id, selection, stake, payout FROM studio_sb_exposure WHERE market_id = ANY($4::bigint[])')} AS exposure`;

const LOCK_SQL = 'SELECT id FROM studio_sb_events WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE';

/**
 * The reservation's writes in one statement: the exposure the bets add ($1-$5, EXPOSURE_SQL), the
 * slip's bets (what they share $6-$16, one array a column $17-$26) and their legs ($27 the owner,
 * one array a column $28-$33, each leg naming its bet by slip index). Answers the bets' rows.
 */
const WRITE_SQL = `WITH exposure AS (${EXPOSURE_SQL}),
bets AS (
  INSERT INTO studio_sb_bets (request_id, session_id, mode, vendor, player, game_code, currency, odds_change,
         in_play, accept_at, status, bet_id, slip_index, kind, size, combinations, stake, open_stake, odds1000,
         potential_payout, bet_tx, next_attempt_at)
  SELECT $6::text, $7::bigint, $8::text, $9::text, $10::text, $11::text, $12::text, $13::text, $14::boolean,
         $15::timestamptz, $16::text, x.bet_id, x.slip_index, x.kind, x.size, x.combinations, x.stake, x.stake,
         x.odds1000, x.potential, x.bet_tx, x.next_at
    FROM unnest($17::text[], $18::int[], $19::text[], $20::int[], $21::int[], $22::bigint[], $23::bigint[],
                $24::bigint[], $25::text[], $26::timestamptz[])
         AS x(bet_id, slip_index, kind, size, combinations, stake, odds1000, potential, bet_tx, next_at)
  RETURNING id, slip_index, created_at),
legs AS (
  INSERT INTO studio_sb_legs (bet_id, leg_no, owner, event_id, market_id, selection, odds1000)
  SELECT bets.id, y.leg_no, $27::text, y.event_id, y.market_id, y.selection, y.odds1000
    FROM unnest($28::int[], $29::int[], $30::text[], $31::bigint[], $32::text[], $33::int[])
         AS y(slip_index, leg_no, event_id, market_id, selection, odds1000)
    JOIN bets ON bets.slip_index = y.slip_index)
SELECT id, slip_index, created_at FROM bets`;

/** Accepts a bet the wallet took ($1 the bet, $2 its new status, $3 its events): migration 0009. */
const ACCEPT_CALL = 'SELECT studio_sb_accept($1::bigint, $2::text, $3::text[]) AS taken';

type LegJson = MarketRow & {
  sport: string;
  league_id: string;
  event_status: string;
  starts_at: Date | string;
  home: string;
  away: string;
  state: unknown;
  result: unknown;
  league_name: string | null;
};
type RunningRow = { event_id: string; market_id: number; id: number; open_stake: number };
type ExposureRow = { market_id: number; selection: string; stake: number; payout: number };

async function queryRows<R>(db: StudioDb | Transaction<StudioDatabase>, text: string, params: unknown[]) {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, params))).rows;
}

/** The event ids and market keys the selection ids name ($1 and $2 of LEG_ROWS). */
function legKeys(ids: string[]): [string[], string[]] {
  const parsed = ids.flatMap((id) => parseSelectionId(id) ?? []);
  return [[...new Set(parsed.map((p) => p.eventId))], [...new Set(parsed.map((p) => p.marketKey))]];
}

/** Each selection id's leg among the rows of LEG_ROWS (undefined when it names no stored market). */
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
  const rows = eventIds.length === 0 ? [] : await queryRows<LegJson>(db, LEG_ROWS, [eventIds, marketKeys]);
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

/** Plans the slip's bets: which legs, the stake and the payout if all win; refuses a slip that breaks a rule. */
function planBets(body: PlaceInput, legs: Leg[], settings: BookSettings): PlannedBet[] {
  const byId = new Map(legs.map((l) => [l.selectionId, l]));
  const correlated = (list: Leg[]) => new Set(list.map((l) => l.eventId)).size !== list.length;
  return body.bets.map((b, index) => {
    let chosen: Leg[];
    let size: number | null = null;
    if (b.kind === 'single') {
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
    const { odds1000, potential } = priced(
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
  await trx.executeQuery(CompiledQuery.raw(LOCK_SQL, [sorted]));
}

/** Locks the events of a bet's legs (lockEvents), as whatever decides that bet's money first does. */
export async function lockEventsOfBet(trx: Transaction<StudioDatabase>, betRowId: number): Promise<void> {
  const legs = await trx.selectFrom('studio_sb_legs').select('event_id').where('bet_id', '=', betRowId).execute();
  await lockEvents(
    trx,
    legs.map((l) => l.event_id),
  );
}

/** What deciding on a bet's money reads of it (its stake, what it may pay, and whom the moves name). */
export const BET_MONEY_COLUMNS = [
  'id',
  'bet_id',
  'kind',
  'size',
  'combinations',
  'open_stake',
  'potential_payout',
  'status',
  'mode',
] as const;

/** A bet's legs in order, each with its market's status and prices as they are now, its sport and league. */
export function legsWithMarkets(trx: Transaction<StudioDatabase>, betRowId: number) {
  return trx
    .selectFrom('studio_sb_legs')
    .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
    .innerJoin('studio_sb_events', 'studio_sb_events.id', 'studio_sb_legs.event_id')
    .select([
      'studio_sb_legs.id',
      'studio_sb_legs.market_id',
      'studio_sb_legs.selection',
      'studio_sb_legs.odds1000',
      'studio_sb_legs.outcome',
      'studio_sb_markets.status',
      'studio_sb_markets.odds',
      'studio_sb_markets.type',
      'studio_sb_events.sport',
      'studio_sb_events.league_id',
      'studio_sb_events.status as event_status',
      'studio_sb_events.state',
    ])
    .where('studio_sb_legs.bet_id', '=', betRowId)
    .orderBy('studio_sb_legs.leg_no')
    .execute();
}

/** A player's running stake per market and per event (their bets that still count, under any vendor code). */
async function runningStakes(db: StudioDb, owner: string, eventIds: string[]) {
  return runningFrom(await queryRows<RunningRow>(db, RUNNING_SQL, [eventIds, owner]));
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
    const rows = await core.deps.db
      .selectFrom('studio_sb_bets')
      .select([...BET_COLUMNS, 'slip_index'])
      .where('vendor', '=', session.vendor)
      .where('player', '=', session.player)
      .where('mode', '=', session.mode)
      .where('request_id', '=', requestId)
      .orderBy('slip_index')
      .execute();
    if (rows.length === 0 || !rows.some((r) => r.status === 'betting') || Date.now() >= until) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
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
  const [slip] = await queryRows<{
    earlier: boolean;
    settings: unknown;
    margins: { scope: string; key: string; margin_ppm: number }[];
    factor: number | null;
    legs: LegJson[];
  }>(db, SLIP_SQL, [eventIds, marketKeys, session.vendor, session.player, session.mode, body.requestId]);
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
  if (refusedByRule) return { bets: [], balance: await core.balanceOf(session), changed };
  const planned = planBets(body, legs, settings);
  const inPlay = legs.some(inPlayLeg);
  const factor = slip.factor ?? FULL_FACTOR;
  const acceptAt = inPlay ? new Date(now.getTime() + settings.inPlayDelayMs) : null;

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
  let reserved: Reserved[];
  try {
    reserved = await db.transaction().execute(async (trx) => {
      await lockEvents(
        trx,
        legs.map((l) => l.eventId),
      );
      // The prices may have moved while the slip was read: under the lock they are what they are.
      const [under] = await queryRows<{ legs: LegJson[]; running: RunningRow[]; exposure: ExposureRow[] }>(
        trx,
        LOCKED_SQL,
        [eventIds, marketKeys, owner, [...new Set(legs.map((l) => l.market.id))]],
      );
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
      const rows = await queryRows<{ id: number; slip_index: number; created_at: Date }>(trx, WRITE_SQL, [
        ...exposureParams(exposure),
        body.requestId,
        session.id,
        session.mode,
        session.vendor,
        session.player,
        session.gameCode,
        session.currency,
        body.oddsChange,
        inPlay,
        acceptAt?.toISOString() ?? null,
        status,
        planned.map((b) => b.betId),
        planned.map((b) => b.index),
        planned.map((b) => b.kind),
        planned.map((b) => b.size),
        planned.map((b) => b.combinations),
        planned.map((b) => b.stake),
        planned.map((b) => b.odds1000),
        planned.map((b) => b.potential),
        planned.map((b) => betTx(b.betId)),
        // The stake's wallet call holds the bet this long before recovery rolls it back; a slip's
        // stakes go to the wallet one after another, so each later bet waits a call longer.
        planned.map((b) => new Date(now.getTime() + DELIVERY_LEASE_MS + b.index * STAKE_CALL_MS).toISOString()),
        owner,
        planned.flatMap((b) => b.legs.map(() => b.index)),
        planned.flatMap((b) => b.legs.map((_, legNo) => legNo)),
        planned.flatMap((b) => b.legs.map((l) => l.eventId)),
        planned.flatMap((b) => b.legs.map((l) => l.market.id)),
        planned.flatMap((b) => b.legs.map((l) => l.key)),
        planned.flatMap((b) => b.legs.map((l) => l.odds1000)),
      ]);
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

  let balance: number | null = null;
  let firstRefusal: StudioError | undefined;
  // While every bet is as this placement wrote and accepted it, the answer is built from what the
  // placement knows; any other turn (a refusal, a bet recovery decided, an in-play bet decided at
  // once) reads the slip's bets back.
  let known = true;
  if (session.mode === 'real') {
    for (const [i, r] of reserved.entries()) {
      const answer = await core.deps.wallet.bet({
        vendor: session.vendor,
        token,
        player: session.player,
        gameCode: session.gameCode,
        roundId: r.betId,
        transactionId: betTx(r.betId),
        amount: r.stake,
        currency: session.currency,
        detail: r.detail,
      });
      const plannedBet = planned[i] as PlannedBet;
      const bet = {
        id: r.id,
        bet_id: r.betId,
        kind: plannedBet.kind,
        size: plannedBet.size,
        combinations: plannedBet.combinations,
        open_stake: r.stake,
        potential_payout: r.potential,
        status: 'betting',
        mode: session.mode,
      };
      if (answer.kind === 'ok') {
        balance = answer.balance;
        const status = inPlay ? 'pending' : 'open';
        if (
          await acceptStake(
            core,
            bet,
            status,
            (planned[i] as PlannedBet).legs.map((l) => l.eventId),
          )
        ) {
          r.answer.status = status;
        } else known = false;
        continue;
      }
      known = false;
      const error =
        answer.kind === 'refused'
          ? betRefusal(answer)
          : new StudioError('STUDIO_WALLET_UNAVAILABLE', undefined, (w) => w.walletRetry);
      firstRefusal ??= error;
      if (answer.kind === 'refused') balance = answer.balance;
      // A refusal took nothing; no answer may have taken the stake, which a rollback gives back.
      await db
        .transaction()
        .execute((trx) => refuseBet(trx, bet, error.code, answer.kind === 'unknown', core.deps.now()));
      if (answer.kind === 'unknown') await core.deliver(r.id);
    }
  }
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
          margins: marginsOf(slip.margins),
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
    kind: b.kind,
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
      kind: b.kind,
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
  const [first] = await queryRows<{ taken: boolean }>(core.deps.db, ACCEPT_CALL, [bet.id, status, eventIds]);
  if (first?.taken) return true;
  const refusedAfter = await core.deps.db.transaction().execute(async (trx) => {
    await lockEvents(trx, eventIds);
    // Not taken: recovery may have given up on the answer already (and rolled the stake back), and
    // then the bet stays refused; or a market of it closed, and the stake goes back.
    const statuses = await trx
      .selectFrom('studio_sb_legs')
      .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
      .select('studio_sb_markets.status')
      .where('studio_sb_legs.bet_id', '=', bet.id)
      .execute();
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
    const bet = await trx
      .selectFrom('studio_sb_bets')
      .select([...BET_MONEY_COLUMNS, 'odds_change'])
      .where('id', '=', betRowId)
      .where('status', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (!bet) return false;
    const legs = await legsWithMarkets(trx, bet.id);
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
      if (!ruleAccepts(bet.odds_change as OddsChangeRule, l.odds1000, odds)) {
        refusal = 'SB_ODDS_CHANGED';
        break;
      }
      taken.push(odds);
    }
    let repriced: { odds1000: number; potential: number } | undefined;
    if (!refusal && taken.some((o, i) => o !== legs[i]?.odds1000)) {
      const perCombination = bet.size === null ? bet.open_stake : Math.floor(bet.open_stake / bet.combinations);
      repriced = priced(bet.kind as PlannedBet['kind'], perCombination, taken, bet.size);
      if (repriced.potential > settings.maxPayout) refusal = 'SB_PAYOUT_TOO_HIGH';
    }
    if (refusal) {
      await refuseBet(trx, bet, refusal, true, now);
      return true;
    }
    if (repriced) {
      for (const [i, l] of legs.entries()) {
        await trx
          .updateTable('studio_sb_legs')
          .set({ odds1000: taken[i] as number })
          .where('id', '=', l.id)
          .execute();
      }
      const where = legs.map((l) => ({ market_id: l.market_id, selection: l.selection }));
      await applyExposure(trx, [
        ...exposureOf(bet, where, -1),
        ...exposureOf({ ...bet, potential_payout: repriced.potential }, where, 1),
      ]);
    }
    await trx
      .updateTable('studio_sb_bets')
      .set({
        status: 'open',
        ...(repriced ? { odds1000: repriced.odds1000, potential_payout: repriced.potential } : {}),
      })
      .where('id', '=', bet.id)
      .execute();
    return false;
  });
  if (refused) await core.deliver(betRowId);
  return !refused;
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
  return { legs, multipleRefusal, maxStake: { single, multiple } };
}
