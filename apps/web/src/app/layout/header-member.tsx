import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, LogOut, Users, Wallet } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api';
import { useRealtimeBalance } from '../../features/wallet/live-balance';
import { showAlert } from '../../lib/alerts';
import { readPreference, writePreference } from '../../lib/consent';
import { openModal } from '../../lib/modals';
import { displayAmount } from '../../lib/money';
import { endSession, useSession } from '../../lib/session';
import { memberInfoQuery, publicStateQuery } from '../../lib/site-queries';
import { STORAGE_KEYS } from '../../lib/storage';
import { paths } from '../paths';

/** The phone header row of a signed-in player: balance and Deposit without opening the menu. */
export function PhoneMemberBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isTrial } = useSession();
  return (
    <>
      <BalanceChip />
      {/* spec §6: a trial account has no cashier; what it needs is a real account. */}
      {isTrial ? (
        <Button className="shrink-0 px-3! py-1.5!" onClick={() => openModal('register')}>
          {t('auth.register')}
        </Button>
      ) : (
        <Button className="shrink-0 px-3! py-1.5!" onClick={() => navigate(paths.memberEntry('depositv2'))}>
          {t('header.deposit')}
        </Button>
      )}
    </>
  );
}

// What is withdrawable and what wagering is left: loaded on the first tap (features/wallet).
const BalanceDetails = lazy(() =>
  import('../../features/wallet/balance-details').then((m) => ({ default: m.BalanceDetails })),
);

