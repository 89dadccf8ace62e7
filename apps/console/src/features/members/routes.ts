import { Scale, Users } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'members',
  menu: [
    { path: 'members', label: 'menu.search', icon: Users, permission: 'members.read' },
    { path: 'adjustments', label: 'menu.adjustments', icon: Scale, permission: 'members.read' },
  ],
  routes: [
    { path: 'members', permission: 'members.read', page: lazyPage(() => import('./search-page'), 'SearchPage') },
    {
      path: 'adjustments',
      permission: 'members.read',
      page: lazyPage(() => import('./adjustments-page'), 'AdjustmentsPage'),
    },
    { path: 'members/:id', permission: 'members.read', page: lazyPage(() => import('./member-page'), 'MemberPage') },
  ],
};
