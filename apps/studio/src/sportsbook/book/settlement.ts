import type { Transaction } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioDatabase } from '../../kit/db/schema';
import { payout, stakeAtRisk, systemPayout } from '../model/bets';
import { builderPayout, isBuilderBet } from '../model/builder';
import { settleSelection } from '../model/markets';
import type { EventResult, MarketType, Outcome, Period } from '../types';
import { applyExposure, type ExposureEntry, moveTarget, moveTx, type NewMove, payoutIfOpenWin } from './moves';
import {
  betIdsOnEvent,
  clearSettling,
  gradeLegs,
  insertMoveColumns,
  legOutcomesOfBets,
  lockBetsToSettle,
  lockEventForResult,
  markBetsSettled,
  marketsToGrade,
  runningMultiplesOn,
  selectionsBetOn,
  settleMarket,
  writeEventResult,
} from './settlement.queries';
import { oddsOf } from './views';

// Settlement and corrections. A result (or an abandon, which voids every selection) is written in
// one transaction with the outcome of every selection and of every leg on the event's markets, and
// the event is marked 'settling'. Then every bet with a leg on the event is brought to what its
// legs say now, in batches: an open bet whose legs all have outcomes is settled (its win move, 0
// for a loss), a settled bet whose payout differs is corrected by the difference (a resettle move).
// The pass is a pure function of the legs, so running it twice, after a crash or for the same
// message again, finds nothing left to do and pays nothing twice.

// Bets per transaction, and transactions at once. The event's bet ids are read once (a query per
// batch that joined all the event's legs again made the pass quadratic); ids, bets, legs and moves
// travel as one array parameter per column, so a batch's statements cost the same to parse and plan
// whatever its size (an IN or VALUES list of thousands of entries does not, and a VALUES join of
// that size was planned as a scan of every bet). docs/benchmarks.md "Sportsbook" has the figures.
const BATCH = 2000;
const LANES = 2;

/**
 * What a settled bet declares as its valid bet on the win that closes its round: the stake of any
 * cash-outs (at risk until cashed out) and the part of the open stake its legs put at risk
 * (stakeAtRisk); undefined when that is the whole stake, which the wallet counts by default.
 */
export function betValidBet(
  bet: { kind: string; size: number | null; combinations: number; stake: number; open_stake: number },
  legs: { outcome: Outcome; event_id: string }[],
): number | undefined {
  const outcomes = legs.map((l) => l.outcome);
  // A builder risks its whole stake unless it is void (builderPayout: a void leg and none lost).
  const builderVoid = () => outcomes.some((o) => o === 'void') && !outcomes.some((o) => o === 'lose');
  const open = isBuilder(bet, legs)
    ? builderVoid()
      ? 0
      : bet.open_stake
    : bet.kind === 'system' && bet.size !== null
      ? stakeAtRisk(Math.floor(bet.open_stake / bet.combinations), outcomes, bet.size)
      : stakeAtRisk(bet.open_stake, outcomes);
  const valid = bet.stake - bet.open_stake + open;
  return valid < bet.stake ? valid : undefined;
}

/** Whether the bet is a builder (a multiple of one event's legs): its legs' events are required to tell. */
function isBuilder(bet: { kind: string }, legs: readonly { event_id: string }[]): boolean {
  return isBuilderBet(bet.kind, legs);
}

/** What a bet's open stake pays on its legs' outcomes. */
export function betPayout(
  bet: { kind: string; size: number | null; combinations: number; open_stake: number; potential_payout?: number },
  legs: { odds1000: number; outcome: Outcome; event_id: string }[],
): number {
  if (isBuilder(bet, legs) && bet.potential_payout !== undefined) {
    return builderPayout(
      bet.open_stake,
      bet.potential_payout,
      legs.map((l) => l.outcome),
    );
  }
  if (bet.kind === 'system' && bet.size !== null) {
    return systemPayout(Math.floor(bet.open_stake / bet.combinations), legs, bet.size);
  }
  return payout(bet.open_stake, legs);
}

/**
 * Writes a result (or, with 'void', an abandon) on the event and its legs, and marks the event for
 * the settlement pass. Answers 'unchanged' when nothing changed (the same result again).
 * `trader`: a trader's result, refused ('not_started') for a match that has not started (scheduled,
 * its start still ahead) unless it says why (`beforeStart`, a walkover), which is then recorded
 * with the result's reason. The feed's results are its source's word and are not checked.
 */
