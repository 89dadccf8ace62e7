import { randomUUID } from 'node:crypto';
import { drawAt, openDrawIndex } from '@gamehall/shared/lottery-schedule';
import type { StudioDb } from '../kit/db/database';
import type { RoundDeps } from '../kit/deps';
import { StudioError } from '../kit/errors';
import { newServerSeed } from '../kit/fair';
import { sessionStake, takeStake } from '../kit/outbound';
import { debitDemo, type StudioSession } from '../kit/sessions';
import { deliverBet, deliverDueBets } from './bet-delivery';
import { deleteRefusedBet, openAcceptedBet } from './bets.queries';
import {
  generateDraw,
  LOTTERY_BET_TYPES,
  type LotteryBet,
  type LotteryDraw,
  type LotteryRegion,
  parseLotteryBet,
  SEA_TIER_PAYS,
  settleLotteryBet,
} from './engines';
import {
  drawByNumero,
  dueDraws,
  insertDrawIfMissing,
  insertTicket,
  latestResults,
  latestTickets,
  markTicketRollingBack,
  openTicketsOfDrawnDraws,
  settleTicket,
  undrawnDraw,
  writeDrawResult,
} from './lottery.queries';
import { newBetColumns } from './rounds';

// Lottery games (LOTT, ELOTT tiles): draws on the shared schedule (packages/shared/lottery-schedule),
// one draw per game and numero whose server seed is committed (hash shown) before betting closes and
// revealed once drawn. A ticket is a wallet bet on the open draw; at drawsAt the recovery loop draws,
// settles every ticket and delivers the wins (retried like any other win).

export function regionOf(vendor: string): LotteryRegion {
  return vendor === 'TCG_SEA' ? 'SEA' : 'VN';
}

type DrawRow = { id: number; numero: string; server_seed_hash: string; closes_at: Date; draws_at: Date };

/** The draw row of a scheduled draw, created (seed committed) on first need. */
async function ensureDraw(db: StudioDb, vendor: string, gameCode: string, n: number): Promise<DrawRow> {
  const d = drawAt({ vendor, gameCode }, n);
  const seed = newServerSeed();
  await insertDrawIfMissing(db, {
    vendor,
    game_code: gameCode,
    numero: d.numero,
    region: regionOf(vendor),
    server_seed: seed.serverSeed,
    server_seed_hash: seed.serverSeedHash,
    closes_at: d.closesAt,
    draws_at: d.drawsAt,
    result: null,
    drawn_at: null,
  });
  return drawByNumero(db, { vendor, gameCode }, d.numero);
}

/**
 * The bet types of a region as the page offers them: a single-odds type pays odds100 per hit; 4D Big
 * and Small pay by the prize tier their number is drawn in (tierPays, multiples of the stake, top
 * tier first), and have no single odds.
 */
export function lotteryBetTypes(region: LotteryRegion) {
  return Object.entries(LOTTERY_BET_TYPES)
    .filter(([, t]) => t.region === region)
    .map(([type, t]) => ({
      type,
      name: t.name,
      digits: t.digits,
      picks: t.picks,
      odds100: t.odds100,
      tierPays: type in SEA_TIER_PAYS ? Object.entries(SEA_TIER_PAYS[type as keyof typeof SEA_TIER_PAYS]) : null,
    }));
}

export async function lotteryInfo(db: StudioDb, session: StudioSession, now: Date) {
  const region = regionOf(session.vendor);
  const openIndex = openDrawIndex(session.vendor, now);
  const open = await ensureDraw(db, session.vendor, session.gameCode, openIndex);
  // The draw that closed before the open one and is not drawn yet (betting closes 30 s before the
  // draw): a page opened in that gap waits for it, as one that saw it close does.
  const game = { vendor: session.vendor, gameCode: session.gameCode };
  const closed = await undrawnDraw(db, game, drawAt(game, openIndex - 1).numero);
  const tickets = await latestTickets(db, session);
  const results = await latestResults(db, game);
  return {
    region,
    betTypes: lotteryBetTypes(region),
    open: {
      numero: open.numero,
      closesAt: open.closes_at.toISOString(),
      drawsAt: open.draws_at.toISOString(),
      serverSeedHash: open.server_seed_hash,
    },
    closed: closed ? { numero: closed.numero, drawsAt: new Date(closed.draws_at).toISOString() } : null,
    tickets: tickets.map((t) => ({
      ticketId: t.ticket_id,
      numero: t.numero,
      drawsAt: new Date(t.draws_at).toISOString(),
      bet: t.bet as LotteryBet,
      stake: t.stake,
      win: t.win,
      hits: t.hits,
      status: t.status,
      // The draw's numbers once drawn, so a settled ticket shows what it was settled against.
      prizes: t.result ? (t.result as LotteryDraw).prizes : null,
    })),
    results: results.map((r) => ({
      numero: r.numero,
      drawsAt: new Date(r.draws_at).toISOString(),
      prizes: (r.result as LotteryDraw).prizes,
      serverSeed: r.server_seed,
      serverSeedHash: r.server_seed_hash,
    })),
  };
}

