import { Inbox, LayoutDashboard } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

/** The work to do's screen: the start page of an operator with a queue to act on. */
export const WORK_PATH = 'work';

export const feature: ConsoleFeature = {
  area: 'dashboard',
  menu: [
    { path: 'dashboard', label: 'menu.overview', icon: LayoutDashboard, permission: 'dashboard.read' },
    // Every operator: the panel lists only the queues they can act on (an approver's adjustments).
    { path: WORK_PATH, label: 'menu.work', icon: Inbox, permission: null },
  ],
  routes: [
    { path: WORK_PATH, permission: null, page: lazyPage(() => import('./work-page'), 'WorkPage') },
    {
      path: 'dashboard',
      permission: 'dashboard.read',
      page: lazyPage(() => import('./dashboard-page'), 'DashboardPage'),
    },
  ],
};