export async function recordResult(
  db: StudioDb,
  eventId: string,
  result: EventResult | 'void',
  options: { correction: boolean; reason: string; trader?: { beforeStart?: string | undefined } },
  now: Date,
): Promise<'changed' | 'unchanged' | 'unknown' | 'exists' | 'not_started'> {
  return db.transaction().execute(async (trx) => {
    const event = await lockEventForResult(trx, eventId);
    if (!event) return 'unknown';
    const notStarted = event.status === 'scheduled' && new Date(event.starts_at).getTime() > now.getTime();
    const beforeStart = options.trader?.beforeStart;
    if (result !== 'void' && options.trader && notStarted && !beforeStart) return 'not_started';
    const reason =
      result !== 'void' && options.trader && notStarted
        ? `${options.reason} (before the start: ${beforeStart})`
        : options.reason;
    const before = JSON.stringify(event.result ?? null);
    if (result === 'void') {
      if (event.status === 'abandoned') return 'unchanged';
    } else {
      const after = JSON.stringify(result);
      if (event.status !== 'abandoned' && before === after) return 'unchanged';
      // A second, different result must say it corrects the first.
      if (event.result !== null && !options.correction) return 'exists';
    }
    const isCorrection = event.result !== null || event.status === 'abandoned';
    await writeEventResult(trx, eventId, {
      status: result === 'void' ? 'abandoned' : 'ended',
      result:
        result === 'void' ? (event.result === null ? null : JSON.stringify(event.result)) : JSON.stringify(result),
      reason,
      corrected: isCorrection,
      now,
    });
    const markets = await marketsToGrade(trx, eventId);
    const betOn = await selectionsBetOn(trx, eventId);
    const graded = new Map<number, Record<string, Outcome>>();
    for (const m of markets) {
      const keys = new Set([
        ...oddsOf(m).map((s) => s.key),
        ...betOn.filter((l) => l.market_id === m.id).map((l) => l.selection),
      ]);
      const outcomes: Record<string, Outcome> = {};
      for (const key of keys) {
        outcomes[key] =
          result === 'void'
            ? 'void'
            : settleSelection(
                { type: m.type as MarketType, period: m.period as Period, line4: m.line4 ?? undefined },
                key,
                result,
              );
      }
      graded.set(m.id, outcomes);
      await settleMarket(trx, m.id, JSON.stringify(outcomes), now);
    }
    await applyExposure(trx, await regradedExposure(trx, eventId, graded));
    await gradeLegs(trx, eventId);
    return 'changed';
  });
}

/**
 * How grading an event's legs moves the exposure of the multiples and system bets still running with
 * a leg on it and a leg still open elsewhere (moves.ts exposureOf: each counts on its legs'
 * selections what it pays if every open leg wins). Read before the legs take their new outcomes.
 */
async function regradedExposure(
  trx: Transaction<StudioDatabase>,
  eventId: string,
  graded: Map<number, Record<string, Outcome>>,
): Promise<ExposureEntry[]> {
  const rows = await runningMultiplesOn(trx, eventId);
  const byBet = new Map<number, typeof rows>();
  for (const r of rows) byBet.set(Number(r.id), [...(byBet.get(Number(r.id)) ?? []), r]);
  const entries: ExposureEntry[] = [];
  for (const legs of byBet.values()) {
    const bet = legs[0];
    if (!bet) continue;
    const regraded = legs.map((l) => {
      const outcomes = graded.get(Number(l.market_id));
      return outcomes ? { ...l, outcome: outcomes[l.selection] ?? null } : l;
    });
    const before = payoutIfOpenWin(bet, legs);
    const after = payoutIfOpenWin(bet, regraded);
    if (before === after) continue;
    for (const l of legs) {
      entries.push({
        marketId: Number(l.market_id),
        selection: l.selection,
        stake: 0,
        payout: after - before,
        bets: 0,
      });
    }
  }
  return entries;
}

export type SettleCounts = { settled: number; resettled: number; touched: number[] };

/**
 * Brings every bet with a leg on the event to what its legs say (see above); clears the event's
 * 'settling' mark when done. Answers how many bets it settled and corrected, and their row ids.
 */
