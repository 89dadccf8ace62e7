import type { AdminKycMember, AdminKycQueueItem } from '@gamehall/shared/api/kyc';
import { toMajor } from '@gamehall/shared/money';
import type { MemberKycPanel, QueueRow } from '../kyc/kyc.service';
import { presentKycDocument } from '../kyc/kyc.views';

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
