// The sportsbook page's screens as the address's hash (#/live, #/upcoming/2026-11-28/football,
// #/results/2026-11-27/tennis, #/league/<id>, #/event/<id>, #/bets/open): the back button and a
// reload keep the player's place, and the launch query (the game token) is never touched.
import type { Sport } from '../../sportsbook/types';
import type { Route } from './sb-state';

// A sport's name is checked against the lobby's sports where it is used (a value import of
// types.ts's list would bundle zod into the page).
const isSport = (s: string | undefined): s is Sport => !!s && /^[a-z]{2,20}$/.test(s);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseRoute(hash: string): Route | null {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return '';
      }
    });
  const [screen, a, b] = parts;
  switch (screen) {
    case 'live':
      return { screen: 'live', sport: isSport(a) ? a : null };
    case 'upcoming': {
      const day = a && DAY.test(a) ? a : null;
      const sport = isSport(day ? b : a) ? ((day ? b : a) as Sport) : null;
      return { screen: 'upcoming', day, sport };
    }
    case 'results': {
      const day = a && DAY.test(a) ? a : null;
      const sport = isSport(day ? b : a) ? ((day ? b : a) as Sport) : null;
      return { screen: 'results', day, sport };
    }
    case 'sports':
      return { screen: 'sports' };
    case 'league':
      return a ? { screen: 'league', league: a } : null;
    case 'event':
      return a ? { screen: 'event', event: a } : null;
    case 'bets':
      return { screen: 'bets', tab: a === 'settled' ? 'settled' : 'open' };
    default:
      return null;
  }
}

export function routeHash(r: Route): string {
  const e = encodeURIComponent;
  switch (r.screen) {
    case 'live':
      return r.sport ? `#/live/${r.sport}` : '#/live';
    case 'upcoming':
      return `#/upcoming${r.day ? `/${r.day}` : ''}${r.sport ? `/${r.sport}` : ''}`;
    case 'results':
      return `#/results${r.day ? `/${r.day}` : ''}${r.sport ? `/${r.sport}` : ''}`;
    case 'sports':
      return '#/sports';
    case 'league':
      return `#/league/${e(r.league)}`;
    case 'event':
      return `#/event/${e(r.event)}`;
    case 'bets':
      return `#/bets/${r.tab}`;
  }
}
