import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, reloadSession, sessionStore } from './session';
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
