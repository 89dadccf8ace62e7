import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import {
  CALETA_AMOUNT_SCALE,
  type CaletaBalanceBody,
  type CaletaBalanceResponse,
  type CaletaBetBody,
  type CaletaRollbackBody,
  type CaletaStatus,
  type CaletaWinBody,
} from '@gamehall/shared/api/caleta';
import type { VendorStatus } from '@gamehall/shared/errors';
import { MINOR_PER_MAJOR } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { swapGameToken, tokenHolder, vendorHasGame } from '../games/launch.service';
import * as gateway from '../vendor-gateway/vendor-gateway.service';

// The Caleta Gaming System's Wallet API (a Hub88-style protocol several aggregators share) over the
// platform's one wallet core (vendor-gateway.service.ts): this file only translates. The provider
// signs each raw body with RSA-SHA256 (base64, X-Auth-Signature), checked with the public key the
// operator pasted for the integration; amounts are integers in 1/100,000 of the currency unit, and
// the ledger keeps hundredths: a stake finer than that is refused (never rounded), a win finer than
// that is paid to the hundredth below. The player is the one the token's game session belongs to;
// a win or rollback names a token that may have ended since the bet, as the guide allows, and a
// bet's session is checked by the core after its repeat check. Idempotency, duplicates, rounds, rollbacks, limits and the bonus wallet are the
// core's, answered in the guide's statuses (docs/game-providers.md, "Caleta").

/** The core's statuses as the guide names them (docs/game-providers.md has the table and why). */
const STATUS: Record<VendorStatus, CaletaStatus> = {
  OK: 'RS_OK',
  ERROR_BAD_REQUEST: 'RS_ERROR_WRONG_TYPES',
  ERROR_INVALID_SIGNATURE: 'RS_ERROR_INVALID_SIGNATURE',
  ERROR_UNKNOWN_VENDOR: 'RS_ERROR_INVALID_SIGNATURE',
  ERROR_IP_NOT_ALLOWED: 'RS_ERROR_INVALID_SIGNATURE',
  ERROR_VENDOR_DISABLED: 'RS_ERROR_UNKNOWN',
  ERROR_TRANSFER_WALLET: 'RS_ERROR_UNKNOWN',
  ERROR_INVALID_TOKEN: 'RS_ERROR_INVALID_TOKEN',
  ERROR_TRIAL_SESSION: 'RS_ERROR_INVALID_TOKEN',
  ERROR_PLAYER_NOT_FOUND: 'RS_ERROR_INVALID_TOKEN',
  ERROR_PLAYER_DISABLED: 'RS_ERROR_USER_DISABLED',
  ERROR_PLAYER_EXCLUDED: 'RS_ERROR_USER_DISABLED',
  ERROR_CURRENCY_MISMATCH: 'RS_ERROR_WRONG_CURRENCY',
  ERROR_GAME_NOT_FOUND: 'RS_ERROR_INVALID_GAME',
  ERROR_INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY',
  ERROR_DUPLICATE_TRANSACTION: 'RS_ERROR_DUPLICATE_TRANSACTION',
  ERROR_TRANSACTION_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  ERROR_TRANSACTION_ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  // A win on a closed round, a rollback of a bet a win settled: retrying cannot help, so a status
  // on the guide's lists that stop the provider's retries (the operator settles it by hand).
  ERROR_ROUND_CLOSED: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  ERROR_BET_ALREADY_SETTLED: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  ERROR_ROUND_NOT_SETTLED: 'RS_ERROR_UNKNOWN',
  ERROR_CORRECTION_EXCEEDS_PAID: 'RS_ERROR_UNKNOWN',
  ERROR_INVALID_VALID_BET: 'RS_ERROR_WRONG_TYPES',
  ERROR_PLAYER_LIMIT: 'RS_ERROR_BET_LIMIT_EXCEEDED',
  ERROR_BONUS_MAX_BET: 'RS_ERROR_BET_LIMIT_EXCEEDED',
  ERROR_INTERNAL: 'RS_ERROR_UNKNOWN',
  ERROR_SERVICE_UNAVAILABLE: 'RS_ERROR_UNKNOWN',
};

