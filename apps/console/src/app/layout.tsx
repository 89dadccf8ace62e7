import type { Permission } from '@gamehall/shared/api/permissions';
import { WORK_SOURCES, worksOn } from '@gamehall/shared/api/work-queue';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, Menu, UserRound, X } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { ThemeToggle } from '../components/theme-toggle';
import { signOut } from '../features/auth/api';
import { WORK_PATH } from '../features/dashboard/routes';
import { onEnrolmentRequired, onPasswordChangeRequired } from '../lib/api-client';
import { errorMessage } from '../lib/errors';
import { useOperatorSocket } from '../lib/operator-realtime';
import { meQuery, useCan, useSignedIn } from '../lib/session';
import { type ConsoleMenuEntry, lazyPage } from './feature';
import { FEATURES } from './registry';

const EnrolmentPanel = lazyPage(() => import('../features/auth/enrolment-panel'), 'EnrolmentPanel');
const PasswordChangePanel = lazyPage(() => import('../features/auth/password-change-panel'), 'PasswordChangePanel');

/** The menu groups an operator may see: entries whose permission they hold, groups with at least one. */
export function visibleMenu(can: (p: Permission) => boolean) {
  return FEATURES.map((f) => ({
    area: f.area,
    entries: f.menu.filter((e) => e.permission === null || can(e.permission)),
  })).filter((g) => g.entries.length > 0);
}

