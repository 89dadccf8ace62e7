import { Activity, Percent, Scale, SlidersHorizontal, TrendingUp, Users } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// The trader console (docs/sportsbook.md "The trader's console"): every screen needs sportsbook.trade.
export const feature: ConsoleFeature = {
  area: 'sportsbook',
  menu: [
    { path: 'sportsbook/events', label: 'menu.events', icon: Activity, permission: 'sportsbook.trade' },
    { path: 'sportsbook/bets', label: 'menu.bets', icon: TrendingUp, permission: 'sportsbook.trade' },
    { path: 'sportsbook/margins', label: 'menu.margins', icon: Percent, permission: 'sportsbook.trade' },
    { path: 'sportsbook/settings', label: 'menu.settings', icon: SlidersHorizontal, permission: 'sportsbook.trade' },
    { path: 'sportsbook/players', label: 'menu.players', icon: Users, permission: 'sportsbook.trade' },
    { path: 'sportsbook/profit', label: 'menu.profit', icon: Scale, permission: 'sportsbook.trade' },
  ],
  routes: [
    {
      path: 'sportsbook/events',
      permission: 'sportsbook.trade',
      page: lazyPage(() => import('./events-page'), 'EventsPage'),
    },
    {
      path: 'sportsbook/events/:eventId',
      permission: 'sportsbook.trade',
      page: lazyPage(() => import('./event-page'), 'EventPage'),
    },
    {
      path: 'sportsbook/bets',
      permission: 'sportsbook.trade',
      page: lazyPage(() => import('./bets-page'), 'BetsPage'),
    },
    {
      path: 'sportsbook/margins',
      permission: 'sportsbook.trade',
      page: lazyPage(() => import('./margins-page'), 'MarginsPage'),
    },
    {
      path: 'sportsbook/settings',
      permission: 'sportsbook.trade',
      page: lazyPage(() => import('./settings-page'), 'SettingsPage'),
    },
    {
      path: 'sportsbook/players',
      permission: 'sportsbook.trade',
      page: lazyPage(() => import('./players-page'), 'PlayersPage'),
    },
    {
      path: 'sportsbook/profit',
      permission: 'sportsbook.trade',
      page: lazyPage(() => import('./profit-page'), 'ProfitPage'),
    },
  ],
};
