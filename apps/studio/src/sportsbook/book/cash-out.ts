import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { StudioDatabase } from '../../kit/db/schema';
import { StudioError } from '../../kit/errors';
import type { StudioSession } from '../../kit/sessions';
import type {
  AutoCashOutAnswer,
  AutoCashOutBody,
  CashOutAnswer,
  CashOutBody,
  CashOutQuoteAnswer,
  CashOutQuoteBody,
  MyBet,
} from '../api';
import { cashOutValue, potentialPayout } from '../model/bets';
import { isBuilderBet } from '../model/builder';
import type { Outcome } from '../types';
import { legsWithMarkets, lockBetForCashOut } from './bets.queries';
import type { BookCore } from './book-core';
import { armedBetIds, betRowById, betRowIdOf, recordCashOut, setAutoCashOutValue } from './cash-out.queries';
import { CASHOUT_HOLD_MS, type CashOutHold, readHold, signHold } from './cash-out-hold';
import { applyExposure, exposureOf, insertMove, moveTx, payoutIfOpenWin } from './moves';
import { lockEventsOfBet } from './placing';
import { BET_COLUMNS, cashOutLegs, myBets, readCashOutPricing } from './views';
import { betRowsByIds } from './views.queries';

// Cash-out (POST /api/sb/bets/:id/cashout): the book buys back the whole open stake, or a part of
// it, at cashOutValue's price: the bet's fair value at the current odds with the book's margins (from
// its settings) taken off them, less the trader's cash-out margin once. Refused while any open leg's
// market is not open (suspended, closed), once every leg has a result (the settlement pays it), and
// when the price fell below what the page showed (`expected`), unless the book held that price for
// the player (a quote's `hold`, for CASHOUT_HOLD_MS, cash-out-hold.ts). It is paid as
// a win of the bet's round, `sb:<betId>:cash:<n>`: a full cash-out closes the round, a partial one
// leaves it open and the open stake smaller, which is what the settlement later pays on. The bet is
// locked with its events, so a cash-out and a settlement of the same bet never both count.
//
// Auto cash-out (PUT /api/sb/bets/:id/auto-cashout): the player names a value above the offer now
// and below the potential payout; the book's loop (autoCashOuts) cashes out the whole open stake
// through the same locked path once the offer reaches it, with that value as `expected`, so it pays
// at least the value named. A cash-out by hand removes it: the value named was for the whole bet.

type CashOutInput = z.infer<typeof CashOutBody>;
type LockedBet = Awaited<ReturnType<typeof lockBetForCashOut>>;
type BetLegs = Awaited<ReturnType<typeof legsWithMarkets>>;

export async function cashOut(
  core: BookCore,
  session: StudioSession,
  betId: string,
  body: CashOutInput,
): Promise<CashOutAnswer> {
  const found = await betRowIdOf(core.deps.db, betId, session);
  if (!found) throw new StudioError('SB_BET_NOT_FOUND');
  const hold = body.hold === undefined ? null : readHold(core.holdKey, body.hold);
  if (body.hold !== undefined && (hold === null || hold.betRowId !== found.id)) {
    throw new StudioError('STUDIO_BAD_REQUEST', { field: 'hold' });
  }
  const paid = await cashOutBet(core, found.id, { part: body.stake, expected: body.expected, auto: false, hold });
  await core.deliver(found.id);
  return { bet: await viewOf(core, found.id, betId), paid, balance: await core.balanceOf(session) };
}

/**
 * The cash-out value now of `stake` of the bet's open stake (all of it when absent), held for the
 * player for CASHOUT_HOLD_MS: the answer's `hold`, sent back with the cash-out, pays that value
 * while the hold lasts even if the offer fell meanwhile (cash-out-hold.ts).
 */
