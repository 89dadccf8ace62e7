import type { GameMenus } from '@gamehall/shared/api/catalogue';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Gift, Home, Menu, Moon, Sun, X } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showAlert } from '../../lib/alerts';
import { ApiError, apiRequest } from '../../lib/api-client';
import { rememberImageHosts } from '../../lib/art';
import { navigationCategories } from '../../lib/game-menus';
import { applyLanguage, loadAllStrings } from '../../lib/i18n';
import { openModal } from '../../lib/modals';
import { resourceLabel } from '../../lib/resource-label';
import { useSession } from '../../lib/session';
import { configQuery, findResource, gameMenusQuery, permissionQuery, resourcesQuery } from '../../lib/site-queries';
import { setTheme, useTheme } from '../../lib/theme';
import { paths } from '../paths';

// The phone menu's quick links (customer service, chat, app): rendered, and their code loaded, when
// the menu opens, as nothing else on a phone's first screen uses them.
const QuickLinks = lazy(async () => ({ default: (await import('./side-menu')).QuickLinks }));

// The categories' vendor drop-downs, hidden until hovered: out of the first chunk.
const loadVendorDropdown = () => import('./header-vendors');
const VendorDropdown = lazy(async () => ({ default: (await loadVendorDropdown()).VendorDropdown }));

const SOCIAL_TYPES = ['TELEGRAM', 'FACEBOOK', 'INSTAGRAM', 'TWITTER', 'YOUTUBE'];

export function Header() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const wide = useWideScreen();
  const siteName = useQuery(configQuery).data?.siteName ?? '';
  // spec §4: this page load's image host, from the brand's imageCDNs (lib/art imageUrl).
  rememberImageHosts(useQuery(permissionQuery).data?.imageCDNs);
  return (
    <header className="sticky top-0 z-30 border-b border-(--text-muted)/20 bg-(--surface-raised)/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 min-[900px]:gap-3">
        <Link to={paths.home} className="flex items-center gap-2 text-xl font-extrabold text-(--accent)">
          <span
            aria-hidden
            className="grid size-9 place-items-center rounded-full bg-(--accent) text-(--accent-contrast)"
          >
            {siteName.slice(0, 1).toUpperCase()}
          </span>
          {/* The brand's name from the site config, as in the footer; the link still says "home" meanwhile. */}
          <span className="sr-only sm:not-sr-only">{siteName || t('nav.home')}</span>
        </Link>
        {/* ui-guide: on a phone the balance and Deposit (or Log in and Register) stay in the header row. */}
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <Suspense fallback={null}>
            {wide ? token ? <MemberArea /> : <HeaderLogin /> : token ? <PhoneMemberBar /> : <PhoneGuestButtons />}
          </Suspense>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {wide && <LanguageSelect />}
          <ThemeToggle />
          <button
            type="button"
            className="rounded p-1.5 min-[900px]:hidden"
            aria-label={t('nav.menu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </button>
        </div>
      </div>
      <nav
        aria-label={t('nav.categories')}
        className={`${menuOpen ? 'block' : 'hidden'} border-t border-(--text-muted)/20 min-[900px]:block`}
        onClick={(e) => (e.target as HTMLElement).closest('a') && setMenuOpen(false)}
        onKeyDown={undefined}
      >
        <div className="mx-auto max-w-7xl px-4">
          {!wide && (
            <div className="flex flex-wrap items-center gap-2 py-3">
              {token && (
                <Suspense fallback={null}>
                  <MemberArea inMenu />
                </Suspense>
              )}
              <LanguageSelect />
            </div>
          )}
          <CategoryNav language={i18n.language} wide={wide} />
          {/* On a phone the side menu's buttons are lines here, where they cover nothing. */}
          {!wide && menuOpen && (
            <Suspense fallback={null}>
              <QuickLinks onDone={() => setMenuOpen(false)} />
            </Suspense>
          )}
        </div>
      </nav>
    </header>
  );
}

/**
 * A category's header link and, on a desktop, its vendors' drop-down. The drop-down is made the
 * first time the pointer or the keyboard reaches the item: made with the page, it would fetch and
 * draw every vendor's logo (35 images in the demo) for menus most visits never open.
 */
function CategoryItem({
  category,
  wide,
  className,
}: {
  category: GameMenus[number];
  wide: boolean;
  className: string;
}) {
  const { t } = useTranslation();
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return (
    <li className="group" onPointerEnter={reach} onFocus={reach}>
      <Link to={paths.category(category.gameCategory)} className={className}>
        {t(`categories.${category.gameCategory}`, { defaultValue: category.gameCategory })}
      </Link>
      {/* The vendors' drop-down opens on hover, so only a desktop has it. */}
      {wide && reached && (
        <Suspense fallback={null}>
          <VendorDropdown category={category} />
        </Suspense>
      )}
    </li>
  );
}

function CategoryNav({ language, wide }: { language: string; wide: boolean }) {
  const { t } = useTranslation();
  // The drop-down's code (not its logos) is fetched with the page, so the first hover shows it at once.
  useEffect(() => {
    if (wide) void loadVendorDropdown();
  }, [wide]);
  const menus = useQuery(gameMenusQuery(language.toUpperCase())).data ?? [];
  const resources = useQuery(resourcesQuery).data;
  const social = SOCIAL_TYPES.map((type) => findResource(resources, type)).find(Boolean);
  const item = 'flex items-center gap-1 whitespace-nowrap px-2 py-3 text-sm font-semibold hover:text-(--accent)';
  return (
    <ul className="relative flex flex-col min-[900px]:flex-row min-[900px]:flex-wrap">
      <li>
        <Link to={paths.home} className={item}>
          <Home size={16} aria-hidden />
          {t('nav.home')}
        </Link>
      </li>
      {navigationCategories(menus).map((category) => (
        <CategoryItem key={category.gameCategory} category={category} wide={wide} className={item} />
      ))}
      <li>
        <Link to={paths.promotions} className={item}>
          <Gift size={16} aria-hidden />
          {t('nav.promotions')}
        </Link>
      </li>
      {social && (
        <li>
          <a href={social.url} target="_blank" rel="noreferrer" className={item}>
            {resourceLabel(t, language, social)}
          </a>
        </li>
      )}
      <li>
        <Link to={`${paths.home}#download`} className={item}>
          <Download size={16} aria-hidden />
          {t('nav.download')}
        </Link>
      </li>
    </ul>
  );
}

// spec §5: a header login failure shows in_incorrect_password in a warning dialog.
function HeaderLogin() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const directReg = useQuery(permissionQuery).data?.register.directReg ?? false;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password.trim()) {
      await showAlert({ message: t('validation.usernamePassword') });
      return;
    }
    setBusy(true);
    // The sign-in calls load on the first submit (ui-guide budget: the home's initial JavaScript); a
    // chunk that fails to load is reported as any other failure below.
    const auth = import('../../features/auth/api');
    try {
      const { completeLogin, login } = await auth;
      const value = await login({ username: username.trim(), password, type: 'username' });
      await completeLogin(value, password);
      await queryClient.invalidateQueries({ queryKey: ['member'] });
    } catch (err) {
      // Captcha or new-IP verification need the full login modal.
      if (
        err instanceof ApiError &&
        (err.value?.captcha || err.code === 'LOGIN_VERIFICATION_REQUIRED' || err.code.startsWith('CAPTCHA'))
      ) {
        // The modal starts with what was typed here: only the captcha is left to fill in.
        (await auth).handOverLogin({ username: username.trim(), password });
        openModal('login');
      } else if (err instanceof ApiError && err.code === 'ACCOUNT_PASSWORD_INVALID') {
        await showAlert({ message: t('in_incorrect_password') });
      } else {
        // The error catalogue is not in the first chunk (lib/core-namespaces.ts).
        await loadAllStrings();
        await showAlert({ message: t(`errors.${err instanceof ApiError ? err.code : 'INTERNAL_ERROR'}`) });
      }
    } finally {
      setBusy(false);
    }
  };
  const input = 'w-full min-[900px]:w-32 rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 py-1.5 text-sm';
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2" aria-label={t('auth.login')}>
      <input
        className={input}
        name="headerUsername"
        aria-label={t('auth.username')}
        placeholder={t('auth.username')}
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <input
        className={input}
        name="headerPassword"
        type="password"
        aria-label={t('auth.password')}
        placeholder={t('auth.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {t('auth.login')}
      </Button>
      {directReg && (
        <Button variant="secondary" onClick={() => openModal('register')}>
          {t('auth.register')}
        </Button>
      )}
    </form>
  );
}