export async function settleEventBets(
  db: StudioDb,
  eventId: string,
  reason: string,
  now: () => Date,
): Promise<SettleCounts> {
  const counts: SettleCounts = { settled: 0, resettled: 0, touched: [] };
  // The event's bets once, in id order (each batch locks its bets and looks at their status again).
  const rows = await betIdsOnEvent(db, eventId);
  const ids = rows.map((r) => Number(r.id));
  // Batches hold disjoint bets, so two run at once: one computes while the other's statements run.
  let next = 0;
  const lane = async () => {
    for (let i = next; i < ids.length; i = next) {
      next += BATCH;
      const batch = await settleBets(db, ids.slice(i, i + BATCH), reason, now());
      counts.settled += batch.settled;
      counts.resettled += batch.resettled;
      for (const id of batch.touched) counts.touched.push(id);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  await clearSettling(db, eventId);
  return counts;
}

/** A batch's moves (all of them made `now`), written in one statement (settlement.queries.ts insertMoveColumns). */
async function insertMoveBatch(trx: Transaction<StudioDatabase>, moves: NewMove[], now: Date): Promise<void> {
  if (moves.length === 0) return;
  const col = <T>(f: (m: NewMove) => T) => moves.map(f);
  await insertMoveColumns(
    trx,
    {
      betRowId: col((m) => m.betRowId),
      kind: col((m) => m.kind),
      transactionId: col((m) => m.transactionId),
      amount: col((m) => m.amount),
      target: col(moveTarget),
      roundClosed: col((m) => m.roundClosed),
      reason: col((m) => m.reason ?? null),
    },
    now,
  );
}

/** Settles or corrects some bets (one transaction, the bets locked). */
export async function settleBets(db: StudioDb, betIds: number[], reason: string, now: Date): Promise<SettleCounts> {
  return db.transaction().execute(async (trx) => {
    const counts: SettleCounts = { settled: 0, resettled: 0, touched: [] };
    const bets = await lockBetsToSettle(trx, betIds);
    if (bets.length === 0) return counts;
    const legs = await legOutcomesOfBets(
      trx,
      bets.map((b) => b.id),
    );
    const legsOf = new Map<number, { event_id: string; odds1000: number; outcome: Outcome | null }[]>();
    for (const l of legs) {
      const list = legsOf.get(l.bet_id);
      if (list) list.push(l);
      else legsOf.set(l.bet_id, [l]);
    }
    const moves: NewMove[] = [];
    const changes = { id: [] as number[], payout: [] as number[], fixCount: [] as number[] };
    for (const b of bets) {
      const mine = legsOf.get(b.id) ?? [];
      if (mine.length === 0 || mine.some((l) => l.outcome === null)) continue;
      const settledLegs = mine as { event_id: string; odds1000: number; outcome: Outcome }[];
      const amount = betPayout(b, settledLegs);
      if (b.status === 'open') {
        const validBet = betValidBet(b, settledLegs);
        moves.push({
          betRowId: b.id,
          transactionId: moveTx(b.bet_id, 'win'),
          kind: 'win',
          amount,
          ...(validBet !== undefined ? { validBet } : {}),
          roundClosed: true,
          now,
        });
        changes.id.push(b.id);
        changes.payout.push(amount);
        changes.fixCount.push(b.fix_count);
        counts.settled++;
        counts.touched.push(b.id);
      } else if (amount !== b.payout) {
        const n = b.fix_count + 1;
        moves.push({
          betRowId: b.id,
          transactionId: moveTx(b.bet_id, 'fix', n),
          kind: 'fix',
          // Provisional (what the bookkept payout moves by): priced from what really moved when sent.
          amount: amount - b.payout,
          target: amount,
          roundClosed: true,
          reason,
          now,
        });
        changes.id.push(b.id);
        changes.payout.push(amount);
        changes.fixCount.push(n);
        counts.resettled++;
        counts.touched.push(b.id);
      }
    }
    if (changes.id.length === 0) return counts;
    // Two statements for the whole batch: a finished event's bets settle in batches, not one by one.
    await insertMoveBatch(trx, moves, now);
    await markBetsSettled(trx, changes, now);
    return counts;
  });
}
