import { openModal } from './modals';

// Where a sign-in leads. A page that needs a session sends a guest (or a player whose session just
// ended) to /login?next=<that page>, and a control that needs one (the tab bar's Deposit) asks for
// the login modal with the page it leads to: once signed in, the player lands there, not on the
// home page.

export const NEXT_PARAM = 'next';

/** The pages a sign-in never leads back to: they would only open the modals again. */
const NOT_A_TARGET = ['/login', '/register'];

/**
 * `raw` as a path of this site, or null: only a same-origin path ('/member/depositv2?x=1'), never
 * another host ('//evil.test', '/\\evil.test', 'https://...') nor the login and register pages.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 500 || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://site.invalid') return null;
  if (NOT_A_TARGET.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login route that comes back to `path` (the guard's redirect). */
export function loginPathFor(path: string): string {
  const next = safeReturnPath(path);
  return next && next !== '/' ? `/login?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/login';
}

let pending: string | null = null;

/** Opens the login modal; once signed in, the player goes to `next` (a path of this site). */
export function askToSignIn(next?: string): void {
  pending = safeReturnPath(next);
  openModal('login');
}

/** The modal closed without a sign-in: what it was asked for no longer applies. */
export function forgetSignInTarget(): void {
  pending = null;
}

/**
 * Where the sign-in just made leads, taken once: the control's wish, else the address's ?next=,
 * else home from /login and /register, else nowhere (the player stays on the page they were on).
 */
export function takeSignInTarget(location: { pathname: string; search: string }): string | null {
  const asked = pending;
  pending = null;
  if (asked) return asked;
  const next = safeReturnPath(new URLSearchParams(location.search).get(NEXT_PARAM));
  if (next) return next;
  return NOT_A_TARGET.includes(location.pathname) ? '/' : null;
}
