// Storage keys of spec §4: the session token lives in session storage (gone with the tab),
// language, theme and the home jackpot's day in local storage; merchant and merchantCode survive a logout.
export const STORAGE_KEYS = {
  token: 'token',
  lang: 'lang',
  hisLang: 'hisLang',
  theme: 'theme',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  userPopup: 'USER_POPUP',
  anonymousPopup: 'ANONYMOUS_POPUP',
  balanceHidden: 'balanceHidden',
  jackpot: 'jackpot',
  deviceId: 'deviceId',
} as const;

const KEPT_ON_LOGOUT: string[] = [STORAGE_KEYS.merchant, STORAGE_KEYS.merchantCode];

/**
 * A random id of this browser, kept in local storage (it survives logouts) and sent as X-Device-Id,
 * for one bonus per person only (docs/rewards.md): the server hashes it and trusts it for nothing else.
 */
export function deviceId(): string | null {
  try {
    let id = localStorage.getItem(STORAGE_KEYS.deviceId);
    if (!id || !/^[A-Za-z0-9-]{16,64}$/.test(id)) {
      // getRandomValues works outside secure contexts too (randomUUID does not).
      id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(STORAGE_KEYS.deviceId, id);
    }
    return id;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return sessionStorage.getItem(STORAGE_KEYS.token);
}

export function writeToken(token: string): void {
  sessionStorage.setItem(STORAGE_KEYS.token, token);
}

/** spec §4: logout clears session storage except merchant and merchantCode. */
export function clearSessionStorage(): void {
  const kept = KEPT_ON_LOGOUT.map((key) => [key, sessionStorage.getItem(key)] as const);
  sessionStorage.clear();
  for (const [key, value] of kept) if (value !== null) sessionStorage.setItem(key, value);
}

/** spec §9: the merchant code of the site config is written to session and local storage at start. */
export function rememberMerchantCode(code: string): void {
  sessionStorage.setItem(STORAGE_KEYS.merchantCode, code);
  localStorage.setItem(STORAGE_KEYS.merchantCode, code);
}

/** spec §4: a `token` query parameter on load is accepted as the session; it is removed from the address. */
export function adoptTokenFromUrl(): void {
  const url = new URL(window.location.href);
  // The mailed reset link (paths.resetPassword) carries a password-reset token, not a session.
  if (url.pathname === '/resetPassword') return;
  const token = url.searchParams.get('token');
  if (!token) return;
  writeToken(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/** spec §4 remember me: cookies for one day; unchecking clears them. */
export function rememberUsername(username: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: spec §4 asks for cookies; the Cookie Store API is not in every browser
  if (username) document.cookie = `rememberUser=${encodeURIComponent(username)}; max-age=86400; path=/; SameSite=Lax`;
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  else document.cookie = 'rememberUser=; max-age=0; path=/';
}

export function rememberedUsername(): string {
  const match = /(?:^|; )rememberUser=([^;]*)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}
