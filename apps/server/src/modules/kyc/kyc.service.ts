import type { AdminKycMember, KycDetailsBody, KycDocumentKind, KycRequirement } from '@gamehall/shared/api/kyc';
import { brandDay, dayStart } from '@gamehall/shared/calendar-day';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import type { RequestMeta } from '../../http/request-meta';
import { setMemberStatus } from '../accounts/member-record.service';
import { revokeOtherSessions } from '../accounts/sessions.service';
import { audit } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import { balanceOf, post } from '../ledger/ledger.service';
import { sendSystemMessage } from '../messages/messages.service';
import { hit } from '../throttle/throttle.service';
import { presentKycPanel } from './kyc.presenter';
import * as q from './kyc.queries';
import { acceptUpload } from './kyc-files';
import { documentStore } from './kyc-storage';

export type { DocumentRow, QueueRow } from './kyc.queries';

// KYC identity verification (docs/kyc.md).

// ---- levels

type Facts = {
  details: boolean;
  mobileBound: boolean;
  verifiedName: boolean;
  /** The status of the newest document of each kind. */
  latest: Partial<Record<KycDocumentKind, 'pending' | 'approved' | 'rejected'>>;
};

/** What each level needs on top of the one below (docs/kyc.md "Levels"). */
function missingFor(level: 1 | 2 | 3, f: Facts): KycRequirement[] {
  const needs: KycRequirement[] = [];
  if (level === 1) {
    if (!f.details) needs.push('details');
    if (!f.mobileBound) needs.push('mobile');
  } else if (level === 2) {
    // The identity front's approval is what records the verified name.
    if (f.latest.id_front !== 'approved' || !f.verifiedName) needs.push('id_front');
    if (f.latest.selfie !== 'approved') needs.push('selfie');
  } else if (f.latest.proof_of_address !== 'approved') needs.push('proof_of_address');
  return needs;
}

/**
 * The member's level, computed from verified facts (never stored): 1 with the name and birthday
 * entered and a mobile number bound (binding one takes an SMS code, accounts/security.service),
 * 2 with the identity front and a selfie approved by an operator, 3 with a proof of address
 * approved. Each level needs the ones below it.
 */
export function levelOf(f: Facts): {
  level: 0 | 1 | 2 | 3;
  next: { level: 1 | 2 | 3; needs: KycRequirement[] } | null;
} {
  let level: 0 | 1 | 2 | 3 = 0;
  for (const n of [1, 2, 3] as const) {
    const needs = missingFor(n, f);
    if (needs.length > 0) return { level, next: { level: n, needs } };
    level = n;
  }
  return { level, next: null };
}

function factsOf(
  member: { mobile_num: string | null },
  identity: q.IdentityRow | undefined,
  documents: readonly q.DocumentRow[],
): Facts {
  const latest: Facts['latest'] = {};
  // documents are newest first: the first of a kind is its latest.
  for (const d of documents) latest[d.kind] ??= d.status;
  return {
    details: Boolean(identity),
    mobileBound: Boolean(member.mobile_num),
    verifiedName: Boolean(identity?.verified_name),
    latest,
  };
}

async function memberKyc(db: Conn, memberId: number) {
  const [member, identity, documents] = await Promise.all([
    q.memberForKyc(db, memberId),
    q.identityOf(db, memberId),
    q.listDocuments(db, memberId),
  ]);
  if (!member) throw new AppError('AUTH_REQUIRED');
  return { member, identity, documents, ...levelOf(factsOf(member, identity, documents)) };
}

/** The member's level (used by other modules, e.g. the cashier). */
export async function kycLevel(db: Conn, memberId: number): Promise<number> {
  return (await memberKyc(db, memberId)).level;
}

export async function memberStatus(ctx: AppContext, principal: Principal) {
  const [kyc, brand] = await Promise.all([memberKyc(ctx.db, principal.memberId), getBrand(ctx.db)]);
  return {
    ...kyc,
    withdrawalLevel: brand.kycWithdrawalLevel,
    dailyWithdrawalLimit: brand.kycDailyWithdrawalLimits[kyc.level] ?? null,
  };
}

export type MemberKycStatus = Awaited<ReturnType<typeof memberStatus>>;

// ---- the withdrawal gate (cashier.service requestWithdrawal calls this under the member lock)

/**
 * Refuses a withdrawal below the brand's KYC level (KYC_LEVEL_REQUIRED) or above the daily limit
 * of the member's level (KYC_WITHDRAWAL_LIMIT). Runs in the caller's transaction after the
 * member's row lock, so two withdrawals at once cannot both fit under the limit.
 */
