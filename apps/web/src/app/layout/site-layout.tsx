import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { lazyModals } from '../../lib/lazy-modal';
import { useSession } from '../../lib/session';
import { GAME_PAGES, needsSignIn, paths } from '../paths';
import { Footer } from './footer';
import { Header } from './header';
import { ConsentHost, TermsHost } from './legal-hosts';
import { SideMenu } from './side-menu';

const AccountModals = lazyModals(
  ['login', 'register', 'forgetPass', 'changePass'],
  async () => (await import('../../features/auth/account-modals')).AccountModals,
);

// spec §6 contract popup: its watcher loads after first render, for signed-in members only.
const ContractPopupHost = lazy(async () => ({
  default: (await import('./contract-popup-host')).ContractPopupHost,
}));

// spec §2: header, footer and side menu around every page; game pages keep the header only.
export function SiteLayout() {
  const { pathname, hash } = useLocation();
  const { token } = useSession();
  const previous = useRef(pathname);

  // spec §2 navigation guard: scroll to top when the route changes; hash links scroll to their
  // anchor, waiting a moment for a section whose data is still loading.
  useEffect(() => {
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (!hash) {
      if (changed) window.scrollTo(0, 0);
      return;
    }
    let frame = 0;
    const started = performance.now();
    const seek = () => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) target.scrollIntoView({ behavior: 'smooth' });
      else if (performance.now() - started < 3000) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);

  if (!token && needsSignIn(pathname)) return <Navigate to={paths.login} replace />;
  const gamePage = GAME_PAGES.includes(pathname as (typeof GAME_PAGES)[number]);
  return (
    <div className="flex min-h-screen flex-col bg-(--surface) text-(--text)">
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {!gamePage && <Footer />}
      {!gamePage && <SideMenu />}
      <AccountModals />
      <ConsentHost />
      {token && <TermsHost />}
      {token && (
        <Suspense fallback={null}>
          <ContractPopupHost />
        </Suspense>
      )}
    </div>
  );
}
