import { BadgePercent, ClipboardCheck, LineChart, ShieldAlert } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// Promotions' back office: programmes (create, schedule, pause, end), applications to
// approve, the cost of each programme by day, and the grants one bonus per person refused.
export const feature: ConsoleFeature = {
  area: 'rewards',
  menu: [
    { path: 'rewards/promotions', label: 'menu.promotions', icon: BadgePercent, permission: 'promotions.read' },
    { path: 'rewards/applications', label: 'menu.applications', icon: ClipboardCheck, permission: 'promotions.read' },
    { path: 'rewards/costs', label: 'menu.costs', icon: LineChart, permission: 'promotions.read' },
    { path: 'rewards/refusals', label: 'menu.refusals', icon: ShieldAlert, permission: 'promotions.read' },
  ],
  routes: [
    {
      path: 'rewards/promotions',
      permission: 'promotions.read',
      page: lazyPage(() => import('./promotions-page'), 'PromotionsPage'),
    },
    {
      path: 'rewards/applications',
      permission: 'promotions.read',
      page: lazyPage(() => import('./applications-page'), 'ApplicationsPage'),
    },
    {
      path: 'rewards/costs',
      permission: 'promotions.read',
      page: lazyPage(() => import('./costs-page'), 'CostsPage'),
    },
    {
      path: 'rewards/refusals',
      permission: 'promotions.read',
      page: lazyPage(() => import('./refusals-page'), 'RefusalsPage'),
    },
  ],
};
