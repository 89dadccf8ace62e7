// The operator's token lives in sessionStorage: it is sent in the Authorization header only, never
// in a cookie (so no request made by another site carries it: CSRF-safe) or a URL (never in logs
// or Referer), and it is gone when the tab closes.
const KEY = 'console.token';
const listeners = new Set<() => void>();

export function readToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token);
  for (const l of listeners) l();
}

export function clearToken(): void {
  if (sessionStorage.getItem(KEY) === null) return;
  sessionStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