function MenuGroup({ area, entries }: { area: string; entries: ConsoleMenuEntry[] }) {
  const { t } = useTranslation(area);
  return (
    <li className="mb-3">
      <h2 className="mb-1 px-3 text-xs font-semibold tracking-wide text-(--text-muted) uppercase">{t('menu.title')}</h2>
      <ul>
        {entries.map((entry) => (
          <li key={entry.path}>
            <NavLink
              to={`/${entry.path}`}
              className={({ isActive }) =>
                `flex items-center gap-2 rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-(--accent) text-(--accent-contrast) font-semibold' : 'text-(--text) hover:bg-(--surface)'}`
              }
            >
              <entry.icon size={16} aria-hidden />
              {t(entry.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The main menu: a sidebar on a wide screen; on a narrow one a disclosure under a Menu button (the
 * sixty entries would push the page thousands of pixels down). It is open on the page it was opened
 * on, so following any link closes it, and Escape closes it too.
 */
function SideMenu({ withEntries }: { withEntries: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const { pathname } = useLocation();
  const listId = useId();
  const nav = useRef<HTMLElement>(null);
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // A dialog's Escape is the dialog's.
      if (e.key !== 'Escape' || (e.target as Element | null)?.closest?.('[role="dialog"],[role="alertdialog"]')) return;
      setOpenOn(null);
      // Focus inside the menu goes back to its button, not to the top of the page.
      if (nav.current?.contains(document.activeElement)) {
        nav.current.querySelector<HTMLButtonElement>(`[aria-controls="${listId}"]`)?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, listId]);

  return (
    <nav
      ref={nav}
      aria-label={t('shell.menu')}
      className="border-b border-(--border) bg-(--surface-raised) md:w-60 md:shrink-0 md:border-r md:border-b-0"
    >
      <div className="flex items-center justify-between gap-2">
        <div className="px-4 py-4 text-lg font-bold text-(--accent)">{t('shell.title')}</div>
        {withEntries && (
          <Button
            variant="ghost"
            className="mr-2 md:hidden"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            {open ? <X size={18} aria-hidden /> : <Menu size={18} aria-hidden />}
            {t('shell.menuButton')}
          </Button>
        )}
      </div>
      {withEntries && (
        // Following the link of the page already open changes no path: the click closes the menu.
        // biome-ignore lint/a11y/noStaticElementInteractions: the links inside are the controls
        // biome-ignore lint/a11y/useKeyWithClickEvents: a link followed by keyboard fires click too
        <div
          id={listId}
          className={open ? 'block' : 'hidden md:block'}
          onClick={(e) => (e.target as HTMLElement).closest('a') && setOpenOn(null)}
        >
          <Suspense fallback={null}>
            <ul className="px-2">
              {visibleMenu(can).map((group) => (
                <MenuGroup key={group.area} area={group.area} entries={group.entries} />
              ))}
            </ul>
          </Suspense>
        </div>
      )}
    </nav>
  );
}

export function ConsoleLayout() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const location = useLocation();
  const me = useQuery({ ...meQuery, enabled: signedIn });
  const [mustEnrol, setMustEnrol] = useState(false);
  useEffect(() => onEnrolmentRequired(() => setMustEnrol(true)), []);
  // An administrator set the password: the server refuses everything else until it is changed.
  const [mustChangePassword, setMustChangePassword] = useState(false);
  useEffect(() => onPasswordChangeRequired(() => setMustChangePassword(true)), []);
  // Live queues and counters; a refused socket means the session may have ended: asking for it
  // again signs an ended session out.
  const queryClient = useQueryClient();
  useOperatorSocket(() => void queryClient.invalidateQueries({ queryKey: meQuery.queryKey }));

  if (!signedIn) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  if (me.isPending) return <p className="p-6 text-sm text-(--text-muted)">{t('common.loading')}</p>;
  if (me.isError) {
    return (
      <main className="p-6">
        <p role="alert" className="text-(--danger)">
          {errorMessage(me.error)}
        </p>
        <Button className="mt-4" onClick={() => void signOut()}>
          {t('shell.signOut')}
        </Button>
      </main>
    );
  }
  const operator = me.data;
  const changeFirst = mustChangePassword || operator.mustChangePassword === true;
  const enrolFirst = !changeFirst && (mustEnrol || operator.mustEnrol === true);
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t('shell.skipToContent')}
      </a>
      <SideMenu withEntries={!enrolFirst && !changeFirst} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-end gap-2 border-b border-(--border) bg-(--surface-raised) px-4 py-2">
          <NavLink to="/account" className="flex items-center gap-1 rounded-md px-2 py-1 text-sm hover:bg-(--surface)">
            <UserRound size={16} aria-hidden />
            <span data-testid="operator-name">{operator.username}</span>
          </NavLink>
          <ThemeToggle />
          <Button variant="ghost" onClick={() => void signOut()}>
            <LogOut size={16} aria-hidden />
            {t('shell.signOut')}
          </Button>
        </header>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          <ErrorBoundary key={location.pathname}>
            <Suspense fallback={<p className="text-sm text-(--text-muted)">{t('common.loading')}</p>}>
              {changeFirst ? (
                <PasswordChangePanel forced onDone={() => setMustChangePassword(false)} />
              ) : enrolFirst ? (
                <EnrolmentPanel forced onDone={() => setMustEnrol(false)} />
              ) : (
                <Outlet />
              )}
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}

/** A screen the operator lacks the permission for: the server refuses its calls anyway (403). */
export function RequirePermission({ permission, children }: { permission: Permission | null; children: ReactNode }) {
  const { t } = useTranslation();
  const can = useCan();
  if (permission !== null && !can(permission)) {
    return (
      <section>
        <h1 className="mb-2 text-xl font-bold">{t('shell.forbiddenTitle')}</h1>
        <p className="text-(--text-muted)">{t('shell.forbidden', { permission })}</p>
      </section>
    );
  }
  return children;
}

/** /console/: the first screen of the menu the operator may open. */
export function StartPage() {
  const { t } = useTranslation();
  const can = useCan();
  // The work to do comes first for an operator with a queue to act on; one with none (an auditor)
  // starts on their first screen instead of an empty panel.
  const hasWork = WORK_SOURCES.some((source) => worksOn(can, source));
  const first = visibleMenu(can)
    .flatMap((group) => group.entries)
    .find((entry) => hasWork || entry.path !== WORK_PATH);
  if (first) return <Navigate to={`/${first.path}`} replace />;
  return (
    <section>
      <h1 className="mb-2 text-xl font-bold">{t('shell.welcome')}</h1>
      <p className="text-(--text-muted)">{t('shell.noScreens')}</p>
    </section>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-2 text-xl font-bold">{t('shell.notFound')}</h1>
      <NavLink to="/" className="text-(--accent) underline">
        {t('shell.home')}
      </NavLink>
    </section>
  );
}
