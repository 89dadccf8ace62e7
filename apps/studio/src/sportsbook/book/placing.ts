import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { StudioDb } from '../../db/database';
import type { StudioDatabase } from '../../db/schema';
import { StudioError } from '../../errors';
import { sportsbookCategoryOf } from '../../game-map';
import { DELIVERY_LEASE_MS } from '../../rounds';
import { debitDemo, type StudioSession } from '../../sessions';
import { betRefusal } from '../../wallet-client';
import type { OddsChangeRule, PlaceAnswer, PlaceBody, QuoteAnswer } from '../api';
import { combinations, combinedOdds1000, potentialPayout } from '../model/bets';
import { SPORT_CATEGORY, type Sport } from '../types';
import type { BookCore } from './book-core';
import { applyExposure, betTx, type ExposureEntry, exposureOf, refuseBet, stakerOf } from './moves';
import { roundDetail } from './round-detail';
import { type BookSettings, MAX_COMBINATIONS, MAX_LEGS, playerFactor, readSettings, scaled } from './settings';
import {
  BET_COLUMNS,
  currentOdds,
  MARKET_COLUMNS,
  type MarketRow,
  marketView,
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

type Leg = {
  selectionId: string;
  eventId: string;
  sport: Sport;
  eventStatus: string;
  startsAt: Date;
  market: MarketRow;
  key: string;
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

/** A selection's legs as stored, for the slip's selection ids (one query). */
async function loadLegs(
  db: StudioDb | Transaction<StudioDatabase>,
  ids: string[],
): Promise<Map<string, Omit<Leg, 'odds1000'> | undefined>> {
  const parsed = ids.map((id) => ({ id, parts: parseSelectionId(id) }));
  const eventIds = [...new Set(parsed.flatMap((p) => (p.parts ? [p.parts.eventId] : [])))];
  const found = new Map<string, Omit<Leg, 'odds1000'> | undefined>();
  const rows =
    eventIds.length === 0
      ? []
      : await db
          .selectFrom('studio_sb_markets')
          .innerJoin('studio_sb_events', 'studio_sb_events.id', 'studio_sb_markets.event_id')
          .select([
            ...MARKET_COLUMNS,
            'studio_sb_events.sport',
            'studio_sb_events.status as event_status',
            'studio_sb_events.starts_at',
          ])
          .where('studio_sb_markets.event_id', 'in', eventIds)
          .where(
            'studio_sb_markets.key',
            'in',
            parsed.flatMap((p) => (p.parts ? [p.parts.marketKey] : [])),
          )
          .execute();
  for (const { id, parts } of parsed) {
    const row = parts && rows.find((r) => r.event_id === parts.eventId && r.key === parts.marketKey);
    found.set(
      id,
      row && parts
        ? {
            selectionId: id,
            eventId: row.event_id,
            sport: row.sport as Sport,
            eventStatus: row.event_status,
            startsAt: new Date(row.starts_at),
            market: row,
            key: parts.key,
          }
        : undefined,
    );
  }
  return found;
}

/** Why a leg cannot be bet on now, or undefined when it can. */
function legRefusal(leg: Omit<Leg, 'odds1000'> | undefined, category: string | undefined, now: Date) {
  if (!leg || (category && SPORT_CATEGORY[leg.sport] !== category)) return 'SB_SELECTION_UNAVAILABLE' as const;
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
  await trx.selectFrom('studio_sb_events').select('id').where('id', 'in', sorted).orderBy('id').forUpdate().execute();
}

/** A player's running stake per market and per event (their bets that still count, under any vendor code). */
async function runningStakes(trx: StudioDb | Transaction<StudioDatabase>, owner: string, eventIds: string[]) {
  const rows = await trx
    .selectFrom('studio_sb_legs')
    .innerJoin('studio_sb_bets', 'studio_sb_bets.id', 'studio_sb_legs.bet_id')
    .select(['studio_sb_legs.event_id', 'studio_sb_legs.market_id', 'studio_sb_bets.id', 'studio_sb_bets.open_stake'])
    .where('studio_sb_legs.owner', '=', owner)
    .where('studio_sb_legs.event_id', 'in', eventIds)
    .where('studio_sb_bets.status', 'in', ['betting', 'pending', 'open'])
    .execute();
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

/** Checks the stake limits and the book's liability with the new bets (in the reserving transaction). */
async function checkLimits(
  trx: Transaction<StudioDatabase>,
  mode: 'real' | 'trial',
  owner: string,
  factor: number,
  planned: PlannedBet[],
  settings: BookSettings,
): Promise<ExposureEntry[]> {
  if (factor <= 0) throw stakeTooHigh(0, 'player', 0);
  const eventIds = [...new Set(planned.flatMap((b) => b.legs.map((l) => l.eventId)))];
  const running = await runningStakes(trx, owner, eventIds);
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
  const marketIds = [...addMarket.keys()];
  const exposure = await trx
    .selectFrom('studio_sb_exposure')
    .select(['market_id', 'selection', 'stake', 'payout'])
    .where('market_id', 'in', marketIds)
    .execute();
  for (const id of marketIds) {
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
  const earlier = await slipBets(core, session, body.requestId, 5000);
  if (earlier.length > 0) return answerOf(earlier);

  if (body.legs.length > MAX_LEGS) {
    throw new StudioError('SB_TOO_MANY_LEGS', { max: MAX_LEGS }, (w) => w.tooManyLegs(MAX_LEGS));
  }
  const ids = body.legs.map((l) => l.selectionId);
  if (new Set(ids).size !== ids.length) throw new StudioError('SB_BAD_SLIP', { reason: 'a selection twice' });
  const now = core.deps.now();
  const category = sportsbookCategoryOf(session.gameCode);
  const stored = await loadLegs(db, ids);
  const settings = await readSettings(db);
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
  const inPlay = legs.some((l) => LIVE.includes(l.eventStatus));
  const factor = await playerFactor(db, session.player);
  const acceptAt = inPlay ? new Date(now.getTime() + settings.inPlayDelayMs) : null;

  let reserved: { id: number; betId: string; stake: number; potential: number }[];
  try {
    reserved = await db.transaction().execute(async (trx) => {
      await lockEvents(
        trx,
        legs.map((l) => l.eventId),
      );
      // The prices may have moved while the slip was read: under the lock they are what they are.
      const locked = await loadLegs(trx, ids);
      for (const leg of legs) {
        const again = locked.get(leg.selectionId);
        const refusal = legRefusal(again, category, now);
        if (refusal) throw new StudioError(refusal, { selectionId: leg.selectionId });
        if (again && currentOdds(again.market, again.key) !== leg.odds1000) {
          throw new StudioError('SB_ODDS_CHANGED', { selectionId: leg.selectionId });
        }
      }
      const exposure = await checkLimits(trx, session.mode, owner, factor, planned, settings);
      if (session.mode === 'trial') {
        await debitDemo(
          trx,
          session.id,
          planned.reduce((t, b) => t + b.stake, 0),
          now,
        );
      }
      const out: { id: number; betId: string; stake: number; potential: number }[] = [];
      for (const b of planned) {
        const row = await trx
          .insertInto('studio_sb_bets')
          .values({
            bet_id: b.betId,
            request_id: body.requestId,
            slip_index: b.index,
            session_id: session.id,
            mode: session.mode,
            vendor: session.vendor,
            player: session.player,
            game_code: session.gameCode,
            currency: session.currency,
            kind: b.kind,
            size: b.size,
            combinations: b.combinations,
            stake: b.stake,
            open_stake: b.stake,
            odds1000: b.odds1000,
            potential_payout: b.potential,
            odds_change: body.oddsChange,
            in_play: inPlay,
            accept_at: acceptAt,
            status: session.mode === 'trial' ? (inPlay ? 'pending' : 'open') : 'betting',
            refusal: null,
            payout: 0,
            cashed_out: 0,
            cash_count: 0,
            fix_count: 0,
            bet_tx: betTx(b.betId),
            attempts: 0,
            // The stake's wallet call holds the bet this long before recovery rolls it back; a slip's
            // stakes go to the wallet one after another, so each later bet waits a call longer.
            next_attempt_at: new Date(now.getTime() + DELIVERY_LEASE_MS + b.index * STAKE_CALL_MS),
            last_error: null,
            settled_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('studio_sb_legs')
          .values(
            b.legs.map((l, legNo) => ({
              bet_id: row.id,
              leg_no: legNo,
              owner,
              event_id: l.eventId,
              market_id: l.market.id,
              selection: l.key,
              odds1000: l.odds1000,
              outcome: null,
            })),
          )
          .execute();
        out.push({ id: row.id, betId: b.betId, stake: b.stake, potential: b.potential });
      }
      await applyExposure(trx, exposure);
      return out;
    });
  } catch (err) {
    // The same slip sent twice at once: the other request placed it; answer its bets.
    if (isUniqueViolation(err)) return answerOf(await slipBets(core, session, body.requestId, 10_000));
    throw err;
  }

  let balance: number | null = null;
  let firstRefusal: StudioError | undefined;
  if (session.mode === 'real') {
    for (const r of reserved) {
      const detail = await roundDetail(db, r.id);
      const answer = await core.deps.wallet.bet({
        vendor: session.vendor,
        token,
        player: session.player,
        gameCode: session.gameCode,
        roundId: r.betId,
        transactionId: betTx(r.betId),
        amount: r.stake,
        currency: session.currency,
        ...(detail ? { detail } : {}),
      });
      const bet = {
        id: r.id,
        bet_id: r.betId,
        open_stake: r.stake,
        potential_payout: r.potential,
        status: 'betting',
        mode: session.mode,
      };
      if (answer.kind === 'ok') {
        balance = answer.balance;
        await acceptStake(core, bet, inPlay);
        continue;
      }
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
    if (settings.inPlayDelayMs === 0) for (const r of reserved) await core.decidePending(r.id);
    else core.wake();
  }
  const rows = await slipBets(core, session, body.requestId, 0);
  if (firstRefusal && rows.every((r) => r.status === 'refused')) throw firstRefusal;
  return { bets: await myBets(db, rows), balance: balance ?? (await core.balanceOf(session)) };
}

/** The wallet took a bet's stake: it counts (or waits its delay) unless a result came first. */
async function acceptStake(
  core: BookCore,
  bet: { id: number; bet_id: string; open_stake: number; potential_payout: number; status: string; mode: string },
  inPlay: boolean,
): Promise<void> {
  const refusedAfter = await core.deps.db.transaction().execute(async (trx) => {
    const legs = await trx
      .selectFrom('studio_sb_legs')
      .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
      .select(['studio_sb_legs.event_id', 'studio_sb_markets.status'])
      .where('studio_sb_legs.bet_id', '=', bet.id)
      .execute();
    await lockEvents(
      trx,
      legs.map((l) => l.event_id),
    );
    const statuses = await trx
      .selectFrom('studio_sb_legs')
      .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
      .select('studio_sb_markets.status')
      .where('studio_sb_legs.bet_id', '=', bet.id)
      .execute();
    if (statuses.some((s) => s.status === 'closed' || s.status === 'settled')) {
      await refuseBet(trx, bet, 'SB_MARKET_CLOSED', true, core.deps.now());
      return true;
    }
    // Recovery may have given up on the answer already (and rolled the stake back): then it stays refused.
    await trx
      .updateTable('studio_sb_bets')
      .set({ status: inPlay ? 'pending' : 'open' })
      .where('id', '=', bet.id)
      .where('status', '=', 'betting')
      .execute();
    return false;
  });
  if (refusedAfter) await core.deliver(bet.id);
}

/**
 * Decides an in-play bet whose delay has passed: accepted (at the prices now, within its rule) if
 * every market stayed open and priced, else refused and its stake rolled back.
 */
export async function decidePending(core: BookCore, betRowId: number, settings: BookSettings): Promise<boolean> {
  const now = core.deps.now();
  const refused = await core.deps.db.transaction().execute(async (trx) => {
    const first = await trx.selectFrom('studio_sb_legs').select('event_id').where('bet_id', '=', betRowId).execute();
    await lockEvents(
      trx,
      first.map((l) => l.event_id),
    );
    const bet = await trx
      .selectFrom('studio_sb_bets')
      .select([
        'id',
        'bet_id',
        'kind',
        'size',
        'combinations',
        'open_stake',
        'potential_payout',
        'odds_change',
        'status',
        'mode',
      ])
      .where('id', '=', betRowId)
      .where('status', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (!bet) return false;
    const legs = await trx
      .selectFrom('studio_sb_legs')
      .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
      .select([
        'studio_sb_legs.id',
        'studio_sb_legs.market_id',
        'studio_sb_legs.selection',
        'studio_sb_legs.odds1000',
        'studio_sb_markets.status',
        'studio_sb_markets.odds',
      ])
      .where('studio_sb_legs.bet_id', '=', bet.id)
      .orderBy('studio_sb_legs.leg_no')
      .execute();
    let refusal: string | undefined;
    const taken: number[] = [];
    for (const l of legs) {
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
  const room = (leg: Omit<Leg, 'odds1000'>) =>
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
