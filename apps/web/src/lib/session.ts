import { clearSessionStorage, readToken, writeToken } from './storage';
import { createStore } from './store';

// spec §4 Session: logged in when a token exists; isAgent / isTrial come with the login answer
// (or with member info, for a token taken from the address).
export type Session = { token: string | null; isAgent: boolean; isTrial: boolean };

function load(): Session {
  return {
    token: readToken(),
    isAgent: sessionStorage.getItem('isAgent') === '1',
    isTrial: sessionStorage.getItem('isTrial') === '1',
  };
}

export const sessionStore = createStore<Session>({ token: null, isAgent: false, isTrial: false });

export function reloadSession(): void {
  sessionStore.set(load());
}

export function startSession(login: { token: string; isAgent: boolean; isTrial: boolean }): void {
  writeToken(login.token);
  sessionStorage.setItem('isAgent', login.isAgent ? '1' : '0');
  sessionStorage.setItem('isTrial', login.isTrial ? '1' : '0');
  reloadSession();
}

/**
 * A session adopted from a `?token=` address (storage.adoptTokenFromUrl) has no login answer, so
 * its isAgent / isTrial come from member info; `token` is the one the info was asked with, and the
 * flags are kept only while that is still the session.
 */
export function adoptMemberFlags(token: string, info: { isAgent: boolean; isTrial: boolean }): void {
  if (readToken() !== token) return;
  const current = sessionStore.get();
  if (current.token === token && current.isAgent === info.isAgent && current.isTrial === info.isTrial) return;
  startSession({ token, isAgent: info.isAgent, isTrial: info.isTrial });
}

export function endSession(): void {
  clearSessionStorage();
  reloadSession();
}

export function useSession(): Session {
  return sessionStore.use();
}
