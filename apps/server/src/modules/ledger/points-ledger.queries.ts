import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { PointsAccountsTable } from './points-ledger.tables';

// Kysely over the points ledger (migration 0038). Private to modules/ledger: points-ledger.service.ts
// is the only writer of these tables.

export async function ensurePointsAccount(
  db: Conn,
  a: { code: string; kind: PointsAccountsTable['kind']; memberId: number | null; allowNegative: boolean },
): Promise<void> {
  await db
    .insertInto('points_accounts')
    .values({
      code: a.code,
      kind: a.kind,
      member_id: a.memberId,
      allow_negative: a.allowNegative,
      created_at: new Date(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Claims an idempotency key: the new posting's id, or undefined when the key is already taken. */
export async function insertPosting(
  db: Conn,
  p: { key: string; type: string; reference: string; remark: string; fingerprint: string },
) {
  const row = await db
    .insertInto('points_postings')
    .values({
      idempotency_key: p.key,
      type: p.type,
      reference: p.reference,
      remark: p.remark,
      fingerprint: p.fingerprint,
      created_at: new Date(),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function postingByKey(db: Conn, key: string) {
  return db
    .selectFrom('points_postings')
    .select(['id', 'fingerprint'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Adds `amount` to an account unless a member account would go below zero (the guard is in the
 * WHERE, so under concurrency the second of two debits re-reads the committed balance and stops).
 */
export function applyToAccount(db: Conn, code: string, amount: number) {
  return db
    .updateTable('points_accounts')
    .set((eb) => ({ balance: eb('balance', '+', amount) }))
    .where('code', '=', code)
    .where((eb) => eb.or([eb('allow_negative', '=', true), eb(eb('balance', '+', amount), '>=', 0)]))
    .returning(['id', 'code', 'balance'])
    .executeTakeFirst();
}

export async function insertEntries(
  db: Conn,
  rows: { posting_id: number; account_id: number; amount: number; balance_after: number }[],
): Promise<void> {
  await db.insertInto('points_entries').values(rows).execute();
}

/** insertPosting for several postings in one statement: the ids of the keys it claimed, by key. */
export async function insertPostings(
  db: Conn,
  rows: { key: string; type: string; reference: string; remark: string; fingerprint: string }[],
) {
  const at = new Date();
  const made = await db
    .insertInto('points_postings')
    .values(
      rows.map((p) => ({
        idempotency_key: p.key,
        type: p.type,
        reference: p.reference,
        remark: p.remark,
        fingerprint: p.fingerprint,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(['id', 'idempotency_key'])
    .execute();
  return new Map(made.map((r) => [r.idempotency_key, r.id]));
}

/** The accounts of these codes, locked in code order (the lock order of every posting). */
export function lockAccounts(db: Conn, codes: string[]) {
  return db
    .selectFrom('points_accounts')
    .select(['id', 'code', 'balance', 'allow_negative'])
    .where('code', 'in', codes)
    .orderBy('code')
    .forUpdate()
    .execute();
}

/** Sets locked accounts' balances in one statement. */
export async function setBalances(db: Conn, rows: { id: number; balance: number }[]) {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((r) => sql`(${r.id}::bigint, ${r.balance}::bigint)`));
  await sql`UPDATE points_accounts a SET balance = v.balance FROM (VALUES ${values}) AS v(id, balance)
    WHERE a.id = v.id`.execute(db);
}

export function balancesOfCodes(db: Conn, codes: string[]) {
  return db.selectFrom('points_accounts').select(['code', 'balance']).where('code', 'in', codes).execute();
}

export function memberPointsBalance(db: Conn, memberId: number) {
  return db.selectFrom('points_accounts').select('balance').where('member_id', '=', memberId).executeTakeFirst();
}

// ---- verification (read only)

export function accountsOffTheirEntries(db: Conn) {
  return db
    .selectFrom('points_accounts as a')
    .leftJoin('points_entries as e', 'e.account_id', 'a.id')
    .select([
      'a.code',
      'a.balance',
      (eb) => eb.fn.coalesce(eb.fn.sum<number | string>('e.amount'), sql<number>`0`).as('sum'),
    ])
    .groupBy(['a.id', 'a.code', 'a.balance'])
    .having((eb) => eb(eb.fn.coalesce(eb.fn.sum('e.amount'), sql`0`), '<>', eb.ref('a.balance')))
    .execute();
}

export function unbalancedPostings(db: Conn) {
  return db
    .selectFrom('points_postings as p')
    .leftJoin('points_entries as e', 'e.posting_id', 'p.id')
    .select([
      'p.idempotency_key',
      (eb) => eb.fn.count<number | string>('e.id').as('entries'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number | string>('e.amount'), sql<number>`0`).as('sum'),
    ])
    .groupBy(['p.id', 'p.idempotency_key'])
    .having((eb) =>
      eb.or([eb(eb.fn.count('e.id'), '<', 2), eb(eb.fn.coalesce(eb.fn.sum('e.amount'), sql`0`), '<>', 0)]),
    )
    .execute();
}

export function negativeMemberAccounts(db: Conn) {
  return db
    .selectFrom('points_accounts')
    .select(['code', 'balance'])
    .where('allow_negative', '=', false)
    .where('balance', '<', 0)
    .execute();
}

/** Entries whose balance_after does not follow from the entry before them on the same account. */
export function brokenBalanceChains(db: Conn) {
  return sql<{ code: string; id: number; balance_after: number; expected: number }>`
    SELECT a.code, x.id, x.balance_after, x.expected FROM (
      SELECT e.id, e.account_id, e.balance_after,
        SUM(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.id) AS expected
      FROM points_entries e
    ) x JOIN points_accounts a ON a.id = x.account_id
    WHERE x.balance_after <> x.expected
    LIMIT 1000`
    .execute(db)
    .then((r) => r.rows);
}

export async function pointsLedgerCounts(db: Conn) {
  const [accounts, postings, entries] = await Promise.all([
    db
      .selectFrom('points_accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('points_postings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('points_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { accounts: Number(accounts.n), postings: Number(postings.n), entries: Number(entries.n) };
}
