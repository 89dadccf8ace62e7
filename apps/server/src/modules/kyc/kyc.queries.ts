import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import type { KycContentType, KycDocumentKind, KycDocumentStatus } from './kyc.tables';

// Every column of a document but its bytes: lists and reviews never read the blob.
const DOCUMENT_COLUMNS = [
  'd.id',
  'd.member_id',
  'd.kind',
  'd.status',
  'd.content_type',
  'd.byte_size',
  'd.reason',
  'd.reviewed_by',
  'd.reviewed_at',
  'd.created_at',
] as const;

export type DocumentRow = {
  id: number;
  member_id: number;
  kind: KycDocumentKind;
  status: KycDocumentStatus;
  content_type: KycContentType;
  byte_size: number;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  created_at: Date;
};

export function memberForKyc(db: Conn, memberId: number, o: { forUpdate?: boolean } = {}) {
  let query = db
    .selectFrom('members')
    .select(['id', 'username', 'status', 'type', 'mobile_num'])
    .where('id', '=', memberId);
  if (o.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export type IdentityRow = {
  member_id: number;
  entered_name: string;
  entered_birthday: string;
  verified_name: string | null;
  verified_birthday: string | null;
  verified_by: number | null;
  verified_at: Date | null;
  under_age_closed_at: Date | null;
  refunded_amount: number | null;
};

/** Serialises actions on one member's identity row (the under-age refund's payout). */
export async function lockIdentity(trx: Trx, memberId: number) {
  return trx
    .selectFrom('kyc_identities')
    .select(['member_id', 'verified_name', 'under_age_closed_at', 'refunded_amount'])
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** The withdrawal order an under-age refund was paid out by (its request id is fixed per member). */
export function refundWithdrawal(db: Conn, memberId: number, requestId: string) {
  return db
    .selectFrom('withdrawal_orders')
    .select(['reference', 'status', 'amount', 'bank_account_id'])
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** The member's confirmed bank accounts (the refund goes to the one in the verified name). */
export function confirmedBankAccounts(db: Conn, memberId: number) {
  return db
    .selectFrom('member_bank_accounts')
    .select(['id', 'account_name'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'confirmed')
    .orderBy('id')
    .execute();
}

export async function identityOf(db: Conn, memberId: number): Promise<IdentityRow | undefined> {
  return db
    .selectFrom('kyc_identities')
    .select([
      'member_id',
      'entered_name',
      sql<string>`to_char(entered_birthday, 'YYYY-MM-DD')`.as('entered_birthday'),
      'verified_name',
      sql<string | null>`to_char(verified_birthday, 'YYYY-MM-DD')`.as('verified_birthday'),
      'verified_by',
      'verified_at',
      'under_age_closed_at',
      'refunded_amount',
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function upsertEnteredDetails(
  db: Conn,
  d: { memberId: number; name: string; birthday: string; now: Date },
): Promise<void> {
  await db
    .insertInto('kyc_identities')
    .values({ member_id: d.memberId, entered_name: d.name, entered_birthday: d.birthday, updated_at: d.now })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({ entered_name: d.name, entered_birthday: d.birthday, updated_at: d.now }),
    )
    .execute();
}

export async function setVerified(
  db: Conn,
  v: { memberId: number; name: string; birthday: string; by: number; now: Date },
): Promise<void> {
  await db
    .updateTable('kyc_identities')
    .set({
      verified_name: v.name,
      verified_birthday: v.birthday,
      verified_by: v.by,
      verified_at: v.now,
      updated_at: v.now,
    })
    .where('member_id', '=', v.memberId)
    .execute();
}

export async function markUnderAge(db: Conn, memberId: number, refunded: number, now: Date): Promise<void> {
  await db
    .updateTable('kyc_identities')
    .set({ under_age_closed_at: now, refunded_amount: refunded, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
}

export function listDocuments(db: Conn, memberId: number): Promise<DocumentRow[]> {
  return db
    .selectFrom('kyc_documents as d')
    .select(DOCUMENT_COLUMNS)
    .where('d.member_id', '=', memberId)
    .orderBy('d.id', 'desc')
    .execute() as Promise<DocumentRow[]>;
}

export async function countPending(db: Conn, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('kyc_documents')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDocument(
  db: Conn,
  d: {
    memberId: number;
    kind: KycDocumentKind;
    contentType: KycContentType;
    byteSize: number;
    data: Buffer | null;
    storageKey: string | null;
    now: Date;
  },
): Promise<DocumentRow> {
  const row = await db
    .insertInto('kyc_documents')
    .values({
      member_id: d.memberId,
      kind: d.kind,
      content_type: d.contentType,
      byte_size: d.byteSize,
      data: d.data,
      storage_key: d.storageKey,
      reason: null,
      reviewed_by: null,
      created_at: d.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const doc = await findDocument(db, Number(row.id));
  if (!doc) throw new Error('kyc document vanished');
  return doc;
}

export function findDocument(db: Conn, id: number, o: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('kyc_documents as d').select(DOCUMENT_COLUMNS).where('d.id', '=', id);
  if (o.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst() as Promise<DocumentRow | undefined>;
}

export function documentBytes(db: Conn, id: number) {
  return db
    .selectFrom('kyc_documents')
    .select(['member_id', 'content_type', 'data', 'storage_key'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function reviewDocument(
  db: Conn,
  id: number,
  r: { status: 'approved' | 'rejected'; reason: string | null; by: number; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('kyc_documents')
    .set({ status: r.status, reason: r.reason, reviewed_by: r.by, reviewed_at: r.now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type QueueRow = DocumentRow & { username: string; entered_name: string | null; entered_birthday: string | null };

export async function pageQueue(
  db: Conn,
  f: { status: KycDocumentStatus; kind?: KycDocumentKind | undefined; memberId?: number | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: QueueRow[]; total: number }> {
  let base = db
    .selectFrom('kyc_documents as d')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .leftJoin('kyc_identities as i', 'i.member_id', 'd.member_id')
    .where('d.status', '=', f.status);
  if (f.kind) base = base.where('d.kind', '=', f.kind);
  if (f.memberId) base = base.where('d.member_id', '=', f.memberId);
  const [rows, total] = await Promise.all([
    base
      .select([
        ...DOCUMENT_COLUMNS,
        'm.username',
        'i.entered_name',
        sql<string | null>`to_char(i.entered_birthday, 'YYYY-MM-DD')`.as('entered_birthday'),
      ])
      // Pending: oldest first (a queue); decided: newest first (a history).
      .orderBy('d.id', f.status === 'pending' ? 'asc' : 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as QueueRow[], total: Number(total.n) };
}

/** Withdrawals requested since `since` that were not rejected (the KYC daily limit counts them). */
export async function withdrawnSince(db: Conn, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', '<>', 'rejected')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Credited deposits, and withdrawals that left or are on their way (not rejected), minor units. */
export async function moneyInAndOut(db: Conn, memberId: number) {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposit_orders')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawal_orders')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('member_id', '=', memberId)
      .where('status', '<>', 'rejected')
      .executeTakeFirstOrThrow(),
  ]);
  return { deposited: Number(deposits.total), withdrawn: Number(withdrawals.total) };
}
