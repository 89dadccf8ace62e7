import { Button } from '@gamehall/ui/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { MEMBER_MENU, paths } from '../../app/paths';
import { openModal } from '../../lib/modals';
import { useSession } from '../../lib/session';
import { publicStateQuery } from '../../lib/site-queries';

// spec §2 member centre menu with badges (messages, rewards).
export function MemberLayout() {
  const { t } = useTranslation();
  const { token, isTrial } = useSession();
  const state = useQuery(publicStateQuery(token)).data;
  // spec §6: a trial account has no personal or account centre (no profile, cashier or records).
  if (isTrial)
    return (
      <div className="mx-auto max-w-xl px-4 py-12 text-center" data-testid="trial-member-centre">
        <p className="mb-4 text-(--text-muted)">{t('in_need_true_account')}</p>
        <Button onClick={() => openModal('register')}>{t('auth.register')}</Button>
      </div>
    );
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[240px_1fr]">
      <nav aria-label={t('member.title')} className="min-w-0 rounded-xl bg-(--surface-raised) p-3">
        <h2 className="mb-2 px-2 font-bold text-(--accent)">{t('member.title')}</h2>
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {MEMBER_MENU.map((entry) => {
            const badge = 'badge' in entry && state ? state[entry.badge] : 0;
            return (
              <li key={entry.name}>
                <NavLink
                  to={paths.memberEntry(entry.name)}
                  // In the side column a long label (Filipino's "Mga mensahe ng platform") wraps
                  // beside its badge instead of pushing the badge out of the column; the phone's
                  // row of tabs keeps one line and scrolls.
                  className={({ isActive }) =>
                    `flex items-center justify-between gap-2 whitespace-nowrap rounded px-3 py-2 text-sm md:whitespace-normal ${isActive ? 'bg-(--accent) text-(--accent-contrast)' : 'hover:bg-(--surface)'}`
                  }
                >
                  <span className="min-w-0">{t(entry.key)}</span>
                  {badge > 0 && (
                    <span
                      className="shrink-0 rounded-full bg-(--danger) px-1.5 text-xs text-white"
                      data-testid="menu-badge"
                    >
                      {badge}
                    </span>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <section className="min-w-0 rounded-xl bg-(--surface-raised) p-6">
        <Outlet />
      </section>
      <Toaster position="top-center" richColors />
    </div>
  );
}
