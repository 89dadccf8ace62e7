import { ScrollText } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'audit',
  menu: [{ path: 'audit', label: 'menu.log', icon: ScrollText, permission: 'audit.read' }],
  routes: [{ path: 'audit', permission: 'audit.read', page: lazyPage(() => import('./audit-page'), 'AuditPage') }],
};
