import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigationType } from 'react-router';
import { useRealtimeBalance } from '../../features/wallet/live-balance';
import { lazyModals } from '../../lib/lazy-modal';
import { usePhoneLayout } from '../../lib/phone-layout';
import { createScrollMemory, restoreScroll } from '../../lib/scroll-memory';
import { useSession } from '../../lib/session';
import { loginPathFor } from '../../lib/sign-in-target';
import { GAME_PAGES, needsSignIn, paths } from '../paths';
import { Header } from './header';
import { ConsentHost, TermsHost } from './legal-hosts';
import { LoadingCover } from './loading-cover';

const AccountModals = lazyModals(
  ['login', 'register', 'forgetPass', 'changePass'],
  async () => (await import('../../features/auth/account-modals')).AccountModals,
);

// The phone's tab bar is its own small chunk: desktops never load it, and the home's first chunk
// stays within the ui-guide budget. It is fixed to the window, so arriving a moment later moves
// nothing on the page.
// Below every page's content, so out of the first chunk too; it adds height under the page and
// moves nothing above it.
const Footer = lazy(async () => ({ default: (await import('./footer')).Footer }));
// The desktop's edge buttons (the phone has them as lines of the header's menu): out of the first chunk.
const SideMenu = lazy(async () => ({ default: (await import('./side-menu')).SideMenu }));
const TabBar = lazy(async () => ({ default: (await import('./tab-bar')).TabBar }));

// spec §6 contract popup: its watcher loads after first render, for signed-in members only.
const ContractPopupHost = lazy(async () => ({
  default: (await import('./contract-popup-host')).ContractPopupHost,
}));

const scrollMemory = createScrollMemory(sessionStorageOrNull());

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

// spec §2: header, footer and side menu around every page; game pages keep the header only. On a
// phone the side menu's buttons live in the header's menu and a tab bar sits at the bottom, and a
// game (/seamless) fills the screen under its own slim bar instead of the header.
export function SiteLayout() {
  const location = useLocation();
  const { pathname, hash, key } = location;
  const navigationType = useNavigationType();
  const { token } = useSession();
  const phone = usePhoneLayout();
  const previous = useRef(pathname);
  // The entry the tab was opened on has no key of its own ('default'; a reload of another address
  // has the same one): its address stands in.
  const entry = key === 'default' ? `default:${pathname}${location.search}` : key;
  const current = useRef(entry);

  // Each history entry remembers how far down it was, so coming back to it (back from a game)
  // lands there; the browser's own restoring would jump before the page has rendered its lists.
  useLayoutEffect(() => {
    current.current = entry;
  }, [entry]);
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => scrollMemory.remember(current.current, window.scrollY);
    const onHide = () => scrollMemory.persist();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  // spec §2 navigation guard: scroll to top when the route changes; hash links scroll to their
  // anchor, waiting a moment for a section whose data is still loading. Back (or forward, or a
  // reload) to an entry seen before returns to its place instead.
  useEffect(() => {
    const changed = previous.current !== pathname;
    previous.current = pathname;
    const saved = navigationType === 'POP' && !freshArrival(entry) ? scrollMemory.recall(entry) : undefined;
    if (saved !== undefined) return restoreScroll(saved, window);
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
  }, [pathname, hash, entry, navigationType]);

  // A page that needs a session sends the player to log in, and back here once they have.
  if (!token && needsSignIn(pathname)) return <Navigate to={loginPathFor(pathname + location.search)} replace />;
  const gamePage = GAME_PAGES.includes(pathname as (typeof GAME_PAGES)[number]);
  const fullScreenGame = phone && pathname === paths.seamless;
  return (
    // --shell-bottom (index.css) is the tab bar's height while it shows: the page's end, and
    // anything else fixed to the bottom of the window, stays above it.
    <div className="flex min-h-screen flex-col bg-(--surface) pb-(--shell-bottom) text-(--text)">
      <LoadingCover />
      {fullScreenGame ? <LiveBalance /> : <Header />}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {!gamePage && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {!gamePage && !phone && (
        <Suspense fallback={null}>
          <SideMenu />
        </Suspense>
      )}
      {phone && !fullScreenGame && (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
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

let firstRender = true;

/**
 * Whether this is the tab's first page, reached by following a link or typing its address rather
 * than by a reload or the browser's back: a fresh visit starts at the top, as browsers do, even if
 * the same address was scrolled in this tab before.
 */
function freshArrival(entry: string): boolean {
  const first = firstRender;
  firstRender = false;
  if (!first || !entry.startsWith('default:')) return false;
  const [timing] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return timing?.type === 'navigate';
}

/**
 * The header keeps the balance live (one socket per tab); while a phone's game hides the header,
 * this does, and the game's bar shows the same figure.
 */
function LiveBalance() {
  useRealtimeBalance(useSession().token);
  return null;
}
