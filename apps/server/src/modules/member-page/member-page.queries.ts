import { type Expression, type SqlBool, sql } from 'kysely';
import type { Conn } from '../../db/database';
import { pageOffset } from '../../http/paging';
import type {} from './member-page.tables';

// Operators never appear as members here: the members area is for players and agents.
const OPERATOR_TYPE = 90;

export type MemberSearchFilter = {
  text?: string | undefined;
  field: 'all' | 'username' | 'id' | 'name' | 'payee' | 'mobile' | 'email' | 'bankAccount' | 'ip';
  /**
   * Whether bank account numbers and payee names are searched (cashier data: the operator holds
   * cashier.read).
   */
  bankAccounts: boolean;
  status?: 'active' | 'disabled' | undefined;
  tag?: string | undefined;
  agentTypes?: readonly number[] | undefined;
  sort: 'username' | 'createdAt' | 'lastLogin' | 'balance';
  order: 'asc' | 'desc';
  currency: string;
};

/** A LIKE pattern matching the text anywhere, with the text's own % _ and \ taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Ids of the members whose chosen field contains the text (case-insensitive), as one UNION of
 * single-column lookups so each branch can use its own trigram index (migration 0023). Bank
 * account numbers and login IPs live in the cashier's and the login history's tables; the search
 * reads them here, in one statement, because a page of results cannot be assembled from separate
 * id lists without losing the ordering and the total.
 */
/**
 * How many members a text search collects at most. A text that matches more (a short prefix shared
 * by a hundred thousand usernames) is answered from the first SEARCH_CAP matches with the total
 * flagged as capped, so one broad search costs what a narrow one does (docs/benchmarks.md, back
 * office: unbounded, such a search counted and sorted every match and took over a second at 1M
 * members). An operator refines the text rather than paging past a thousand members.
 */
export const SEARCH_CAP = 1000;

function matchingIds(text: string, field: MemberSearchFilter['field'], bankAccounts: boolean) {
  const p = containing(text);
  const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
  const parts: ReturnType<typeof sql>[] = [];
  // With every field asked, a field is left out when the text cannot occur in it (letters in a
  // mobile number or an IP address); a field asked for by name is always searched.
  const want = (f: MemberSearchFilter['field'], could = true) => field === f || (field === 'all' && could);
  if (want('id') && id !== null) parts.push(sql`SELECT ${id}::bigint AS id`);
  if (want('username')) {
    // The exact username first, so it is among the collected matches however many others there are.
    parts.push(sql`SELECT id FROM members WHERE lower(username) = ${text.toLowerCase()}`);
    parts.push(sql`SELECT id FROM members WHERE lower(username) LIKE ${p}`);
  }
  if (want('email')) parts.push(sql`SELECT id FROM members WHERE lower(email) LIKE ${p}`);
  // The real name: as KYC verified it (kyc's table, read here for the same reason as the bank
  // accounts below), and as the member entered it in their profile.
  if (want('name', /\p{L}/u.test(text))) {
    parts.push(sql`SELECT member_id AS id FROM kyc_identities WHERE lower(verified_name) LIKE ${p}`);
    parts.push(sql`SELECT id FROM members WHERE lower(full_name) LIKE ${p}`);
  }
  // Numbers are stored as digits without the dialing code: '+63 917-123' looks for 917123.
  const phone = text.replace(/^\+\d{1,3}\s+/, '').replace(/[\s()-]/g, '');
  if (want('mobile', /^\d+$/.test(phone)) && phone.length > 0)
    parts.push(sql`SELECT id FROM members WHERE mobile_num LIKE ${containing(phone)}`);
  if (want('ip', /^[0-9a-f.:]+$/i.test(text))) {
    parts.push(sql`SELECT id FROM members WHERE register_ip LIKE ${p}`);
    parts.push(sql`SELECT id FROM members WHERE last_login_ip LIKE ${p}`);
    parts.push(sql`SELECT member_id AS id FROM member_login_ips WHERE ip LIKE ${p}`);
  }
  // The names on transfer slips: a bank account's holder (the payee of the member's withdrawals) and
  // the depositor name given on a deposit order. Cashier data, like the account numbers.
  if (bankAccounts && want('payee', /\p{L}/u.test(text))) {
    parts.push(sql`SELECT member_id AS id FROM member_bank_accounts WHERE lower(account_name) LIKE ${p}`);
    parts.push(sql`SELECT member_id AS id FROM deposit_orders WHERE lower(depositor_name) LIKE ${p}`);
  }
  if (bankAccounts && want('bankAccount', /^[0-9a-z -]+$/i.test(text)))
    parts.push(sql`SELECT member_id AS id FROM member_bank_accounts WHERE lower(account_number) LIKE ${p}`);
  if (parts.length === 0) return null;
  // UNION ALL under a LIMIT lets each branch stop early; IN removes the duplicates.
  return sql`SELECT id FROM (${sql.join(parts, sql` UNION ALL `)}) AS found LIMIT ${SEARCH_CAP + 1}`;
}

