import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import { OPERATOR_ACCOUNT_TYPE } from '../../http/auth';
import { pageOffset } from '../../http/paging';

export type Page = { pageNo: number; pageSize: number };
export type DepositStatus = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';
type WithdrawalStatus = 'pending' | 'approved' | 'rejected' | 'paid' | 'confirmed';

// ---- payment methods and settings

export function listActiveMethods(db: Conn) {
  return db.selectFrom('payment_methods').selectAll().where('active', '=', true).orderBy('sort').execute();
}

export function findMethod(db: Conn, code: string) {
  return db.selectFrom('payment_methods').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findWithdrawalMethod(db: Conn) {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('kind', '=', 'withdrawal')
    .where('active', '=', true)
    .orderBy('sort')
    .executeTakeFirst();
}

/** Every method, inactive ones too (operators turn them on and off). */
export function listAllMethods(db: Conn) {
  return db.selectFrom('payment_methods').selectAll().orderBy('sort').orderBy('code').execute();
}

export function findMethodForUpdate(db: Conn, code: string) {
  return db.selectFrom('payment_methods').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
}

export async function updateMethod(
  db: Conn,
  code: string,
  patch: Partial<{
    active: boolean;
    min_amount: number;
    max_amount: number;
    bank_name: string;
    account_name: string;
    account_number: string;
    provider_name: string | null;
    provider_pay_url: string | null;
    provider_deep_link: string | null;
    provider_secret: string | null;
  }>,
) {
  await db.updateTable('payment_methods').set(patch).where('code', '=', code).execute();
}

export function readSettings(db: Conn) {
  return db.selectFrom('cashier_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function updateSettings(
  db: Conn,
  patch: Partial<{ receipt_confirm_minutes: number; turnover_percent: number; gateway_expiry_minutes: number }>,
) {
  await db.updateTable('cashier_settings').set(patch).where('id', '=', 1).execute();
}

// ---- the member, as the cashier needs it

export function findMemberForCashier(db: Conn, memberId: number, options: { forUpdate?: boolean } = {}) {
  let q = db
    .selectFrom('members')
    .select(['id', 'username', 'payee_name', 'payment_password_hash', 'vip_level'])
    .where('id', '=', memberId);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Serialises a member's money-changing cashier work (first-deposit flag, withdrawal requests). FOR
 * NO KEY UPDATE, first, as docs/wallet.md "Lock order" says: FOR UPDATE would also block the KEY SHARE
 * lock that the bet path's inserts take on the member row while it holds the member's ledger rows.
 */
export async function lockMember(db: Conn, memberId: number) {
  await db.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
}

// ---- deposits

export function findDepositByRequest(db: Conn, memberId: number, requestId: string) {
  return db
    .selectFrom('deposit_orders')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** The member's latest deposit order of any status: the method and amount the cashier offers first. */
export function lastDeposit(db: Conn, memberId: number) {
  return db
    .selectFrom('deposit_orders')
    .select(['method_code', 'amount'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function insertDeposit(
  db: Conn,
  d: {
    reference: string;
    memberId: number;
    requestId: string;
    methodCode: string;
    methodKind: 'bank_transfer' | 'gateway' | 'ewallet';
    amount: number;
    currency: string;
    depositorName?: string | null;
    receivingAccountId?: number | null;
    /** Whether it would be the member's first credited deposit (read under the member's lock). */
    firstDeposit: boolean;
    status?: 'pending';
    now: Date;
  },
) {
  // ON CONFLICT: a concurrent retry with the same requestId wins once; the loser reads the winner.
  return db
    .insertInto('deposit_orders')
    .values({
      reference: d.reference,
      member_id: d.memberId,
      request_id: d.requestId,
      method_code: d.methodCode,
      method_kind: d.methodKind,
      amount: d.amount,
      currency: d.currency,
      depositor_name: d.depositorName ?? null,
      receiving_account_id: d.receivingAccountId ?? null,
      first_deposit: d.firstDeposit,
      created_at: d.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findDepositByReference(db: Conn, reference: string, options: { forUpdate?: boolean } = {}) {
  let q = db.selectFrom('deposit_orders').selectAll().where('reference', '=', reference);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function hasApprovedDeposit(db: Conn, memberId: number, exceptId?: number) {
  const row = await db
    .selectFrom('deposit_orders')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'approved')
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId ?? 0))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Once a deposit of the member is credited, no other undecided order of theirs can be the first:
 * their flag goes false in the same transaction (under the member's lock), so an undecided order's
 * flag always says what its approval would record.
 */
export async function clearOtherFirstDepositFlags(db: Conn, memberId: number, creditedId: number) {
  await db
    .updateTable('deposit_orders')
    .set({ first_deposit: false })
    .where('member_id', '=', memberId)
    .where('id', '!=', creditedId)
    .where('status', 'in', ['pending', 'expired'])
    .where('first_deposit', '=', true)
    .execute();
}

/**
 * The stakes the member's rounds returned without risk (a void or pushed bet, as their vendors
 * declared: vendor_rounds.void_amount), which are no turnover (docs/agents.md "Valid bet").
 */
export async function sumUnriskedStakes(db: Conn, memberId: number): Promise<number> {
  const row = await sql<{ total: string }>`
    SELECT coalesce(sum(void_amount), 0)::bigint AS total FROM vendor_rounds
     WHERE member_id = ${memberId} AND void_amount > 0`.execute(db);
  return Number(row.rows[0]?.total ?? 0);
}

export async function sumApprovedDeposits(db: Conn, memberId: number) {
  const row = await db
    .selectFrom('deposit_orders')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function settleDeposit(
  db: Conn,
  id: number,
  patch: {
    status: 'approved' | 'rejected' | 'cancelled';
    /** The statuses it may leave (pending unless said otherwise). */
    from?: readonly ('pending' | 'expired' | 'cancelled')[];
    firstDeposit?: boolean;
    /** An amount approved other than the one asked: it becomes `amount`, the asked one is kept. */
    approvedAmount?: { amount: number; requested: number };
    reason?: string | null;
    decidedBy?: number | null;
    gatewayTransactionId?: string | null;
    now: Date;
  },
) {
  return db
    .updateTable('deposit_orders')
    .set({
      status: patch.status,
      ...(patch.approvedAmount
        ? { amount: patch.approvedAmount.amount, requested_amount: patch.approvedAmount.requested }
        : {}),
      ...(patch.firstDeposit !== undefined ? { first_deposit: patch.firstDeposit } : {}),
      reason: patch.reason ?? null,
      decided_by: patch.decidedBy ?? null,
      decided_at: patch.now,
      ...(patch.gatewayTransactionId ? { gateway_transaction_id: patch.gatewayTransactionId } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', patch.from ?? ['pending'])
    .returningAll()
    .executeTakeFirst();
}

/**
 * Expires the pending gateway orders opened before the cutoff (of one member, or all). A concurrent
 * callback holding the order's row lock goes first: this UPDATE then re-reads the row and leaves a
 * credited order alone.
 */
export async function expireGatewayDeposits(db: Conn, cutoff: Date, now: Date, memberId?: number) {
  let update = db
    .updateTable('deposit_orders')
    .set({ status: 'expired', reason: 'not paid in time', decided_at: now })
    .where('status', '=', 'pending')
    .where('method_kind', 'in', ['gateway', 'ewallet'])
    .where('created_at', '<', cutoff);
  if (memberId !== undefined) update = update.where('member_id', '=', memberId);
  const rows = await update.returning('reference').execute();
  return rows.map((r) => r.reference);
}

function depositRows(db: Conn) {
  return db
    .selectFrom('deposit_orders')
    .innerJoin('members', 'members.id', 'deposit_orders.member_id')
    .leftJoin('cashier_house_accounts as ra', 'ra.id', 'deposit_orders.receiving_account_id')
    .leftJoin('payment_methods as pm', 'pm.code', 'deposit_orders.method_code')
    .leftJoin('kyc_identities as ki', 'ki.member_id', 'deposit_orders.member_id')
    .selectAll('deposit_orders')
    .select([
      'members.username',
      'ki.verified_name',
      // The member's risk level, as on the withdrawal queue.
      (eb) =>
        eb
          .selectFrom('member_risk_levels')
          .select('member_risk_levels.level')
          .whereRef('member_risk_levels.member_id', '=', 'deposit_orders.member_id')
          .as('risk_level'),
      'ra.label as receiving_label',
      'ra.bank_name as receiving_bank_name',
      'ra.account_name as receiving_account_name',
      'ra.account_number as receiving_account_number',
      // A bank transfer not routed to a house account is paid into the method's own account.
      'pm.bank_name as method_bank_name',
      'pm.account_number as method_account_number',
      (eb) =>
        eb
          .selectFrom('cashier_files')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('cashier_files.reference', '=', 'deposit_orders.reference')
          .as('file_count'),
    ]);
}

export type DepositRow = Awaited<ReturnType<ReturnType<typeof depositRows>['executeTakeFirstOrThrow']>>;

export function depositView(db: Conn, reference: string) {
  return depositRows(db).where('deposit_orders.reference', '=', reference).executeTakeFirst();
}

/**
 * The operators' queue filters: username and reference match a part (case-insensitive, reference
 * from its start), amounts are minor units inclusive, `from` is inclusive and `to` exclusive.
 */
export type OrderFilter = {
  memberId?: number | undefined;
  username?: string | undefined;
  reference?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

function likePattern(text: string, anywhere: boolean): string {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return anywhere ? `%${escaped}%` : `${escaped}%`;
}

function orderConditions(table: 'deposit_orders' | 'withdrawal_orders', f: OrderFilter): RawBuilder<boolean>[] {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const out: RawBuilder<boolean>[] = [];
  if (f.memberId !== undefined) out.push(sql<boolean>`${column('member_id')} = ${f.memberId}`);
  if (f.username) out.push(sql<boolean>`lower(members.username) like ${likePattern(f.username, true)}`);
  if (f.reference) out.push(sql<boolean>`lower(${column('reference')}) like ${likePattern(f.reference, false)}`);
  if (f.minAmount !== undefined) out.push(sql<boolean>`${column('amount')} >= ${f.minAmount}`);
  if (f.maxAmount !== undefined) out.push(sql<boolean>`${column('amount')} <= ${f.maxAmount}`);
  if (f.from) out.push(sql<boolean>`${column('created_at')} >= ${f.from}`);
  if (f.to) out.push(sql<boolean>`${column('created_at')} < ${f.to}`);
  return out;
}

export async function pageDeposits(
  db: Conn,
  filter: OrderFilter & { status?: DepositStatus | undefined; method?: string | undefined },
  page: Page,
) {
  let rows = depositRows(db);
  let count = db
    .selectFrom('deposit_orders')
    .innerJoin('members', 'members.id', 'deposit_orders.member_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  for (const condition of orderConditions('deposit_orders', filter)) {
    rows = rows.where(condition);
    count = count.where(condition);
  }
  if (filter.status) {
    rows = rows.where('deposit_orders.status', '=', filter.status);
    count = count.where('deposit_orders.status', '=', filter.status);
  }
  if (filter.method) {
    rows = rows.where('deposit_orders.method_code', '=', filter.method);
    count = count.where('deposit_orders.method_code', '=', filter.method);
  }
  const list = await rows
    .orderBy('deposit_orders.created_at', 'desc')
    .orderBy('deposit_orders.id', 'desc')
    .limit(page.pageSize)
    .offset(pageOffset(page))
    .execute();
  const total = await count.executeTakeFirstOrThrow();
  return { rows: list, total: Number(total.n) };
}

// ---- uploaded images (bytes kept in the database so every node serves them; see cashier-files.service)

export async function insertFile(
  db: Conn,
  f: {
    memberId: number;
    purpose: 'deposit_proof' | 'withdrawal_receipt';
    reference: string;
    contentType: string;
    data: Buffer;
    now: Date;
  },
) {
  await db
    .insertInto('cashier_files')
    .values({
      member_id: f.memberId,
      purpose: f.purpose,
      reference: f.reference,
      content_type: f.contentType,
      size: f.data.length,
      data: f.data,
      created_at: f.now,
    })
    .execute();
}

export async function countFiles(db: Conn, reference: string) {
  const row = await db
    .selectFrom('cashier_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- bank accounts

export function listBankAccounts(db: Conn, memberId: number) {
  return db
    .selectFrom('member_bank_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertBankAccount(
  db: Conn,
  a: { memberId: number; bankName: string; accountName: string; accountNumber: string; now: Date },
) {
  return db
    .insertInto('member_bank_accounts')
    .values({
      member_id: a.memberId,
      bank_name: a.bankName,
      account_name: a.accountName,
      account_number: a.accountNumber,
      created_at: a.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'bank_name', 'account_number']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findBankAccount(db: Conn, id: number) {
  return db.selectFrom('member_bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Removes a binding no operator confirmed (pending, or rejected); a confirmed one stays. */
export async function deleteUnconfirmedBankAccount(db: Conn, id: number, memberId: number) {
  const row = await db
    .deleteFrom('member_bank_accounts')
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'rejected'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function confirmBankAccount(db: Conn, id: number, operatorId: number, now: Date) {
  return db
    .updateTable('member_bank_accounts')
    .set({ status: 'confirmed', confirmed_by: operatorId, confirmed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export function rejectBankAccount(db: Conn, id: number, operatorId: number, reason: string, now: Date) {
  return db
    .updateTable('member_bank_accounts')
    .set({ status: 'rejected', reject_reason: reason, rejected_by: operatorId, rejected_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export function bankAccountWithMember(db: Conn, id: number) {
  return db
    .selectFrom('member_bank_accounts')
    .innerJoin('members', 'members.id', 'member_bank_accounts.member_id')
    .leftJoin('kyc_identities as ki', 'ki.member_id', 'member_bank_accounts.member_id')
    .selectAll('member_bank_accounts')
    .select(['members.username', 'ki.verified_name'])
    .where('member_bank_accounts.id', '=', id)
    .executeTakeFirst();
}

// ---- withdrawals

export function findWithdrawalByRequest(db: Conn, memberId: number, requestId: string) {
  return db
    .selectFrom('withdrawal_orders')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export function insertWithdrawal(
  db: Conn,
  w: {
    reference: string;
    memberId: number;
    requestId: string;
    bankAccountId: number;
    amount: number;
    currency: string;
    holdId: number;
    now: Date;
  },
) {
  return db
    .insertInto('withdrawal_orders')
    .values({
      reference: w.reference,
      member_id: w.memberId,
      request_id: w.requestId,
      bank_account_id: w.bankAccountId,
      amount: w.amount,
      currency: w.currency,
      hold_id: w.holdId,
      created_at: w.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findWithdrawalByReference(db: Conn, reference: string, options: { forUpdate?: boolean } = {}) {
  let q = db.selectFrom('withdrawal_orders').selectAll().where('reference', '=', reference);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function moveWithdrawal(
  db: Conn,
  id: number,
  from: WithdrawalStatus,
  patch: Partial<{
    status: WithdrawalStatus;
    reason: string | null;
    decided_by: number | null;
    approved_at: Date;
    paid_at: Date;
    receipt_status: 'received' | 'partial' | 'not_received';
    receipt_comment: string | null;
    receipt_forced: boolean;
    receipt_at: Date;
    payout_reference: string;
    paid_from_account_id: number;
    fee: number;
    paid_by: number;
  }>,
) {
  return db
    .updateTable('withdrawal_orders')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** Paid withdrawals nobody confirmed before `cutoff` (spec §4: they count as received). */
export async function forceReceipts(db: Conn, cutoff: Date, now: Date) {
  const rows = await db
    .updateTable('withdrawal_orders')
    .set({ status: 'confirmed', receipt_status: 'received', receipt_forced: true, receipt_at: now })
    .where('status', '=', 'paid')
    .where('paid_at', '<=', cutoff)
    .returning('reference')
    .execute();
  return rows.map((r) => r.reference);
}

function withdrawalRows(db: Conn) {
  return db
    .selectFrom('withdrawal_orders')
    .innerJoin('members', 'members.id', 'withdrawal_orders.member_id')
    .innerJoin('member_bank_accounts as b', 'b.id', 'withdrawal_orders.bank_account_id')
    .leftJoin('cashier_house_accounts as pa', 'pa.id', 'withdrawal_orders.paid_from_account_id')
    .leftJoin('kyc_identities as ki', 'ki.member_id', 'withdrawal_orders.member_id')
    .selectAll('withdrawal_orders')
    .select([
      'members.username',
      'ki.verified_name',
      'b.bank_name',
      'b.account_name',
      'b.account_number',
      'pa.label as paid_from_label',
      (eb) =>
        eb
          .selectFrom('cashier_files')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('cashier_files.reference', '=', 'withdrawal_orders.reference')
          .as('file_count'),
      // The member's risk level (modules/risk, docs/risk.md): the queue shows it beside each order.
      (eb) =>
        eb
          .selectFrom('member_risk_levels')
          .select('member_risk_levels.level')
          .whereRef('member_risk_levels.member_id', '=', 'withdrawal_orders.member_id')
          .as('risk_level'),
    ]);
}

export type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalRows>['executeTakeFirstOrThrow']>>;

export function withdrawalView(db: Conn, reference: string) {
  return withdrawalRows(db).where('withdrawal_orders.reference', '=', reference).executeTakeFirst();
}

export async function pageWithdrawals(
  db: Conn,
  filter: OrderFilter & { status?: WithdrawalStatus | undefined; bank?: string | undefined },
  page: Page,
) {
  let rows = withdrawalRows(db);
  let count = db
    .selectFrom('withdrawal_orders')
    .innerJoin('members', 'members.id', 'withdrawal_orders.member_id')
    .innerJoin('member_bank_accounts as b', 'b.id', 'withdrawal_orders.bank_account_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  for (const condition of orderConditions('withdrawal_orders', filter)) {
    rows = rows.where(condition);
    count = count.where(condition);
  }
  if (filter.status) {
    rows = rows.where('withdrawal_orders.status', '=', filter.status);
    count = count.where('withdrawal_orders.status', '=', filter.status);
  }
  if (filter.bank) {
    const like = likePattern(filter.bank, true);
    rows = rows.where(sql`lower(b.bank_name)`, 'like', like);
    count = count.where(sql`lower(b.bank_name)`, 'like', like);
  }
  const list = await rows
    .orderBy('withdrawal_orders.created_at', 'desc')
    .orderBy('withdrawal_orders.id', 'desc')
    .limit(page.pageSize)
    .offset(pageOffset(page))
    .execute();
  const total = await count.executeTakeFirstOrThrow();
  return { rows: list, total: Number(total.n) };
}

export function listFiles(db: Conn, reference: string) {
  return db
    .selectFrom('cashier_files')
    .select(['id', 'purpose', 'content_type', 'size', 'created_at'])
    .where('reference', '=', reference)
    .orderBy('id')
    .execute();
}

/** The withdrawal paid with this bank reference from this house account, if any. */
export function findPayout(db: Conn, accountId: number, payoutReference: string) {
  return db
    .selectFrom('withdrawal_orders')
    .select('reference')
    .where('paid_from_account_id', '=', accountId)
    .where('payout_reference', '=', payoutReference)
    .executeTakeFirst();
}

export function findFile(db: Conn, reference: string, id: number) {
  return db
    .selectFrom('cashier_files')
    .select(['content_type', 'data'])
    .where('reference', '=', reference)
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- the back office's review: the bank-account queue and an order's risk hints

export async function pageBankAccounts(
  db: Conn,
  filter: { status?: 'pending' | 'confirmed' | 'rejected'; q?: string },
  page: { pageNo: number; pageSize: number },
) {
  let base = db.selectFrom('member_bank_accounts').innerJoin('members', 'members.id', 'member_bank_accounts.member_id');
  if (filter.status) base = base.where('member_bank_accounts.status', '=', filter.status);
  if (filter.q) {
    const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(members.username)`, 'like', like),
        eb('member_bank_accounts.account_number', 'like', like),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .leftJoin('kyc_identities as ki', 'ki.member_id', 'member_bank_accounts.member_id')
      .selectAll('member_bank_accounts')
      .select(['members.username', 'ki.verified_name'])
      .orderBy('member_bank_accounts.created_at', 'desc')
      .orderBy('member_bank_accounts.id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Other members holding one of this member's bank account numbers (at most 20). */
export function membersSharingBankAccount(db: Conn, memberId: number) {
  return db
    .selectFrom('member_bank_accounts as other')
    .innerJoin('members', 'members.id', 'other.member_id')
    .select(['members.id', 'members.username'])
    .distinct()
    .where('other.member_id', '!=', memberId)
    .where('members.type', '!=', OPERATOR_ACCOUNT_TYPE)
    .where('other.account_number', 'in', (eb) =>
      eb.selectFrom('member_bank_accounts').select('account_number').where('member_id', '=', memberId),
    )
    .orderBy('members.id')
    .limit(20)
    .execute();
}

export function memberLastIp(db: Conn, memberId: number) {
  return db.selectFrom('members').select('last_login_ip').where('id', '=', memberId).executeTakeFirst();
}

/** Other members whose last sign-in came from this address (at most 20). */
export function membersSharingIp(db: Conn, memberId: number, ip: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('last_login_ip', '=', ip)
    .where('id', '!=', memberId)
    .where('type', '!=', OPERATOR_ACCOUNT_TYPE)
    .orderBy('id')
    .limit(20)
    .execute();
}

/** Withdrawals of the member other than this one that an operator approved (whatever happened after). */
export async function countEarlierApprovedWithdrawals(db: Conn, memberId: number, exceptReference: string) {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('reference', '!=', exceptReference)
    .where('status', 'in', ['approved', 'paid', 'confirmed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
