import { Gamepad2, ListOrdered, Scale, Store } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'games',
  menu: [
    { path: 'games/vendors', label: 'menu.vendors', icon: Store, permission: 'games.read' },
    { path: 'games/catalogue', label: 'menu.catalogue', icon: Gamepad2, permission: 'games.read' },
    { path: 'games/menus', label: 'menu.menus', icon: ListOrdered, permission: 'games.read' },
    { path: 'games/reconciliation', label: 'menu.reconciliation', icon: Scale, permission: 'games.read' },
  ],
  routes: [
    {
      path: 'games/vendors',
      permission: 'games.read',
      page: lazyPage(() => import('./vendors-page'), 'VendorsPage'),
    },
    {
      path: 'games/catalogue',
      permission: 'games.read',
      page: lazyPage(() => import('./catalogue-page'), 'CataloguePage'),
    },
    {
      path: 'games/menus',
      permission: 'games.read',
      page: lazyPage(() => import('./menus-page'), 'MenusPage'),
    },
    {
      path: 'games/reconciliation',
      permission: 'games.read',
      page: lazyPage(() => import('./reconciliation-page'), 'ReconciliationPage'),
    },
  ],
};
