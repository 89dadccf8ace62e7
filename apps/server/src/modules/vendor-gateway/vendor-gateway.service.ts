import { createHash } from 'node:crypto';
import type {
  ReconciliationValue,
  VendorBalanceRequest,
  VendorBetRequest,
  VendorResettleRequest,
  VendorRollbackRequest,
  VendorRoundDetail,
  VendorWinRequest,
} from '@gamehall/shared/api/vendor';
import { type VendorStatus, vendorStatusCatalogue } from '@gamehall/shared/errors';
import type { RawBuilder } from 'kysely';
import type { AppContext } from '../../context';
import { followAppClock, movedClock } from '../../db/app-clock';
import { brandDayBounds } from '../../db/brand-days';
import type { Conn, Db, Trx } from '../../db/database';
import { AppError } from '../../http/errors';
import { getBrand } from '../brand/brand.service';
import {
  houseEntryTotals,
  playableBalance,
  post,
  postResettlement,
  postThrough,
  preparePosting,
  returnSplit,
  splitEntries,
  stakeSplit,
} from '../ledger/ledger.service';
import { betRefusal } from '../responsible/responsible.service';
import { vendorCallBatcher } from './vendor-call-batcher';
import * as q from './vendor-gateway.queries';
import { signatureMatches } from './vendor-signature';

// The seamless wallet API game vendors call (api-conventions "Vendor wallet API").
//
// Every money call runs in one transaction whose first statement takes advisory locks on its round
// and on the transaction ids it touches and then reads everything the call checks (one round trip,
// vendor_call_context), then: replays a known transactionId (same details: the first answer; other
// details: ERROR_DUPLICATE_TRANSACTION), checks, then writes the vendor_rounds change and the
// vendor_transactions row (unique on vendor + transactionId) and posts between the member's cash and
// the house account vendor:<code> (idempotency key vendor:<code>:<transactionId>) in one statement
// (ledger.postThrough, vendor_post_bet / vendor_post_win, migration 0054): with BEGIN and COMMIT, a
// bet or a win is four round trips. Most bets and wins need none of that: they run as one
// statement in its own implicit transaction (vendor_bet / vendor_win, migration 0055, with the same
// locks, checks, records and posting), and on PostgreSQL concurrent ones share a transaction
// (vendor-call-batcher.ts). Those functions hand back to the transaction above what lives outside
// them: the responsible-play check of a member with settings, and a stake or a return that touches
// the bonus account (the ledger's stakeSplit and returnSplit). Bets spend cash first, then bonus
// (docs/rewards.md "Bonus wallet and wagering"): a bet larger than the spendable cash takes the rest from the member's bonus
// account in the same posting; a win goes back to cash and bonus in the proportion the round's bets
// were taken; a rollback returns each part of its bet where it came from. The balance the vendor is
// told is what the player can stake: spendable cash plus bonus. A refusal of a win or a rollback throws, so nothing it touched
// stays and the vendor may retry the id. A refused bet is kept (vendor_bet_refusals, migration
// 0018) with the answer it got, in the call's transaction, which then commits: the vendor counts
// that bet as refused, so a repeat of its id gets the same refusal even once the player has the
// money. Should two deliveries still race past the locks (another round id), the unique
// constraint or the wallet's idempotency key stops the second one and it answers what the first
// recorded.
//
// Integration settings are kept per node (integrationCache) so a call does not read them before it
// starts: the signature is checked against the kept copy, and every call compares that copy with
// the settings it reads anyway (a money call in its locked read, a balance call by reading them).
// When an operator changed them the call is undone (StaleIntegration) and the route authenticates
// the request again on fresh settings, so a change takes effect on the next call, as before. A
// caller the kept copy refuses is checked again on fresh settings too (a rotated secret).

/**
 * The largest bet the member may place now, in minor units (null: no limit): the maximum bet of a
 * bonus being wagered (docs/rewards.md). The rewards module, a tier above, registers it (app.ts);
 * migration 0096 puts the same rule in vendor_bet.
 */
export type BonusBetLimit = (db: Conn, memberId: number) => Promise<number | null>;
let bonusBetLimit: BonusBetLimit = async () => null;

export function registerBonusBetLimit(limit: BonusBetLimit): void {
  bonusBetLimit = limit;
}

/** A refusal the vendor can act on; `memberId` lets the answer carry the player's balance. */
export class VendorRefusal extends Error {
  constructor(
    readonly status: Exclude<VendorStatus, 'OK'>,
    readonly memberId?: number,
  ) {
    super(vendorStatusCatalogue[status].message);
  }
}

export type Integration = NonNullable<Awaited<ReturnType<typeof q.findIntegration>>>;

export type VendorAnswer = {
  http: number;
  status: VendorStatus;
  balance: number;
  currency: string;
  player?: string;
  /** A balance call by token: the hash of the device that launched the session (never the raw id). */
  device?: string;
  /** A resettle call's OK: what moved (the credit, or what a debit took). */
  taken?: number;
};

function okAnswer(integration: Integration, balance: number, player?: string): VendorAnswer {
  return { http: 200, status: 'OK', balance, currency: integration.currency, ...(player ? { player } : {}) };
}

/**
 * A money transaction of the vendor's as the core recorded it, for an adapter whose protocol answers
 * a reversal of an unknown or reversed bet in its own terms (Evolution's cancel); undefined when none.
 */
export async function recordedTransaction(ctx: AppContext, vendor: string, transactionId: string) {
  const row = await q.findTransaction(ctx.db, vendor, transactionId);
  if (!row) return undefined;
  return { kind: row.kind, roundId: row.round_id, memberId: Number(row.member_id), status: row.status };
}

/** The answer to a refusal, with the player's current playable balance when the player is known. */
export async function refusalAnswer(ctx: AppContext, currency: string, refusal: VendorRefusal): Promise<VendorAnswer> {
  const balance = refusal.memberId === undefined ? 0 : await playableBalance(ctx.db, refusal.memberId, currency);
  return { http: vendorStatusCatalogue[refusal.status].http, status: refusal.status, balance, currency };
}

