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
 * wait on each other in a cycle. One round trip: PostgreSQL evaluates the volatile lock calls after
 * the sort, so in the order given.
 */
export async function lockKeys(trx: Conn, keys: string[]) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(t.k, 0)) FROM unnest(${keys}::text[]) WITH ORDINALITY AS t(k, n) ORDER BY t.n`.execute(
    trx,
  );
}

export type CallContext = {
  member_status: 'active' | 'disabled' | null;
  round_member_id: number | null;
  round_status: 'open' | 'closed' | 'rolled_back' | null;
  cash_balance: number | null;
  cash_held: number | null;
  session_member_id: number | null;
  session_trial: boolean | null;
  session_vendor: string | null;
  session_expires_at: Date | string | null;
  game_node_id: number | null;
  game_type: string | null;
};

/**
 * Everything a money call checks, in one round trip (each call is otherwise a dozen small reads):
 * the member's status, the round, the member's cash account (read only), and for a bet the game
 * session of the token and the game.
 */
export async function callContext(
  db: Conn,
  input: {
    vendorCode: string;
    memberId: number;
    roundId: string;
    cashAccountCode: string;
    tokenHash?: string;
    gameCode?: string;
  },
): Promise<CallContext> {
  const result = await sql<CallContext>`
    SELECT m.status AS member_status,
           r.member_id AS round_member_id, r.status AS round_status,
           a.balance AS cash_balance, a.held AS cash_held,
           s.member_id AS session_member_id, s.trial AS session_trial, s.vendor_code AS session_vendor,
           s.expires_at AS session_expires_at,
           g.node_id AS game_node_id, g.game_type AS game_type
    FROM (SELECT 1) AS one
    LEFT JOIN members m ON m.id = ${input.memberId}
    LEFT JOIN vendor_rounds r ON r.vendor_code = ${input.vendorCode} AND r.round_id = ${input.roundId}
    LEFT JOIN ledger_accounts a ON a.code = ${input.cashAccountCode}
    LEFT JOIN game_sessions s ON s.token_hash = ${input.tokenHash ?? null}
    LEFT JOIN games g ON g.vendor_code = ${input.vendorCode} AND g.game_code = ${input.gameCode ?? null}
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('call context returned no row');
  return row;
}

/** The transactions with these ids (a call's own id and the bet it refers to). */
export function findTransactions(db: Conn, vendorCode: string, transactionIds: string[]) {
  return db
    .selectFrom('vendor_transactions')
    .select(['transaction_id', 'kind', 'round_id', 'member_id', 'amount', 'details_hash', 'status', 'balance_after'])
    .where('vendor_code', '=', vendorCode)
    .where('transaction_id', 'in', transactionIds)
    .execute();
}

export function findSessionByTokenHash(db: Conn, tokenHash: string) {
  return db
    .selectFrom('game_sessions')
    .select(['member_id', 'trial', 'vendor_code', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findMember(db: Conn, memberId: number) {
  return db.selectFrom('members').select(['id', 'status', 'type']).where('id', '=', memberId).executeTakeFirst();
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
