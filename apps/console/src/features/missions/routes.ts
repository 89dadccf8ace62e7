import { LineChart, ListChecks } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// Missions' back office (docs/missions.md): create, edit, pause and end missions; what
// their claims cost by day.
export const feature: ConsoleFeature = {
  area: 'missions',
  menu: [
    { path: 'missions/list', label: 'menu.missions', icon: ListChecks, permission: 'promotions.read' },
    { path: 'missions/costs', label: 'menu.costs', icon: LineChart, permission: 'promotions.read' },
  ],
  routes: [
    {
      path: 'missions/list',
      permission: 'promotions.read',
      page: lazyPage(() => import('./missions-page'), 'MissionsPage'),
    },
    {
      path: 'missions/costs',
      permission: 'promotions.read',
      page: lazyPage(() => import('./costs-page'), 'MissionCostsPage'),
    },
  ],
};
