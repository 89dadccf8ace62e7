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

/**
 * Applies an amount with the never-below-zero-or-held guard in the WHERE, so a refused change
 * updates nothing. `heldDelta` lowers held in the same row update (capturing a hold), which keeps
 * the lock order of the posting.
 */
export function applyToBalance(db: Conn, accountId: number, amount: number, heldDelta = 0) {
  return db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${amount}`, held: sql`held + ${heldDelta}` })
    .where('id', '=', accountId)
    .where((eb) =>
      eb.or([eb('allow_negative', '=', true), eb(sql`balance + ${amount}`, '>=', sql`held + ${heldDelta}`)]),
    )
    .returning(['id', 'code', 'kind', 'member_id', 'currency', 'balance', 'held'])
    .executeTakeFirst();
}

/** applyToBalance by account code: the common path of a posting needs no id lookup first. */
export function applyToBalanceByCode(db: Conn, code: string, amount: number, heldDelta = 0) {
  return db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${amount}`, held: sql`held + ${heldDelta}` })
    .where('code', '=', code)
    .where((eb) =>
      eb.or([eb('allow_negative', '=', true), eb(sql`balance + ${amount}`, '>=', sql`held + ${heldDelta}`)]),
    )
    .returning(['id', 'code', 'kind', 'member_id', 'currency', 'balance', 'held'])
    .executeTakeFirst();
}