export async function searchMembers(db: Conn, f: MemberSearchFilter, page: { pageNo: number; pageSize: number }) {
  const text = f.text?.trim();
  const ids = text ? matchingIds(text, f.field, f.bankAccounts) : undefined;
  // Text that cannot match the chosen field (letters in an id search) finds nobody.
  if (ids === null) return { rows: [], total: 0, totalCapped: false };
  const filtered = db
    .selectFrom('members as m')
    .where('m.type', '!=', OPERATOR_TYPE)
    .$if(ids !== undefined, (qb) => qb.where(sql<SqlBool>`m.id IN (${ids})`))
    .$if(f.status !== undefined, (qb) => qb.where('m.status', '=', f.status ?? 'active'))
    .$if(f.tag !== undefined, (qb) =>
      qb.where(
        sql<SqlBool>`m.id IN (SELECT member_id FROM member_tags WHERE lower(tag) = ${(f.tag ?? '').toLowerCase()})`,
      ),
    )
    .$if(f.agentTypes !== undefined, (qb) => qb.where('m.type', 'in', [...(f.agentTypes ?? [])]));
  const withAccount = filtered.leftJoin('ledger_accounts as a', (join) =>
    join.onRef('a.member_id', '=', 'm.id').on('a.kind', '=', 'cash').on('a.currency', '=', f.currency),
  );
  const offset = pageOffset(page);
  const count = filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  if (f.sort === 'balance' && ids === undefined) {
    const [rows, total] = await Promise.all([byBalance(withAccount, f.order, page.pageSize, offset), count]);
    return { rows, total: Number(total.n), totalCapped: false };
  }
  const dir = f.order === 'asc' ? sql`ASC` : sql`DESC`;
  const nulls = f.order === 'asc' ? sql`NULLS FIRST` : sql`NULLS LAST`;
  const orderBy: Expression<unknown> = {
    username: sql`lower(m.username) ${dir}`,
    createdAt: sql`m.created_at ${dir}`,
    lastLogin: sql`m.last_login_at ${dir} ${nulls}`,
    balance: sql`coalesce(a.balance, 0) ${dir}`,
  }[f.sort];
  const [rows, total] = await Promise.all([
    rowsOf(withAccount).orderBy(sql`${orderBy}`).orderBy('m.id', f.order).limit(page.pageSize).offset(offset).execute(),
    count,
  ]);
  // More candidates than the cap (duplicates across fields included) means the text matched more.
  const capped = ids !== undefined && Number(total.n) > SEARCH_CAP;
  return { rows, total: capped ? SEARCH_CAP : Number(total.n), totalCapped: capped };
}

type MemberScope = ReturnType<typeof memberScope>;
function memberScope(db: Conn, currency: string) {
  return db
    .selectFrom('members as m')
    .leftJoin('ledger_accounts as a', (join) =>
      join.onRef('a.member_id', '=', 'm.id').on('a.kind', '=', 'cash').on('a.currency', '=', currency),
    );
}

function rowsOf(scope: MemberScope) {
  return scope
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .leftJoin('responsible_settings as rs', 'rs.member_id', 'm.id')
    .select([
      'rs.break_kind',
      'rs.break_period',
      'rs.break_started_at',
      'rs.break_until',
      'm.id',
      'm.username',
      'm.type',
      'm.status',
      'm.vip_level',
      'm.country_dialing_code',
      'm.mobile_num',
      'm.email',
      'm.upline_id',
      'u.username as upline_username',
      'm.created_at',
      'm.last_login_at',
      'm.last_login_ip',
      sql<number>`coalesce(a.balance, 0)`.as('balance'),
    ]);
}

