import { createHash } from 'node:crypto';
import type { Conn, Trx } from '../../db/database';
import { AppError } from '../../http/errors';
import {
  accountsOffTheirEntries,
  applyToAccount,
  balancesOfCodes,
  brokenBalanceChains,
  ensurePointsAccount,
  insertEntries,
  insertPosting,
  insertPostings,
  lockAccounts,
  memberPointsBalance,
  negativeMemberAccounts,
  pointsLedgerCounts,
  postingByKey,
  setBalances,
  unbalancedPostings,
} from './points-ledger.queries';

// The points ledger ("the same guarantees as money"): balanced double entry between a
// member's points account and the house points accounts, append-only postings and entries
// (migration 0038 triggers), never negative for a member (CHECK plus the guarded update), one
// posting per idempotency key. This file is its only writer; every module that moves points (the
// points mall, missions, tickets) calls postPoints inside its own transaction.

/** House points accounts: where points come from and go to. They may go negative. */
export type HousePointsAccount = 'earned' | 'redeemed' | 'converted' | 'adjustments';
export type PointsAccountRef = { member: number } | { house: HousePointsAccount };

export type PointsPosting = {
  idempotencyKey: string;
  type: string;
  reference: string;
  remark?: string;
  entries: { account: PointsAccountRef; amount: number }[];
};

export type PointsPostingResult = { postingId: number; replayed: boolean; balances: Record<string, number> };

export function pointsAccountCode(ref: PointsAccountRef): string {
  return 'member' in ref ? `member:${ref.member}` : `house:${ref.house}`;
}

