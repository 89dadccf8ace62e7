import { LayoutDashboard } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'dashboard',
  menu: [{ path: 'dashboard', label: 'menu.overview', icon: LayoutDashboard, permission: 'dashboard.read' }],
  routes: [
    {
      path: 'dashboard',
      permission: 'dashboard.read',
      page: lazyPage(() => import('./dashboard-page'), 'DashboardPage'),
    },
  ],
};
