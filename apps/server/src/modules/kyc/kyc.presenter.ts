import type { AdminKycMember, AdminKycQueueItem, KycDocument, KycStatus } from '@gamehall/shared/api/kyc';
import { toMajor } from '@gamehall/shared/money';
import type { DocumentRow, MemberKycPanel, MemberKycStatus, QueueRow } from './kyc.service';

// Row -> response for the member's KYC calls and the back office's review screens.

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentKycDocument(d: DocumentRow): KycDocument {
  return {
    id: d.id,
    kind: d.kind,
    status: d.status,
    reason: d.reason,
    contentType: d.content_type,
    size: d.byte_size,
    createdAt: new Date(d.created_at).toISOString(),
    reviewedAt: iso(d.reviewed_at),
  };
}

export function presentKycStatus(s: MemberKycStatus): KycStatus {
  return {
    level: s.level,
    withdrawalLevel: s.withdrawalLevel,
    canWithdraw: s.level >= s.withdrawalLevel,
    dailyWithdrawalLimit: s.dailyWithdrawalLimit === null ? null : toMajor(s.dailyWithdrawalLimit),
    next: s.next,
    details: s.identity ? { fullName: s.identity.entered_name, birthday: s.identity.entered_birthday } : null,
    verifiedName: s.identity?.verified_name ?? null,
    mobileBound: Boolean(s.member.mobile_num),
    documents: s.documents.map(presentKycDocument),
  };
}

export function presentQueueItem(r: QueueRow): AdminKycQueueItem {
  return {
    ...presentKycDocument(r),
    memberId: r.member_id,
    username: r.username,
    enteredName: r.entered_name,
    enteredBirthday: r.entered_birthday,
  };
}

export function presentKycPanel(p: MemberKycPanel): AdminKycMember {
  const i = p.identity;
  return {
    memberId: p.member.id,
    username: p.member.username,
    accountStatus: p.member.status,
    level: p.level,
    withdrawalLevel: p.withdrawalLevel,
    mobileBound: Boolean(p.member.mobile_num),
    details: i ? { fullName: i.entered_name, birthday: i.entered_birthday } : null,
    verified:
      i?.verified_name && i.verified_at
        ? {
            name: i.verified_name,
            birthday: i.verified_birthday,
            at: new Date(i.verified_at).toISOString(),
            by: i.verified_by,
          }
        : null,
    underAge: i?.under_age_closed_at
      ? {
          closedAt: new Date(i.under_age_closed_at).toISOString(),
          refunded: toMajor(i.refunded_amount ?? 0),
          payout: p.refundPayout ? { reference: p.refundPayout.reference, status: p.refundPayout.status } : null,
        }
      : null,
    documents: p.documents.map(presentKycDocument),
  };
}