/**
 * The whole member list by balance, one page, without sorting every member: the members with money
 * come off the cash-balance index (migration 0023) in balance order, and the rest (a zero balance,
 * or no wallet yet) follow in id order; ascending the other way round. Member cash never goes below
 * zero, so this is the order of coalesce(balance, 0) with the id breaking ties.
 */
async function byBalance(scope: MemberScope, order: 'asc' | 'desc', limit: number, offset: number) {
  const funded = rowsOf(scope).where('a.balance', '>', 0).orderBy('a.balance', order).orderBy('a.member_id', order);
  const empty = rowsOf(scope).where(sql<SqlBool>`coalesce(a.balance, 0) = 0`).orderBy('m.id', order);
  const [first, second] = order === 'desc' ? [funded, empty] : [empty, funded];
  const head = await first.limit(limit).offset(offset).execute();
  if (head.length === limit) return head;
  if (head.length > 0) return [...head, ...(await second.limit(limit - head.length).execute())];
  // The page starts past the first part: how long that part is says where in the second it starts.
  const firstPart =
    order === 'desc' ? scope.where('a.balance', '>', 0) : scope.where(sql<SqlBool>`coalesce(a.balance, 0) = 0`);
  const counted = await firstPart.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return second
    .limit(limit)
    .offset(offset - Number(counted.n))
    .execute();
}

export type MemberSearchRow = Awaited<ReturnType<typeof searchMembers>>['rows'][number];

/** The member page's account facts (no secrets: only whether the payment password is set). */
export function findAdminMember(db: Conn, id: number) {
  return db
    .selectFrom('members as m')
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .select((eb) => [
      'm.id',
      'm.username',
      'm.nickname',
      'm.full_name',
      'm.type',
      'm.status',
      'm.vip_level',
      'm.upline_id',
      'u.username as upline_username',
      'm.country_dialing_code',
      'm.mobile_num',
      'm.email',
      'm.language',
      'm.register_ip',
      'm.register_domain',
      'm.created_at',
      'm.last_login_at',
      'm.last_login_ip',
      'm.password_changed_at',
      'm.password_change_required_at',
      sql<boolean>`m.payment_password_hash IS NOT NULL`.as('payment_password_set'),
      eb
        .selectFrom('members as d')
        .select((d) => d.fn.countAll<number | string>().as('n'))
        .whereRef('d.upline_id', '=', 'm.id')
        .as('downline_count'),
    ])
    .where('m.id', '=', id)
    .where('m.type', '!=', OPERATOR_TYPE)
    .executeTakeFirst();
}

export type AdminMemberRow = NonNullable<Awaited<ReturnType<typeof findAdminMember>>>;

/**
 * Locks the member's row for the rest of the transaction (actions read, check and change it): FOR NO
 * KEY UPDATE, before any ledger row, as every money path does (docs/wallet.md "Lock order").
 */
export function lockAdminMember(db: Conn, id: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'status', 'upline_id', 'password_change_required_at'])
    .where('id', '=', id)
    .where('type', '!=', OPERATOR_TYPE)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/**
 * Whether `memberId` is `candidateId` or one of its uplines, walking up from the candidate. The walk
 * stops after 1,000 steps so data that already holds a cycle cannot make it endless.
 */
