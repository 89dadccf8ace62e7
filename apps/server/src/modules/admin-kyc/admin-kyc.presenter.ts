import type { AdminKycMember, AdminKycQueueItem, KycDocument } from '@gamehall/shared/api/kyc';
import { toMajor } from '@gamehall/shared/money';
import type { DocumentRow, MemberKycPanel, QueueRow } from '../kyc/kyc.service';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function presentDocument(d: DocumentRow): KycDocument {
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

export function presentQueueItem(r: QueueRow): AdminKycQueueItem {
  return {
    ...presentDocument(r),
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
      ? { closedAt: new Date(i.under_age_closed_at).toISOString(), refunded: toMajor(i.refunded_amount ?? 0) }
      : null,
    documents: p.documents.map(presentDocument),
  };
}
