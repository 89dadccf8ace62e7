import type { KycDocument, KycStatus } from '@gamehall/shared/api/kyc';
import { toMajor } from '@gamehall/shared/money';
import type { DocumentRow, MemberKycStatus } from './kyc.service';

// KYC responses shared by the player routes and the back office (admin-kyc), so they live at
// service level (as chat.views.ts).

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
