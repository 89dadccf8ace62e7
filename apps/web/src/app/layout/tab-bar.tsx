import { useQuery } from '@tanstack/react-query';
import { Gift, Home, LayoutGrid, LogIn, type LucideIcon, UserRound, Wallet } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { openModal } from '../../lib/modals';
import { useSession } from '../../lib/session';
import { askToSignIn } from '../../lib/sign-in-target';
import { publicStateQuery } from '../../lib/site-queries';
import { paths } from '../paths';
import { activeTab, badgeText, type ShellTab, tabBadges } from './shell-tabs';

const DEPOSIT = paths.memberEntry('depositv2');

/**
 * The phone's bottom tab bar: home, games, promotions, deposit, and the account (or log in for a
 * guest), each in reach of a thumb. Badges come from the header's public state (the same query, so
 * no extra request). Tapping the tab already open scrolls its page back to the top, as apps do; the
 * layout keeps the page's end clear of the bar (site-layout.tsx, --shell-bottom).
 */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token, isTrial } = useSession();
  const badges = tabBadges(useQuery(publicStateQuery(token)).data);
  const active = activeTab(pathname);
  const member = Boolean(token) && !isTrial;
  return (
    <nav
      aria-label={t('shell.tabs')}
      id="tab-bar"
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-(--text-muted)/20 bg-(--surface-raised) pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid h-14 max-w-xl grid-cols-5">
        <Tab tab="home" active={active} to={paths.home} icon={Home} label={t('nav.home')} />
        <Tab tab="games" active={active} to={paths.lobby} icon={LayoutGrid} label={t('shell.games')} />
        <Tab
          tab="promotions"
          active={active}
          to={paths.promotions}
          icon={Gift}
          label={t('nav.promotions')}
          badge={badges.promotions}
        />
        {/* spec §6: a trial account has no cashier; what it needs is a real account. */}
        <Tab
          tab="deposit"
          active={active}
          to={member ? DEPOSIT : undefined}
          onTap={token ? () => openModal('register') : () => askToSignIn(DEPOSIT)}
          icon={Wallet}
          label={t('header.deposit')}
        />
        {token ? (
          <Tab
            tab="account"
            active={active}
            to={paths.securityCenter}
            icon={UserRound}
            label={t('shell.account')}
            badge={badges.account}
          />
        ) : (
          <Tab tab="account" active={active} onTap={() => askToSignIn()} icon={LogIn} label={t('auth.login')} />
        )}
      </ul>
    </nav>
  );
}

function Tab({
  tab,
  active,
  to,
  onTap,
  icon: Icon,
  label,
  badge = 0,
}: {
  tab: ShellTab;
  active: ShellTab | null;
  /** Where the tab leads; without it, `onTap` runs (a modal instead of a page). */
  to?: string;
  onTap?: () => void;
  icon: LucideIcon;
  label: string;
  badge?: number;
}) {
  const { t } = useTranslation();
  const current = active === tab;
  const className = `relative flex h-full w-full flex-col items-center justify-center gap-0.5 px-0.5 text-[11px] leading-tight font-semibold ${current ? 'text-(--accent)' : 'text-(--text-muted) hover:text-(--text)'}`;
  const content: ReactNode = (
    <>
      <span className="relative">
        <Icon size={22} aria-hidden strokeWidth={current ? 2.4 : 2} />
        {badge > 0 && (
          <span
            className="absolute -top-1.5 left-3.5 min-w-4 rounded-full bg-(--danger) px-1 text-center text-[10px] leading-4 font-bold text-(--surface)"
            data-testid={`tab-badge-${tab}`}
            aria-hidden
          >
            {badgeText(badge)}
          </span>
        )}
      </span>
      <span className="max-w-full truncate">{label}</span>
      {badge > 0 && <span className="sr-only">{t('shell.waiting', { n: badge })}</span>}
    </>
  );
  // The open tab's page scrolls back to its top instead of loading again.
  const backToTop = (e: MouseEvent) => {
    if (!current || window.location.pathname !== to) return;
    e.preventDefault();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <li className="min-w-0">
      {to ? (
        <Link
          to={to}
          className={className}
          aria-current={current ? 'page' : undefined}
          data-testid={`tab-${tab}`}
          onClick={backToTop}
        >
          {content}
        </Link>
      ) : (
        <button type="button" className={className} data-testid={`tab-${tab}`} onClick={onTap}>
          {content}
        </button>
      )}
    </li>
  );
}
