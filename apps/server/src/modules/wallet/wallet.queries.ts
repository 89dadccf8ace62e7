import { sql } from 'kysely';
import type { Conn } from '../../db/database';

export function findPostingByKey(db: Conn, key: string) {
  return db
    .selectFrom('ledger_postings')
    .select(['id', 'fingerprint'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function insertPosting(
  db: Conn,
  p: { key: string; type: string; reference: string; fingerprint: string },
) {
  // ON CONFLICT DO NOTHING: a concurrent twin with the same key wins and we read its result instead.
  return db
    .insertInto('ledger_postings')
    .values({ idempotency_key: p.key, type: p.type, reference: p.reference, fingerprint: p.fingerprint })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function ensureAccount(
  db: Conn,
  a: { code: string; kind: string; memberId: number | null; currency: string; allowNegative: boolean },
) {
  await db
    .insertInto('ledger_accounts')
    .values({
      code: a.code,
      kind: a.kind,
      member_id: a.memberId,
      currency: a.currency,
      allow_negative: a.allowNegative,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return db.selectFrom('ledger_accounts').select(['id', 'code']).where('code', '=', a.code).executeTakeFirstOrThrow();
}

/** Applies an amount with the never-below-zero-or-held guard in the WHERE, so a refused change updates nothing. */
export function applyToBalance(db: Conn, accountId: number, amount: number) {
  return db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('allow_negative', '=', true), eb(sql`balance + ${amount}`, '>=', sql`held`)]))
    .returning(['id', 'code', 'balance', 'held'])
    .executeTakeFirst();
}

export async function insertEntry(
  db: Conn,
  e: { postingId: number; accountId: number; amount: number; balanceAfter: number },
) {
  await db
    .insertInto('ledger_entries')
    .values({
      posting_id: e.postingId,
      account_id: e.accountId,
      amount: e.amount,
      balance_after: e.balanceAfter,
    })
    .execute();
}

export function entriesOfPosting(db: Conn, postingId: number) {
  return db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_accounts.code', 'ledger_entries.amount', 'ledger_entries.balance_after'])
    .where('posting_id', '=', postingId)
    .orderBy('ledger_entries.id')
    .execute();
}

export function memberAccount(db: Conn, memberId: number, kind: string, currency: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance', 'held'])
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
}