function fingerprintOf(p: PointsPosting): string {
  const canonical = JSON.stringify({
    type: p.type,
    reference: p.reference,
    entries: p.entries.map((e) => [pointsAccountCode(e.account), e.amount]).sort(),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** A posting's shape: two entries or more, each a non-zero whole number of points, summing to zero. */
function assertBalanced(posting: PointsPosting): void {
  if (posting.entries.length < 2) throw new Error('a points posting needs two entries or more');
  let sum = 0;
  for (const e of posting.entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error('points entries are non-zero integers');
    sum += e.amount;
  }
  if (sum !== 0) throw new Error('a points posting must sum to zero');
}

/**
 * Posts a balanced set of points entries inside the caller's transaction. A repeated key with the
 * same details answers the first posting (replayed); with other details POINTS_REQUEST_CONFLICT. A
 * member account that would go below zero is POINTS_INSUFFICIENT: the error must roll the caller's
 * transaction back (the key claim and any earlier entry are undone with it).
 */
export async function postPoints(trx: Trx, posting: PointsPosting): Promise<PointsPostingResult> {
  if (!trx.isTransaction) throw new Error('postPoints must run inside a transaction');
  assertBalanced(posting);

  const fingerprint = fingerprintOf(posting);
  // Claiming the key first: a second request with the same key waits here on the unique index until
  // the first commits, then finds it and answers the first posting without touching a balance.
  const postingId = await insertPosting(trx, {
    key: posting.idempotencyKey,
    type: posting.type,
    reference: posting.reference,
    remark: posting.remark ?? '',
    fingerprint,
  });
  const entries = posting.entries
    .map((e) => ({ ...e, code: pointsAccountCode(e.account) }))
    // One lock order (by code) for every posting, so two postings never deadlock on their accounts.
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  if (postingId === undefined) {
    const existing = await postingByKey(trx, posting.idempotencyKey);
    if (!existing || existing.fingerprint !== fingerprint) throw new AppError('POINTS_REQUEST_CONFLICT');
    return {
      postingId: existing.id,
      replayed: true,
      balances: await currentBalances(
        trx,
        entries.map((e) => e.code),
      ),
    };
  }
  const rows: { posting_id: number; account_id: number; amount: number; balance_after: number }[] = [];
  const balances: Record<string, number> = {};
  for (const e of entries) {
    await ensurePointsAccount(trx, {
      code: e.code,
      kind: 'member' in e.account ? 'member' : e.account.house,
      memberId: 'member' in e.account ? e.account.member : null,
      allowNegative: !('member' in e.account),
    });
    const updated = await applyToAccount(trx, e.code, e.amount);
    if (!updated) throw new AppError('POINTS_INSUFFICIENT');
    rows.push({ posting_id: postingId, account_id: updated.id, amount: e.amount, balance_after: updated.balance });
    balances[e.code] = updated.balance;
  }
  await insertEntries(trx, rows);
  return { postingId, replayed: false, balances };
}

/**
 * postPoints on each posting in turn, in a handful of statements (the rewards engine's
 * batches): the same postings, entries and balances after each entry, in the same
 * order. The keys are claimed in one statement; a key already taken answers as postPoints does
 * (replayed, or POINTS_REQUEST_CONFLICT); the accounts are made and locked once, the balances
 * worked out in order and written once per account, the entries inserted in one statement. A
 * member account that would go below zero is POINTS_INSUFFICIENT, as in postPoints.
 */
export async function postPointsMany(trx: Trx, postings: PointsPosting[]): Promise<PointsPostingResult[]> {
  if (!trx.isTransaction) throw new Error('postPoints must run inside a transaction');
  // A key twice in one call: the second is a replay of the first, which postPoints in turn answers.
  if (postings.length < 2 || new Set(postings.map((p) => p.idempotencyKey)).size < postings.length) {
    const results: PointsPostingResult[] = [];
    for (const p of postings) results.push(await postPoints(trx, p));
    return results;
  }
  for (const posting of postings) assertBalanced(posting);
  const fingerprints = postings.map(fingerprintOf);
  const ids = await insertPostings(
    trx,
    postings.map((p, i) => ({
      key: p.idempotencyKey,
      type: p.type,
      reference: p.reference,
      remark: p.remark ?? '',
      fingerprint: fingerprints[i] as string,
    })),
  );
  const sorted = postings.map((p) =>
    p.entries
      .map((e) => ({ ...e, code: pointsAccountCode(e.account) }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
  );
  const fresh = new Map<string, PointsPosting['entries'][number]['account']>();
  postings.forEach((p, i) => {
    if (ids.has(p.idempotencyKey)) for (const e of sorted[i] ?? []) fresh.set(e.code, e.account);
  });
  // Most accounts exist: one locking read, and the missing ones made (in code order) and read again.
  const codes = [...fresh.keys()].sort();
  let locked = codes.length === 0 ? [] : await lockAccounts(trx, codes);
  if (locked.length < codes.length) {
    const have = new Set(locked.map((a) => a.code));
    for (const code of codes) {
      const account = fresh.get(code);
      if (have.has(code) || !account) continue;
      await ensurePointsAccount(trx, {
        code,
        kind: 'member' in account ? 'member' : account.house,
        memberId: 'member' in account ? account.member : null,
        allowNegative: !('member' in account),
      });
    }
    locked = await lockAccounts(trx, codes);
  }
  const accounts = new Map(
    locked.map((a) => [
      a.code,
      { id: a.id, balance: Number(a.balance), allowNegative: a.allow_negative, touched: false },
    ]),
  );
  const rows: { posting_id: number; account_id: number; amount: number; balance_after: number }[] = [];
  const results: PointsPostingResult[] = [];
  for (const [i, posting] of postings.entries()) {
    const entries = sorted[i] ?? [];
    const postingId = ids.get(posting.idempotencyKey);
    if (postingId === undefined) {
      const existing = await postingByKey(trx, posting.idempotencyKey);
      if (!existing || existing.fingerprint !== fingerprints[i]) throw new AppError('POINTS_REQUEST_CONFLICT');
      const balances = Object.fromEntries(
        entries.flatMap((e) => {
          const a = accounts.get(e.code);
          return a ? [[e.code, a.balance]] : [];
        }),
      );
      const unknown = entries.filter((e) => !accounts.has(e.code)).map((e) => e.code);
      if (unknown.length > 0) Object.assign(balances, await currentBalances(trx, unknown));
      results.push({ postingId: existing.id, replayed: true, balances });
      continue;
    }
    const balances: Record<string, number> = {};
    for (const e of entries) {
      const a = accounts.get(e.code);
      if (!a) throw new Error(`points account ${e.code} not made`);
      if (!a.allowNegative && a.balance + e.amount < 0) throw new AppError('POINTS_INSUFFICIENT');
      a.balance += e.amount;
      a.touched = true;
      rows.push({ posting_id: postingId, account_id: a.id, amount: e.amount, balance_after: a.balance });
      balances[e.code] = a.balance;
    }
    results.push({ postingId, replayed: false, balances });
  }
  await setBalances(
    trx,
    [...accounts.values()].filter((a) => a.touched).map((a) => ({ id: a.id, balance: a.balance })),
  );
  if (rows.length > 0) await insertEntries(trx, rows);
  return results;
}

async function currentBalances(db: Conn, codes: string[]): Promise<Record<string, number>> {
  const rows = await balancesOfCodes(db, codes);
  return Object.fromEntries(rows.map((r) => [r.code, r.balance]));
}

/** A member's points (0 before their first movement). Points never expire (spec §1). */
export async function pointsBalance(db: Conn, memberId: number): Promise<number> {
  return (await memberPointsBalance(db, memberId))?.balance ?? 0;
}

export type PointsLedgerReport = {
  ok: boolean;
  violations: string[];
  counts: { accounts: number; postings: number; entries: number };
};

/**
 * The points ledger's invariants, as the money ledger's: every balance equals the sum of its
 * entries, every posting has two entries or more summing to zero, no member account is negative,
 * and each entry's balance_after follows from the one before it. Read only; `npm run ledger:verify`.
 */
export async function verifyPointsLedger(db: Conn): Promise<PointsLedgerReport> {
  const violations: string[] = [];
  for (const a of await accountsOffTheirEntries(db))
    violations.push(`points account ${a.code}: balance ${a.balance} but its entries sum to ${Number(a.sum)}`);
  for (const p of await unbalancedPostings(db))
    violations.push(`points posting ${p.idempotency_key}: ${Number(p.entries)} entries summing to ${Number(p.sum)}`);
  for (const a of await negativeMemberAccounts(db))
    violations.push(`points account ${a.code}: balance ${a.balance} is negative`);
  for (const e of await brokenBalanceChains(db))
    violations.push(
      `points entry ${e.id} of ${e.code}: balance after ${e.balance_after}, its entries give ${Number(e.expected)}`,
    );
  return { ok: violations.length === 0, violations, counts: await pointsLedgerCounts(db) };
}
