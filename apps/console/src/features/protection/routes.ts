import { CalendarRange, ShieldCheck } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// Player protection: members with limits, breaks and
// exclusions with risk signals, notes and contact log, lifting a break with a reason (audited), and
// the monthly report of limits set and breaks taken.
export const feature: ConsoleFeature = {
  area: 'protection',
  menu: [
    { path: 'protection/members', label: 'menu.members', icon: ShieldCheck, permission: 'players.protect' },
    { path: 'protection/report', label: 'menu.report', icon: CalendarRange, permission: 'players.protect' },
  ],
  routes: [
    {
      path: 'protection/members',
      permission: 'players.protect',
      page: lazyPage(() => import('./members-page'), 'ProtectionMembersPage'),
    },
    {
      path: 'protection/report',
      permission: 'players.protect',
      page: lazyPage(() => import('./report-page'), 'ProtectionReportPage'),
    },
  ],
};
