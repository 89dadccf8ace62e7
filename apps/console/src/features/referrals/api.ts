import type { ReferralReportValue, ReferralSettings, ReferralSettingsBody } from '@gamehall/shared/api/referrals';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The referral programme's calls (modules/referrals, referrals.admin.routes.ts): promotions.read to
// look, promotions.write to change.

export const referralsKey = ['referrals'] as const;

export const settingsQuery = queryOptions({
  queryKey: [...referralsKey, 'settings'],
  queryFn: () => api<ReferralSettings>('/admin/referrals/settings'),
});

export function saveSettings(body: ReferralSettingsBody) {
  return api<ReferralSettings>('/admin/referrals/settings', { method: 'PUT', body });
}

export const reportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...referralsKey, 'report', from, to],
    queryFn: () => api<ReferralReportValue>('/admin/referrals/report', { query: { from, to } }),
  });
