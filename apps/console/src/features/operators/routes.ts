import { ShieldCheck, UserCog } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'operators',
  menu: [
    { path: 'operators', label: 'menu.operators', icon: UserCog, permission: 'operators.admin' },
    { path: 'operators/roles', label: 'menu.roles', icon: ShieldCheck, permission: 'operators.admin' },
  ],
  routes: [
    {
      path: 'operators',
      permission: 'operators.admin',
      page: lazyPage(() => import('./operators-page'), 'OperatorsPage'),
    },
    {
      path: 'operators/roles',
      permission: 'operators.admin',
      page: lazyPage(() => import('./roles-page'), 'RolesPage'),
    },
  ],
};