/** The settings a money call just read differ from the node's copy: authenticate again and rerun. */
export class StaleIntegration extends Error {
  constructor() {
    super('vendor integration settings changed');
  }
}

// Per node and per application (tests build several): vendor code -> the integration as last read.
const integrationCache = new WeakMap<AppContext, Map<string, Integration>>();

function cacheOf(ctx: AppContext): Map<string, Integration> {
  let cache = integrationCache.get(ctx);
  if (!cache) {
    cache = new Map();
    integrationCache.set(ctx, cache);
  }
  return cache;
}

type Caller = { raw: Buffer; body: unknown; signature: string | undefined; ip: string };

/** How a call proves its integration: from this address, signed as `signed` checks on the settings. */
export type Admission = { ip: string; signed: (integration: Integration) => boolean };

/** Why these settings refuse this caller, in the order the vendor is told; undefined when admitted. */
function refusalFor(integration: Integration, input: Admission): VendorRefusal | undefined {
  if (!input.signed(integration)) return new VendorRefusal('ERROR_INVALID_SIGNATURE');
  if (integration.allowed_ips.length > 0 && !integration.allowed_ips.includes(input.ip))
    return new VendorRefusal('ERROR_IP_NOT_ALLOWED');
  if (!integration.enabled) return new VendorRefusal('ERROR_VENDOR_DISABLED');
  // Transfer-wallet vendors keep the player's money in their own wallet (GCS_walletTransfer moves it).
  if (integration.wallet_mode !== 'seamless') return new VendorRefusal('ERROR_TRANSFER_WALLET');
  return undefined;
}

/**
 * Who is calling: the vendor named in the body, proven by X-Signature over the raw bytes (constant
 * time), from an allowed IP (an empty list allows any), with the integration switched on and
 * speaking the platform's own protocol. Runs before the body is validated, so an unsigned caller
 * learns nothing about the schema.
 */
export async function authenticateVendor(ctx: AppContext, input: Caller): Promise<Integration> {
  const vendor =
    typeof input.body === 'object' && input.body !== null ? (input.body as { vendor?: unknown }).vendor : undefined;
  if (typeof vendor !== 'string') throw new VendorRefusal('ERROR_BAD_REQUEST');
  return admitVendor(ctx, vendor, {
    ip: input.ip,
    signed: (integration) =>
      integration.protocol === 'gamehall' && signatureMatches(integration.secret, input.raw, input.signature),
  });
}

/**
 * Admits a call of `vendor`'s integration, whatever its protocol (an outside provider's adapter,
 * modules/providers, checks its own signature in `signed`). Admits on the node's copy of the
 * settings (the call then checks its secret and switches against the database) unless `fresh`
 * asks for the settings as they are now (a provider's public key is not in that check); refuses
 * only on settings just read.
 */
export async function admitVendor(
  ctx: AppContext,
  vendor: string,
  input: Admission & { fresh?: boolean },
): Promise<Integration> {
  if (vendor.length === 0 || vendor.length > 32) throw new VendorRefusal('ERROR_BAD_REQUEST');
  const cache = cacheOf(ctx);
  const kept = input.fresh ? undefined : cache.get(vendor);
  if (kept && !refusalFor(kept, input)) return kept;
  const integration = await q.findIntegration(ctx.db, vendor);
  if (!integration) {
    cache.delete(vendor);
    throw new VendorRefusal('ERROR_UNKNOWN_VENDOR');
  }
  cache.set(vendor, integration);
  const refusal = refusalFor(integration, input);
  if (refusal) throw refusal;
  return integration;
}

/** The vendor's settings as a call's context read returns them (null: no integration row any more). */
type IntegrationColumns = {
  integration_secret: string | null;
  integration_wallet_mode: string | null;
  integration_currency: string | null;
  integration_allowed_ips: string[] | null;
  integration_enabled: boolean | null;
};

