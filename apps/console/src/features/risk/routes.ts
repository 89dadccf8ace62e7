import { Link2, ShieldAlert } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// Risk (docs/risk.md): the queue of linked accounts, the abuse flags, and the member page's Risk tab
// (level, links, flags); risk.read to see, risk.write to review and set levels.
export const feature: ConsoleFeature = {
  area: 'risk',
  menu: [
    { path: 'risk/links', label: 'menu.links', icon: Link2, permission: 'risk.read' },
    { path: 'risk/flags', label: 'menu.flags', icon: ShieldAlert, permission: 'risk.read' },
  ],
  routes: [
    { path: 'risk/links', permission: 'risk.read', page: lazyPage(() => import('./links-page'), 'LinksPage') },
    { path: 'risk/flags', permission: 'risk.read', page: lazyPage(() => import('./flags-page'), 'FlagsPage') },
  ],
  memberTabs: [
    {
      value: 'risk',
      label: 'tab',
      permission: 'risk.read',
      panel: lazyPage(() => import('./member-risk-panel'), 'MemberRiskPanel'),
    },
  ],
};
