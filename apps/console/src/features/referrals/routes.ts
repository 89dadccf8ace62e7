import { LineChart, UserPlus } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// The referral programme's back office (docs/referrals-tickets.md): settings and the
// rewards paid by day. It is a promotion programme: the promotions permissions govern it.
export const feature: ConsoleFeature = {
  area: 'referrals',
  menu: [
    { path: 'referrals/settings', label: 'menu.settings', icon: UserPlus, permission: 'promotions.read' },
    { path: 'referrals/report', label: 'menu.report', icon: LineChart, permission: 'promotions.read' },
  ],
  routes: [
    {
      path: 'referrals/settings',
      permission: 'promotions.read',
      page: lazyPage(() => import('./settings-page'), 'ReferralSettingsPage'),
    },
    {
      path: 'referrals/report',
      permission: 'promotions.read',
      page: lazyPage(() => import('./report-page'), 'ReferralReportPage'),
    },
  ],
};
