import type {
  EvolutionBalanceBody,
  EvolutionCheckBody,
  EvolutionMoneyBody,
  EvolutionPromoBody,
  EvolutionStandardResponse,
  EvolutionStatus,
} from '@gamehall/shared/api/evolution';
import type { VendorStatus } from '@gamehall/shared/errors';
import { MINOR_PER_MAJOR } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { sameSecret } from '../../http/constant-time';
import { swapGameToken, tokenHolder } from '../games/launch.service';
import * as gateway from '../vendor-gateway/vendor-gateway.service';

// Evolution's One Wallet over the platform's one wallet core (vendor-gateway.service.ts): this file
// only translates. Evolution proves itself with the integration's secret in the authToken query
// parameter (compared in constant time) from an allowed address; the player is the one the sid's
// game session belongs to, and userId must name that player. Evolution settles bet by bet, not
// round by round: a debit and the credit or cancel that settles it share a refId, and a round may
// hold bets settled at different times. So each refId is a round of the core's (`<round>:<refId>`),
// which a credit closes: one credit per bet, a cancel of a settled bet refused, as Evolution asks.
// Amounts are decimals in the currency's unit; the ledger keeps cents, and an amount finer than a
// cent is refused. docs/game-providers.md, "Evolution", has the statuses and why.

/** The core's statuses in Evolution's terms (a call may answer otherwise where its protocol says). */
const STATUS: Record<VendorStatus, EvolutionStatus> = {
  OK: 'OK',
  ERROR_BAD_REQUEST: 'INVALID_PARAMETER',
  ERROR_INVALID_SIGNATURE: 'INVALID_TOKEN_ID',
  ERROR_UNKNOWN_VENDOR: 'INVALID_TOKEN_ID',
  ERROR_IP_NOT_ALLOWED: 'INVALID_TOKEN_ID',
  ERROR_VENDOR_DISABLED: 'UNKNOWN_ERROR',
  ERROR_TRANSFER_WALLET: 'UNKNOWN_ERROR',
  ERROR_INVALID_TOKEN: 'INVALID_SID',
  ERROR_TRIAL_SESSION: 'INVALID_SID',
  ERROR_PLAYER_NOT_FOUND: 'INVALID_SID',
  ERROR_PLAYER_DISABLED: 'INVALID_SID',
  ERROR_PLAYER_EXCLUDED: 'INVALID_SID',
  ERROR_CURRENCY_MISMATCH: 'INVALID_PARAMETER',
  ERROR_GAME_NOT_FOUND: 'INVALID_PARAMETER',
  ERROR_INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  ERROR_DUPLICATE_TRANSACTION: 'BET_ALREADY_EXIST',
  ERROR_TRANSACTION_NOT_FOUND: 'BET_DOES_NOT_EXIST',
  // A credit of a cancelled bet, a credit or cancel of a settled one: Evolution reads these as done.
  ERROR_TRANSACTION_ROLLED_BACK: 'BET_ALREADY_SETTLED',
  ERROR_ROUND_CLOSED: 'BET_ALREADY_SETTLED',
  ERROR_BET_ALREADY_SETTLED: 'BET_ALREADY_SETTLED',
  ERROR_ROUND_NOT_SETTLED: 'UNKNOWN_ERROR',
  ERROR_CORRECTION_EXCEEDS_PAID: 'UNKNOWN_ERROR',
  ERROR_INVALID_VALID_BET: 'INVALID_PARAMETER',
  // The protocol has no status for a limit: the table shows its general error and cancels the bet.
  ERROR_PLAYER_LIMIT: 'UNKNOWN_ERROR',
  ERROR_BONUS_MAX_BET: 'UNKNOWN_ERROR',
  ERROR_INTERNAL: 'UNKNOWN_ERROR',
  ERROR_SERVICE_UNAVAILABLE: 'TEMPORARY_ERROR',
};

export function evolutionStatusOf(status: VendorStatus): EvolutionStatus {
  return STATUS[status];
}

/** A refusal found by the adapter itself, with the player's balance when the player is known. */
export class EvolutionRefusal extends Error {
  constructor(
    readonly status: Exclude<EvolutionStatus, 'OK'>,
    readonly memberId?: number,
  ) {
    super(status);
  }
}

/** Admits a call of the integration `vendor`, which must speak Evolution's protocol. */
export function admitEvolution(
  ctx: AppContext,
  vendor: string,
  call: { authToken: string | undefined; ip: string },
): Promise<gateway.Integration> {
  // Read afresh: a balance or a check moves no money, so no later read would catch a rotated secret.
  return gateway.admitVendor(ctx, vendor, {
    ip: call.ip,
    fresh: true,
    signed: (integration) =>
      integration.protocol === 'evolution' &&
      call.authToken !== undefined &&
      sameSecret(call.authToken, integration.secret),
  });
}