export function caletaStatusOf(status: VendorStatus): CaletaStatus {
  return STATUS[status];
}

/** A refusal found by the adapter itself, in the guide's terms. */
export class CaletaRefusal extends Error {
  constructor(readonly status: Exclude<CaletaStatus, 'RS_OK'>) {
    super(status);
  }
}

// Parsed keys by their PEM text: a key is parsed once per node, not per call.
const keys = new Map<string, KeyObject | null>();

function publicKeyOf(pem: string): KeyObject | null {
  let key = keys.get(pem);
  if (key === undefined) {
    try {
      key = createPublicKey(pem);
    } catch {
      key = null;
    }
    if (keys.size > 100) keys.clear();
    keys.set(pem, key);
  }
  return key;
}

/** X-Auth-Signature: base64 RSA-SHA256 of the raw body, by the provider's private key. */
export function caletaSignatureMatches(publicKeyPem: string | null, raw: Buffer, signature: string | undefined) {
  if (!publicKeyPem || !signature) return false;
  const key = publicKeyOf(publicKeyPem);
  if (!key) return false;
  try {
    return verify('sha256', raw, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** Admits a signed call of the integration `vendor`, which must speak the Caleta protocol. */
export function admitCaleta(
  ctx: AppContext,
  vendor: string,
  call: { raw: Buffer; signature: string | undefined; ip: string },
): Promise<gateway.Integration> {
  return gateway.admitVendor(ctx, vendor, {
    ip: call.ip,
    fresh: true,
    signed: (integration) =>
      integration.protocol === 'caleta' &&
      caletaSignatureMatches(integration.provider_public_key, call.raw, call.signature),
  });
}

/** The guide's units per minor unit: the ledger keeps every currency in hundredths (1,000 units). */
export const UNITS_PER_MINOR = CALETA_AMOUNT_SCALE / MINOR_PER_MAJOR;

/** A stake of the guide in minor units; refused unless a whole number of them and not negative. */
function stakeOf(amount: number): number {
  if (amount < 0 || amount % UNITS_PER_MINOR !== 0) throw new CaletaRefusal('RS_ERROR_WRONG_TYPES');
  return amount / UNITS_PER_MINOR;
}

/**
 * A win of the guide in minor units: a fraction of a centavo (a 0.10 stake paying 1.37 times) is
 * paid to the centavo below, since the ledger keeps centavos and a refused win would be retried
 * for ever; a negative one is refused.
 */
function winOf(amount: number): number {
  if (amount < 0) throw new CaletaRefusal('RS_ERROR_WRONG_TYPES');
  return Math.floor(amount / UNITS_PER_MINOR);
}

function checkCurrency(integration: gateway.Integration, currency: string) {
  if (currency !== integration.currency) throw new CaletaRefusal('RS_ERROR_WRONG_CURRENCY');
}

/** The member a token names, whatever its state: the core checks a stake's session itself. */
async function holderOf(ctx: AppContext, vendor: string, token: string) {
  const holder = await tokenHolder(ctx, vendor, token);
  if (!holder || holder.trial || holder.memberId === null) throw new CaletaRefusal('RS_ERROR_INVALID_TOKEN');
  return { ...holder, memberId: holder.memberId };
}

/** The guide's answer to the core's: on OK the player, currency and balance; otherwise the status alone. */
function present(requestId: string, memberId: number | undefined, answer: gateway.VendorAnswer): CaletaBalanceResponse {
  const status = caletaStatusOf(answer.status);
  if (status !== 'RS_OK') return { status, request_uuid: requestId };
  const user = answer.player ?? (memberId === undefined ? undefined : String(memberId));
  return {
    status,
    request_uuid: requestId,
    ...(user !== undefined ? { user } : {}),
    currency: answer.currency,
    balance: answer.balance * UNITS_PER_MINOR,
  };
}

export type CaletaCall<B> = (
  ctx: AppContext,
  integration: gateway.Integration,
  body: B,
) => Promise<CaletaBalanceResponse>;

/** Runs a translated call; a refusal of the adapter answers its status. */
async function answering(requestId: string, run: () => Promise<CaletaBalanceResponse>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CaletaRefusal) return { status: error.status, request_uuid: requestId };
    throw error;
  }
}

export const balance: CaletaCall<CaletaBalanceBody> = (ctx, integration, body) =>
  answering(body.request_uuid, async () => {
    const answer = await gateway.balance(ctx, integration, {
      vendor: integration.vendor_code,
      requestId: body.request_uuid,
      token: body.token,
    });
    return present(body.request_uuid, undefined, answer);
  });

/**
 * A bet. A free bet (is_free: a provider's campaign pays the stake) takes nothing from the player:
 * it is recorded as a bet of 0 in its round, and its win is paid like any other.
 */
export const bet: CaletaCall<CaletaBetBody> = (ctx, integration, body) =>
  answering(body.request_uuid, async () => {
    checkCurrency(integration, body.currency);
    const amount = stakeOf(body.amount);
    // A repeat of a bet already taken is answered as the first time even after its token ended
    // (the core looks for the repeat before the session), so the provider never drops a bet it paid.
    const holder = await holderOf(ctx, integration.vendor_code, body.token);
    const memberId = holder.memberId;
    const answer = await gateway.bet(ctx, integration, {
      vendor: integration.vendor_code,
      requestId: body.request_uuid,
      token: body.token,
      player: String(memberId),
      gameCode: body.game_code,
      roundId: body.round,
      transactionId: body.transaction_uuid,
      amount: body.is_free ? 0 : amount,
      currency: body.currency,
    });
    // A token swapped for a new one (/wallet/check) no longer stakes: the guide's TOKEN_EXPIRED.
    if (answer.status === 'ERROR_INVALID_TOKEN' && holder.replaced)
      return { status: 'RS_ERROR_TOKEN_EXPIRED', request_uuid: body.request_uuid };
    return present(body.request_uuid, memberId, answer);
  });

export const win: CaletaCall<CaletaWinBody> = (ctx, integration, body) =>
  answering(body.request_uuid, async () => {
    checkCurrency(integration, body.currency);
    const amount = winOf(body.amount);
    const { memberId } = await holderOf(ctx, integration.vendor_code, body.token);
    // The core pays a win on its round whatever game it names; the guide wants a game it knows.
    if (!(await vendorHasGame(ctx, integration.vendor_code, body.game_code)))
      throw new CaletaRefusal('RS_ERROR_INVALID_GAME');
    const answer = await gateway.win(ctx, integration, {
      vendor: integration.vendor_code,
      requestId: body.request_uuid,
      player: String(memberId),
      gameCode: body.game_code,
      roundId: body.round,
      transactionId: body.transaction_uuid,
      betTransactionId: body.reference_transaction_uuid,
      amount,
      currency: body.currency,
      roundClosed: body.round_closed,
    });
    return present(body.request_uuid, memberId, answer);
  });

/** A rollback of an unknown bet is recorded and answered OK (a late bet with that id is refused). */
export const rollback: CaletaCall<CaletaRollbackBody> = (ctx, integration, body) =>
  answering(body.request_uuid, async () => {
    const { memberId } = await holderOf(ctx, integration.vendor_code, body.token);
    const answer = await gateway.rollback(ctx, integration, {
      vendor: integration.vendor_code,
      requestId: body.request_uuid,
      player: String(memberId),
      roundId: body.round,
      transactionId: body.transaction_uuid,
      rollbackTransactionId: body.reference_transaction_uuid,
    });
    return present(body.request_uuid, memberId, answer);
  });

/** /wallet/check: a new token for a live one; the old one no longer stakes. */
export async function check(ctx: AppContext, integration: gateway.Integration, token: string): Promise<string> {
  const next = await swapGameToken(ctx, integration.vendor_code, token);
  if (next === undefined) throw new CaletaRefusal('RS_ERROR_INVALID_TOKEN');
  return next;
}
