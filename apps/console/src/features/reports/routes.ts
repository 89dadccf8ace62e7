import { Dices, PiggyBank, UserPlus, Wallet } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'reports',
  menu: [
    { path: 'reports/ngr', label: 'menu.ngr', icon: PiggyBank, permission: 'reports.read' },
    { path: 'reports/games', label: 'menu.games', icon: Dices, permission: 'reports.read' },
    { path: 'reports/cashier', label: 'menu.cashier', icon: Wallet, permission: 'reports.read' },
    { path: 'reports/registrations', label: 'menu.registrations', icon: UserPlus, permission: 'reports.read' },
  ],
  routes: [
    {
      path: 'reports/ngr',
      permission: 'reports.read',
      page: lazyPage(() => import('./ngr-report-page'), 'NgrReportPage'),
    },
    {
      path: 'reports/games',
      permission: 'reports.read',
      page: lazyPage(() => import('./games-report-page'), 'GamesReportPage'),
    },
    {
      path: 'reports/cashier',
      permission: 'reports.read',
      page: lazyPage(() => import('./cashier-report-page'), 'CashierReportPage'),
    },
    {
      path: 'reports/registrations',
      permission: 'reports.read',
      page: lazyPage(() => import('./registrations-report-page'), 'RegistrationsReportPage'),
    },
  ],
};
