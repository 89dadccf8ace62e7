import { type Expression, type RawBuilder, sql } from 'kysely';
import { afterCommitColumns } from '../../db/after-commit';
import type { Conn } from '../../db/database';
import { prepared } from '../../db/prepared';

// Kysely over the money ledger's tables (ledger_accounts, ledger_postings, ledger_entries,
// ledger_holds). Private to modules/ledger: its service is the only writer of these tables.

export type LedgerPostEntry = {
  code: string;
  amount: number;
  /** Lowers held in the same row update (capturing a hold): 0 or negative. */
  heldDelta: number;
  /** For an account created on first use. */
  kind: string;
  memberId: number | null;
  currency: string;
};

export type LedgerPostOutcome =
  | { status: 'posted' | 'replayed'; postingId: number; balances: Record<string, number> }
  | { status: 'conflict'; postingId: number }
  | { status: 'insufficient' };

function safeInt(v: unknown): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`ledger value ${String(v)} is not a safe integer`);
  return n;
}

type LedgerPostRow = {
  status: 'posted' | 'replayed' | 'conflict' | 'insufficient';
  posting_id: number | string | null;
  codes: string[] | null;
  balances: (number | string)[] | null;
};

/** The posting's balance events, to be sent on `channel` after commit (db/after-commit.ts). */
function afterCommit(channel: string) {
  return afterCommitColumns(channel, sql.ref('balance_events'));
}

function outcomeOf(row: LedgerPostRow): LedgerPostOutcome {
  if (row.status === 'insufficient') return { status: 'insufficient' };
  const postingId = safeInt(row.posting_id);
  if (row.status === 'conflict') return { status: 'conflict', postingId };
  const codes = row.codes ?? [];
  const values = row.balances ?? [];
  const balances: Record<string, number> = {};
  codes.forEach((code, i) => {
    balances[code] = safeInt(values[i]);
  });
  return { status: row.status, postingId, balances };
}

export type LedgerPostHead = { key: string; type: string; reference: string; fingerprint: string };

/**
 * A whole posting in one statement: the ledger_apply database function (migrations 0010 and 0056)
 * applies the guarded balance updates in the given order, appends the posting and its entries and
 * answers the balance events, which the database layer sends on `channel` once the caller's
 * transaction commits (db/after-commit.ts); or it answers a replay, a conflict or a refusal having
 * changed nothing. `entries` must already be in lock order (by code).
 */
export async function postLedger(
  db: Conn,
  p: LedgerPostHead & { channel: string },
  entries: LedgerPostEntry[],
): Promise<LedgerPostOutcome> {
  const { rows } =
    await sql<LedgerPostRow>`SELECT status, posting_id, codes, balances, ${afterCommit(p.channel)} FROM ledger_apply(${p.key}, ${p.type}, ${p.reference}, ${p.fingerprint}, ${entries.map((e) => e.code)}::text[], ${entries.map((e) => e.amount)}::bigint[], ${entries.map((e) => e.heldDelta)}::bigint[], ${entries.map((e) => e.kind)}::text[], ${entries.map((e) => e.memberId)}::bigint[], ${entries.map((e) => e.currency)}::text[])`.execute(
      db,
    );
  const row = rows[0];
  if (!row) throw new Error('ledger_post answered no row');
  return outcomeOf(row);
}

/** ledger_post's arguments, in its order, for a caller's function that forwards them (postThrough). */
export type LedgerPostArgs = RawBuilder<unknown>;

/**
 * The posting through a caller's database function that writes the caller's rows and then calls
 * ledger_post with these arguments, in one statement (vendor_post_bet, migration 0054).
 * `statement` must answer ledger_post's row (status, posting_id, codes, balances).
 */
