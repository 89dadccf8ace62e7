import { createHash } from 'node:crypto';
import type { Conn, Trx } from '../../db/database';
import { AppError } from '../../http/errors';
import {
  applyToBalance,
  ensureAccount,
  entriesOfPosting,
  findPostingByKey,
  insertEntry,
  insertPosting,
  memberAccount,
} from './wallet.queries';

// The only writer of ledger tables (architecture: "Only wallet writes ledger tables"). The wallet
// issue builds holds, transfers and the cashier on this; the foundation needs postings and balances.

export type AccountRef =
  | { member: number; kind?: 'cash' | 'bonus'; currency: string }
  | { house: string; currency: string };

export type Posting = {
  idempotencyKey: string;
  type: string;
  reference: string;
  entries: { account: AccountRef; amount: number }[];
};

export type PostingResult = { postingId: number; replayed: boolean; balances: Record<string, number> };

function accountCode(ref: AccountRef): string {
  return 'member' in ref
    ? `member:${ref.member}:${ref.kind ?? 'cash'}:${ref.currency}`
    : `house:${ref.house}:${ref.currency}`;
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
 * member balance that would go below zero (or below what it holds) is WALLET_INSUFFICIENT_FUNDS,
 * and the caller's transaction must roll back.
 */
export async function post(trx: Trx, posting: Posting): Promise<PostingResult> {
  if (!trx.isTransaction) throw new Error('wallet.post must run inside a transaction');
  if (posting.entries.length < 2) throw new AppError('WALLET_POSTING_UNBALANCED');
  let sum = 0;
  for (const e of posting.entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new AppError('WALLET_POSTING_UNBALANCED');
    sum += e.amount;
  }
  if (sum !== 0) throw new AppError('WALLET_POSTING_UNBALANCED');

  const fingerprint = fingerprintOf(posting);
  const inserted = await insertPosting(trx, {
    key: posting.idempotencyKey,
    type: posting.type,
    reference: posting.reference,
    fingerprint,
  });
  if (!inserted) return replay(trx, posting.idempotencyKey, fingerprint);

  // Lock balance rows in a fixed order (by code) so two postings touching the same accounts never deadlock.
  const ordered = [...posting.entries].sort((a, b) => accountCode(a.account).localeCompare(accountCode(b.account)));
  const balances: Record<string, number> = {};
  for (const entry of ordered) {
    const code = accountCode(entry.account);
    const account = await ensureAccount(trx, {
      code,
      kind: 'member' in entry.account ? (entry.account.kind ?? 'cash') : entry.account.house,
      memberId: 'member' in entry.account ? entry.account.member : null,
      currency: entry.account.currency,
      allowNegative: !('member' in entry.account),
    });
    const updated = await applyToBalance(trx, account.id, entry.amount);
    if (!updated) throw new AppError('WALLET_INSUFFICIENT_FUNDS');
    await insertEntry(trx, {
      postingId: inserted.id,
      accountId: account.id,
      amount: entry.amount,
      balanceAfter: updated.balance,
    });
    balances[code] = updated.balance;
  }
  return { postingId: inserted.id, replayed: false, balances };
}

async function replay(db: Conn, key: string, fingerprint: string): Promise<PostingResult> {
  const existing = await findPostingByKey(db, key);
  if (!existing) throw new Error(`posting ${key} vanished`);
  if (existing.fingerprint !== fingerprint) throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
  const entries = await entriesOfPosting(db, existing.id);
  return {
    postingId: existing.id,
    replayed: true,
    balances: Object.fromEntries(entries.map((e) => [e.code, e.balance_after])),
  };
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