export async function assertKycAllowsWithdrawal(trx: Trx, ctx: AppContext, memberId: number, amount: number) {
  const [brand, kyc] = await Promise.all([getBrand(trx), memberKyc(trx, memberId)]);
  if (kyc.level < brand.kycWithdrawalLevel)
    throw new AppError('KYC_LEVEL_REQUIRED', { value: { level: kyc.level, required: brand.kycWithdrawalLevel } });
  const limit = brand.kycDailyWithdrawalLimits[kyc.level] ?? null;
  if (limit === null) return;
  const since = dayStart(brandDay(ctx.now(), brand.timeZone), brand.timeZone);
  const used = await q.withdrawnSince(trx, memberId, since);
  if (used + amount > limit)
    throw new AppError('KYC_WITHDRAWAL_LIMIT', { value: { level: kyc.level, limit: limit / 100, used: used / 100 } });
}

// ---- the verified name (cashier.service addBankAccount checks new bank accounts against it)

/** Names compared as people write them: case, accents, punctuation and spacing do not count. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export async function verifiedNameOf(db: Conn, memberId: number): Promise<string | null> {
  return (await q.identityOf(db, memberId))?.verified_name ?? null;
}

/**
 * Throws KYC_NAME_MISMATCH when the member is verified and `payee` is not the verified name;
 * true when a verified name decided, false when the member has none yet.
 */
export async function assertPayeeIsVerifiedName(db: Conn, memberId: number, payee: string): Promise<boolean> {
  const verified = await verifiedNameOf(db, memberId);
  if (verified === null) return false;
  if (normaliseName(verified) !== normaliseName(payee)) throw new AppError('KYC_NAME_MISMATCH');
  return true;
}

// ---- age (spec §5: the registration rule, enforced again at KYC)

export function ageOn(birthday: string, now: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age--;
  return age;
}

/** The age KYC requires: the same rule as registration (the larger of minAge and birthdayCheckAge). */
export function requiredAge(brand: { minAge: number; birthdayCheckAge: number }): number {
  return Math.max(brand.minAge, brand.birthdayCheckAge);
}

/**
 * An under-age result (docs/kyc.md "Under age"): the account is closed (disabled, every session
 * ended) and its deposits go back through the wallet: what is left of them (credited deposits less
 * withdrawals not rejected, at most the available cash) moves from the member's cash to the
 * withdrawals-payable clearing account, which the operator pays back to the payment source like an
 * approved withdrawal. Winnings above that stay frozen on the closed account. Once per member.
 */
async function closeUnderAge(ctx: AppContext, trx: Trx, memberId: number): Promise<number> {
  const brand = await getBrand(trx);
  const [{ deposited, withdrawn }, cash] = await Promise.all([
    q.moneyInAndOut(trx, memberId),
    balanceOf(trx, memberId, brand.currency),
  ]);
  const refund = Math.max(0, Math.min(cash.available, deposited - withdrawn));
  if (refund > 0)
    await post(trx, {
      idempotencyKey: `kyc-under-age:${memberId}`,
      type: 'kyc.underAgeRefund',
      reference: `KYC${memberId}`,
      entries: [
        { account: { member: memberId, currency: brand.currency }, amount: -refund },
        { account: { house: 'withdrawals-payable', currency: brand.currency }, amount: refund },
      ],
    });
  await setMemberStatus(trx, memberId, 'disabled', ctx.now());
  await q.markUnderAge(trx, memberId, refund, ctx.now());
  await revokeOtherSessions(ctx, trx, memberId);
  return refund;
}

/** The request id of the withdrawal order an under-age refund is paid by: one per member. */
export const UNDER_AGE_REFUND_REQUEST = 'kyc-under-age-refund';

/**
 * The first half of paying an under-age refund out (docs/kyc.md "Under age"), in the caller's
 * transaction: under the identity row's lock, checks a refund is waiting and not yet paid out (its
 * withdrawal order has a fixed request id per member, so a second call is refused), finds the
 * confirmed bank account in the verified name, and moves the amount from withdrawals-payable back to
 * the member's cash, from where the cashier's withdrawal takes it (kyc-review.service payRefund).
 */
export async function releaseUnderAgeRefund(trx: Trx, memberId: number) {
  const identity = await q.lockIdentity(trx, memberId);
  const amount = identity?.under_age_closed_at ? Number(identity.refunded_amount ?? 0) : 0;
  if (!identity || amount <= 0) throw new AppError('KYC_REFUND_NONE');
  if (await q.refundWithdrawal(trx, memberId, UNDER_AGE_REFUND_REQUEST)) throw new AppError('KYC_REFUND_PAID_OUT');
  const verified = identity.verified_name;
  const account = verified
    ? (await q.confirmedBankAccounts(trx, memberId)).find(
        (a) => normaliseName(a.account_name) === normaliseName(verified),
      )
    : undefined;
  if (!account) throw new AppError('KYC_REFUND_NO_PAYEE');
  const currency = (await getBrand(trx)).currency;
  await post(trx, {
    idempotencyKey: `kyc-under-age:${memberId}:payout`,
    type: 'kyc.underAgeRefund',
    reference: `KYC${memberId}`,
    entries: [
      { account: { house: 'withdrawals-payable', currency }, amount: -amount },
      { account: { member: memberId, currency }, amount },
    ],
  });
  return { memberId, amount, currency, bankAccountId: account.id, requestId: UNDER_AGE_REFUND_REQUEST };
}

