import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, reloadSession, sessionStore, shareSessionAcrossTabs, stopSharingSession } from './session';
import { configQuery, memberInfoQuery } from './site-queries';
import { adoptTokenFromUrl } from './storage';

// Plain node: session storage, the address and fetch are small fakes of the browser's.
function fakeStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

function answerMemberInfo(flags: { isAgent: boolean; isTrial: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, value: { id: 7, account: 'agent7', ...flags } }))),
  );
}

async function loadMemberInfo(token: string) {
  const options = memberInfoQuery(token);
  // biome-ignore lint/suspicious/noExplicitAny: the query function's context is not read
  return (options.queryFn as (ctx: any) => Promise<unknown>)({});
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', fakeStorage());
  vi.stubGlobal('localStorage', fakeStorage());
  vi.stubGlobal('window', {
    location: { origin: 'http://site.test', href: 'http://site.test/?token=url-token' },
    history: { state: null, replaceState: vi.fn() },
  });
  adoptTokenFromUrl();
  reloadSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('a session adopted from ?token= (spec §4)', () => {
  it('starts without the flags and takes isAgent / isTrial from member info', async () => {
    expect(sessionStore.get()).toEqual({ token: 'url-token', isAgent: false, isTrial: false });
    answerMemberInfo({ isAgent: true, isTrial: true });
    await loadMemberInfo('url-token');
    expect(sessionStore.get()).toEqual({ token: 'url-token', isAgent: true, isTrial: true });
    // Kept in session storage too, so a reload of the tab keeps them.
    reloadSession();
    expect(sessionStore.get()).toEqual({ token: 'url-token', isAgent: true, isTrial: true });

    answerMemberInfo({ isAgent: false, isTrial: false });
    await loadMemberInfo('url-token');
    expect(sessionStore.get()).toEqual({ token: 'url-token', isAgent: false, isTrial: false });
  });

  it('ignores the info of a token that is no longer the session', async () => {
    answerMemberInfo({ isAgent: true, isTrial: false });
    await loadMemberInfo('older-token');
    expect(sessionStore.get()).toEqual({ token: 'url-token', isAgent: false, isTrial: false });
  });
});

describe('the merchant code (spec §9)', () => {
  it('is written to session and local storage when the config loads at start, and survives a logout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ success: true, value: { merchantCode: 'GH01', siteName: 'X' } })),
      ),
    );
    // biome-ignore lint/suspicious/noExplicitAny: the query function's context is not read
    await (configQuery.queryFn as (ctx: any) => Promise<unknown>)({});
    expect(sessionStorage.getItem('merchantCode')).toBe('GH01');
    expect(localStorage.getItem('merchantCode')).toBe('GH01');
    endSession();
    expect(sessionStorage.getItem('merchantCode')).toBe('GH01');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('tabs of one browser share the session (BroadcastChannel)', () => {
  // Another tab of the same browser, as seen from this one.
  let other: BroadcastChannel;
  let received: unknown[];
  beforeEach(() => {
    received = [];
    other = new BroadcastChannel('gamehall-session');
    other.onmessage = (event: MessageEvent) => received.push(event.data);
  });
  afterEach(() => {
    stopSharingSession();
    other.close();
  });
  const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2000 });

  it('a signed-in tab answers a new tab with its token and flags', async () => {
    shareSessionAcrossTabs();
    other.postMessage({ type: 'ask' });
    await until(() => received.length > 0);
    expect(received).toEqual([{ type: 'share', token: 'url-token', isAgent: false, isTrial: false }]);
  });

  it('a new tab asks, takes the answer, and ends with the other tab logging out', async () => {
    endSession();
    expect(sessionStore.get().token).toBeNull();
    shareSessionAcrossTabs();
    await until(() => received.some((m) => (m as { type: string }).type === 'ask'));
    other.postMessage({ type: 'share', token: 'tab-token', isAgent: true, isTrial: false });
    await until(() => sessionStore.get().token === 'tab-token');
    expect(sessionStore.get()).toEqual({ token: 'tab-token', isAgent: true, isTrial: false });
    expect(sessionStorage.getItem('token')).toBe('tab-token');

    // A logout of some other session leaves this one alone; of this one, ends it.
    other.postMessage({ type: 'ended', token: 'someone-else' });
    other.postMessage({ type: 'ended', token: 'tab-token' });
    await until(() => sessionStore.get().token === null);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('a signed-out tab that did not ask (or asked long ago) ignores an offered token', async () => {
    endSession();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      shareSessionAcrossTabs();
      await until(() => received.some((m) => (m as { type: string }).type === 'ask'));
      vi.setSystemTime(Date.now() + 60_000);
      other.postMessage({ type: 'share', token: 'late-token', isAgent: false, isTrial: false });
      other.postMessage({ type: 'ask' });
      // The ask is not answered (no session), so wait for the share to have been delivered first.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sessionStore.get().token).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a tab with its own session ignores an offered token, and its logout reaches the others', async () => {
    shareSessionAcrossTabs();
    other.postMessage({ type: 'share', token: 'tab-token', isAgent: true, isTrial: true });
    other.postMessage({ type: 'share', token: 42 });
    other.postMessage({ type: 'ask' });
    await until(() => received.length > 0);
    expect(sessionStore.get().token).toBe('url-token');
    endSession();
    await until(() => received.length > 1);
    expect(received[1]).toEqual({ type: 'ended', token: 'url-token' });
  });
});