/** The live balance with its hide toggle; mounted once (header row), so one socket per tab. */
function BalanceChip() {
  const { t } = useTranslation();
  const session = useSession();
  const state = useQuery(publicStateQuery(session.token)).data;
  // The balance follows every posting live over /ws, without waiting for the 30 s refetch.
  useRealtimeBalance(session.token);
  const [hidden, setHidden] = useState(() => readPreference(STORAGE_KEYS.balanceHidden) === '1');
  const toggle = () => {
    writePreference(STORAGE_KEYS.balanceHidden, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  const shown = state ? displayAmount(state.balance, { symbol: state.currencySymbol, hidden }) : '…';
  const bonus =
    state && state.bonusBalance > 0
      ? displayAmount(state.bonusBalance, { symbol: state.currencySymbol, hidden })
      : undefined;
  // spec §6: a trial account plays with demo money, and the header says so.
  const label = session.isTrial ? t('header.demoBalance') : t('header.cashBalance');
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const chip = useRef<HTMLSpanElement>(null);
  // The details close on Escape and on a tap elsewhere, like a menu.
  useEffect(() => {
    if (!detailsOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDetailsOpen(false);
    const onDown = (e: PointerEvent) => {
      if (!chip.current?.contains(e.target as Node)) setDetailsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [detailsOpen]);
  return (
    <span
      ref={chip}
      className="relative flex min-w-0 items-center gap-1 rounded-md bg-(--surface) px-1.5 py-1 text-sm min-[900px]:px-2"
    >
      {/* On a phone the amount needs the room more than the icon does. */}
      <Wallet size={16} aria-hidden className="hidden shrink-0 text-(--accent) min-[420px]:block" />
      {session.isTrial && (
        <span
          className="shrink-0 rounded-full bg-(--accent) px-1.5 text-xs font-bold text-(--accent-contrast)"
          data-testid="header-trial-badge"
        >
          {t('header.trial')}
        </span>
      )}
      {session.isTrial ? (
        <BalanceAmounts label={label} shown={shown} bonus={bonus} />
      ) : (
        <button
          type="button"
          aria-expanded={detailsOpen}
          aria-controls={detailsOpen ? detailsId : undefined}
          onClick={() => setDetailsOpen((open) => !open)}
          className="flex min-w-0 items-center gap-1 rounded text-start"
          data-testid="header-balance-button"
        >
          <BalanceAmounts label={label} shown={shown} bonus={bonus} />
        </button>
      )}
      <button
        type="button"
        onClick={toggle}
        aria-label={hidden ? t('header.showBalance') : t('header.hideBalance')}
        className="shrink-0 p-0.5"
      >
        {hidden ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
      </button>
      {detailsOpen && (
        <Suspense fallback={null}>
          <BalanceDetails id={detailsId} onNavigate={() => setDetailsOpen(false)} />
        </Suspense>
      )}
    </span>
  );
}

/** Cash and, apart, the playable bonus (docs/rewards.md: playable, not withdrawable). */
function BalanceAmounts({ label, shown, bonus }: { label: string; shown: string; bonus: string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="sr-only">{label}:</span>
      <span data-testid="header-balance" className="truncate tabular-nums" title={`${label}: ${shown}`}>
        {shown}
      </span>
      {bonus && (
        <>
          <span className="sr-only">{t('header.bonusBalance')}:</span>
          <span
            data-testid="header-bonus-balance"
            className="truncate text-xs text-(--accent) tabular-nums"
            title={`${t('header.bonusBalance')}: ${bonus}`}
          >
            +{bonus} {t('header.bonus')}
          </span>
        </>
      )}
    </>
  );
}

/**
 * The account area: on wide screens the whole of it in the header row; in the phone menu
 * (`inMenu`) the rest of it, as the balance and Deposit are already in the phone header row.
 */
export function MemberArea({ inMenu = false }: { inMenu?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const info = useQuery(memberInfoQuery(session.token)).data;
  const state = useQuery(publicStateQuery(session.token)).data;
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    if (!(await showAlert({ message: t('in_sure_logout'), cancellable: true }))) return;
    setLeaving(true);
    await logout().catch(() => undefined);
    endSession();
    queryClient.removeQueries({ queryKey: ['member'] });
    setLeaving(false);
    navigate(paths.home);
  };
  const avatar = (
    <>
      <img
        src={state?.imgUrl || info?.imgUrl || '/art/avatars/1.svg'}
        alt=""
        width={32}
        height={32}
        className="rounded-full bg-(--surface)"
      />
      <span className="text-sm font-semibold" data-testid="account-name">
        {info?.account ?? ''}
      </span>
    </>
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* spec §6: a trial account has no personal or account centre to link to. */}
      {session.isTrial ? (
        <span className="flex items-center gap-2">{avatar}</span>
      ) : (
        <Link to={paths.profile} className="flex items-center gap-2" title={t('member.menu.profile')}>
          {avatar}
        </Link>
      )}
      {/* spec §3 public state: the member's VIP level, leading to the VIP page (docs/vip.md). */}
      {state?.vipLabelName && (
        <Link
          to={paths.vip}
          className="rounded-full border border-(--accent) px-2 py-0.5 text-xs font-semibold text-(--accent)"
          title={t('header.vip', { label: state.vipLabelName })}
          data-testid="header-vip"
        >
          {state.vipLabelName}
        </Link>
      )}
      {!inMenu && <BalanceChip />}
      {session.isAgent && (
        <Button variant="secondary" onClick={() => navigate(paths.agentHome)}>
          <Users size={16} aria-hidden />
          {t('header.agent')}
        </Button>
      )}
      {!inMenu &&
        (session.isTrial ? (
          <Button onClick={() => openModal('register')} data-testid="header-trial-register">
            {t('auth.register')}
          </Button>
        ) : (
          <Button onClick={() => navigate(paths.memberEntry('depositv2'))}>{t('header.deposit')}</Button>
        ))}
      <Button variant="ghost" onClick={signOut} disabled={leaving} aria-label={t('header.logout')}>
        <LogOut size={16} aria-hidden />
        <span className="min-[900px]:sr-only">{t('header.logout')}</span>
      </Button>
      {leaving && (
        <div
          className="fixed inset-0 z-50 grid place-items-center bg-black/50"
          role="status"
          aria-label={t('common.loading')}
        />
      )}
    </div>
  );
}
