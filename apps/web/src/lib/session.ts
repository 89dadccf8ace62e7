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

/** Logout, or a token the server refused: this tab and every tab of the browser holding the same token. */
export function endSession(): void {
  const token = readToken();
  clearLocalSession();
  if (token) post({ type: 'ended', token });
}

function clearLocalSession(): void {
  clearSessionStorage();
  reloadSession();
}

// spec §4 keeps the token in session storage, which a new tab does not inherit. Tabs of the same
// browser hand it over on a BroadcastChannel (same origin only, never leaves the browser): a tab
// that starts without a token asks, a signed-in tab answers, and an ended session ends in every
// tab that holds it.
const CHANNEL_NAME = 'gamehall-session';
type SessionMessage =
  | { type: 'ask' }
  | { type: 'share'; token: string; isAgent: boolean; isTrial: boolean }
  | { type: 'ended'; token: string };

let channel: BroadcastChannel | null = null;
/** Until when this tab takes a shared session: shortly after it asked, never unasked. */
let askedUntil = 0;
const ANSWER_WINDOW_MS = 3000;

function post(message: SessionMessage): void {
  channel?.postMessage(message);
}

function isToken(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 4096;
}

function receive(data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const message = data as Partial<Record<string, unknown>>;
  const own = readToken();
  if (message.type === 'ask') {
    if (own) {
      const { isAgent, isTrial } = sessionStore.get();
      post({ type: 'share', token: own, isAgent, isTrial });
    }
  } else if (message.type === 'share') {
    // Only the answer to this tab's own question, while it still has no session: a tab that
    // signed in or out on its own keeps its state when another tab asks.
    if (!own && Date.now() <= askedUntil && isToken(message.token)) {
      askedUntil = 0;
      startSession({ token: message.token, isAgent: message.isAgent === true, isTrial: message.isTrial === true });
    }
  } else if (message.type === 'ended') {
    if (own && message.token === own) clearLocalSession();
  }
}

/** Joins the browser's session channel; a tab without a token asks the others for theirs. */
export function shareSessionAcrossTabs(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => receive(event.data);
  if (!readToken()) {
    askedUntil = Date.now() + ANSWER_WINDOW_MS;
    post({ type: 'ask' });
  }
}

/** Leaves the channel (tests; a page never needs to). */
export function stopSharingSession(): void {
  channel?.close();
  channel = null;
  askedUntil = 0;
}

export function useSession(): Session {
  return sessionStore.use();
}
