import { sql } from 'kysely';
import type { Conn } from '../../db/database';

// Reads and writes of vendor-gateway. vendor_rounds and vendor_transactions are written only here;
// money moves only through wallet.post (the service).

export function findIntegration(db: Conn, vendorCode: string) {
  return db
    .selectFrom('vendor_integrations')
    .select(['vendor_code', 'secret', 'wallet_mode', 'currency', 'allowed_ips', 'enabled'])
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirst();
}

/**
 * Serialises the calls that touch one round or one transaction id, across nodes, until commit.
 * Callers take the round key first and then transaction keys in sorted order, so no two calls can
 * wait on each other in a cycle.
 */
export async function lockKeys(trx: Conn, keys: string[]) {
  for (const key of keys) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

export function findSessionByTokenHash(db: Conn, tokenHash: string) {
  return db
    .selectFrom('game_sessions')
    .select(['member_id', 'trial', 'vendor_code', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The session of a token with its member's status, in one round trip (every bet reads it). */
export function findSessionWithMember(db: Conn, tokenHash: string) {
  return db
    .selectFrom('game_sessions as s')
    .leftJoin('members as m', 'm.id', 's.member_id')
    .select(['s.member_id', 's.trial', 's.vendor_code', 's.expires_at', 'm.status as member_status'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findMember(db: Conn, memberId: number) {
  return db.selectFrom('members').select(['id', 'status', 'type']).where('id', '=', memberId).executeTakeFirst();
}

export function findGame(db: Conn, vendorCode: string, gameCode: string) {
  return db
    .selectFrom('games')
    .select(['node_id', 'game_type'])
    .where('vendor_code', '=', vendorCode)
    .where('game_code', '=', gameCode)
    .executeTakeFirst();
}

export function findTransaction(db: Conn, vendorCode: string, transactionId: string) {
  return db
    .selectFrom('vendor_transactions')
    .select([
      'kind',
      'round_id',
      'member_id',
      'amount',
      'details_hash',
      'status',
      'balance_after',
      'ref_transaction_id',
    ])
    .where('vendor_code', '=', vendorCode)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/** The transaction with this id and any rollback recorded against it, in one round trip. */
export function findTransactionAndRollback(db: Conn, vendorCode: string, transactionId: string) {
  return db
    .selectFrom('vendor_transactions')
    .select(['transaction_id', 'kind', 'round_id', 'member_id', 'amount', 'details_hash', 'status', 'balance_after'])
    .where('vendor_code', '=', vendorCode)
    .where((eb) =>
      eb.or([
        eb('transaction_id', '=', transactionId),
        eb.and([eb('ref_transaction_id', '=', transactionId), eb('kind', '=', 'rollback')]),
      ]),
    )
    .execute();
}

export function hasWinInRound(db: Conn, vendorCode: string, roundId: string) {
  return db
    .selectFrom('vendor_transactions')
    .select('id')
    .where('vendor_code', '=', vendorCode)
    .where('round_id', '=', roundId)
    .where('kind', '=', 'win')
    .limit(1)
    .executeTakeFirst();
}

export function countOpenBets(db: Conn, vendorCode: string, roundId: string) {
  return db
    .selectFrom('vendor_transactions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('vendor_code', '=', vendorCode)
    .where('round_id', '=', roundId)
    .where('kind', '=', 'bet')
    .where('status', '=', 'ok')
    .executeTakeFirstOrThrow();
}

export function findRound(db: Conn, vendorCode: string, roundId: string) {
  return db
    .selectFrom('vendor_rounds')
    .select(['member_id', 'status', 'game_code'])
    .where('vendor_code', '=', vendorCode)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

export async function addBetToRound(
  db: Conn,
  row: {
    vendor_code: string;
    round_id: string;
    member_id: number;
    node_id: number;
    game_code: string;
    game_type: string;
    currency: string;
    amount: number;
  },
) {
  const { amount, ...rest } = row;
  await db
    .insertInto('vendor_rounds')
    .values({ ...rest, bet_amount: amount })
    .onConflict((oc) =>
      oc
        .columns(['vendor_code', 'round_id'])
        .doUpdateSet((eb) => ({ bet_amount: eb('vendor_rounds.bet_amount', '+', amount) })),
    )
    .execute();
}

export async function addWinToRound(db: Conn, vendorCode: string, roundId: string, amount: number, close: boolean) {
  await db
    .updateTable('vendor_rounds')
    .set((eb) => ({
      win_amount: eb('win_amount', '+', amount),
      ...(close ? { status: 'closed' as const, closed_at: sql<Date>`now()` } : {}),
    }))
    .where('vendor_code', '=', vendorCode)
    .where('round_id', '=', roundId)
    .execute();
}

export async function removeBetFromRound(
  db: Conn,
  vendorCode: string,
  roundId: string,
  amount: number,
  rolledBack: boolean,
) {
  await db
    .updateTable('vendor_rounds')
    .set((eb) => ({
      bet_amount: eb('bet_amount', '-', amount),
      ...(rolledBack ? { status: 'rolled_back' as const, closed_at: sql<Date>`now()` } : {}),
    }))
    .where('vendor_code', '=', vendorCode)
    .where('round_id', '=', roundId)
    .execute();
}

export async function setBalanceAfter(db: Conn, vendorCode: string, transactionId: string, balanceAfter: number) {
  await db
    .updateTable('vendor_transactions')
    .set({ balance_after: balanceAfter })
    .where('vendor_code', '=', vendorCode)
    .where('transaction_id', '=', transactionId)
    .execute();
}

export async function markRolledBack(db: Conn, vendorCode: string, transactionId: string) {
  await db
    .updateTable('vendor_transactions')
    .set({ status: 'rolled_back' })
    .where('vendor_code', '=', vendorCode)
    .where('transaction_id', '=', transactionId)
    .execute();
}

export async function insertTransaction(
  db: Conn,
  row: {
    vendor_code: string;
    transaction_id: string;
    kind: 'bet' | 'win' | 'rollback';
    round_id: string;
    member_id: number;
    amount: number;
    ref_transaction_id: string | null;
    details_hash: string;
    status: 'ok' | 'rolled_back' | 'rollback_of_unknown';
    balance_after: number;
  },
) {
  await db.insertInto('vendor_transactions').values(row).execute();
}

/** Counts and sums of one vendor's transactions in [from, to), by kind and status. */
export function transactionTotals(db: Conn, vendorCode: string, from: Date, to: Date) {
  return db
    .selectFrom('vendor_transactions')
    .select(['kind', 'status'])
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql<number>`0`).as('total'),
    ])
    .where('vendor_code', '=', vendorCode)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(['kind', 'status'])
    .execute();
}

/**
 * Credits and debits of the house account vendor:<code> in [from, to), read from the ledger for
 * the reconciliation (read only: the wallet module is the only writer).
 */
export function houseLedgerTotals(db: Conn, accountCode: string, from: Date, to: Date) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_postings as p', 'p.id', 'e.posting_id')
    .select((eb) => [
      eb.fn
        .coalesce(eb.fn.sum<number | string>(sql`CASE WHEN e.amount > 0 THEN e.amount ELSE 0 END`), sql<number>`0`)
        .as('credits'),
      eb.fn
        .coalesce(eb.fn.sum<number | string>(sql`CASE WHEN e.amount < 0 THEN -e.amount ELSE 0 END`), sql<number>`0`)
        .as('debits'),
    ])
    .where('a.code', '=', accountCode)
    .where('p.created_at', '>=', from)
    .where('p.created_at', '<', to)
    .executeTakeFirstOrThrow();
}