/** An amount of Evolution's in cents; refused unless a whole number of them and not negative. */
export function centsOf(amount: number, memberId?: number): number {
  const cents = Math.round(amount * MINOR_PER_MAJOR);
  if (amount < 0 || Math.abs(amount * MINOR_PER_MAJOR - cents) > 1e-3)
    throw new EvolutionRefusal('INVALID_PARAMETER', memberId);
  return cents;
}

function amountOf(cents: number): number {
  return cents / MINOR_PER_MAJOR;
}

/** The member the sid names and whether it still stakes; a sid of someone else than userId is refused. */
async function holderOf(ctx: AppContext, vendor: string, body: { sid: string; userId: string }) {
  const holder = await tokenHolder(ctx, vendor, body.sid);
  if (!holder || holder.trial || holder.memberId === null) throw new EvolutionRefusal('INVALID_SID');
  if (String(holder.memberId) !== body.userId) throw new EvolutionRefusal('INVALID_PARAMETER');
  return { ...holder, memberId: holder.memberId };
}

function checkCurrency(integration: gateway.Integration, currency: string, memberId: number) {
  if (currency !== integration.currency) throw new EvolutionRefusal('INVALID_PARAMETER', memberId);
}

function answer(uuid: string | undefined, status: EvolutionStatus, balanceCents: number): EvolutionStandardResponse {
  return {
    status,
    balance: amountOf(balanceCents),
    bonus: 0,
    ...(uuid !== undefined ? { uuid } : {}),
    ...(status === 'TEMPORARY_ERROR' ? { retransmission: true } : {}),
  };
}

/** A refusal's answer: the status, and the player's balance as it is now when the player is known. */
export async function refusalOf(
  ctx: AppContext,
  integration: gateway.Integration,
  uuid: string | undefined,
  status: Exclude<EvolutionStatus, 'OK'>,
  memberId: number | undefined,
): Promise<EvolutionStandardResponse> {
  if (memberId === undefined) return answer(uuid, status, 0);
  const current = await gateway.refusalAnswer(
    ctx,
    integration.currency,
    new gateway.VendorRefusal('ERROR_BAD_REQUEST', memberId),
  );
  return answer(uuid, status, current.balance);
}

/**
 * The core's answer in Evolution's terms; `override` names a status this call answers otherwise. A
 * refusal carries the balance of the player the sid and userId name, as it is now.
 */
async function present(
  ctx: AppContext,
  integration: gateway.Integration,
  uuid: string | undefined,
  memberId: number,
  core: gateway.VendorAnswer,
  override: Partial<Record<VendorStatus, EvolutionStatus>> = {},
): Promise<EvolutionStandardResponse> {
  const status = override[core.status] ?? evolutionStatusOf(core.status);
  if (status === 'OK') return answer(uuid, status, core.balance);
  return refusalOf(ctx, integration, uuid, status, memberId);
}

export type EvolutionCall<B> = (
  ctx: AppContext,
  integration: gateway.Integration,
  body: B,
) => Promise<EvolutionStandardResponse>;

/** The core's round of an Evolution bet: its round and its refId. */
function roundOf(game: { id: string }, refId: string): string {
  return `${game.id}:${refId}`;
}

// Evolution's transaction ids live in namespaces of their own in the core, one per kind of call:
// a credit's and a cancel's ids come from its bet, and none may meet a debit's.
const debitId = (id: string) => `d:${id}`;
const creditId = (refId: string) => `c:${refId}`;
const cancelId = (id: string) => `x:${id}`;
const promoBetId = (id: string) => `pb:${id}`;
const promoId = (id: string) => `p:${id}`;

/** /check: a new sid for a live one; the old one no longer stakes. */
export async function check(ctx: AppContext, integration: gateway.Integration, body: EvolutionCheckBody) {
  const holder = await holderOf(ctx, integration.vendor_code, body);
  if (!holder.live) throw new EvolutionRefusal('INVALID_SID');
  const sid = await swapGameToken(ctx, integration.vendor_code, body.sid);
  if (sid === undefined) throw new EvolutionRefusal('INVALID_SID');
  return sid;
}

export const balance: EvolutionCall<EvolutionBalanceBody> = async (ctx, integration, body) => {
  const { memberId } = await holderOf(ctx, integration.vendor_code, body);
  checkCurrency(integration, body.currency, memberId);
  const core = await gateway.balance(ctx, integration, {
    vendor: integration.vendor_code,
    requestId: body.uuid ?? body.sid,
    token: body.sid,
  });
  return present(ctx, integration, body.uuid, memberId, core);
};

/** A debit: the bet `refId` takes `amount`; a repeat of its id answers as the first time. */
export const debit: EvolutionCall<EvolutionMoneyBody> = async (ctx, integration, body) => {
  const { memberId } = await holderOf(ctx, integration.vendor_code, body);
  checkCurrency(integration, body.currency, memberId);
  const amount = centsOf(body.transaction.amount, memberId);
  const core = await gateway.bet(ctx, integration, {
    vendor: integration.vendor_code,
    requestId: body.uuid ?? debitId(body.transaction.id),
    token: body.sid,
    player: String(memberId),
    gameCode: body.game.details.table.id,
    roundId: roundOf(body.game, body.transaction.refId),
    transactionId: debitId(body.transaction.id),
    amount,
    currency: body.currency,
  });
  return present(ctx, integration, body.uuid, memberId, core);
};

