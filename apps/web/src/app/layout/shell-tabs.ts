import { CATEGORY_ROUTES, GAME_PAGES, paths } from '../paths';

// The phone's bottom tab bar (tab-bar.tsx): which tab a page belongs to, and the counts its badges
// show. Pure, so the rules are unit-tested.

export const SHELL_TABS = ['home', 'games', 'promotions', 'deposit', 'account'] as const;
export type ShellTab = (typeof SHELL_TABS)[number];

const HOME_PATHS = new Set([paths.home, '/index', '/index.html', '/home']);
const GAMES_PATHS = new Set<string>([paths.lobby, paths.winners, ...GAME_PAGES]);
const DEPOSIT_PATH = paths.memberEntry('depositv2');

/** The tab lit for `pathname`, or null for a page outside all five (help, download, the agent centre). */
export function activeTab(pathname: string): ShellTab | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (HOME_PATHS.has(path)) return 'home';
  if (GAMES_PATHS.has(path)) return 'games';
  const first = path.split('/')[1] ?? '';
  if (path === `/${first}` && first.toLowerCase() in CATEGORY_ROUTES) return 'games';
  if (path === paths.promotions || path.startsWith(`${paths.promotions}/`) || path === paths.pointMall)
    return 'promotions';
  if (path === DEPOSIT_PATH) return 'deposit';
  if (path === paths.member || path.startsWith(`${paths.member}/`)) return 'account';
  return null;
}

/** What the header's public state counts (spec §2 "Badges show counts for missions, messages and rewards"). */
export type BadgeCounts = { availablePromoCount: number; missionCount: number; unreadMessage: number };

/**
 * Promotions carries what waits to be claimed (rewards and finished missions), the account tab the
 * unread messages. Nothing for a guest.
 */
export function tabBadges(state: BadgeCounts | undefined): Partial<Record<ShellTab, number>> {
  if (!state) return {};
  const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  return {
    promotions: count(state.availablePromoCount) + count(state.missionCount),
    account: count(state.unreadMessage),
  };
}

/** A badge's figure: more than 99 reads 99+, so it stays one small round mark. */
export function badgeText(n: number): string {
  return n > 99 ? '99+' : String(n);
}