/** Throws StaleIntegration (and forgets the node's copy) when the settings read differ from it. */
function assertCurrent(ctx: AppContext, integration: Integration, read: IntegrationColumns): void {
  const ips = read.integration_allowed_ips;
  const same =
    read.integration_secret === integration.secret &&
    read.integration_wallet_mode === integration.wallet_mode &&
    read.integration_currency === integration.currency &&
    read.integration_enabled === integration.enabled &&
    ips !== null &&
    ips.length === integration.allowed_ips.length &&
    ips.every((ip, i) => ip === integration.allowed_ips[i]);
  if (same) return;
  cacheOf(ctx).delete(integration.vendor_code);
  throw new StaleIntegration();
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What identifies a money call; requestId and token may differ between deliveries of one call. */
function detailsHash(kind: string, details: (string | number | boolean | null)[]): string {
  return sha256(JSON.stringify([kind, ...details]));
}

type SessionRow = { member_id: number | null; trial: boolean; vendor_code: string; expires_at: Date | string };

/** A live, real-money session of this vendor; anything else is ERROR_INVALID_TOKEN (or trial). */
function checkSession<S extends SessionRow>(
  ctx: AppContext,
  integration: Integration,
  session: S | undefined,
): asserts session is S & { member_id: number } {
  if (!session || session.vendor_code !== integration.vendor_code) throw new VendorRefusal('ERROR_INVALID_TOKEN');
  if (new Date(session.expires_at).getTime() <= ctx.now().getTime()) throw new VendorRefusal('ERROR_INVALID_TOKEN');
  // Free trial plays on the studio's demo balance; it never reaches the ledger.
  if (session.trial || session.member_id === null) throw new VendorRefusal('ERROR_TRIAL_SESSION');
}

/** What the player can stake, from a context read: spendable cash plus bonus. */
function playableOf(c: { cash_balance: number | null; cash_held: number | null; bonus_balance: number | null }) {
  return Number(c.cash_balance ?? 0) - Number(c.cash_held ?? 0) + Number(c.bonus_balance ?? 0);
}

/** One read (q.balanceContext), then the checks in the order the vendor is told. */
export async function balance(ctx: AppContext, integration: Integration, body: VendorBalanceRequest) {
  const c = await q.balanceContext(ctx.db, {
    vendorCode: integration.vendor_code,
    tokenHash: sha256(body.token),
    currency: integration.currency,
  });
  assertCurrent(ctx, integration, c);
  try {
    // A live session of this vendor, as a bet needs: a vendor reads only the balance of a player
    // who is playing its game now, never any member's by id.
    const session = sessionOf(c);
    checkSession(ctx, integration, session);
    const memberId = session.member_id;
    if (body.player !== undefined && Number(body.player) !== memberId) throw new VendorRefusal('ERROR_INVALID_TOKEN');
    if (c.member_status === null) throw new VendorRefusal('ERROR_PLAYER_NOT_FOUND');
    if (c.member_status !== 'active') throw new VendorRefusal('ERROR_PLAYER_DISABLED', memberId);
    const answer = okAnswer(integration, playableOf(c), String(memberId));
    return c.session_device !== null ? { ...answer, device: c.session_device } : answer;
  } catch (error) {
    if (error instanceof VendorRefusal) return refusalAnswer(ctx, integration.currency, error);
    throw error;
  }
}

type MoneyCall = {
  kind: 'bet' | 'win' | 'rollback' | 'resettle';
  transactionId: string;
  hash: string;
  memberId: number;
  /** A bet: what its refusal is recorded with (refused wins and rollbacks are not recorded). */
  bet?: { roundId: string; amount: number };
};

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

type KnownTransaction = { kind: string; details_hash: string; balance_after: number; amount: number };

/**
 * The first answer to a known transactionId: an accepted call's OK, or a refused bet's refusal;
 * ERROR_DUPLICATE_TRANSACTION when the details (or the kind of call) differ. `known` and `refused`
 * come from the call's context read; without them both are read here (a lost race).
 */
async function replayOf(
  db: Conn,
  integration: Integration,
  call: MoneyCall,
  known?: { transaction: KnownTransaction | null; refused: q.BetRefusal | null },
): Promise<VendorAnswer | undefined> {
  const existing =
    known === undefined
      ? ((await q.findTransaction(db, integration.vendor_code, call.transactionId)) ?? null)
      : known.transaction;
  if (existing) {
    if (existing.kind !== call.kind || existing.details_hash !== call.hash)
      throw new VendorRefusal('ERROR_DUPLICATE_TRANSACTION', call.memberId);
    const answer = okAnswer(integration, existing.balance_after);
    // A correction's amount is signed (what moved); its answer says how much.
    return call.kind === 'resettle' ? { ...answer, taken: Math.abs(Number(existing.amount)) } : answer;
  }
  const refused =
    known === undefined
      ? ((await q.findBetRefusal(db, integration.vendor_code, call.transactionId)) ?? null)
      : known.refused;
  if (!refused) return undefined;
  if (call.kind !== 'bet' || refused.details_hash !== call.hash)
    throw new VendorRefusal('ERROR_DUPLICATE_TRANSACTION', call.memberId);
  const status = refused.status as Exclude<VendorStatus, 'OK'>;
  return {
    http: vendorStatusCatalogue[status].http,
    status,
    balance: Number(refused.balance),
    currency: integration.currency,
  };
}

/**
 * Keeps a bet's refusal in the call's transaction and answers it, with the spendable balance the
 * context read (when the player is known), as refusalAnswer would after a rollback.
 */
async function recordRefusal(
  trx: Trx,
  integration: Integration,
  call: MoneyCall & { bet: NonNullable<MoneyCall['bet']> },
  c: q.CallContext,
  refusal: VendorRefusal,
): Promise<VendorAnswer> {
  const balance = refusal.memberId === undefined ? 0 : playableOf(c);
  await q.recordBetRefusal(trx, {
    vendor_code: integration.vendor_code,
    transaction_id: call.transactionId,
    round_id: call.bet.roundId,
    player_id: call.memberId,
    amount: call.bet.amount,
    details_hash: call.hash,
    status: refusal.status,
    balance,
  });
  return {
    http: vendorStatusCatalogue[refusal.status].http,
    status: refusal.status,
    balance,
    currency: integration.currency,
  };
}

// A bet the ledger refused for want of money that the context read showed (another movement of the
// player's money slipped in) is run again on a fresh read, so its refusal is recorded like any
// other; a few times at most.
const BET_ATTEMPTS = 3;

/** What a money call locks and reads before it decides (see q.lockedCallContext). */
type CallRead = {
  lockKeys: string[];
  roundId: string;
  token?: string;
  gameCode?: string;
  /** The bet a win pays or a rollback reverses. */
  otherId?: string;
  /** A bet: the rollbacks already recorded against its id. */
  rollbacksOf?: string;
};

/**
 * Runs `work` in a transaction after the locked read: a known transactionId is answered from its
 * first answer before `work` sees the context. A bet's `work` throws a VendorRefusal only before
 * its first write (its checks, and settle's check of the balance), so its refusal is recorded and
 * committed in the same transaction.
 */
async function moneyCall(
  ctx: AppContext,
  integration: Integration,
  call: MoneyCall,
  read: CallRead,
  work: (trx: Trx, c: q.CallContext) => Promise<VendorAnswer>,
): Promise<VendorAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptMoneyCall(ctx, integration, call, read, work);
    } catch (error) {
      const raced = error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS';
      // A correction's debit takes what the cash holds: read again and take what is there now.
      if (raced && (call.bet || call.kind === 'resettle') && attempt < BET_ATTEMPTS) continue;
      return answerFailure(ctx, integration, call, error);
    }
  }
}

