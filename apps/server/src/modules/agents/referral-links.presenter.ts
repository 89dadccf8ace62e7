import type { ReferralLink } from '@gamehall/shared/api/agents';
import { toMajor } from '@gamehall/shared/money';
import type { LinkFigures } from './referral-links.service';

export function presentReferralLink(l: LinkFigures): ReferralLink {
  return {
    code: l.code,
    name: l.name,
    isDefault: l.isDefault,
    active: l.active,
    domain: l.domain,
    link: l.link,
    createdAt: l.createdAt,
    clicks: l.clicks,
    registrations: l.registrations,
    firstDeposits: l.firstDeposits,
    firstDepositAmount: toMajor(l.firstDepositAmountMinor),
  };
}
