import { createHash } from 'node:crypto';
import { toMajor } from '@gamehall/shared/money';
import type { Expression, RawBuilder } from 'kysely';
import type { Conn, Db, Trx } from '../../db/database';
import { AppError } from '../../http/errors';
import { CHANNEL as EVENTS_CHANNEL, publishAfterCommit, type RealtimeEvent } from '../../realtime/event-bus';
import { countPosting, timePosting } from './ledger.metrics';
import type { LedgerPostEntry, LedgerPostHead } from './ledger.queries';
import {
  accountsOffTheirEntries,
  addHeld,
  balanceOfCodes,
  ensureAccount,
  entryTotalsOfCodes,
  findHold,
  findHoldByKey,
  heldOffOpenHolds,
  insertHold,
  type LedgerPostArgs,
  type LedgerPostOutcome,
  ledgerCounts,
  memberAccount,
  memberAccountSql,
  memberAccounts,
  negativeMemberAccounts,
  postLedger,
  postLedgerBatch,
  postLedgerThrough,
  removeHeld,
  setHoldPosting,
  settleHold,
  unbalancedPostings,
} from './ledger.queries';
import { postingBatcher } from './posting-batcher';

// The money ledger's kernel and the only writer of its tables (ledger_accounts, ledger_postings,
// ledger_entries, ledger_holds): postings, holds, balances and the invariants `npm run ledger:verify`
// checks. Every other module moves money by calling post() (or a hold) inside its own transaction.

/**
 * Member accounts: `cash` (the main wallet), `bonus` (promotions) and `vendor:<code>` (a game
 * vendor's wallet in transfer-wallet mode). House and clearing accounts (may go negative): bank,
 * deposits-in-transit, withdrawals-payable, vendor:<code>, promotions-expense,
 * agent-commissions-expense.
 */
export type MemberAccountKind = 'cash' | 'bonus' | `vendor:${string}`;
export type AccountRef =
  | { member: number; kind?: MemberAccountKind; currency: string }
  | { house: string; currency: string };

export type Posting = {
  idempotencyKey: string;
  type: string;
  reference: string;
  entries: { account: AccountRef; amount: number }[];
};

export type PostingResult = { postingId: number; replayed: boolean; balances: Record<string, number> };

/** The logical account code: what a posting's fingerprint is made of (the same for every shard). */
export function accountCode(ref: AccountRef): string {
  return 'member' in ref
    ? `member:${ref.member}:${ref.kind ?? 'cash'}:${ref.currency}`
    : `house:${ref.house}:${ref.currency}`;
}

// Sharded house accounts (the vendor API benchmark): every bet and win of a vendor moves money between a
// member's cash and the house account vendor:<code>, so with one balance row per vendor all its
// concurrent players queued on that row's lock until COMMIT. Vendor house accounts (and only
// those: the other house accounts are not on a per-bet path) are spread over HOUSE_SHARDS rows
// `house:vendor:<code>:<currency>#00` .. `#15`, one chosen per posting from its first member entry
// (member id mod HOUSE_SHARDS, so the players of one vendor spread evenly), else from its
// idempotency key. The choice is deterministic, so a replay lands on the same row; the fingerprint
// uses the logical code, so replays and conflicts mean what they meant before. The logical code
// (no suffix) may still hold entries posted before sharding. A house account's balance and entries
// are the sum over all its rows: read them through houseAccountCodes / houseBalance /
// houseEntryTotals, never by one code. Never change HOUSE_SHARDS without keeping the old codes.
export const HOUSE_SHARDS = 16;

function isShardedHouse(house: string): boolean {
  return house.startsWith('vendor:');
}

function shardCode(base: string, shard: number): string {
  return `${base}#${String(shard).padStart(2, '0')}`;
}

/** Every ledger account code of one house account: the logical code, then its shards if sharded. */
export function houseAccountCodes(house: string, currency: string): string[] {
  const base = accountCode({ house, currency });
  if (!isShardedHouse(house)) return [base];
  return [base, ...Array.from({ length: HOUSE_SHARDS }, (_, i) => shardCode(base, i))];
}

