import { Coins, Gift, PackageCheck, SlidersHorizontal } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// The points mall's back office: catalogue, fulfilment queue, rates and exchange ratio,
// audited points adjustments.
export const feature: ConsoleFeature = {
  area: 'points',
  menu: [
    { path: 'points/redemptions', label: 'menu.redemptions', icon: PackageCheck, permission: 'points.read' },
    { path: 'points/rewards', label: 'menu.rewards', icon: Gift, permission: 'points.read' },
    { path: 'points/settings', label: 'menu.settings', icon: SlidersHorizontal, permission: 'points.read' },
    { path: 'points/members', label: 'menu.members', icon: Coins, permission: 'points.read' },
  ],
  routes: [
    {
      path: 'points/redemptions',
      permission: 'points.read',
      page: lazyPage(() => import('./redemptions-page'), 'RedemptionsPage'),
    },
    {
      path: 'points/rewards',
      permission: 'points.read',
      page: lazyPage(() => import('./rewards-page'), 'RewardsPage'),
    },
    {
      path: 'points/settings',
      permission: 'points.read',
      page: lazyPage(() => import('./settings-page'), 'SettingsPage'),
    },
    {
      path: 'points/members',
      permission: 'points.read',
      page: lazyPage(() => import('./member-points-page'), 'MemberPointsPage'),
    },
  ],
};