/**
 * A credit settles the bet `refId` (0 for a loss), accepted after the sid ended: the money is owed.
 * A second credit of the bet is BET_ALREADY_SETTLED, whatever its amount; one of a bet never
 * placed is BET_DOES_NOT_EXIST, or INVALID_SID when its sid no longer stakes either.
 */
export const credit: EvolutionCall<EvolutionMoneyBody> = async (ctx, integration, body) => {
  const holder = await holderOf(ctx, integration.vendor_code, body);
  const { memberId } = holder;
  checkCurrency(integration, body.currency, memberId);
  const amount = centsOf(body.transaction.amount, memberId);
  const id = creditId(body.transaction.refId);
  if ((await gateway.recordedTransaction(ctx, integration.vendor_code, id))?.memberId === memberId)
    return refusalOf(ctx, integration, body.uuid, 'BET_ALREADY_SETTLED', memberId);
  const core = await gateway.win(ctx, integration, {
    vendor: integration.vendor_code,
    requestId: body.uuid ?? id,
    player: String(memberId),
    gameCode: body.game.details.table.id,
    roundId: roundOf(body.game, body.transaction.refId),
    transactionId: id,
    amount,
    currency: body.currency,
    roundClosed: true,
  });
  if (core.status === 'ERROR_TRANSACTION_NOT_FOUND' && !holder.live)
    return refusalOf(ctx, integration, body.uuid, 'INVALID_SID', memberId);
  return present(ctx, integration, body.uuid, memberId, core, { ERROR_DUPLICATE_TRANSACTION: 'BET_ALREADY_SETTLED' });
};

/**
 * A cancel reverses the debit `transaction.id` of the bet `refId`: refused as BET_DOES_NOT_EXIST
 * when no such debit was taken (nothing is recorded, unlike the core's own rollback), and as
 * BET_ALREADY_SETTLED when a credit settled the bet or a cancel already reversed it.
 */
export const cancel: EvolutionCall<EvolutionMoneyBody> = async (ctx, integration, body) => {
  const { memberId } = await holderOf(ctx, integration.vendor_code, body);
  checkCurrency(integration, body.currency, memberId);
  const bet = await gateway.recordedTransaction(ctx, integration.vendor_code, debitId(body.transaction.id));
  const round = roundOf(body.game, body.transaction.refId);
  if (bet?.kind !== 'bet' || bet.memberId !== memberId || bet.roundId !== round)
    return refusalOf(ctx, integration, body.uuid, 'BET_DOES_NOT_EXIST', memberId);
  if (bet.status === 'rolled_back') return refusalOf(ctx, integration, body.uuid, 'BET_ALREADY_SETTLED', memberId);
  const core = await gateway.rollback(ctx, integration, {
    vendor: integration.vendor_code,
    requestId: body.uuid ?? cancelId(body.transaction.id),
    player: String(memberId),
    roundId: round,
    transactionId: cancelId(body.transaction.id),
    rollbackTransactionId: debitId(body.transaction.id),
  });
  return present(ctx, integration, body.uuid, memberId, core);
};

/**
 * A promotion's payout (a jackpot, a free round's win, a reward): a round of its own, a bet of 0 and
 * a win of the amount, so the betting record and the figures count it as any other win. A repeat
 * of its id pays nothing more.
 */
export const promoPayout: EvolutionCall<EvolutionPromoBody> = async (ctx, integration, body) => {
  const { memberId } = await holderOf(ctx, integration.vendor_code, body);
  checkCurrency(integration, body.currency, memberId);
  const amount = centsOf(body.promoTransaction.amount, memberId);
  const id = body.promoTransaction.id;
  const round = `promo:${id}`;
  const common = { vendor: integration.vendor_code, player: String(memberId), roundId: round, currency: body.currency };
  const gameCode = body.game.details.table.id;
  // The promotion's id taken by another player or table is a promotion already paid, not a bet.
  const repeat = { ERROR_DUPLICATE_TRANSACTION: 'BET_ALREADY_SETTLED' } as const;
  const stake = await gateway.bet(ctx, integration, {
    ...common,
    requestId: promoBetId(id),
    token: body.sid,
    gameCode,
    transactionId: promoBetId(id),
    amount: 0,
  });
  if (stake.status !== 'OK') return present(ctx, integration, body.uuid, memberId, stake, repeat);
  const paid = await gateway.win(ctx, integration, {
    ...common,
    requestId: promoId(id),
    gameCode,
    transactionId: promoId(id),
    amount,
    roundClosed: true,
  });
  return present(ctx, integration, body.uuid, memberId, paid, repeat);
};