export async function insertEntries(
  db: Conn,
  entries: { postingId: number; accountId: number; amount: number; balanceAfter: number }[],
) {
  await db
    .insertInto('ledger_entries')
    .values(
      entries.map((e) => ({
        posting_id: e.postingId,
        account_id: e.accountId,
        amount: e.amount,
        balance_after: e.balanceAfter,
      })),
    )
    .execute();
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

// ---- holds

export function findHoldByKey(db: Conn, key: string) {
  return db
    .selectFrom('ledger_holds')
    .select(['id', 'member_id', 'account_id', 'amount', 'reference', 'status'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findHold(db: Conn, id: number) {
  return db
    .selectFrom('ledger_holds')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_holds.account_id')
    .select([
      'ledger_holds.id',
      'ledger_holds.member_id',
      'ledger_holds.account_id',
      'ledger_holds.amount',
      'ledger_holds.status',
      'ledger_holds.posting_id',
      'ledger_accounts.currency',
    ])
    .where('ledger_holds.id', '=', id)
    .executeTakeFirst();
}

export function insertHold(
  db: Conn,
  h: { memberId: number; accountId: number; amount: number; key: string; reference: string },
) {
  return db
    .insertInto('ledger_holds')
    .values({
      member_id: h.memberId,
      account_id: h.accountId,
      amount: h.amount,
      idempotency_key: h.key,
      reference: h.reference,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Reserves funds: the guard in the WHERE refuses a hold above the available balance under concurrency. */
export function addHeld(db: Conn, accountId: number, amount: number) {
  return db
    .updateTable('ledger_accounts')
    .set({ held: sql`held + ${amount}` })
    .where('id', '=', accountId)
    .where(sql<boolean>`balance - held >= ${amount}`)
    .returning(['member_id', 'currency', 'balance', 'held'])
    .executeTakeFirst();
}

export function removeHeld(db: Conn, accountId: number, amount: number) {
  return db
    .updateTable('ledger_accounts')
    .set({ held: sql`held - ${amount}` })
    .where('id', '=', accountId)
    .returning(['member_id', 'currency', 'balance', 'held'])
    .executeTakeFirstOrThrow();
}

/** Moves an open hold to its final status; returns nothing when it was not open any more. */
export function settleHold(
  db: Conn,
  id: number,
  s: { status: 'released' | 'captured'; at: Date; reason: string | null; postingId?: number },
) {
  return db
    .updateTable('ledger_holds')
    .set({ status: s.status, settled_at: s.at, reason: s.reason, posting_id: s.postingId ?? null })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .returning(['id', 'account_id', 'amount', 'member_id'])
    .executeTakeFirst();
}

export function setHoldPosting(db: Conn, id: number, postingId: number) {
  return db.updateTable('ledger_holds').set({ posting_id: postingId }).where('id', '=', id).execute();
}

export function accountByCode(db: Conn, code: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'balance', 'held', 'currency'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export function memberAccounts(db: Conn, memberId: number, currency: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance', 'held'])
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .orderBy('kind')
    .execute();
}

// ---- members (only the columns the wallet needs)

export function walletMember(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'status', 'upline_id', 'payment_password_hash'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export function walletMemberByUsername(db: Conn, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'status', 'upline_id', 'payment_password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
}

// ---- history

/** `type` matches a posting type exactly or as its prefix before a dot ('deposit' matches 'deposit.manual'). */
export type EntryFilter = { accountIds: number[]; type?: string; from?: Date; to?: Date };

function filteredEntries(db: Conn, f: EntryFilter) {
  let q = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_postings', 'ledger_postings.id', 'ledger_entries.posting_id')
    .where('ledger_entries.account_id', 'in', f.accountIds.length > 0 ? f.accountIds : [-1]);
  const type = f.type;
  if (type)
    q = q.where((eb) =>
      eb.or([eb('ledger_postings.type', '=', type), eb('ledger_postings.type', 'like', `${type}.%`)]),
    );
  if (f.from) q = q.where('ledger_postings.created_at', '>=', f.from);
  if (f.to) q = q.where('ledger_postings.created_at', '<', f.to);
  return q;
}

export async function countEntries(db: Conn, f: EntryFilter) {
  const row = await filteredEntries(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageEntries(db: Conn, f: EntryFilter, page: { offset: number; limit: number }) {
  return filteredEntries(db, f)
    .select([
      'ledger_entries.id',
      'ledger_postings.reference',
      'ledger_postings.type',
      'ledger_entries.amount',
      'ledger_entries.balance_after',
      'ledger_postings.created_at',
    ])
    .orderBy('ledger_entries.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Sums of the account's entries per posting type and sign, for the profit-and-loss view. */
export function sumsByType(db: Conn, f: EntryFilter) {
  return filteredEntries(db, f)
    .select([
      'ledger_postings.type',
      sql<number>`coalesce(sum(case when ledger_entries.amount > 0 then ledger_entries.amount else 0 end), 0)`.as(
        'credit',
      ),
      sql<number>`coalesce(sum(case when ledger_entries.amount < 0 then -ledger_entries.amount else 0 end), 0)`.as(
        'debit',
      ),
    ])
    .groupBy('ledger_postings.type')
    .execute();
}

// ---- verification (read-only checks over the whole ledger)

export function accountsOffTheirEntries(db: Conn) {
  return db
    .selectFrom('ledger_accounts')
    .leftJoin('ledger_entries', 'ledger_entries.account_id', 'ledger_accounts.id')
    .select([
      'ledger_accounts.code',
      'ledger_accounts.balance',
      sql<number>`coalesce(sum(ledger_entries.amount), 0)`.as('sum'),
    ])
    .groupBy(['ledger_accounts.id', 'ledger_accounts.code', 'ledger_accounts.balance'])
    .having(sql<boolean>`ledger_accounts.balance <> coalesce(sum(ledger_entries.amount), 0)`)
    .execute();
}

export function unbalancedPostings(db: Conn) {
  return db
    .selectFrom('ledger_postings')
    .leftJoin('ledger_entries', 'ledger_entries.posting_id', 'ledger_postings.id')
    .select([
      'ledger_postings.idempotency_key',
      sql<number>`coalesce(sum(ledger_entries.amount), 0)`.as('sum'),
      sql<number>`count(ledger_entries.id)`.as('entries'),
    ])
    .groupBy(['ledger_postings.id', 'ledger_postings.idempotency_key'])
    .having(sql<boolean>`coalesce(sum(ledger_entries.amount), 0) <> 0 or count(ledger_entries.id) < 2`)
    .execute();
}

export function negativeMemberAccounts(db: Conn) {
  return db
    .selectFrom('ledger_accounts')
    .select(['code', 'balance', 'held'])
    .where('allow_negative', '=', false)
    .where((eb) => eb.or([eb('balance', '<', 0), eb('held', '<', 0), eb('held', '>', eb.ref('balance'))]))
    .execute();
}

export function heldOffOpenHolds(db: Conn) {
  return db
    .selectFrom('ledger_accounts')
    .leftJoin('ledger_holds', (join) =>
      join.onRef('ledger_holds.account_id', '=', 'ledger_accounts.id').on('ledger_holds.status', '=', 'held'),
    )
    .select([
      'ledger_accounts.code',
      'ledger_accounts.held',
      sql<number>`coalesce(sum(ledger_holds.amount), 0)`.as('sum'),
    ])
    .groupBy(['ledger_accounts.id', 'ledger_accounts.code', 'ledger_accounts.held'])
    .having(sql<boolean>`ledger_accounts.held <> coalesce(sum(ledger_holds.amount), 0)`)
    .execute();
}

export async function ledgerCounts(db: Conn) {
  const [accounts, postings, entries, holds] = await Promise.all([
    db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_postings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_holds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'held')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    accounts: Number(accounts.n),
    postings: Number(postings.n),
    entries: Number(entries.n),
    openHolds: Number(holds.n),
  };
}

export function postingKeysPresent(db: Conn, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('ledger_postings').select('idempotency_key').where('idempotency_key', 'in', keys).execute();
}

export function activeVendor(db: Conn, code: string) {
  return db
    .selectFrom('vendors')
    .select(['code', 'status'])
    .where('code', '=', code)
    .where('status', '=', 'active')
    .executeTakeFirst();
}
