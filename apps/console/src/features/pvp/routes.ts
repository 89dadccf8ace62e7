import { Layers, ShieldAlert, Wallet } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// The card room's records (docs/pvp.md "Hand histories and integrity"): every screen needs pvp.review.
export const feature: ConsoleFeature = {
  area: 'pvp',
  menu: [
    { path: 'pvp/hands', label: 'menu.hands', icon: Layers, permission: 'pvp.review' },
    { path: 'pvp/rake', label: 'menu.rake', icon: Wallet, permission: 'pvp.review' },
    { path: 'pvp/integrity', label: 'menu.integrity', icon: ShieldAlert, permission: 'pvp.review' },
  ],
  routes: [
    { path: 'pvp/hands', permission: 'pvp.review', page: lazyPage(() => import('./hands-page'), 'HandsPage') },
    { path: 'pvp/hands/:handId', permission: 'pvp.review', page: lazyPage(() => import('./hand-page'), 'HandPage') },
    { path: 'pvp/rake', permission: 'pvp.review', page: lazyPage(() => import('./rake-page'), 'RakePage') },
    {
      path: 'pvp/integrity',
      permission: 'pvp.review',
      page: lazyPage(() => import('./integrity-page'), 'IntegrityPage'),
    },
  ],
};