// ---- the member's details and uploads

/**
 * The name and birthday as on the identity document. Changeable until an operator verifies them.
 * An under-age birthday closes the account at once (the response is KYC_UNDER_AGE).
 */
export async function enterDetails(ctx: AppContext, meta: RequestMeta, principal: Principal, body: KycDetailsBody) {
  const now = ctx.now();
  if (body.birthday > now.toISOString().slice(0, 10)) throw fieldErrors({ birthday: 'INVALID' });
  const brand = await getBrand(ctx.db);
  const underAge = ageOn(body.birthday, now) < requiredAge(brand);
  const refunded = await ctx.db.transaction().execute(async (trx) => {
    const member = await q.memberForKyc(trx, principal.memberId, { forUpdate: true });
    if (member?.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const identity = await q.identityOf(trx, principal.memberId);
    if (identity?.verified_name) throw new AppError('KYC_DETAILS_LOCKED');
    await q.upsertEnteredDetails(trx, {
      memberId: principal.memberId,
      name: body.fullName,
      birthday: body.birthday,
      now,
    });
    await audit(trx, meta, {
      event: 'kyc.details',
      success: true,
      memberId: principal.memberId,
      username: principal.username,
      detail: { underAge },
    });
    if (!underAge) return null;
    const amount = await closeUnderAge(ctx, trx, principal.memberId);
    await audit(trx, meta, {
      event: 'kyc.underAge',
      success: true,
      memberId: principal.memberId,
      username: principal.username,
      detail: { source: 'member', birthday: body.birthday, refunded: amount },
    });
    return amount;
  });
  if (refunded !== null) throw new AppError('KYC_UNDER_AGE');
  return memberStatus(ctx, principal);
}

// Documents waiting for review cost an operator's time and database space: a member has at most
// 8 waiting and uploads at most 20 a day.
const MAX_PENDING = 8;
const UPLOADS_PER_DAY = { max: 20, windowSeconds: 86_400 } as const;

export async function upload(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  kind: KycDocumentKind,
  files: { mimetype: string; data: Buffer }[],
) {
  const file = files[0];
  if (!file) throw fieldErrors({ file: 'REQUIRED' });
  if (files.length > 1) throw fieldErrors({ file: 'TOO_LONG' });
  const identity = await q.identityOf(ctx.db, principal.memberId);
  if (!identity) throw new AppError('KYC_DETAILS_REQUIRED');
  const accepted = await acceptUpload(kind, file);
  await hit(ctx.db, `kyc-uploads:${principal.memberId}`, UPLOADS_PER_DAY, ctx.now());
  // Stored before the row is written (an object left by a failed insert is never served: no row names it).
  const place = await documentStore(ctx.config.kycStorage).put(principal.memberId, accepted.data, accepted.contentType);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await q.memberForKyc(trx, principal.memberId, { forUpdate: true });
    if ((await q.countPending(trx, principal.memberId)) >= MAX_PENDING) throw new AppError('KYC_TOO_MANY_PENDING');
    const doc = await q.insertDocument(trx, {
      memberId: principal.memberId,
      kind,
      contentType: accepted.contentType,
      byteSize: accepted.data.length,
      ...place,
      now: ctx.now(),
    });
    await audit(trx, meta, {
      event: 'kyc.upload',
      success: true,
      memberId: principal.memberId,
      username: principal.username,
      detail: { document: doc.id, kind, contentType: doc.content_type, bytes: doc.byte_size },
    });
    return doc;
  });
  return row;
}

/** A document's bytes for its owner; another member's id answers as if it did not exist. */
export async function ownDocumentFile(ctx: AppContext, principal: Principal, id: number) {
  const file = await q.documentBytes(ctx.db, id);
  if (!file || file.member_id !== principal.memberId) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  return { contentType: file.content_type, data: await documentStore(ctx.config.kycStorage).get(file) };
}

// ---- back office (kyc.admin.routes and kyc-review.service call these)