function shardOf(posting: Posting): number {
  const member = posting.entries.find((e) => 'member' in e.account)?.account;
  if (member && 'member' in member) return member.member % HOUSE_SHARDS;
  return createHash('sha256').update(posting.idempotencyKey).digest().readUInt32BE(0) % HOUSE_SHARDS;
}

/** The ledger account row an entry of this posting books on (a shard for a sharded house account). */
function physicalCode(ref: AccountRef, shard: number): string {
  const code = accountCode(ref);
  return 'house' in ref && isShardedHouse(ref.house) ? shardCode(code, shard) : code;
}

function fingerprintOf(p: Posting): string {
  const canonical = JSON.stringify({
    type: p.type,
    reference: p.reference,
    entries: p.entries.map((e) => [accountCode(e.account), e.amount]).sort(),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Posts a balanced set of entries inside the caller's transaction. A repeated idempotency key
 * returns the first result; the same key with other details is WALLET_IDEMPOTENCY_CONFLICT. A
 * member balance that would go below zero (or below what it holds) is WALLET_INSUFFICIENT_FUNDS.
 * A refusal or a conflict writes nothing (the caller's transaction is left as it was), but callers
 * should still let the error roll their transaction back.
 */
export async function post(trx: Trx, posting: Posting): Promise<PostingResult> {
  return postWith(trx, posting, undefined);
}

/**
 * The same posting as post(), with the same results, errors and guarantees, for a unit of work
 * whose only write is this posting: the one statement runs in its own implicit transaction (one
 * round trip instead of BEGIN, the posting and COMMIT), committed when it answers. A refusal or
 * a conflict leaves nothing behind. Anything that must commit together with the posting uses
 * post() inside that transaction instead.
 */
export async function postAlone(db: Db, posting: Posting): Promise<PostingResult> {
  return runPosting(db, posting, undefined);
}

/**
 * post() in the caller's transaction, sent in one statement with the caller's own writes: `statement`
 * gets ledger_post's arguments and returns a call of the caller's database function that writes its
 * rows and then calls ledger_post with them, answering its row (vendor_post_bet, migration 0054).
 * Same checks, results and errors as post(); a refusal or a conflict throws and the caller's
 * transaction must roll back (its rows were written in the same statement).
 */
export async function postThrough(
  trx: Trx,
  posting: Posting,
  statement: (ledgerPostArgs: LedgerPostArgs) => RawBuilder<unknown>,
): Promise<PostingResult> {
  if (!trx.isTransaction) throw new Error('ledger.postThrough must run inside a transaction');
  const { head, entries } = prepare(posting, undefined);
  const outcome = await timePosting('transaction', () =>
    postLedgerThrough(trx, { ...head, channel: EVENTS_CHANNEL }, entries, statement),
  );
  return resultOf(outcome);
}

/** ledger_post's arguments for one posting, as preparePosting hands them to a caller's function. */
export type PreparedPosting = { head: LedgerPostHead; entries: LedgerPostEntry[]; channel: string };

/**
 * A posting checked and prepared exactly as post() prepares it (entries on the physical codes in
 * lock order, its fingerprint, the events channel), for a caller's database function that calls
 * ledger_post itself inside the caller's one statement (vendor_bet, migration 0055). Same
 * results and errors as post() once that function hands back ledger_post's answer.
 */
export function preparePosting(posting: Posting): PreparedPosting {
  return { ...prepare(posting, undefined), channel: EVENTS_CHANNEL };
}

/** `capture` lowers held on that member account in the same row update (capturing a hold). */
async function postWith(
  trx: Trx,
  posting: Posting,
  capture: { code: string; amount: number } | undefined,
): Promise<PostingResult> {
  if (!trx.isTransaction) throw new Error('ledger.post must run inside a transaction');
  return runPosting(trx, posting, capture);
}

/** Checks a posting and puts it in the form ledger_post takes: entries on physical codes, in lock order. */
function prepare(posting: Posting, capture: { code: string; amount: number } | undefined) {
  if (posting.entries.length < 2) throw new AppError('WALLET_POSTING_UNBALANCED');
  let sum = 0;
  for (const e of posting.entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new AppError('WALLET_POSTING_UNBALANCED');
    sum += e.amount;
  }
  if (sum !== 0) throw new AppError('WALLET_POSTING_UNBALANCED');

  // Lock balance rows in a fixed order (by code) so two postings touching the same accounts never
  // deadlock. The whole posting is one statement (ledger_apply, migrations 0010 and 0056): guarded
  // balance updates, the posting row, its entries and the balance events (sent after commit).
  // Sharded house accounts book on the shard of this posting (see HOUSE_SHARDS); locks are ordered
  // by the code actually updated.
  const shard = shardOf(posting);
  const ordered = posting.entries
    .map((entry) => ({ ...entry, code: physicalCode(entry.account, shard) }))
    // Code unit order, which is PostgreSQL's COLLATE "C": batches lock in that order too (0012).
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const head = {
    key: posting.idempotencyKey,
    type: posting.type,
    reference: posting.reference,
    fingerprint: fingerprintOf(posting),
  };
  const entries = ordered.map((entry) => {
    const code = entry.code;
    return {
      code,
      amount: entry.amount,
      heldDelta: capture && capture.code === code && entry.amount < 0 ? -capture.amount : 0,
      kind: 'member' in entry.account ? (entry.account.kind ?? 'cash') : entry.account.house,
      memberId: 'member' in entry.account ? entry.account.member : null,
      currency: entry.account.currency,
    };
  });
  return { head, entries };
}

function resultOf(outcome: LedgerPostOutcome): PostingResult {
  // A refusal or a conflict changed nothing: the caller's transaction is as it was before the call.
  if (outcome.status === 'insufficient') {
    countPosting('refused');
    throw new AppError('WALLET_INSUFFICIENT_FUNDS');
  }
  if (outcome.status === 'conflict') {
    countPosting('conflict');
    throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
  }
  countPosting(outcome.status === 'replayed' ? 'replayed' : 'posted');
  return { postingId: outcome.postingId, replayed: outcome.status === 'replayed', balances: outcome.balances };
}

async function runPosting(
  conn: Conn,
  posting: Posting,
  capture: { code: string; amount: number } | undefined,
): Promise<PostingResult> {
  const { head, entries } = prepare(posting, capture);
  // Inside a transaction the posting is part of the caller's unit of work; on its own it may share
  // a transaction with other lone postings (group commit, posting-batcher.ts).
  const outcome = conn.isTransaction
    ? await timePosting('transaction', () => postLedger(conn, { ...head, channel: EVENTS_CHANNEL }, entries))
    : await timePosting('alone', () => postingBatcher(conn as Db, EVENTS_CHANNEL).submit(head, entries));
  return resultOf(outcome);
}

/**
 * Many postings in the caller's transaction with one database round trip (ledger_post_batch), each
 * with post()'s results and guarantees: for a job that pays thousands of independent amounts in
 * one unit of work (agent settlement). Any refusal or conflict throws, and the caller's transaction
 * must then roll back: the postings before it in the batch were written.
 */
export async function postMany(trx: Trx, postings: Posting[]): Promise<PostingResult[]> {
  if (!trx.isTransaction) throw new Error('ledger.postMany must run inside a transaction');
  if (postings.length === 0) return [];
  const prepared = postings.map((p) => prepare(p, undefined));
  const outcomes = await timePosting('batch', () => postLedgerBatch(trx, EVENTS_CHANNEL, prepared));
  return outcomes.map(resultOf);
}

/**
 * A back-office balance adjustment: credits (amount > 0) or debits (amount < 0) the
 * member's cash against the house account `adjustments`, as a posting of its own type
 * ('adjustment.credit' / 'adjustment.debit', listed under 'adjustment' in the member's records).
 * A debit below the available balance is WALLET_INSUFFICIENT_FUNDS; the key makes a repeat post once.
 */
export async function postAdjustment(
  trx: Trx,
  input: { memberId: number; currency: string; amount: number; idempotencyKey: string; reference: string },
): Promise<PostingResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new AppError('VALIDATION_FAILED');
  return post(trx, {
    idempotencyKey: input.idempotencyKey,
    type: input.amount > 0 ? 'adjustment.credit' : 'adjustment.debit',
    reference: input.reference,
    entries: [
      { account: { member: input.memberId, currency: input.currency }, amount: input.amount },
      { account: { house: 'adjustments', currency: input.currency }, amount: -input.amount },
    ],
  });
}

/**
 * A vendor's correction of a round a win already settled (the resettle call), against the house
 * account vendor:<code>. A credit (amount > 0) pays the member, `bonus` of it into the bonus
 * account as the round's win was (the rest into cash); a debit (amount < 0) takes the amount from
 * the member's cash. The caller asks no more than the spendable cash (balance - held): the
 * guarded update refuses more (WALLET_INSUFFICIENT_FUNDS), since a member's balance never goes
 * negative, and the caller reads again and asks for what is there. Like every vendor posting it
 * locks only ledger rows (lock order step 3), house rows before the member's.
 */
export async function postResettlement(
  trx: Trx,
  input: {
    memberId: number;
    vendor: string;
    currency: string;
    amount: number;
    bonus: number;
    idempotencyKey: string;
    reference: string;
  },
): Promise<PostingResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new AppError('VALIDATION_FAILED');
  const credit = input.amount > 0;
  const size = Math.abs(input.amount);
  const bonus = credit ? Math.min(Math.max(0, input.bonus), size) : 0;
  return post(trx, {
    idempotencyKey: input.idempotencyKey,
    // 'win.' types: the member's records list them with wins, and profit and loss counts them there.
    type: credit ? 'win.resettle-credit' : 'win.resettle-debit',
    reference: input.reference,
    entries: splitEntries(
      input.memberId,
      `vendor:${input.vendor}`,
      input.currency,
      { cash: size - bonus, bonus },
      credit,
    ),
  });
}

/**
 * A house account's balance in minor units: the sum over all its rows (its shards, see
 * HOUSE_SHARDS). The one way to read it; 0 when nothing was posted to it yet.
 */
export async function houseBalance(db: Conn, house: string, currency: string): Promise<number> {
  const row = await balanceOfCodes(db, houseAccountCodes(house, currency));
  return Number(row.balance);
}

/**
 * Credits and debits (minor units, both >= 0) of a house account, summed over all its rows, by
 * postings made in [from, to), and their net (credits - debits). Read only.
 */
export async function houseEntryTotals(
  db: Conn,
  house: string,
  currency: string,
  from: Date,
  to: Date,
): Promise<{ credits: number; debits: number; net: number }> {
  const row = await entryTotalsOfCodes(db, houseAccountCodes(house, currency), from, to);
  const credits = Number(row.credits);
  const debits = Number(row.debits);
  return { credits, debits, net: credits - debits };
}

/** A member's cash balance and held amount in minor units (0 when the account does not exist yet). */
export async function balanceOf(db: Conn, memberId: number, currency: string) {
  const row = await memberAccount(db, memberId, 'cash', currency);
  return {
    balance: row?.balance ?? 0,
    held: row?.held ?? 0,
    available: (row?.balance ?? 0) - (row?.held ?? 0),
  };
}

/**
 * The header's two figures, the cash available and the bonus balance, as scalar subqueries on an id
 * column of the caller's query (member-home reads the header's state in one statement).
 */
export function memberBalancesSql(member: Expression<unknown>, currency: unknown) {
  return {
    available: memberAccountSql(member, 'cash', currency, 'available'),
    bonus: memberAccountSql(member, 'bonus', currency, 'balance'),
  };
}

/** The member's bonus balance (promotions paid as bonus, and what was won with it), minor units. */
export async function bonusBalanceOf(db: Conn, memberId: number, currency: string): Promise<number> {
  return Number((await memberAccount(db, memberId, 'bonus', currency))?.balance ?? 0);
}

/** A member's ledger account of one kind (cash, bonus, vendor:<code>), or undefined before its first posting. */
export function memberLedgerAccount(db: Conn, memberId: number, kind: MemberAccountKind, currency: string) {
  return memberAccount(db, memberId, kind, currency);
}

/** Every ledger account of a member in one currency (cash, bonus, vendor wallets), by kind. */
export function memberLedgerAccounts(db: Conn, memberId: number, currency: string) {
  return memberAccounts(db, memberId, currency);
}

/**
 * What a member can stake at a game (docs/rewards.md "Bonus wallet and wagering"): the
 * spendable cash (balance - held) plus the bonus balance. Withdrawals draw on cash only.
 */
export async function playableBalance(db: Conn, memberId: number, currency: string): Promise<number> {
  const accounts = await memberAccounts(db, memberId, currency);
  let playable = 0;
  for (const a of accounts) {
    if (a.kind === 'cash') playable += Number(a.balance) - Number(a.held);
    else if (a.kind === 'bonus') playable += Number(a.balance);
  }
  return playable;
}

/** A stake or a return split between the member's cash and bonus accounts (minor units, both >= 0). */
export type CashBonusSplit = { cash: number; bonus: number };

/**
 * Bets spend cash first, then bonus: a stake takes all it can from the spendable cash and
 * only the rest from bonus. The caller checks that cash + bonus covers it (the posting refuses an
 * overdraft of either account anyway).
 */
export function stakeSplit(amount: number, spendableCash: number): CashBonusSplit {
  const cash = Math.min(amount, Math.max(0, spendableCash));
  return { cash, bonus: amount - cash };
}

/**
 * A round's win goes back in the proportion its bets were taken: bonus gets
 * floor(amount x bonusStaked / staked), cash the rest (the rounding unit goes to cash). A round
 * staked with cash only pays cash only.
 */
export function returnSplit(amount: number, staked: number, bonusStaked: number): CashBonusSplit {
  if (amount <= 0 || staked <= 0 || bonusStaked <= 0) return { cash: amount, bonus: 0 };
  const bonus = Number((BigInt(amount) * BigInt(Math.min(bonusStaked, staked))) / BigInt(staked));
  return { cash: amount - bonus, bonus };
}

/**
 * The entries of a movement between a member and a house account whose member side is split between
 * cash and bonus: `toMember` credits the member, else debits. Zero parts are left out.
 */
export function splitEntries(
  memberId: number,
  house: string,
  currency: string,
  split: CashBonusSplit,
  toMember: boolean,
): Posting['entries'] {
  const sign = toMember ? 1 : -1;
  const entries: Posting['entries'] = [];
  if (split.cash > 0) entries.push({ account: { member: memberId, currency }, amount: sign * split.cash });
  if (split.bonus > 0)
    entries.push({ account: { member: memberId, kind: 'bonus', currency }, amount: sign * split.bonus });
  entries.push({ account: { house, currency }, amount: -sign * (split.cash + split.bonus) });
  return entries;
}

/**
 * Realtime `balance` events: post, hold, releaseHold and captureHold publish them themselves, and
 * the database layer sends them only once the caller's transaction commits (realtime/event-bus.ts,
 * db/after-commit.ts). Callers have nothing to do.
 */
function balanceEvent(row: { currency: string; balance: number; held: number }): RealtimeEvent {
  return {
    type: 'balance',
    data: { balance: toMajor(row.balance), available: toMajor(row.balance - row.held), currency: row.currency },
  };
}

async function publishBalance(
  trx: Conn,
  row: { member_id: number | null; currency: string; balance: number; held: number },
): Promise<void> {
  if (row.member_id === null) return;
  await publishAfterCommit(trx, row.member_id, balanceEvent(row));
}

function memberCashCode(memberId: number, currency: string): string {
  return accountCode({ member: memberId, currency });
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('VALIDATION_FAILED');
}

/**
 * Reserves `amount` minor units of the member's cash (a withdrawal in review). The guarded update
 * of ledger_accounts.held refuses a hold above balance - held even under concurrency. Idempotent on
 * the key: a replay returns the first hold; the same key with other details is a conflict.
 */
export async function hold(
  trx: Trx,
  input: { memberId: number; currency: string; amount: number; idempotencyKey: string; reference: string },
): Promise<{ holdId: number; replayed: boolean }> {
  if (!trx.isTransaction) throw new Error('ledger.hold must run inside a transaction');
  assertAmount(input.amount);
  const account = await ensureAccount(trx, {
    code: memberCashCode(input.memberId, input.currency),
    kind: 'cash',
    memberId: input.memberId,
    currency: input.currency,
    allowNegative: false,
  });
  const inserted = await insertHold(trx, {
    memberId: input.memberId,
    accountId: account.id,
    amount: input.amount,
    key: input.idempotencyKey,
    reference: input.reference,
  });
  if (!inserted) {
    const existing = await findHoldByKey(trx, input.idempotencyKey);
    if (!existing) throw new Error(`hold ${input.idempotencyKey} vanished`);
    const same =
      existing.member_id === input.memberId &&
      existing.account_id === account.id &&
      existing.amount === input.amount &&
      existing.reference === input.reference;
    if (!same) throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
    return { holdId: existing.id, replayed: true };
  }
  const updated = await addHeld(trx, account.id, input.amount);
  if (!updated) throw new AppError('WALLET_INSUFFICIENT_FUNDS');
  await publishBalance(trx, updated);
  return { holdId: inserted.id, replayed: false };
}

/** Gives a reservation back. Releasing twice is a no-op; a captured hold cannot be released. */
export async function releaseHold(trx: Trx, holdId: number, reason: string): Promise<{ released: boolean }> {
  if (!trx.isTransaction) throw new Error('ledger.releaseHold must run inside a transaction');
  const settled = await settleHold(trx, holdId, { status: 'released', at: new Date(), reason });
  if (!settled) {
    const existing = await findHold(trx, holdId);
    if (!existing) throw new AppError('NOT_FOUND');
    // A captured hold is final: asking to release it conflicts with what was already done to it.
    if (existing.status === 'captured') throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
    return { released: false };
  }
  const updated = await removeHeld(trx, settled.account_id, settled.amount);
  await publishBalance(trx, updated);
  return { released: true };
}

/**
 * Turns a hold into a posting from the member's cash to `to` and clears it, atomically: the held
 * amount is lowered in the same row update that debits the balance. A repeat with the same key
 * returns the first posting; a released hold cannot be captured.
 */
export async function captureHold(
  trx: Trx,
  holdId: number,
  input: { idempotencyKey: string; type: string; reference: string; to: AccountRef },
): Promise<PostingResult> {
  if (!trx.isTransaction) throw new Error('ledger.captureHold must run inside a transaction');
  const existing = await findHold(trx, holdId);
  if (!existing) throw new AppError('NOT_FOUND');
  const posting: Posting = {
    idempotencyKey: input.idempotencyKey,
    type: input.type,
    reference: input.reference,
    entries: [
      { account: { member: existing.member_id, currency: existing.currency }, amount: -existing.amount },
      { account: input.to, amount: existing.amount },
    ],
  };
  const settled = await settleHold(trx, holdId, { status: 'captured', at: new Date(), reason: null });
  if (!settled) {
    if (existing.status === 'released') throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
    const current = await findHold(trx, holdId);
    if (current?.status !== 'captured') throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
    // Already captured: the same key and details replay the first posting, anything else conflicts.
    const result = await postWith(trx, posting, undefined);
    if (!result.replayed || current.posting_id !== result.postingId) throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
    return result;
  }
  const result = await postWith(trx, posting, {
    code: memberCashCode(existing.member_id, existing.currency),
    amount: existing.amount,
  });
  if (result.replayed) throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
  await setHoldPosting(trx, holdId, result.postingId);
  return result;
}

export type LedgerReport = {
  ok: boolean;
  violations: string[];
  counts: { accounts: number; postings: number; entries: number; openHolds: number };
};

/**
 * The ledger invariants: every balance equals the sum of its entries, every posting has
 * at least two entries summing to zero, no member account is negative or holds more than its
 * balance, and held equals the sum of the open holds. Read-only; used by `npm run ledger:verify`.
 */
export async function verifyLedger(db: Conn): Promise<LedgerReport> {
  const violations: string[] = [];
  for (const a of await accountsOffTheirEntries(db))
    violations.push(`account ${a.code}: balance ${a.balance} but its entries sum to ${Number(a.sum)}`);
  for (const p of await unbalancedPostings(db))
    violations.push(`posting ${p.idempotency_key}: ${Number(p.entries)} entries summing to ${Number(p.sum)}`);
  for (const a of await negativeMemberAccounts(db))
    violations.push(`account ${a.code}: balance ${a.balance}, held ${a.held} (negative or held above balance)`);
  for (const a of await heldOffOpenHolds(db))
    violations.push(`account ${a.code}: held ${a.held} but its open holds sum to ${Number(a.sum)}`);
  return { ok: violations.length === 0, violations, counts: await ledgerCounts(db) };
}