async function attemptMoneyCall(
  ctx: AppContext,
  integration: Integration,
  call: MoneyCall,
  read: CallRead,
  work: (trx: Trx, c: q.CallContext) => Promise<VendorAnswer>,
): Promise<VendorAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    // A moved application clock (tests, the demo's past play) dates this call's writes.
    await followAppClock(trx, ctx.now());
    const c = await q.lockedCallContext(trx, {
      // The embedded database runs one transaction at a time: nothing to serialise there.
      lockKeys: ctx.database.kind === 'postgres' ? read.lockKeys : [],
      vendorCode: integration.vendor_code,
      memberId: call.memberId,
      roundId: read.roundId,
      cashAccountCode: cashCode(call.memberId, integration.currency),
      ...(read.token !== undefined ? { tokenHash: sha256(read.token) } : {}),
      ...(read.gameCode !== undefined ? { gameCode: read.gameCode } : {}),
      transactionId: call.transactionId,
      ...(read.otherId !== undefined ? { otherId: read.otherId } : {}),
      ...(read.rollbacksOf !== undefined ? { rollbacksOf: read.rollbacksOf } : {}),
    });
    assertCurrent(ctx, integration, c);
    const answer = await replayOf(trx, integration, call, {
      transaction: c.known.find((r) => r.transaction_id === call.transactionId) ?? null,
      refused:
        c.refusal_hash !== null && c.refusal_status !== null && c.refusal_balance !== null
          ? { details_hash: c.refusal_hash, status: c.refusal_status, balance: c.refusal_balance }
          : null,
    });
    if (answer) return answer;
    const bet = call.bet;
    if (!bet) return work(trx, c);
    try {
      return await work(trx, c);
    } catch (error) {
      if (!(error instanceof VendorRefusal)) throw error;
      return recordRefusal(trx, integration, { ...call, bet }, c, error);
    }
  });
}

