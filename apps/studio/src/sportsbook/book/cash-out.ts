import type { z } from 'zod';
import { StudioError } from '../../kit/errors';
import type { StudioSession } from '../../kit/sessions';
import type { CashOutAnswer, CashOutBody } from '../api';
import { cashOutValue, potentialPayout } from '../model/bets';
import type { Outcome } from '../types';
import { legsWithMarkets, lockBetForCashOut } from './bets.queries';
import type { BookCore } from './book-core';
import { betRowById, betRowIdOf, recordCashOut } from './cash-out.queries';
import { applyExposure, exposureOf, insertMove, moveTx, payoutIfOpenWin } from './moves';
import { lockEventsOfBet } from './placing';
import { BET_COLUMNS, cashOutLegs, myBets, readCashOutPricing } from './views';

// Cash-out (POST /api/sb/bets/:id/cashout): the book buys back the whole open stake, or a part of
// it, at cashOutValue's price: the bet's fair value at the current odds with the book's margins (from
// its settings) taken off them, less the trader's cash-out margin once. Refused while any open leg's
// market is not open (suspended, closed), once every leg has a result (the settlement pays it), and
// when the price fell below what the page showed (`expected`). It is paid as
// a win of the bet's round, `sb:<betId>:cash:<n>`: a full cash-out closes the round, a partial one
// leaves it open and the open stake smaller, which is what the settlement later pays on. The bet is
// locked with its events, so a cash-out and a settlement of the same bet never both count.

type CashOutInput = z.infer<typeof CashOutBody>;

export async function cashOut(
  core: BookCore,
  session: StudioSession,
  betId: string,
  body: CashOutInput,
): Promise<CashOutAnswer> {
  const db = core.deps.db;
  const found = await betRowIdOf(db, betId, session);
  if (!found) throw new StudioError('SB_BET_NOT_FOUND');
  const now = core.deps.now();
  const paid = await db.transaction().execute(async (trx) => {
    await lockEventsOfBet(trx, found.id);
    const bet = await lockBetForCashOut(trx, found.id);
    if (bet.status !== 'open' || bet.open_stake <= 0) throw new StudioError('SB_CASHOUT_UNAVAILABLE');
    const part = body.stake ?? bet.open_stake;
    // A system bet's stake is split evenly over its combinations: a part must keep it so.
    if (part > bet.open_stake || (bet.size !== null && part % bet.combinations !== 0)) {
      throw new StudioError('SB_CASHOUT_UNAVAILABLE', { openStake: bet.open_stake, combinations: bet.combinations });
    }
    const legs = await legsWithMarkets(trx, bet.id);
    const perCombination = (stake: number) => (bet.size === null ? stake : stake / bet.combinations);
    // Every leg has a result (it came in before this request took the lock): the settlement pays
    // the bet on it, never a cash-out.
    if (legs.every((l) => l.outcome !== null)) throw new StudioError('SB_CASHOUT_UNAVAILABLE');
    const pricing = await readCashOutPricing(trx);
    const value = cashOutValue(
      {
        stake: perCombination(part),
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
    if (value === null || value <= 0) throw new StudioError('SB_CASHOUT_UNAVAILABLE');
    if (value < body.expected) throw new StudioError('SB_CASHOUT_CHANGED', { value });
    const full = part === bet.open_stake;
    const open = bet.open_stake - part;
    const potential = full
      ? 0
      : potentialPayout(
          perCombination(open),
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
      reason: full ? 'cash-out' : 'partial cash-out',
      now,
    });
    await recordCashOut(trx, bet.id, {
      open_stake: open,
      potential_payout: potential,
      cashed_out: bet.cashed_out + value,
      cash_count: n,
      ...(full ? { status: 'cashed_out' as const, settled_at: now } : {}),
    });
    const where = legs.map((l) => ({ market_id: l.market_id, selection: l.selection }));
    const after = { ...bet, open_stake: open, potential_payout: potential };
    await applyExposure(trx, [
      ...exposureOf(bet, where, -1, payoutIfOpenWin(bet, legs)),
      ...exposureOf(after, where, 1, payoutIfOpenWin(after, legs)),
    ]);
    return value;
  });
  await core.deliver(found.id);
  const rows = await betRowById(db, found.id, BET_COLUMNS);
  const [bet] = await myBets(db, rows);
  if (!bet) throw new Error(`sportsbook bet ${betId} vanished`);
  return { bet, paid, balance: await core.balanceOf(session) };
}