export async function postLedgerThrough(
  db: Conn,
  p: LedgerPostHead & { channel: string },
  entries: LedgerPostEntry[],
  statement: (args: LedgerPostArgs) => RawBuilder<unknown>,
): Promise<LedgerPostOutcome> {
  const args = sql`${p.key}, ${p.type}, ${p.reference}, ${p.fingerprint}, ${entries.map((e) => e.code)}::text[], ${entries.map((e) => e.amount)}::bigint[], ${entries.map((e) => e.heldDelta)}::bigint[], ${entries.map((e) => e.kind)}::text[], ${entries.map((e) => e.memberId)}::bigint[], ${entries.map((e) => e.currency)}::text[], ${p.channel}`;
  const { rows } = await (statement(args) as RawBuilder<LedgerPostRow>).execute(db);
  const row = rows[0];
  if (!row) throw new Error('the posting statement answered no row');
  return outcomeOf(row);
}

/**
 * Several postings in one statement (ledger_post_batch, migrations 0012 and 0056): each runs as
 * postLedger's would alone, in the given order; the outcomes come back in that order and their
 * balance events go on `channel` after commit. Any error aborts them all (nothing is written).
 */
export async function postLedgerBatch(
  db: Conn,
  channel: string,
  postings: { head: LedgerPostHead; entries: LedgerPostEntry[] }[],
): Promise<LedgerPostOutcome[]> {
  const starts: number[] = [1];
  const entries = postings.flatMap((p) => p.entries);
  for (const p of postings) starts.push((starts.at(-1) as number) + p.entries.length);
  const heads = postings.map((p) => p.head);
  const { rows } = await sql<
    LedgerPostRow & { ord: number }
  >`SELECT ord, status, posting_id, codes, balances, ${afterCommit(channel)} FROM ledger_post_batch(${heads.map((h) => h.key)}::text[], ${heads.map((h) => h.type)}::text[], ${heads.map((h) => h.reference)}::text[], ${heads.map((h) => h.fingerprint)}::text[], ${starts}::int[], ${entries.map((e) => e.code)}::text[], ${entries.map((e) => e.amount)}::bigint[], ${entries.map((e) => e.heldDelta)}::bigint[], ${entries.map((e) => e.kind)}::text[], ${entries.map((e) => e.memberId)}::bigint[], ${entries.map((e) => e.currency)}::text[])`.execute(
    db,
  );
  if (rows.length !== postings.length)
    throw new Error('ledger_post_batch answered a row count other than its postings');
  return rows.sort((a, b) => a.ord - b.ord).map(outcomeOf);
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
    // No conflict target: a racing creator of the same member account can also collide on the
    // (member_id, kind, currency) index, which ON CONFLICT (code) would not cover (migration 0011).
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db.selectFrom('ledger_accounts').select(['id', 'code']).where('code', '=', a.code).executeTakeFirstOrThrow();
}

// ---- house accounts (sharded ones live in several rows: the caller passes all their codes)

/** The summed balance of the given account rows (0 when none exists yet). */
export function balanceOfCodes(db: Conn, codes: string[]) {
  return db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('balance'), sql<number>`0`).as('balance'))
    .where('code', 'in', codes)
    .executeTakeFirstOrThrow();
}

/** Credits and debits of the given account rows by postings made in [from, to). */
export function entryTotalsOfCodes(db: Conn, codes: string[], from: Date, to: Date) {
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
    .where('a.code', 'in', codes)
    .where('p.created_at', '>=', from)
    .where('p.created_at', '<', to)
    .executeTakeFirstOrThrow();
}

// The balance and the header's state read it on every call: compiled once (db/prepared.ts).
const memberAccountRow = prepared(3, (db, memberId: number, kind: string, currency: string) =>
  db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance', 'held'])
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('currency', '=', currency),
);

export function memberAccount(db: Conn, memberId: number, kind: string, currency: string) {
  return memberAccountRow.executeTakeFirst(db, memberId, kind, currency);
}

/**
 * One of the member's accounts as a scalar subquery on `member` (an id column of the enclosing
 * query): its balance, or what is available (balance less held); 0 before its first posting.
 */
export function memberAccountSql(
  member: Expression<unknown>,
  kind: string,
  currency: unknown,
  amount: 'balance' | 'available',
): RawBuilder<string> {
  const value = amount === 'available' ? sql`la.balance - la.held` : sql`la.balance`;
  return sql<string>`COALESCE((SELECT ${value} FROM ledger_accounts la
    WHERE la.member_id = ${member} AND la.kind = ${kind} AND la.currency = ${currency}), 0)`;
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
