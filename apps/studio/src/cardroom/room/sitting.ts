import { randomUUID } from 'node:crypto';
import type { StudioDb } from '../../kit/db/database';
import type { RoundDeps } from '../../kit/deps';
import { StudioError } from '../../kit/errors';
import { leaseEnd, takeStake } from '../../kit/outbound';
import type { StudioSession } from '../../kit/sessions';
import { buyInTx, deliverTransfer, type SittingRef, stakeCall } from './money';
import { closeSitting, insertSitting, occupiedSeats, sittingRef } from './seats.queries';
import { betRefused, recordTransfer, rollBackTransfer } from './transfers.queries';

// Sitting down and topping up at any card table (Hold'em or Tongits): the seat held while the wallet
// answers the buy-in, the one-member, one-address and one-device rules, and the wallet bets with
// what a refusal or a lost answer undoes. The engine's own checks stay with each room.

export type HeldSeat = SittingRef & { transferId: number };

/**
 * In the transaction that locked the table: refuses a member already seated, a taken seat (with the
 * game's refusal reasons), an address or a device another seated member has; `check` runs the
 * engine's checks; then holds the seat (buying_in) and records the buy-in transfer.
 */
export async function holdSeat(
  trx: StudioDb,
  t: {
    tableId: string;
    session: StudioSession;
    seat: number;
    buyIn: number;
    clientSeed: string;
    address: string | null;
    timeBankMs: number;
    now: Date;
    reasons: { alreadySeated: string; seatTaken: string };
    /** The lobby's check beside the sit-down (its waiting list's offers), given the seats taken. */
    guard?: (taken: number) => Promise<void> | undefined;
    check: () => void;
  },
): Promise<HeldSeat> {
  const open = await occupiedSeats(trx, t.tableId);
  const s = t.session;
  if (open.some((o) => o.vendor === s.vendor && o.player === s.player)) {
    throw new StudioError('STUDIO_PVP_REFUSED', { reason: t.reasons.alreadySeated });
  }
  if (open.some((o) => o.seat === t.seat)) throw new StudioError('STUDIO_PVP_REFUSED', { reason: t.reasons.seatTaken });
  if (t.address && open.some((o) => o.address === t.address)) throw new StudioError('STUDIO_PVP_SAME_ADDRESS');
  if (s.device && open.some((o) => o.device === s.device)) throw new StudioError('STUDIO_PVP_SAME_DEVICE');
  await t.guard?.(open.length);
  t.check();
  let inserted: SittingRef;
  try {
    inserted = await insertSitting(trx, {
      table_id: t.tableId,
      seat: t.seat,
      session_id: s.id,
      vendor: s.vendor,
      player: s.player,
      game_code: s.gameCode,
      currency: s.currency,
      round_id: `pvp:${randomUUID()}`,
      address: t.address,
      device: s.device,
      status: 'buying_in',
      stack: 0,
      pending_top_up: 0,
      leave_queued: false,
      away: false,
      client_seed: t.clientSeed,
      last_seq: 0,
      time_bank_ms: t.timeBankMs,
      seen_at: t.now,
      closed_at: null,
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      throw new StudioError('STUDIO_PVP_REFUSED', { reason: t.reasons.seatTaken });
    }
    throw err;
  }
  const transferId = await recordTransfer(trx, {
    seatId: inserted.id,
    kind: 'buy_in',
    amount: t.buyIn,
    tx: buyInTx(inserted.id),
    dueAt: leaseEnd(t.now),
  });
  return { ...inserted, transferId };
}

/**
 * The buy-in's wallet bet. A refusal frees the seat and a bet with no answer is rolled back; either
 * way `after` runs (the room shows the freed seat) and the player gets the refusal.
 */
export async function betBuyIn(
  deps: RoundDeps,
  held: HeldSeat,
  token: string,
  buyIn: number,
  after: () => Promise<void>,
): Promise<void> {
  await takeStake(deps, {
    call: stakeCall(held, token, { tx: buyInTx(held.id), amount: buyIn }),
    refused: async ({ status }) => {
      await deps.db.transaction().execute(async (trx) => {
        await betRefused(trx, held.transferId, status, deps.now());
        await closeSitting(trx, held.id, deps.now());
      });
      await after();
    },
    unanswered: (error) => rollBackTransfer(deps.db, held.transferId, error, deps.now()),
    rollBack: async () => {
      await deliverTransfer(deps, held.transferId);
      await after();
    },
  });
}

/** A top-up's transfer, recorded (in the table's locked transaction) before its wallet bet. */
export async function recordTopUp(
  trx: StudioDb,
  seatId: number,
  amount: number,
  now: Date,
): Promise<{ sitting: SittingRef; transferId: number; tx: string }> {
  const tx = `pvp:${seatId}:top-up:${randomUUID()}`;
  const dueAt = leaseEnd(now);
  const transferId = await recordTransfer(trx, { seatId, kind: 'top_up', amount, tx, dueAt });
  const sitting = await sittingRef(trx, seatId);
  return { sitting, transferId, tx };
}

/** A top-up's wallet bet; a refusal or a lost answer (rolled back) reaches the player as an error. */
export async function betTopUp(
  deps: RoundDeps,
  prepared: { sitting: SittingRef; transferId: number; tx: string },
  token: string,
  amount: number,
): Promise<void> {
  await takeStake(deps, {
    call: stakeCall(prepared.sitting, token, { tx: prepared.tx, amount }),
    refused: ({ status }) => betRefused(deps.db, prepared.transferId, status, deps.now()),
    unanswered: (error) => rollBackTransfer(deps.db, prepared.transferId, error, deps.now()),
    rollBack: () => deliverTransfer(deps, prepared.transferId),
  });
}
