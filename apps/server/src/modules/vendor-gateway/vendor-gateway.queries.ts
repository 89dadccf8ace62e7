import { type RawBuilder, sql } from 'kysely';
import { afterCommitColumns } from '../../db/after-commit';
import type { Conn } from '../../db/database';
import { namedStatement } from '../../db/prepared';
import type { PreparedPosting } from '../ledger/ledger.service';

// Reads and writes of vendor-gateway. vendor_rounds and vendor_transactions are written only here;
// money moves only through the ledger's posting functions (the service).

export function findIntegration(db: Conn, vendorCode: string) {
  return db
    .selectFrom('vendor_integrations')
    .select([
      'vendor_code',
      'secret',
      'wallet_mode',
      'currency',
      'allowed_ips',
      'enabled',
      'protocol',
      'provider_public_key',
    ])
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirst();
}

export type KnownTransaction = {
  transaction_id: string;
  kind: 'bet' | 'win' | 'rollback' | 'resettle';
  round_id: string;
  member_id: number;
  amount: number;
  details_hash: string;
  status: 'ok' | 'rolled_back' | 'rollback_of_unknown';
  balance_after: number;
  /** The part booked on the member's bonus account (migration 0044). */
  bonus_amount: number;
};

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
  integration_secret: string | null;
  integration_wallet_mode: string | null;
  integration_currency: string | null;
  integration_allowed_ips: string[] | null;
  integration_enabled: boolean | null;
  /** The transactions with the given ids, and the rollbacks recorded against `rollbacksOf`. */
  known: KnownTransaction[];
  /** The refusal recorded for the call's own transactionId (a refused bet), migration 0018. */
  refusal_hash: string | null;
  refusal_status: string | null;
  refusal_balance: number | null;
  /** The member's bonus balance (null: no bonus account), migration 0044. */
  bonus_balance: number | null;
  /** The round's bets and the part of them taken from bonus (null: no round yet). */
  round_bet_amount: number | null;
  round_bonus_amount: number | null;
  /**
   * The member has responsible-play settings (a row of responsible_settings, migration 0049): only
   * then does a bet need the responsible check, which locks that row and reads usage.
   */
  responsible: boolean;
};

/**
 * Serialises the calls that touch one round or one transaction id, across nodes, until commit,
 * then reads everything a money call checks, in one round trip (vendor_call_context, migrations
 * 0014, 0016, 0018 and 0044): the member's status, the round (with its bets' bonus part), the member's
 * cash and bonus accounts (read only), for a
 * bet the game session of the token and the game, the vendor's integration settings, the known
 * transactions, the refusal recorded for the call's transactionId, and whether the member has
 * responsible-play settings (a member without them pays no round trip for the check).
 * Callers pass the round key first and then transaction keys in sorted order, so no two calls can
 * wait on each other in a cycle; no keys on the embedded database (one transaction at a time).
 */
