import { Gift, LineChart } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// Tickets' back office (docs/referrals-tickets.md): kinds with their prize tables and
// odds, and tickets issued and opened by day. The promotions permissions govern them.
export const feature: ConsoleFeature = {
  area: 'tickets',
  menu: [
    { path: 'tickets/kinds', label: 'menu.kinds', icon: Gift, permission: 'promotions.read' },
    { path: 'tickets/report', label: 'menu.report', icon: LineChart, permission: 'promotions.read' },
  ],
  routes: [
    { path: 'tickets/kinds', permission: 'promotions.read', page: lazyPage(() => import('./kinds-page'), 'KindsPage') },
    {
      path: 'tickets/report',
      permission: 'promotions.read',
      page: lazyPage(() => import('./report-page'), 'TicketReportPage'),
    },
  ],
};
