import { Inbox, LayoutDashboard } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'dashboard',
  menu: [
    { path: 'dashboard', label: 'menu.overview', icon: LayoutDashboard, permission: 'dashboard.read' },
    // Every operator: the panel lists only the queues they can act on (an approver's adjustments).
    { path: 'work', label: 'menu.work', icon: Inbox, permission: null },
  ],
  routes: [
    { path: 'work', permission: null, page: lazyPage(() => import('./work-page'), 'WorkPage') },
    {
      path: 'dashboard',
      permission: 'dashboard.read',
      page: lazyPage(() => import('./dashboard-page'), 'DashboardPage'),
    },
  ],
};