export async function isSelfOrUplineOf(db: Conn, memberId: number, candidateId: number): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    WITH RECURSIVE chain (id, upline_id, depth) AS (
      SELECT id, upline_id, 0 FROM members WHERE id = ${candidateId}
      UNION ALL
      SELECT m.id, m.upline_id, c.depth + 1 FROM members m JOIN chain c ON m.id = c.upline_id WHERE c.depth < 1000
    )
    SELECT EXISTS (SELECT 1 FROM chain WHERE id = ${memberId}) AS found`.execute(db);
  return result.rows[0]?.found === true;
}

/** The agents above the member, the direct upline first, up to the top (agent_tree_member index). */
export function uplineChain(db: Conn, memberId: number) {
  return db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.ancestor_id')
    .select(['m.id', 'm.username', 'm.type'])
    .where('t.member_id', '=', memberId)
    .where('t.depth', '>=', 1)
    .orderBy('t.depth')
    .execute();
}

/**
 * One page of the operator actions on a member, newest first: the audit rows whose target is the
 * member (`member:<id>`), and with `cashier` the cashier's decisions on the member's orders and bank
 * accounts, whose rows name the order's reference or the account's id as their target. Each branch
 * is a lookup of the operator rows' target index (migration 0022) per order or account of the
 * member, so the page never reads the whole log; the cashier's tables are read here, in one
 * statement, for the same reason as the search's bank accounts.
 */
export async function pageMemberActions(
  db: Conn,
  memberId: number,
  target: string,
  cashier: boolean,
  page: { pageNo: number; pageSize: number },
) {
  const parts = [sql`SELECT id FROM audit_log WHERE operator AND detail->>'target' = ${target}`];
  if (cashier)
    parts.push(
      sql`SELECT a.id FROM deposit_orders o JOIN audit_log a ON a.operator AND a.detail->>'target' = o.reference
        AND a.event LIKE 'cashier.deposit.%' WHERE o.member_id = ${memberId}`,
      sql`SELECT a.id FROM withdrawal_orders o JOIN audit_log a ON a.operator AND a.detail->>'target' = o.reference
        AND a.event LIKE 'cashier.withdrawal.%' WHERE o.member_id = ${memberId}`,
      sql`SELECT a.id FROM member_bank_accounts b JOIN audit_log a ON a.operator AND a.detail->>'target' = b.id::text
        AND a.event LIKE 'cashier.bankAccount.%' WHERE b.member_id = ${memberId}`,
    );
  const ids = sql.join(parts, sql` UNION ALL `);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select(['id', 'event', 'success', 'username', 'ip', 'detail', 'created_at'])
      .where(sql<SqlBool>`id IN (${ids})`)
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    sql<{ n: string }>`SELECT count(*)::text AS n FROM (${ids}) AS mine`.execute(db),
  ]);
  return { rows, total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * The names on the member's transfer slips, once per name and source: the holder names of the bank
 * accounts bound (not rejected), and the depositor names given on deposit orders (the newest first).
 */
export async function payeeNames(db: Conn, memberId: number) {
  const [accounts, deposits] = await Promise.all([
    db
      .selectFrom('member_bank_accounts')
      .select('account_name as name')
      .where('member_id', '=', memberId)
      .where('status', '!=', 'rejected')
      .groupBy('account_name')
      .orderBy(sql`max(id)`, 'desc')
      .execute(),
    db
      .selectFrom('deposit_orders')
      .select('depositor_name as name')
      .where('member_id', '=', memberId)
      .where('depositor_name', 'is not', null)
      .groupBy('depositor_name')
      .orderBy(sql`max(id)`, 'desc')
      .limit(20)
      .execute(),
  ]);
  return [
    ...accounts.map((r) => ({ name: r.name, source: 'bankAccount' as const })),
    ...deposits.flatMap((r) => (r.name === null ? [] : [{ name: r.name, source: 'deposit' as const }])),
  ];
}

export function findUplineCandidate(db: Conn, id: number) {
  return db.selectFrom('members').select(['id', 'username', 'type', 'status']).where('id', '=', id).executeTakeFirst();
}

// ---- notes and tags

export async function insertNote(
  db: Conn,
  n: { memberId: number; operatorId: number; operatorUsername: string; text: string; now: Date },
) {
  return db
    .insertInto('member_notes')
    .values({
      member_id: n.memberId,
      operator_id: n.operatorId,
      operator_username: n.operatorUsername,
      text: n.text,
      created_at: n.now,
    })
    .returning(['id', 'text', 'operator_username', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function pageNotes(db: Conn, memberId: number, page: { pageNo: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('member_notes')
      .select(['id', 'text', 'operator_username', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    db
      .selectFrom('member_notes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function memberTags(db: Conn, memberId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('member_tags')
    .select('tag')
    .where('member_id', '=', memberId)
    .orderBy('tag')
    .execute();
  return rows.map((r) => r.tag);
}

export async function replaceTags(db: Conn, memberId: number, tags: string[], now: Date) {
  await db.deleteFrom('member_tags').where('member_id', '=', memberId).execute();
  if (tags.length > 0)
    await db
      .insertInto('member_tags')
      .values(tags.map((tag) => ({ member_id: memberId, tag, created_at: now })))
      .execute();
}

// ---- balance adjustments

const ADJUSTMENT_COLUMNS = [
  'b.id',
  'b.member_id',
  'm.username',
  'b.type',
  'b.deposit_reference',
  'b.wagering_multiple',
  'b.direction',
  'b.amount',
  'b.currency',
  'b.reason',
  'b.status',
  'b.idempotency_key',
  'b.requested_by',
  'b.requested_by_username',
  'b.decided_by_username',
  'b.decision_reason',
  'b.created_at',
  'b.decided_at',
  'b.decided_by',
  'b.request_id',
] as const;

export async function insertAdjustment(
  db: Conn,
  a: {
    memberId: number;
    type: 'correction' | 'goodwill' | 'manual_deposit' | 'bonus';
    wageringMultiple: number | null;
    direction: 'credit' | 'debit';
    amount: number;
    currency: string;
    reason: string;
    idempotencyKey: string;
    operatorId: number;
    operatorUsername: string;
    requestId: string;
    brandDay: string;
    now: Date;
  },
) {
  const row = await db
    .insertInto('balance_adjustments')
    .values({
      request_id: a.requestId,
      brand_day: a.brandDay,
      member_id: a.memberId,
      type: a.type,
      wagering_multiple: a.wageringMultiple,
      direction: a.direction,
      amount: a.amount,
      currency: a.currency,
      reason: a.reason,
      idempotency_key: a.idempotencyKey,
      requested_by: a.operatorId,
      requested_by_username: a.operatorUsername,
      created_at: a.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findAdjustment(db: Conn, id: number, options: { forUpdate?: boolean } = {}) {
  return db
    .selectFrom('balance_adjustments as b')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .select(ADJUSTMENT_COLUMNS)
    .where('b.id', '=', id)
    .$if(options.forUpdate === true, (qb) => qb.forUpdate('b'))
    .executeTakeFirst();
}

export type AdjustmentRow = NonNullable<Awaited<ReturnType<typeof findAdjustment>>>;

/** The operator's adjustment made with this request id, if any. */
export function findAdjustmentByRequest(db: Conn, operatorId: number, requestId: string) {
  return db
    .selectFrom('balance_adjustments as b')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .select(ADJUSTMENT_COLUMNS)
    .where('b.requested_by', '=', operatorId)
    .where('b.request_id', '=', requestId)
    .executeTakeFirst();
}

/**
 * What the operator has adjusted for the member in the brand day without a second operator: credits
 * and debits alike, posted at their own request. Pending, rejected and second-operator-approved
 * adjustments do not count (the first two moved nothing, the last had its second pair of eyes).
 */
export async function adjustedAlone(db: Conn, memberId: number, operatorId: number, brandDay: string) {
  const row = await db
    .selectFrom('balance_adjustments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('total'))
    .where('member_id', '=', memberId)
    .where('requested_by', '=', operatorId)
    .where('brand_day', '=', brandDay)
    .where('status', '=', 'posted')
    .whereRef('decided_by', '=', 'requested_by')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function decideAdjustment(
  db: Conn,
  id: number,
  d: {
    status: 'posted' | 'rejected' | 'cancelled';
    operatorId: number;
    operatorUsername: string;
    reason: string | null;
    postingId: number | null;
    /** A manual deposit's deposit order. */
    depositReference?: string;
    now: Date;
  },
) {
  await db
    .updateTable('balance_adjustments')
    .set({
      status: d.status,
      decided_by: d.operatorId,
      decided_by_username: d.operatorUsername,
      decision_reason: d.reason,
      posting_id: d.postingId,
      decided_at: d.now,
      ...(d.depositReference ? { deposit_reference: d.depositReference } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function pageAdjustments(
  db: Conn,
  f: { status?: 'pending' | 'posted' | 'rejected' | 'cancelled' | undefined; memberId?: number | undefined },
  page: { pageNo: number; pageSize: number },
) {
  const scope = db
    .selectFrom('balance_adjustments as b')
    .$if(f.status !== undefined, (qb) => qb.where('b.status', '=', f.status ?? 'pending'))
    .$if(f.memberId !== undefined, (qb) => qb.where('b.member_id', '=', f.memberId ?? 0));
  const [rows, count] = await Promise.all([
    scope
      .innerJoin('members as m', 'm.id', 'b.member_id')
      .select(ADJUSTMENT_COLUMNS)
      .orderBy('b.id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    scope.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Serialises the copies of one operator's adjustment request until the transaction ends. */
export async function lockAdjustmentRequest(trx: Conn, operatorId: number, requestId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`adjustment-request:${operatorId}:${requestId}`}))`.execute(trx);
}

/** Serialises upline changes until the transaction ends (the cycle check of changeUpline reads the whole tree). */
export async function lockUplineChanges(trx: Conn): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('member-upline'))`.execute(trx);
}