/** The phone header row of a visitor: the buttons open the login and register modals. */
function PhoneGuestButtons() {
  const { t } = useTranslation();
  const directReg = useQuery(permissionQuery).data?.register.directReg ?? false;
  return (
    <>
      <Button className="shrink-0 px-3! py-1.5!" onClick={() => openModal('login')}>
        {t('auth.login')}
      </Button>
      {directReg && (
        <Button variant="secondary" className="shrink-0 px-3! py-1.5!" onClick={() => openModal('register')}>
          {t('auth.register')}
        </Button>
      )}
    </>
  );
}

// The signed-in header (balance, Deposit, account links): a visitor's first screen has none of it,
// so it comes in its own chunk (ui-guide budget: the home's initial JavaScript).
const PhoneMemberBar = lazy(() => import('./header-member').then((m) => ({ default: m.PhoneMemberBar })));
const MemberArea = lazy(() => import('./header-member').then((m) => ({ default: m.MemberArea })));

function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const supported = useQuery(configQuery).data?.supportedLanguages ?? ['EN'];
  const change = async (language: string) => {
    await applyLanguage(language);
    // spec §4: the language is sent to the server when it changes.
    if (token) await apiRequest('/wps/member/language', { method: 'PUT', body: { language } }).catch(() => undefined);
  };
  return (
    <select
      aria-label={t('header.language')}
      value={i18n.language.toUpperCase()}
      onChange={(e) => void change(e.target.value)}
      className="rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 py-1 text-sm"
    >
      {supported.map((code) => (
        <option key={code} value={code}>
          {t(`languages.${code}`, { defaultValue: code })}
        </option>
      ))}
    </select>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      className="rounded p-1.5 hover:bg-(--surface) min-[900px]:p-2"
      aria-label={t(`header.theme.${next}`)}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
    </button>
  );
}

// ui-guide: under ~900 px the header collapses into a menu; one copy of each account control is mounted.
const WIDE = '(min-width: 900px)';
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
  );
}