export async function lockedCallContext(
  db: Conn,
  input: {
    lockKeys: string[];
    vendorCode: string;
    memberId: number;
    roundId: string;
    cashAccountCode: string;
    tokenHash?: string;
    gameCode?: string;
    transactionId: string;
    /** The bet a win pays or a rollback reverses. */
    otherId?: string;
    /** A bet: its id, to find the rollbacks already recorded against it. */
    rollbacksOf?: string;
  },
): Promise<CallContext> {
  const result = await sql<CallContext>`
    SELECT c.*, EXISTS (SELECT 1 FROM responsible_settings WHERE member_id = ${input.memberId}) AS responsible
      FROM vendor_call_context(${input.lockKeys}::text[], ${input.vendorCode}, ${input.memberId},
      ${input.roundId}, ${input.cashAccountCode}, ${input.tokenHash ?? null}, ${input.gameCode ?? null},
      ${input.transactionId}, ${input.otherId ?? null}, ${input.rollbacksOf ?? null}) AS c
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('vendor_call_context returned no row');
  // json comes back parsed from pg; PGlite may hand back the text.
  const known = typeof row.known === 'string' ? (JSON.parse(row.known) as KnownTransaction[]) : row.known;
  return { ...row, known };
}

export type BalanceContext = {
  integration_secret: string | null;
  integration_wallet_mode: string | null;
  integration_currency: string | null;
  integration_allowed_ips: string[] | null;
  integration_enabled: boolean | null;
  session_member_id: number | null;
  session_trial: boolean | null;
  session_vendor: string | null;
  session_expires_at: Date | string | null;
  session_device: string | null;
  member_status: 'active' | 'disabled' | null;
  cash_balance: number | null;
  cash_held: number | null;
  bonus_balance: number | null;
};

/**
 * Everything a balance call checks, in one round trip: the vendor's integration settings, the game
 * session of the token, and the status and cash account of the session's member. The cash and bonus accounts' codes are the wallet's
 * member:<id>:cash:<currency> and member:<id>:bonus:<currency> (read only).
 */
export async function balanceContext(
  db: Conn,
  input: { vendorCode: string; tokenHash: string; currency: string },
): Promise<BalanceContext> {
  const result = await sql<BalanceContext>`
    SELECT i.secret AS integration_secret, i.wallet_mode AS integration_wallet_mode,
           i.currency AS integration_currency, i.allowed_ips AS integration_allowed_ips,
           i.enabled AS integration_enabled,
           s.member_id AS session_member_id, s.trial AS session_trial, s.vendor_code AS session_vendor,
           s.expires_at AS session_expires_at, s.device_hash AS session_device,
           m.status AS member_status, a.balance AS cash_balance, a.held AS cash_held, b.balance AS bonus_balance
    FROM (SELECT 1) AS one
    LEFT JOIN vendor_integrations i ON i.vendor_code = ${input.vendorCode}
    LEFT JOIN game_sessions s ON s.token_hash = ${input.tokenHash}
    LEFT JOIN members m ON m.id = s.member_id
    LEFT JOIN ledger_accounts a ON a.code = 'member:' || m.id || ':cash:' || ${input.currency}::text
    LEFT JOIN ledger_accounts b ON b.code = 'member:' || m.id || ':bonus:' || ${input.currency}::text
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('balance context returned no row');
  return row;
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

export type BetRefusal = { details_hash: string; status: string; balance: number | string };

/** The refusal recorded for a bet's transactionId (vendor_bet_refusals, migration 0018). */
export async function findBetRefusal(db: Conn, vendorCode: string, transactionId: string) {
  const result = await sql<BetRefusal>`
    SELECT details_hash, status, balance FROM vendor_bet_refusals
     WHERE vendor_code = ${vendorCode} AND transaction_id = ${transactionId}
  `.execute(db);
  return result.rows[0];
}

/**
 * Keeps a refused bet and the answer it got, so a repeat of its transactionId is answered the same.
 * A second delivery breaks the primary key (23505), as a second vendor_transactions row does.
 */
export async function recordBetRefusal(
  db: Conn,
  row: {
    vendor_code: string;
    transaction_id: string;
    round_id: string;
    player_id: number;
    amount: number;
    details_hash: string;
    status: string;
    balance: number;
  },
) {
  await sql`
    INSERT INTO vendor_bet_refusals
      (vendor_code, transaction_id, round_id, player_id, amount, details_hash, status, balance)
    VALUES (${row.vendor_code}, ${row.transaction_id}, ${row.round_id}, ${row.player_id}, ${row.amount},
      ${row.details_hash}, ${row.status}, ${row.balance})
  `.execute(db);
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

type TransactionRow = {
  vendor_code: string;
  transaction_id: string;
  kind: 'bet' | 'win' | 'rollback' | 'resettle';
  round_id: string;
  member_id: number;
  amount: number;
  ref_transaction_id: string | null;
  details_hash: string;
  status: 'ok' | 'rolled_back' | 'rollback_of_unknown';
  balance_after: number;
  /** The part of the amount booked on the member's bonus account. */
  bonus_amount: number;
};

/**
 * A bet's two writes in one call (vendor_record_bet, migrations 0015 and 0044): the round (created, or its bet
 * amount raised) and the transaction row. A second delivery of the same transactionId breaks the
 * unique key (23505).
 */
export async function recordBet(
  db: Conn,
  round: { node_id: number; game_code: string; game_type: string; currency: string },
  row: TransactionRow,
) {
  await sql`SELECT vendor_record_bet(${row.vendor_code}, ${row.round_id}, ${row.member_id}, ${round.node_id},
    ${round.game_code}, ${round.game_type}, ${round.currency}, ${row.transaction_id}, ${row.amount},
    ${row.details_hash}, ${row.balance_after}, ${row.bonus_amount})`.execute(db);
}

/**
 * recordBet and then the bet's posting in one statement (vendor_post_bet, migration 0054): for
 * ledger.postThrough, which passes ledger_post's arguments.
 */
export function recordBetThenPost(
  round: { node_id: number; game_code: string; game_type: string; currency: string },
  row: TransactionRow,
) {
  return (ledgerPostArgs: RawBuilder<unknown>) =>
    sql`SELECT status, posting_id, codes, balances FROM vendor_post_bet(${row.vendor_code}, ${row.round_id},
    ${row.member_id}, ${round.node_id}, ${round.game_code}, ${round.game_type}, ${round.currency},
    ${row.transaction_id}, ${row.amount}, ${row.details_hash}, ${row.balance_after}, ${row.bonus_amount},
    ${ledgerPostArgs})`;
}

/** recordWin and then the win's posting in one statement (vendor_post_win, migration 0054). */
export function recordWinThenPost(row: TransactionRow, close: boolean) {
  return (ledgerPostArgs: RawBuilder<unknown>) =>
    sql`SELECT status, posting_id, codes, balances FROM vendor_post_win(${row.vendor_code}, ${row.round_id},
    ${row.member_id}, ${row.transaction_id}, ${row.amount}, ${row.ref_transaction_id}, ${row.details_hash},
    ${row.balance_after}, ${close}, ${row.bonus_amount}, ${ledgerPostArgs})`;
}

/**
 * A win's two writes in one call (vendor_record_win, migrations 0015 and 0044): the round's win amount (and
 * closing it), and the transaction row.
 */
export async function recordWin(db: Conn, row: TransactionRow, close: boolean) {
  await sql`SELECT vendor_record_win(${row.vendor_code}, ${row.round_id}, ${row.member_id}, ${row.transaction_id},
    ${row.amount}, ${row.ref_transaction_id}, ${row.details_hash}, ${row.balance_after}, ${close},
    ${row.bonus_amount})`.execute(db);
}

/**
 * The part of a round's bet its vendor declared returned without risk (the win that closes it
 * carries `validBet`; migration 0100): the round's valid bet is bet_amount less it. Only when the
 * round's wins with this one (`win`) return at least that much: false, and nothing written, if not.
 */
export async function setRoundVoidAmount(db: Conn, vendorCode: string, roundId: string, amount: number, win: number) {
  const done = await db
    .updateTable('vendor_rounds')
    .set({ void_amount: amount })
    .where('vendor_code', '=', vendorCode)
    .where('round_id', '=', roundId)
    .where(sql<boolean>`win_amount + ${win} >= ${amount}`)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function removeBetFromRound(
  db: Conn,
  vendorCode: string,
  roundId: string,
  amount: number,
  bonusAmount: number,
  rolledBack: boolean,
) {
  await db
    .updateTable('vendor_rounds')
    .set((eb) => ({
      bet_amount: eb('bet_amount', '-', amount),
      bonus_bet_amount: eb('bonus_bet_amount', '-', bonusAmount),
      ...(rolledBack ? { status: 'rolled_back' as const, closed_at: sql<Date>`app_clock()` } : {}),
    }))
    .where('vendor_code', '=', vendorCode)
    .where('round_id', '=', roundId)
    .execute();
}

/** The round a correction names, with what it paid so far (wins and corrections). */
export function findRound(db: Conn, vendorCode: string, roundId: string) {
  return db
    .selectFrom('vendor_rounds')
    .select(['member_id', 'game_code', 'status', 'bet_amount', 'win_amount', 'bonus_bet_amount'])
    .where('vendor_code', '=', vendorCode)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

/**
 * A correction's writes (the plain path): its vendor_transactions row (`amount` signed: what
 * moved), what was asked and why (vendor_resettlements), and the round's win changed by what moved,
 * so every reader of rounds (records, profit and loss, agents' figures) counts it.
 */
export async function recordResettlement(
  db: Conn,
  row: TransactionRow,
  asked: { requested: number; taken: number; reason: string },
) {
  await insertTransaction(db, row);
  await db
    .insertInto('vendor_resettlements')
    .values({
      vendor_code: row.vendor_code,
      transaction_id: row.transaction_id,
      round_id: row.round_id,
      member_id: row.member_id,
      requested: asked.requested,
      taken: asked.taken,
      reason: asked.reason,
      created_at: sql<Date>`app_clock()`,
    })
    .execute();
  if (row.amount !== 0)
    await db
      .updateTable('vendor_rounds')
      .set((eb) => ({ win_amount: eb('win_amount', '+', row.amount) }))
      .where('vendor_code', '=', row.vendor_code)
      .where('round_id', '=', row.round_id)
      .execute();
}

/**
 * Keeps the detail a call brought for its round, once that call is recorded: one row per round,
 * replaced by the detail of a later recorded call (a higher vendor_transactions id), never by an
 * earlier one's (a late repeat). Nothing is written when the call was not recorded (refused).
 */
export async function keepRoundDetail(
  db: Conn,
  input: { vendorCode: string; roundId: string; transactionId: string; detail: unknown; summary: string },
) {
  await sql`
    INSERT INTO vendor_round_details (vendor_code, round_id, member_id, detail, summary, transaction_seq, updated_at)
    SELECT t.vendor_code, t.round_id, t.member_id, ${JSON.stringify(input.detail)}::jsonb, ${input.summary}, t.id, app_clock()
      FROM vendor_transactions t
     WHERE t.vendor_code = ${input.vendorCode} AND t.transaction_id = ${input.transactionId}
       AND t.round_id = ${input.roundId}
    ON CONFLICT (vendor_code, round_id) DO UPDATE
       SET detail = excluded.detail, summary = excluded.summary, transaction_seq = excluded.transaction_seq,
           updated_at = excluded.updated_at
     WHERE vendor_round_details.transaction_seq < excluded.transaction_seq
  `.execute(db);
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

export async function insertTransaction(db: Conn, row: TransactionRow) {
  // app_clock(): the time of a moved application clock, else now() (migration 0033).
  await db
    .insertInto('vendor_transactions')
    .values({ ...row, created_at: sql<Date>`app_clock()` })
    .execute();
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

/** The node's copy of the integration settings a one-statement call checks against the database's. */
type IntegrationCopy = {
  vendor_code: string;
  secret: string;
  wallet_mode: string;
  currency: string;
  allowed_ips: string[];
  enabled: boolean;
};

/** ledger_post's arguments for the call's movement to or from cash alone, as the ledger prepared them. */
export type CashPosting = PreparedPosting;

export type OneStatementOutcome = {
  outcome: 'answer' | 'stale' | 'slow';
  answer_status: string | null;
  answer_balance: number | string | null;
};

/** The call's balance events, sent on `channel` once its statement has committed (db/after-commit.ts). */
function eventsAfterCommit(channel: string) {
  return afterCommitColumns(channel, sql.ref('balance_events'));
}

function postingArgs(p: CashPosting | null) {
  const e = p?.entries ?? [];
  return sql`${p?.head.key ?? null}, ${p?.head.type ?? null}, ${p?.head.reference ?? null}, ${p?.head.fingerprint ?? null},
    ${e.map((x) => x.code)}::text[], ${e.map((x) => x.amount)}::bigint[], ${e.map((x) => x.heldDelta)}::bigint[],
    ${e.map((x) => x.kind)}::text[], ${e.map((x) => x.memberId)}::bigint[], ${e.map((x) => x.currency)}::text[],
    ${p?.channel ?? null}`;
}

function integrationArgs(i: IntegrationCopy) {
  return sql`${i.vendor_code}, ${i.secret}, ${i.wallet_mode}, ${i.currency}, ${i.allowed_ips}::text[], ${i.enabled}`;
}

async function outcomeOf(query: RawBuilder<OneStatementOutcome>, db: Conn): Promise<OneStatementOutcome> {
  const row = (await query.execute(db)).rows[0];
  if (!row) throw new Error('the vendor call function answered no row');
  return row;
}

export type BetInput = {
  lockKeys: string[];
  clock: string | null;
  now: Date;
  integration: IntegrationCopy;
  memberId: number;
  tokenHash: string;
  gameCode: string;
  roundId: string;
  transactionId: string;
  amount: number;
  currencyOk: boolean;
  detailsHash: string;
  posting: CashPosting | null;
};

export type WinInput = {
  lockKeys: string[];
  clock: string | null;
  integration: IntegrationCopy;
  memberId: number;
  roundId: string;
  transactionId: string;
  amount: number;
  betTransactionId: string | null;
  close: boolean;
  currencyOk: boolean;
  detailsHash: string;
  posting: CashPosting | null;
};

export type OneStatementCall = ({ kind: 'bet' } & BetInput) | ({ kind: 'win' } & WinInput);

/**
 * A whole bet in one statement, its own implicit transaction (vendor_bet, migration 0055): locks,
 * context, checks, the kept refusal or the records and the posting. `posting` is null for a bet of 0.
 */
export function betInOneStatement(db: Conn, input: BetInput) {
  return outcomeOf(
    sql<OneStatementOutcome>`${namedStatement('vendor_bet')}SELECT outcome, answer_status, answer_balance, ${eventsAfterCommit(input.posting?.channel ?? '')} FROM vendor_bet(${input.lockKeys}::text[],
      ${input.clock}, ${input.now}::timestamptz, ${integrationArgs(input.integration)}, ${input.memberId},
      ${input.tokenHash}, ${input.gameCode}, ${input.roundId}, ${input.transactionId}, ${input.amount},
      ${input.currencyOk}, ${input.detailsHash}, ${postingArgs(input.posting)})`,
    db,
  );
}

/** A whole win in one statement (vendor_win, migration 0055). `posting` is null for a win of 0. */
export function winInOneStatement(db: Conn, input: WinInput) {
  return outcomeOf(
    sql<OneStatementOutcome>`${namedStatement('vendor_win')}SELECT outcome, answer_status, answer_balance, ${eventsAfterCommit(input.posting?.channel ?? '')} FROM vendor_win(${input.lockKeys}::text[],
      ${input.clock}, ${integrationArgs(input.integration)}, ${input.memberId}, ${input.roundId},
      ${input.transactionId}, ${input.amount}, ${input.betTransactionId}, ${input.close}, ${input.currencyOk},
      ${input.detailsHash}, ${postingArgs(input.posting)})`,
    db,
  );
}

export function callInOneStatement(db: Conn, call: OneStatementCall) {
  return call.kind === 'bet' ? betInOneStatement(db, call) : winInOneStatement(db, call);
}

/** A text[] literal of `items`, each quoted (for an array of arrays passed as text). */
function arrayLiteral(items: string[]): string {
  return `{${items.map((item) => `"${item.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

export type BatchOutcome = Omit<OneStatementOutcome, 'outcome'> & { outcome: OneStatementOutcome['outcome'] | 'busy' };

/**
 * Several calls in one statement and so one transaction (vendor_call_batch, migration 0055), each
 * answered as alone, in order; 'busy': another transaction holds its round or transaction id and it
 * was not run. Any error aborts them all (nothing is written). Each call's lock keys are its round's
 * and then its transaction's.
 */
export async function callsInOneStatement(db: Conn, calls: OneStatementCall[]): Promise<BatchOutcome[]> {
  const starts: number[] = [1];
  for (const c of calls) starts.push((starts.at(-1) as number) + (c.posting?.entries.length ?? 0));
  const entries = calls.flatMap((c) => c.posting?.entries ?? []);
  const col = <T>(pick: (c: OneStatementCall) => T) => calls.map(pick);
  const bet = (c: OneStatementCall) => (c.kind === 'bet' ? c : undefined);
  const win = (c: OneStatementCall) => (c.kind === 'win' ? c : undefined);
  const channel = calls.find((c) => c.posting)?.posting?.channel ?? '';
  const { rows } = await sql<
    BatchOutcome & { ord: number }
  >`${namedStatement('vendor_call_batch')}SELECT ord, outcome, answer_status, answer_balance, ${eventsAfterCommit(channel)}
    FROM vendor_call_batch(${col((c) => c.kind)}::text[], ${col((c) => c.lockKeys[0] ?? '')}::text[],
      ${col((c) => c.lockKeys[1] ?? '')}::text[], ${col((c) => c.clock)}::text[],
      ${col((c) => bet(c)?.now ?? null)}::timestamptz[], ${col((c) => c.integration.vendor_code)}::text[],
      ${col((c) => c.integration.secret)}::text[], ${col((c) => c.integration.wallet_mode)}::text[],
      ${col((c) => c.integration.currency)}::text[], ${col((c) => arrayLiteral(c.integration.allowed_ips))}::text[],
      ${col((c) => c.integration.enabled)}::boolean[], ${col((c) => c.memberId)}::bigint[],
      ${col((c) => bet(c)?.tokenHash ?? null)}::text[], ${col((c) => bet(c)?.gameCode ?? null)}::text[],
      ${col((c) => c.roundId)}::text[], ${col((c) => c.transactionId)}::text[], ${col((c) => c.amount)}::bigint[],
      ${col((c) => win(c)?.betTransactionId ?? null)}::text[], ${col((c) => win(c)?.close ?? null)}::boolean[],
      ${col((c) => c.currencyOk)}::boolean[], ${col((c) => c.detailsHash)}::text[],
      ${col((c) => c.posting?.head.key ?? null)}::text[], ${col((c) => c.posting?.head.type ?? null)}::text[],
      ${col((c) => c.posting?.head.reference ?? null)}::text[],
      ${col((c) => c.posting?.head.fingerprint ?? null)}::text[], ${starts}::int[],
      ${entries.map((e) => e.code)}::text[], ${entries.map((e) => e.amount)}::bigint[],
      ${entries.map((e) => e.heldDelta)}::bigint[], ${entries.map((e) => e.kind)}::text[],
      ${entries.map((e) => e.memberId)}::bigint[], ${entries.map((e) => e.currency)}::text[], ${channel})`.execute(db);
  if (rows.length !== calls.length) throw new Error('vendor_call_batch answered a row count other than its calls');
  return rows.sort((x, y) => x.ord - y.ord);
}