export async function quoteCashOut(
  core: BookCore,
  session: StudioSession,
  betId: string,
  body: z.infer<typeof CashOutQuoteBody>,
): Promise<CashOutQuoteAnswer> {
  const found = await betRowIdOf(core.deps.db, betId, session);
  if (!found) throw new StudioError('SB_BET_NOT_FOUND');
  return core.deps.db.transaction().execute(async (trx) => {
    const bet = await lockBetForCashOut(trx, found.id);
    const part = openPart(bet, body.stake);
    const value = await offerNow(trx, bet, await legsWithMarkets(trx, bet.id), part);
    if (value === null) throw new StudioError('SB_CASHOUT_UNAVAILABLE');
    const until = core.deps.now().getTime() + CASHOUT_HOLD_MS;
    const hold = signHold(core.holdKey, { betRowId: bet.id, cashCount: bet.cash_count, part, value, until });
    return { hold, value, stake: part, heldUntil: new Date(until).toISOString(), heldForMs: CASHOUT_HOLD_MS };
  });
}

/** The part of the open stake a cash-out takes (all of it when absent); refused when the bet has none to sell. */
function openPart(bet: LockedBet, stake: number | undefined): number {
  if (bet.status !== 'open' || bet.open_stake <= 0) throw new StudioError('SB_CASHOUT_UNAVAILABLE');
  const part = stake ?? bet.open_stake;
  // A system bet's stake is split evenly over its combinations: a part must keep it so.
  if (part > bet.open_stake || (bet.size !== null && part % bet.combinations !== 0)) {
    throw new StudioError('SB_CASHOUT_UNAVAILABLE', { openStake: bet.open_stake, combinations: bet.combinations });
  }
  return part;
}

/** The cash-out value now of `stake` of the open stake (of each combination for a system bet), or null. */
async function offerNow(trx: Transaction<StudioDatabase>, bet: LockedBet, legs: BetLegs, stake: number) {
  // Every leg has a result: the settlement pays the bet on it, never a cash-out.
  if (legs.every((l) => l.outcome !== null)) return null;
  // A builder's worth is its joint chance now, which its legs' prices do not give: it is not bought back.
  if (isBuilderBet(bet.kind, legs)) return null;
  const pricing = await readCashOutPricing(trx);
  const value = cashOutValue(
    {
      stake: bet.size === null ? stake : stake / bet.combinations,
      size: bet.size,
      legs: cashOutLegs(
        pricing,
        legs.map((l) => ({
          ...l,
          outcome: l.outcome as Outcome | null,
          market_status: l.status,
          market_odds: l.odds,
          market_type: l.type,
        })),
      ),
    },
    pricing.cashOutMarginPpm,
  );
  return value === null || value <= 0 ? null : value;
}

/**
 * Cashes out `part` of a bet's open stake (all of it when absent) at no less than `expected`, in
 * one transaction with the bet and its events locked; answers what it pays. The wallet move is
 * left for the caller to deliver.
 */
async function cashOutBet(
  core: BookCore,
  betRowId: number,
  how: { part: number | undefined; expected: number; auto: boolean; hold?: CashOutHold | null },
): Promise<number> {
  const now = core.deps.now();
  return core.deps.db.transaction().execute(async (trx) => {
    await lockEventsOfBet(trx, betRowId);
    const bet = await lockBetForCashOut(trx, betRowId);
    const part = openPart(bet, how.part);
    const legs = await legsWithMarkets(trx, bet.id);
    const offer = await offerNow(trx, bet, legs, part);
    // Every open leg's market still open (no goal suspended it, no result closed it): a hold of this
    // part, made since the bet's last cash-out and not run out, pays its value if the offer fell.
    if (offer === null) throw new StudioError('SB_CASHOUT_UNAVAILABLE');
    const h = how.hold;
    const held = h && h.part === part && h.cashCount === bet.cash_count && now.getTime() <= h.until ? h.value : 0;
    const value = Math.max(offer, held);
    if (value < how.expected) throw new StudioError('SB_CASHOUT_CHANGED', { value });
    const full = part === bet.open_stake;
    const open = bet.open_stake - part;
    const potential = full
      ? 0
      : potentialPayout(
          bet.size === null ? open : open / bet.combinations,
          legs.map((l) => l.odds1000),
          bet.size ?? undefined,
        );
    const n = bet.cash_count + 1;
    await insertMove(trx, {
      betRowId: bet.id,
      transactionId: moveTx(bet.bet_id, 'cash', n),
      kind: 'cash',
      amount: value,
      roundClosed: full,
      reason: how.auto ? 'auto cash-out' : full ? 'cash-out' : 'partial cash-out',
      now,
    });
    await recordCashOut(trx, bet.id, {
      open_stake: open,
      potential_payout: potential,
      cashed_out: bet.cashed_out + value,
      cash_count: n,
      ...(full ? { status: 'cashed_out' as const, settled_at: now } : {}),
      ...(how.auto ? {} : { auto_cashout: null }),
    });
    const where = legs.map((l) => ({ market_id: l.market_id, selection: l.selection }));
    const after = { ...bet, open_stake: open, potential_payout: potential };
    await applyExposure(trx, [
      ...exposureOf(bet, where, -1, payoutIfOpenWin(bet, legs)),
      ...exposureOf(after, where, 1, payoutIfOpenWin(after, legs)),
    ]);
    return value;
  });
}

