import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, EllipsisVertical, Home, Maximize, Minimize, Undo2, Wallet } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { readPreference } from '../../lib/consent';
import { canGoFullScreen, enterFullScreen, isFullScreen, leaveFullScreen, wantsLandscape } from '../../lib/full-screen';
import { displayAmount } from '../../lib/money';
import { useSession } from '../../lib/session';
import { publicStateQuery } from '../../lib/site-queries';
import { STORAGE_KEYS } from '../../lib/storage';

/**
 * The one slim bar over a game on a phone, in place of the site's header and the game page's own
 * bar: back to where the game was opened, the game's name, the balance, and a menu (full screen,
 * deposit, lobby, home). The site layout keeps the balance live meanwhile (site-layout.tsx).
 */
export function GameBar({ name, gameType, onLeave }: { name: string; gameType?: string; onLeave: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isTrial } = useSession();
  const fullScreen = useFullScreenState();
  const away = (to: string) => {
    void leaveFullScreen();
    navigate(to);
  };
  return (
    <div
      className="flex h-11 shrink-0 items-center gap-1 border-b border-(--text-muted)/20 bg-(--surface-raised) px-1"
      data-testid="game-bar"
    >
      <button
        type="button"
        onClick={onLeave}
        aria-label={t('games.backToLobby')}
        className="grid size-10 shrink-0 place-items-center rounded-md hover:bg-(--surface)"
        data-testid="game-back"
      >
        <ArrowLeft size={20} aria-hidden />
      </button>
      <h1 className="min-w-0 flex-1 truncate text-sm font-bold" data-testid="game-name">
        {name}
      </h1>
      <GameBalance />
      {/* Not modal: the game beside it stays in reach of assistive technology while the menu is open. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={t('shell.gameMenu')}
          className="grid size-10 shrink-0 place-items-center rounded-md hover:bg-(--surface)"
        >
          <EllipsisVertical size={20} aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-52 rounded-lg border border-(--text-muted)/20 bg-(--surface-raised) p-1 text-(--text) shadow-xl"
          >
            {canGoFullScreen() && (
              <MenuItem
                icon={fullScreen ? <Minimize size={16} aria-hidden /> : <Maximize size={16} aria-hidden />}
                onSelect={() =>
                  void (fullScreen ? leaveFullScreen() : enterFullScreen({ landscape: wantsLandscape(gameType) }))
                }
              >
                {fullScreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}
              </MenuItem>
            )}
            {/* spec §6: a trial account has no cashier. */}
            {!isTrial && (
              <MenuItem icon={<Wallet size={16} aria-hidden />} onSelect={() => away(paths.memberEntry('depositv2'))}>
                {t('header.deposit')}
              </MenuItem>
            )}
            <MenuItem icon={<Undo2 size={16} aria-hidden />} onSelect={onLeave}>
              {t('games.backToLobby')}
            </MenuItem>
            <MenuItem icon={<Home size={16} aria-hidden />} onSelect={() => away(paths.home)}>
              {t('nav.home')}
            </MenuItem>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

function MenuItem({ icon, onSelect, children }: { icon: ReactNode; onSelect: () => void; children: ReactNode }) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2.5 text-sm font-semibold outline-none data-[highlighted]:bg-(--surface) data-[highlighted]:text-(--accent)"
    >
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

/** The header's balance figure, as the header shows it (stars while the player hides it). */
function GameBalance() {
  const { t } = useTranslation();
  const { token, isTrial } = useSession();
  const state = useQuery(publicStateQuery(token)).data;
  const hidden = readPreference(STORAGE_KEYS.balanceHidden) === '1';
  const shown = state ? displayAmount(state.balance, { symbol: state.currencySymbol, hidden }) : '…';
  const label = isTrial ? t('header.demoBalance') : t('header.cashBalance');
  return (
    <span
      className="shrink-0 rounded-md bg-(--surface) px-2 py-1 text-sm font-semibold tabular-nums"
      data-testid="game-bar-balance"
      title={`${label}: ${shown}`}
    >
      <span className="sr-only">{label}: </span>
      {shown}
    </span>
  );
}

function useFullScreenState(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      document.addEventListener('fullscreenchange', onChange);
      return () => document.removeEventListener('fullscreenchange', onChange);
    },
    () => isFullScreen(),
  );
}
