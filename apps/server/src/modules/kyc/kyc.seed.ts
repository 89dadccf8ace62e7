import type { BrandSettings } from '../brand/brand.service';

/**
 * The demo brand's KYC settings (docs/kyc.md "Demo"): withdrawals need no verification level and
 * carry no KYC limit, so the demo accounts withdraw as before; the Verification page, uploads and
 * the review queue work as on a live brand. Written before the brand defaults, only when missing,
 * so an operator's change is kept.
 */
export const kycDemoBrandSettings: Pick<BrandSettings, 'kycWithdrawalLevel' | 'kycDailyWithdrawalLimits'> = {
  kycWithdrawalLevel: 0,
  kycDailyWithdrawalLimits: [null, null, null, null],
};