async function viewOf(core: BookCore, betRowId: number, betId: string): Promise<MyBet> {
  const rows = await betRowById(core.deps.db, betRowId, BET_COLUMNS);
  const [bet] = await myBets(core.deps.db, rows);
  if (!bet) throw new Error(`sportsbook bet ${betId} vanished`);
  return bet;
}

/**
 * Sets a bet's auto cash-out value, or removes it (null). The value must be above the offer now
 * (else the player would cash out now) and below the potential payout (no offer reaches it).
 */
export async function setAutoCashOut(
  core: BookCore,
  session: StudioSession,
  betId: string,
  body: z.infer<typeof AutoCashOutBody>,
): Promise<AutoCashOutAnswer> {
  const found = await betRowIdOf(core.deps.db, betId, session);
  if (!found) throw new StudioError('SB_BET_NOT_FOUND');
  await core.deps.db.transaction().execute(async (trx) => {
    const bet = await lockBetForCashOut(trx, found.id);
    if (bet.status !== 'open' || bet.open_stake <= 0) throw new StudioError('SB_CASHOUT_UNAVAILABLE');
    if (body.value !== null) {
      const now = await offerNow(trx, bet, await legsWithMarkets(trx, bet.id), bet.open_stake);
      if (body.value >= bet.potential_payout || (now !== null && body.value <= now)) {
        throw new StudioError('SB_AUTO_CASHOUT_INVALID', { value: now, potentialPayout: bet.potential_payout });
      }
    }
    await setAutoCashOutValue(trx, bet.id, body.value);
  });
  const bet = await viewOf(core, found.id, betId);
  core.hub.toOwner(`${session.vendor}:${session.player}:${session.mode}`, { type: 'bet', bet });
  return { bet };
}

/** How many armed bets a pass of the loop prices at once. */
const ARMED_PAGE = 500;

/**
 * The loop's pass over the bets with an auto cash-out: each whose offer now reaches its value is
 * cashed out whole. Answers the row ids cashed out (their moves are left for the loop to deliver).
 * A bet settled, cashed out by hand or whose price moved back meanwhile is left as it is.
 */
export async function autoCashOuts(core: BookCore, stopping: () => boolean): Promise<number[]> {
  const db = core.deps.db;
  const done: number[] = [];
  for (let after = 0; !stopping(); ) {
    const ids = await armedBetIds(db, after, ARMED_PAGE);
    if (ids.length === 0) break;
    after = ids.at(-1)?.id ?? after;
    const rows = await betRowsByIds(
      db,
      ids.map((r) => r.id),
    );
    const views = await myBets(db, rows);
    for (const [k, v] of views.entries()) {
      const row = rows[k];
      if (!row || stopping() || v.cashOut === null || v.autoCashOut === null || v.cashOut < v.autoCashOut) continue;
      try {
        await cashOutBet(core, row.id, { part: undefined, expected: v.autoCashOut, auto: true });
        done.push(row.id);
      } catch (err) {
        if (!(err instanceof StudioError && err.code.startsWith('SB_CASHOUT_'))) throw err;
      }
    }
    if (ids.length < ARMED_PAGE) break;
  }
  return done;
}
