// The operator's token lives in sessionStorage: it is sent in the Authorization header only, never
// in a cookie (so no request made by another site carries it: CSRF-safe) or a URL (never in logs
// or Referer), and it is gone when the tab closes.
const KEY = 'console.token';
const ENDED_KEY = 'console.sessionEnded';
const listeners = new Set<() => void>();

export function readToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token);
  for (const l of listeners) l();
}

/** Forgets the token; `expired` when the server ended the session (the sign-in screen says so). */
export function clearToken(reason?: 'expired'): void {
  if (sessionStorage.getItem(KEY) === null) return;
  sessionStorage.removeItem(KEY);
  if (reason) sessionStorage.setItem(ENDED_KEY, reason);
  for (const l of listeners) l();
}

/** Why the last session ended, once: the sign-in screen reads it. */
export function takeEndedReason(): 'expired' | null {
  const reason = sessionStorage.getItem(ENDED_KEY);
  sessionStorage.removeItem(ENDED_KEY);
  return reason === 'expired' ? reason : null;
}

export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