/** Buys a ticket on the open draw: the stake is a wallet bet (demo balance in trial). */
export async function buyTicket(deps: RoundDeps, session: StudioSession, token: string, input: unknown) {
  let bet: LotteryBet;
  try {
    bet = parseLotteryBet(regionOf(session.vendor), input);
  } catch (err) {
    const detail = (err as { detail?: unknown }).detail;
    throw new StudioError('STUDIO_BAD_BET', detail, typeof detail === 'string' ? (w) => w.badBet(detail) : undefined);
  }
  const now = deps.now();
  const draw = await ensureDraw(deps.db, session.vendor, session.gameCode, openDrawIndex(session.vendor, now));
  if (now >= draw.closes_at) throw new StudioError('STUDIO_BAD_BET', undefined, (w) => w.drawClosed);
  const ticketId = randomUUID();
  const row = {
    ...newBetColumns(ticketId, session, now),
    ticket_id: ticketId,
    draw_id: draw.id,
    bet: JSON.stringify(bet),
    stake: bet.amount,
    hits: 0,
  };
  let balance: number;
  if (session.mode === 'trial') {
    balance = await deps.db.transaction().execute(async (trx) => {
      const debited = await debitDemo(trx, session.id, bet.amount);
      await insertTicket(trx, { ...row, status: 'open' });
      return debited;
    });
  } else {
    await insertTicket(deps.db, row);
    const answer = await takeStake(deps, {
      call: sessionStake(session, token, { roundId: ticketId, transactionId: row.bet_tx, amount: bet.amount }),
      refused: () => deleteRefusedBet(deps.db, 'studio_lottery_tickets', ticketId),
      unanswered: (error) => markTicketRollingBack(deps.db, ticketId, error),
      rollBack: () => deliverTicket(deps, ticketId),
    });
    await openAcceptedBet(deps.db, 'studio_lottery_tickets', ticketId);
    balance = answer.balance;
  }
  return { ticketId, numero: draw.numero, drawsAt: draw.draws_at.toISOString(), stake: bet.amount, balance };
}

/** Delivers what a ticket is owed (its win when settling, its rollback when rolling back). */
function deliverTicket(deps: RoundDeps, ticketId: string): Promise<boolean> {
  return deliverBet(deps, 'studio_lottery_tickets', ticketId);
}

/** One pass: draw what is due, settle its tickets, deliver wins and rollbacks that are owed. */
export async function recoverLottery(deps: RoundDeps): Promise<{ drawn: number; delivered: number; failed: number }> {
  const now = deps.now();
  const counts = { drawn: 0, delivered: 0, failed: 0 };
  const due = await dueDraws(deps.db, now);
  for (const d of due) {
    const draw = generateDraw(d.region, d.numero, d.server_seed);
    counts.drawn += await writeDrawResult(deps.db, d.id, JSON.stringify(draw), now);
  }
  // Settle open tickets of drawn draws (the settlement is a pure function of bet and draw).
  const open = await openTicketsOfDrawnDraws(deps.db);
  for (const t of open) {
    const s = settleLotteryBet(t.bet as LotteryBet, t.result as LotteryDraw);
    await settleTicket(deps.db, t.id, s, now);
  }
  // Wins and rollbacks owed (a ticket whose bet never got an answer, the studio stopped mid-call, is rolled back).
  const delivery = await deliverDueBets(deps, 'studio_lottery_tickets');
  counts.delivered += delivery.delivered;
  counts.failed += delivery.failed;
  return counts;
}
