import { Crown, HandCoins, UserCog } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// VIP levels and rebates (docs/vip.md): the level table and programme settings, a
// member's level set by hand with a reason, and the rebate report by day.
export const feature: ConsoleFeature = {
  area: 'vip',
  menu: [
    { path: 'vip/levels', label: 'menu.levels', icon: Crown, permission: 'promotions.read' },
    { path: 'vip/members', label: 'menu.members', icon: UserCog, permission: 'promotions.read' },
    { path: 'vip/rebates', label: 'menu.rebates', icon: HandCoins, permission: 'promotions.read' },
  ],
  routes: [
    { path: 'vip/levels', permission: 'promotions.read', page: lazyPage(() => import('./levels-page'), 'LevelsPage') },
    {
      path: 'vip/members',
      permission: 'promotions.read',
      page: lazyPage(() => import('./member-level-page'), 'MemberLevelPage'),
    },
    {
      path: 'vip/rebates',
      permission: 'promotions.read',
      page: lazyPage(() => import('./rebate-report-page'), 'RebateReportPage'),
    },
  ],
};