export function queue(
  ctx: AppContext,
  f: { status: 'pending' | 'approved' | 'rejected'; kind?: KycDocumentKind | undefined; memberId?: number | undefined },
  page: { pageNo: number; pageSize: number },
) {
  return q.pageQueue(ctx.db, f, pageWindow(page));
}

export async function memberPanel(ctx: AppContext, memberId: number) {
  const member = await q.memberForKyc(ctx.db, memberId);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  const [kyc, brand, payout] = await Promise.all([
    memberKyc(ctx.db, memberId),
    getBrand(ctx.db),
    q.refundWithdrawal(ctx.db, memberId, UNDER_AGE_REFUND_REQUEST),
  ]);
  return { ...kyc, withdrawalLevel: brand.kycWithdrawalLevel, refundPayout: payout ?? null };
}

export type MemberKycPanel = Awaited<ReturnType<typeof memberPanel>>;

export async function documentFile(ctx: AppContext, id: number) {
  const file = await q.documentBytes(ctx.db, id);
  if (!file) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  return { contentType: file.content_type, data: await documentStore(ctx.config.kycStorage).get(file) };
}

/**
 * Approves a pending document. Approving an identity front records the verified name and
 * birthday (the operator's reading of the document, else what the member entered) and checks the
 * age again: under age closes the account and returns its deposits (closeUnderAge); the document
 * is approved all the same (it proved who the member is). Returns the result for the audit.
 */
export async function approve(
  ctx: AppContext,
  operator: Principal,
  id: number,
  body: { verifiedName?: string | undefined; birthday?: string | undefined },
) {
  const brand = await getBrand(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    const doc = await lockedPending(trx, id);
    const identity = await q.identityOf(trx, doc.member_id);
    if (!identity) throw new AppError('KYC_DETAILS_REQUIRED');
    const now = ctx.now();
    let underAge: { birthday: string; refunded: number } | null = null;
    if (doc.kind === 'id_front') {
      const name = body.verifiedName ?? identity.entered_name;
      const birthday = body.birthday ?? identity.entered_birthday;
      if (birthday > now.toISOString().slice(0, 10)) throw fieldErrors({ birthday: 'INVALID' });
      await q.setVerified(trx, { memberId: doc.member_id, name, birthday, by: operator.memberId, now });
      if (ageOn(birthday, now) < requiredAge(brand))
        underAge = { birthday, refunded: await closeUnderAge(ctx, trx, doc.member_id) };
    } else if (body.verifiedName !== undefined || body.birthday !== undefined) {
      throw fieldErrors({ verifiedName: 'NOT_ALLOWED' });
    }
    if (!(await q.reviewDocument(trx, id, { status: 'approved', reason: null, by: operator.memberId, now })))
      throw new AppError('KYC_DOCUMENT_REVIEWED');
    // The member is told in the same transaction (a system message); a closed account is not.
    if (!underAge)
      await sendSystemMessage(trx, {
        memberId: doc.member_id,
        kind: 'kyc_document_approved',
        params: { document: DOCUMENT_NAMES[doc.kind], level: (await memberKyc(trx, doc.member_id)).level },
        now,
      });
    return { memberId: doc.member_id, kind: doc.kind, underAge };
  });
}

export async function reject(ctx: AppContext, operator: Principal, id: number, reason: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const doc = await lockedPending(trx, id);
    if (!(await q.reviewDocument(trx, id, { status: 'rejected', reason, by: operator.memberId, now: ctx.now() })))
      throw new AppError('KYC_DOCUMENT_REVIEWED');
    await sendSystemMessage(trx, {
      memberId: doc.member_id,
      kind: 'kyc_document_rejected',
      params: { document: DOCUMENT_NAMES[doc.kind], reason },
      now: ctx.now(),
    });
    return { memberId: doc.member_id, kind: doc.kind };
  });
}

// The documents as the member's messages name them (the English copy; the inbox renders the text).
const DOCUMENT_NAMES: Record<KycDocumentKind, string> = {
  id_front: 'identity document (front)',
  id_back: 'identity document (back)',
  selfie: 'selfie with the document',
  proof_of_address: 'proof of address',
};

async function lockedPending(trx: Trx, id: number) {
  const doc = await q.findDocument(trx, id, { forUpdate: true });
  if (!doc) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  if (doc.status !== 'pending') throw new AppError('KYC_DOCUMENT_REVIEWED', { value: { status: doc.status } });
  // Then the member's row, which every writer of the member's money locks before the ledger.
  await q.memberForKyc(trx, doc.member_id, { forUpdate: true });
  return doc;
}

/** A member's KYC panel as the back office shows it, for a route of another area (the cashier's refund). */
export async function memberPanelView(ctx: AppContext, memberId: number): Promise<AdminKycMember> {
  return presentKycPanel(await memberPanel(ctx, memberId));
}