/** The answer to a call whose transaction rolled back (nothing of it stays). */
async function answerFailure(
  ctx: AppContext,
  integration: Integration,
  call: MoneyCall,
  error: unknown,
): Promise<VendorAnswer> {
  if (error instanceof VendorRefusal) return refusalAnswer(ctx, integration.currency, error);
  if (error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS')
    return refusalAnswer(ctx, integration.currency, new VendorRefusal('ERROR_INSUFFICIENT_FUNDS', call.memberId));
  // Lost a race to another delivery of the same transactionId: answer what the winner recorded.
  if (isUniqueViolation(error) || (error instanceof AppError && error.code === 'WALLET_IDEMPOTENCY_CONFLICT')) {
    try {
      const replay = await replayOf(ctx.db, integration, call);
      if (replay) return replay;
    } catch (refusal) {
      if (refusal instanceof VendorRefusal) return refusalAnswer(ctx, integration.currency, refusal);
      throw refusal;
    }
    if (error instanceof AppError)
      return refusalAnswer(ctx, integration.currency, new VendorRefusal('ERROR_DUPLICATE_TRANSACTION', call.memberId));
  }
  throw error;
}

// What vendor_bet / vendor_win raise (migration 0055) when the ledger refuses their posting.
const RACED_FOR_FUNDS = 'GH001';
const POSTING_CONFLICT = 'GH002';

function sqlStateOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * A bet or a win as one statement, its own implicit transaction (migration 0055): the
 * call's answer, or undefined when it must run in a transaction of its own (moneyCall): a member
 * with responsible-play settings, a stake or a return that touches the bonus account (the wallet's
 * split decides), or a posting refused for want of money the read showed (moneyCall reads again).
 * Every other failure is answered as moneyCall answers it.
 */
async function inOneStatement(
  ctx: AppContext,
  integration: Integration,
  call: MoneyCall,
  statement: q.OneStatementCall,
): Promise<VendorAnswer | undefined> {
  let row: q.OneStatementOutcome;
  try {
    // On PostgreSQL concurrent calls share a transaction (group commit, vendor-call-batcher.ts).
    row =
      ctx.database.kind === 'postgres'
        ? await vendorCallBatcher(ctx.db as Db).submit(statement)
        : await q.callInOneStatement(ctx.db, statement);
  } catch (error) {
    const state = sqlStateOf(error);
    if (state === RACED_FOR_FUNDS) return undefined;
    const failure = state === POSTING_CONFLICT ? new AppError('WALLET_IDEMPOTENCY_CONFLICT') : error;
    return answerFailure(ctx, integration, call, failure);
  }
  if (row.outcome === 'stale') {
    cacheOf(ctx).delete(integration.vendor_code);
    throw new StaleIntegration();
  }
  if (row.outcome === 'slow' || row.answer_status === null) return undefined;
  const status = row.answer_status as VendorStatus;
  return {
    http: vendorStatusCatalogue[status].http,
    status,
    balance: Number(row.answer_balance ?? 0),
    currency: integration.currency,
  };
}

/** The ledger's posting of a movement of `amount` to or from the member's cash alone (null for 0). */
function cashPosting(
  integration: Integration,
  row: { transactionId: string; roundId: string; memberId: number; amount: number },
  move: { toMember: boolean; type: string },
): q.CashPosting | null {
  if (row.amount === 0) return null;
  const vendor = integration.vendor_code;
  return preparePosting({
    idempotencyKey: walletKey(vendor, row.transactionId),
    type: move.type,
    reference: `${vendor}:${row.roundId}`,
    entries: splitEntries(
      row.memberId,
      `vendor:${vendor}`,
      integration.currency,
      { cash: row.amount, bonus: 0 },
      move.toMember,
    ),
  });
}

const roundKey = (vendor: string, roundId: string) => `vendor-round:${vendor}:${roundId}`;
const txKey = (vendor: string, transactionId: string) => `vendor-tx:${vendor}:${transactionId}`;
const walletKey = (vendor: string, transactionId: string) => `vendor:${vendor}:${transactionId}`;

function currencyOf(integration: Integration, currency: string, memberId: number): void {
  if (currency !== integration.currency) throw new VendorRefusal('ERROR_CURRENCY_MISMATCH', memberId);
}

type TransactionRow = Parameters<typeof q.insertTransaction>[1];

const cashCode = (memberId: number, currency: string) => `member:${memberId}:cash:${currency}`;
const bonusCode = (memberId: number, currency: string) => `member:${memberId}:bonus:${currency}`;

/**
 * Records the vendor transaction (with `write`, which also changes the round in the same
 * statement) and moves its money between the member's cash and bonus and the house account
 * vendor:<code>, in that order: the posting locks a house account row (one of the ledger's shards of
 * vendor:<code>, shared with the other players on that shard), so it is the last write before the
 * commit. `bonus` is the part of the amount booked on the member's bonus account (the rest on
 * cash): a bet's from stakeSplit, a win's from returnSplit, a rollback's its bet's. balance_after
 * is the playable balance the posting leaves (spendable cash plus bonus), computed from the
 * balances read in the call's context; it is corrected in the rare case another movement of the
 * member's money slipped in between.
 */
async function settle(
  trx: Trx,
  integration: Integration,
  context: q.CallContext,
  row: Omit<TransactionRow, 'balance_after' | 'bonus_amount'>,
  move: { toMember: boolean; type: string; bonus: number },
  write: (row: TransactionRow) => Promise<void> = (r) => q.insertTransaction(trx, r),
  writeThenPost?: (row: TransactionRow) => (ledgerPostArgs: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<number> {
  const currency = integration.currency;
  const held = Number(context.cash_held ?? 0);
  const delta = move.toMember ? row.amount : -row.amount;
  const expected = playableOf(context) + delta;
  // Refused before the house account is locked; ledger.post would refuse it too.
  if (expected < 0) throw new VendorRefusal('ERROR_INSUFFICIENT_FUNDS', row.member_id);
  const recorded: TransactionRow = { ...row, balance_after: expected, bonus_amount: move.bonus };
  if (row.amount === 0) {
    await write(recorded);
    return expected;
  }
  const split = { cash: row.amount - move.bonus, bonus: move.bonus };
  const posting = {
    idempotencyKey: walletKey(integration.vendor_code, row.transaction_id),
    type: move.type,
    reference: `${integration.vendor_code}:${row.round_id}`,
    entries: splitEntries(row.member_id, `vendor:${integration.vendor_code}`, currency, split, move.toMember),
  };
  // A bet's or a win's records and its posting go in one statement (one round trip).
  let result: Awaited<ReturnType<typeof post>>;
  if (writeThenPost) result = await postThrough(trx, posting, writeThenPost(recorded));
  else {
    await write(recorded);
    result = await post(trx, posting);
  }
  // The accounts the posting touched report their new balance; the others are as the context read them.
  const cash = result.balances[cashCode(row.member_id, currency)] ?? Number(context.cash_balance ?? 0);
  const bonus = result.balances[bonusCode(row.member_id, currency)] ?? Number(context.bonus_balance ?? 0);
  if (cash - held + bonus === expected) return expected;
  const after = await playableBalance(trx, row.member_id, currency);
  await q.setBalanceAfter(trx, integration.vendor_code, row.transaction_id, after);
  return after;
}

function spendableCash(c: q.CallContext): number {
  return Number(c.cash_balance ?? 0) - Number(c.cash_held ?? 0);
}

function sessionOf(c: {
  session_member_id: number | null;
  session_trial: boolean | null;
  session_vendor: string | null;
  session_expires_at: Date | string | null;
}) {
  if (c.session_vendor === null || c.session_trial === null || c.session_expires_at === null) return undefined;
  return {
    member_id: c.session_member_id,
    trial: c.session_trial,
    vendor_code: c.session_vendor,
    expires_at: c.session_expires_at,
  };
}

/** A bet; a detail it brings is kept for its round once the bet is recorded. */
export async function bet(ctx: AppContext, integration: Integration, body: VendorBetRequest): Promise<VendorAnswer> {
  const answer = await placeBet(ctx, integration, body);
  if (body.detail !== undefined) await keepDetail(ctx, integration, body, body.detail, answer);
  return answer;
}

async function placeBet(ctx: AppContext, integration: Integration, body: VendorBetRequest): Promise<VendorAnswer> {
  const vendor = integration.vendor_code;
  const memberId = Number(body.player);
  const call: MoneyCall = {
    kind: 'bet',
    transactionId: body.transactionId,
    memberId,
    hash: detailsHash('bet', [body.player, body.gameCode, body.roundId, body.amount, body.currency]),
    bet: { roundId: body.roundId, amount: body.amount },
  };
  const read: CallRead = {
    lockKeys: [roundKey(vendor, body.roundId), txKey(vendor, body.transactionId)],
    roundId: body.roundId,
    token: body.token,
    gameCode: body.gameCode,
    rollbacksOf: body.transactionId,
  };
  const lockKeys = ctx.database.kind === 'postgres' ? read.lockKeys : [];
  const now = ctx.now();
  const fast = await inOneStatement(ctx, integration, call, {
    kind: 'bet',
    lockKeys,
    clock: movedClock(now),
    now,
    integration,
    memberId,
    tokenHash: sha256(body.token),
    gameCode: body.gameCode,
    roundId: body.roundId,
    transactionId: body.transactionId,
    amount: body.amount,
    currencyOk: body.currency === integration.currency,
    detailsHash: call.hash,
    posting: cashPosting(integration, { ...body, memberId }, { toMember: false, type: 'bet.vendor' }),
  });
  if (fast) return fast;
  return moneyCall(ctx, integration, call, read, async (trx, c) => {
    // A rollback already came for this id: the bet arrives too late and is refused.
    if (c.known.length > 0) throw new VendorRefusal('ERROR_TRANSACTION_ROLLED_BACK', memberId);
    const session = sessionOf(c);
    checkSession(ctx, integration, session);
    if (session.member_id !== memberId) throw new VendorRefusal('ERROR_INVALID_TOKEN');
    if (c.member_status !== 'active') throw new VendorRefusal('ERROR_PLAYER_DISABLED', memberId);
    currencyOf(integration, body.currency, memberId);
    const nodeId = c.game_node_id;
    const gameType = c.game_type;
    if (nodeId === null || gameType === null) throw new VendorRefusal('ERROR_GAME_NOT_FOUND', memberId);
    if (c.round_member_id !== null && c.round_member_id !== memberId)
      throw new VendorRefusal('ERROR_DUPLICATE_TRANSACTION', memberId);
    if (c.round_status === 'closed') throw new VendorRefusal('ERROR_ROUND_CLOSED', memberId);
    if (c.round_status === 'rolled_back') throw new VendorRefusal('ERROR_TRANSACTION_ROLLED_BACK', memberId);
    // The maximum bet of a bonus being wagered (the rewards module's rule, as vendor_bet applies it).
    const maxBet = await bonusBetLimit(trx, memberId);
    if (maxBet !== null && body.amount > maxBet) throw new VendorRefusal('ERROR_BONUS_MAX_BET', memberId);
    // A break, the day's session time, or a wager or loss limit refuses the bet. Only a
    // member with settings can be refused; the context read says whether there are any.
    const limited = c.responsible ? await betRefusal(ctx, trx, memberId, body.amount) : undefined;
    if (limited) throw new VendorRefusal(limited, memberId);

    const round = { node_id: nodeId, game_code: body.gameCode, game_type: gameType, currency: integration.currency };
    const after = await settle(
      trx,
      integration,
      c,
      {
        vendor_code: vendor,
        transaction_id: body.transactionId,
        kind: 'bet',
        round_id: body.roundId,
        member_id: memberId,
        amount: body.amount,
        ref_transaction_id: null,
        details_hash: call.hash,
        status: 'ok',
      },
      // Cash first, then bonus (a bet above cash + bonus was refused by settle before this posts).
      { toMember: false, type: 'bet.vendor', bonus: stakeSplit(body.amount, spendableCash(c)).bonus },
      (row) => q.recordBet(trx, round, row),
      (row) => q.recordBetThenPost(round, row),
    );
    return okAnswer(integration, after);
  });
}

/** Wins are paid after the session expired and to disabled players too: the money is owed. */
export async function win(ctx: AppContext, integration: Integration, body: VendorWinRequest): Promise<VendorAnswer> {
  const answer = await payWin(ctx, integration, body);
  if (body.detail !== undefined) await keepDetail(ctx, integration, body, body.detail, answer);
  return answer;
}

async function payWin(ctx: AppContext, integration: Integration, body: VendorWinRequest): Promise<VendorAnswer> {
  const vendor = integration.vendor_code;
  const memberId = Number(body.player);
  const call: MoneyCall = {
    kind: 'win',
    transactionId: body.transactionId,
    memberId,
    hash: detailsHash('win', [
      body.player,
      body.gameCode,
      body.roundId,
      body.betTransactionId ?? null,
      body.amount,
      body.currency,
      body.roundClosed,
      // Only when declared, so a win without it hashes as before.
      ...(body.validBet !== undefined ? [body.validBet] : []),
    ]),
  };
  const read: CallRead = {
    lockKeys: [roundKey(vendor, body.roundId), txKey(vendor, body.transactionId)],
    roundId: body.roundId,
    ...(body.betTransactionId !== undefined ? { otherId: body.betTransactionId } : {}),
  };
  // A declared valid bet is written on the round before the win closes it, so the round.settled
  // fact carries it; that is the gateway's own transaction (a void or a push is rare).
  const fast =
    body.validBet !== undefined
      ? undefined
      : await inOneStatement(ctx, integration, call, {
          kind: 'win',
          lockKeys: ctx.database.kind === 'postgres' ? read.lockKeys : [],
          clock: movedClock(ctx.now()),
          integration,
          memberId,
          roundId: body.roundId,
          transactionId: body.transactionId,
          amount: body.amount,
          betTransactionId: body.betTransactionId ?? null,
          close: body.roundClosed,
          currencyOk: body.currency === integration.currency,
          detailsHash: call.hash,
          posting: cashPosting(integration, { ...body, memberId }, { toMember: true, type: 'win.vendor' }),
        });
  if (fast) return fast;
  return moneyCall(ctx, integration, call, read, async (trx, c) => {
    if (c.member_status === null) throw new VendorRefusal('ERROR_PLAYER_NOT_FOUND');
    currencyOf(integration, body.currency, memberId);
    if (c.round_member_id !== memberId) throw new VendorRefusal('ERROR_TRANSACTION_NOT_FOUND', memberId);
    if (body.betTransactionId !== undefined) {
      const paid = c.known.find((r) => r.transaction_id === body.betTransactionId);
      if (paid?.kind !== 'bet' || paid.round_id !== body.roundId)
        throw new VendorRefusal('ERROR_TRANSACTION_NOT_FOUND', memberId);
      if (paid.status === 'rolled_back') throw new VendorRefusal('ERROR_TRANSACTION_ROLLED_BACK', memberId);
    }
    if (c.round_status === 'rolled_back') throw new VendorRefusal('ERROR_TRANSACTION_ROLLED_BACK', memberId);
    if (c.round_status === 'closed') throw new VendorRefusal('ERROR_ROUND_CLOSED', memberId);
    if (body.validBet !== undefined) {
      // What came back without risk was returned: at most the bets, at most what the wins pay.
      const bets = Number(c.round_bet_amount ?? 0);
      const unrisked = bets - body.validBet;
      if (unrisked < 0 || !(await q.setRoundVoidAmount(trx, vendor, body.roundId, unrisked, body.amount)))
        throw new VendorRefusal('ERROR_INVALID_VALID_BET', memberId);
    }

    const after = await settle(
      trx,
      integration,
      c,
      {
        vendor_code: vendor,
        transaction_id: body.transactionId,
        kind: 'win',
        round_id: body.roundId,
        member_id: memberId,
        amount: body.amount,
        ref_transaction_id: body.betTransactionId ?? null,
        details_hash: call.hash,
        status: 'ok',
      },
      {
        toMember: true,
        type: 'win.vendor',
        bonus: returnSplit(body.amount, Number(c.round_bet_amount ?? 0), Number(c.round_bonus_amount ?? 0)).bonus,
      },
      (row) => q.recordWin(trx, row, body.roundClosed),
      (row) => q.recordWinThenPost(row, body.roundClosed),
    );
    return okAnswer(integration, after);
  });
}

/**
 * Reverses a bet. Unknown bet: recorded (rollback_of_unknown) and answered OK, so a late bet with
 * that id is refused. A bet already rolled back: OK, nothing moves. A round a win already settled
 * (a win recorded, or the round closed): ERROR_BET_ALREADY_SETTLED, as the industry does; the
 * vendor corrects a settled round with a new win, never by un-betting.
 */
export async function rollback(
  ctx: AppContext,
  integration: Integration,
  body: VendorRollbackRequest,
): Promise<VendorAnswer> {
  const vendor = integration.vendor_code;
  const memberId = Number(body.player);
  const call: MoneyCall = {
    kind: 'rollback',
    transactionId: body.transactionId,
    memberId,
    hash: detailsHash('rollback', [body.player, body.roundId, body.rollbackTransactionId]),
  };
  const txKeys = [txKey(vendor, body.transactionId), txKey(vendor, body.rollbackTransactionId)].sort();
  const read: CallRead = {
    lockKeys: [roundKey(vendor, body.roundId), ...txKeys],
    roundId: body.roundId,
    otherId: body.rollbackTransactionId,
  };
  return moneyCall(ctx, integration, call, read, async (trx, c) => {
    if (c.member_status === null) throw new VendorRefusal('ERROR_PLAYER_NOT_FOUND');
    const record = async (amount: number, bonus: number, status: 'ok' | 'rollback_of_unknown') => {
      const row = {
        vendor_code: vendor,
        transaction_id: body.transactionId,
        kind: 'rollback' as const,
        round_id: body.roundId,
        member_id: memberId,
        amount,
        ref_transaction_id: body.rollbackTransactionId,
        details_hash: call.hash,
        status,
      };
      const move = { toMember: true, type: 'bet.rollback', bonus };
      return okAnswer(integration, await settle(trx, integration, c, row, move));
    };

    const target = c.known.find((r) => r.transaction_id === body.rollbackTransactionId);
    if (!target) return record(0, 0, 'rollback_of_unknown');
    if (target.kind !== 'bet' || target.member_id !== memberId || target.round_id !== body.roundId)
      throw new VendorRefusal('ERROR_TRANSACTION_NOT_FOUND', memberId);
    if (target.status === 'rolled_back') return record(0, 0, 'ok');
    if (c.round_status === 'closed' || (await q.hasWinInRound(trx, vendor, body.roundId)))
      throw new VendorRefusal('ERROR_BET_ALREADY_SETTLED', memberId);

    await q.markRolledBack(trx, vendor, body.rollbackTransactionId);
    const open = Number((await q.countOpenBets(trx, vendor, body.roundId)).n);
    // Each part of the bet goes back where it came from (its bonus part to bonus).
    const bonus = Number(target.bonus_amount ?? 0);
    await q.removeBetFromRound(trx, vendor, body.roundId, target.amount, bonus, open === 0);
    return record(target.amount, bonus, 'ok');
  });
}

/**
 * A correction of a round a win already settled (a win recorded, or the round closed): a signed
 * amount. A credit pays the member (into cash and bonus as the round's wins were); a debit takes
 * what the member's spendable cash holds, up to the amount, and the answer's `taken` says what moved:
 * a member's balance never goes negative, and the rest is the house's uncollected loss, which the
 * vendor keeps on its bet. A debit may not take back more than the round paid so far. Paid to
 * disabled players too (the money is owed either way). The plain path: one transaction after the
 * locked read, as a rollback.
 */
export async function resettle(
  ctx: AppContext,
  integration: Integration,
  body: VendorResettleRequest,
): Promise<VendorAnswer> {
  const vendor = integration.vendor_code;
  const memberId = Number(body.player);
  const call: MoneyCall = {
    kind: 'resettle',
    transactionId: body.transactionId,
    memberId,
    hash: detailsHash('resettle', [body.player, body.gameCode, body.roundId, body.amount, body.currency, body.reason]),
  };
  const read: CallRead = {
    lockKeys: [roundKey(vendor, body.roundId), txKey(vendor, body.transactionId)],
    roundId: body.roundId,
  };
  const answer = await moneyCall(ctx, integration, call, read, async (trx, c) => {
    if (c.member_status === null) throw new VendorRefusal('ERROR_PLAYER_NOT_FOUND');
    currencyOf(integration, body.currency, memberId);
    const round = await q.findRound(trx, vendor, body.roundId);
    if (!round || Number(round.member_id) !== memberId || round.game_code !== body.gameCode)
      throw new VendorRefusal('ERROR_TRANSACTION_NOT_FOUND', memberId);
    if (round.status === 'rolled_back') throw new VendorRefusal('ERROR_TRANSACTION_ROLLED_BACK', memberId);
    if (round.status !== 'closed' && !(await q.hasWinInRound(trx, vendor, body.roundId)))
      throw new VendorRefusal('ERROR_ROUND_NOT_SETTLED', memberId);
    const paid = Number(round.win_amount);
    if (body.amount < 0 && -body.amount > paid) throw new VendorRefusal('ERROR_CORRECTION_EXCEEDS_PAID', memberId);

    // What moves: the credit, or as much of the debit as the spendable cash holds now.
    const taken = body.amount > 0 ? body.amount : Math.min(-body.amount, Math.max(0, spendableCash(c)));
    const moved = body.amount > 0 ? taken : -taken;
    const bonus = moved > 0 ? returnSplit(moved, Number(round.bet_amount), Number(round.bonus_bet_amount)).bonus : 0;
    let after = playableOf(c);
    if (moved !== 0) {
      await postResettlement(trx, {
        memberId,
        vendor,
        currency: integration.currency,
        amount: moved,
        bonus,
        idempotencyKey: walletKey(vendor, body.transactionId),
        reference: `${vendor}:${body.roundId}`,
      });
      after = await playableBalance(trx, memberId, integration.currency);
    }
    await q.recordResettlement(
      trx,
      {
        vendor_code: vendor,
        transaction_id: body.transactionId,
        kind: 'resettle',
        round_id: body.roundId,
        member_id: memberId,
        amount: moved,
        ref_transaction_id: null,
        details_hash: call.hash,
        status: 'ok',
        balance_after: after,
        bonus_amount: bonus,
      },
      { requested: body.amount, taken, reason: body.reason },
    );
    return { ...okAnswer(integration, after), taken };
  });
  if (body.detail !== undefined) {
    await keepDetail(ctx, integration, body, detailAsMoved(body.detail, body, answer.taken), answer);
  }
  return answer;
}

/**
 * A correction's detail as the money moved. The vendor writes it before the call, so a debit the
 * member's cash could not cover in full reads as asked; the record must say what moved (the round's
 * win changed by `taken`). So that correction (the last of its amount, of its reason when there is
 * one) shows what was taken, and the payout keeps what stayed with the member.
 */
export function detailAsMoved(
  detail: VendorRoundDetail,
  call: { amount: number; reason: string },
  taken: number | undefined,
): VendorRoundDetail {
  if (call.amount >= 0 || taken === undefined || taken >= -call.amount) return detail;
  const last = (match: (c: VendorRoundDetail['corrections'][number]) => boolean) =>
    detail.corrections.findLastIndex(match);
  let at = last((c) => c.amount === call.amount && c.reason === call.reason);
  if (at < 0) at = last((c) => c.amount === call.amount);
  if (at < 0) return detail;
  return {
    ...detail,
    payout: detail.payout - call.amount - taken,
    corrections: detail.corrections.map((c, i) => (i === at ? { ...c, amount: -taken } : c)),
  };
}

/** The event names of a round's detail, for the account record: each event once, in leg order. */
export function detailSummary(detail: VendorRoundDetail): string {
  // Team names are proper nouns, and "v" reads as a match in the languages the site speaks.
  const events = [
    ...new Set(detail.legs.map((leg) => ('marketType' in leg ? `${leg.home} v ${leg.away}` : leg.event))),
  ];
  const text = events.join(' · ');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/**
 * Keeps the detail an accepted call brought for its round (vendor_round_details). Only after an
 * OK: a refused call left no transaction, and keepRoundDetail writes nothing for it. Should this
 * write fail, the call answers ERROR_INTERNAL and the vendor's retry (a replay) keeps it then.
 */
async function keepDetail(
  ctx: AppContext,
  integration: Integration,
  body: { roundId: string; transactionId: string },
  detail: VendorRoundDetail,
  answer: VendorAnswer,
): Promise<void> {
  if (answer.status !== 'OK') return;
  await q.keepRoundDetail(ctx.db, {
    vendorCode: integration.vendor_code,
    roundId: body.roundId,
    transactionId: body.transactionId,
    detail,
    summary: detailSummary(detail),
  });
}

// ---- operator: reconciliation

/**
 * One vendor's brand day (the brand's time zone, like every report) from vendor_transactions,
 * beside the same day in the ledger entries of the house account vendor:<code>. Both are written in
 * one database transaction and stamped with its time, so they fall on the same day and must match
 * to the unit.
 */
export async function reconciliation(ctx: AppContext, vendor: string, date: string): Promise<ReconciliationValue> {
  const integration = await q.findIntegration(ctx.db, vendor);
  if (!integration) throw new AppError('VENDOR_NOT_FOUND');
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date)
    throw new AppError('VALIDATION_FAILED', { value: { fields: { date: 'INVALID' } } });
  const timeZone = (await getBrand(ctx.db)).timeZone;
  const { start: from, end: to } = await brandDayBounds(ctx.db, date, date, timeZone);
  const rows = await q.transactionTotals(ctx.db, vendor, from, to);
  const sum = (pick: (r: (typeof rows)[number]) => boolean) => {
    const picked = rows.filter(pick);
    return {
      count: picked.reduce((n, r) => n + Number(r.n), 0),
      amount: picked.reduce((n, r) => n + Number(r.total), 0),
    };
  };
  const bets = sum((r) => r.kind === 'bet');
  const wins = sum((r) => r.kind === 'win');
  const rollbacks = sum((r) => r.kind === 'rollback' && r.status === 'ok');
  // Corrections carry their signed amount (credits > 0): the sum is what they paid out net.
  const corrections = sum((r) => r.kind === 'resettle');
  const unknownRollbacks = sum((r) => r.kind === 'rollback' && r.status === 'rollback_of_unknown').count;
  const net = bets.amount - rollbacks.amount - wins.amount - corrections.amount;
  // The house account is spread over shard rows by the wallet; houseEntryTotals sums them all.
  const ledger = await houseEntryTotals(ctx.db, `vendor:${vendor}`, integration.currency, from, to);
  return {
    vendor,
    date,
    timeZone,
    currency: integration.currency,
    bets,
    wins,
    rollbacks,
    corrections,
    unknownRollbacks,
    net,
    ledger,
    matches: ledger.net === net,
  };
}
