import { SERVER_PATH_PREFIXES } from '@gamehall/shared/constants';
import { describe, expect, it } from 'vitest';
import { precacheList } from './build-plugin';
import { cachesToDelete, NEVER_CACHED_PREFIXES, storable, strategyFor } from './cache-rules';

const origin = 'https://play.example.com';
const get = (path: string, mode = 'cors') => strategyFor({ url: `${origin}${path}`, method: 'GET', mode }, origin);

describe('service worker cache rules (docs/pwa.md)', () => {
  it("leaves alone every path the server answers itself (the worker's copy of the shared list)", () => {
    expect(SERVER_PATH_PREFIXES.filter((p) => !(NEVER_CACHED_PREFIXES as readonly string[]).includes(p))).toEqual([]);
  });

  it('never handles API, back-office, console or download requests, whatever the method or mode', () => {
    for (const path of [
      '/wps/relay/GCS_getBalance',
      '/wps/member/info',
      '/lgw/launch?gameId=1',
      '/admin/members',
      '/ws',
      '/lotto/draws',
      '/console',
      '/console/',
      '/console/assets/index-abc.js',
      '/download/mobileconfig',
      '/art/games/x.webp',
      '/sandbox-gateway/pay',
    ]) {
      expect(get(path), path).toBe('bypass');
      expect(get(path, 'navigate'), path).toBe('bypass');
    }
    expect(NEVER_CACHED_PREFIXES).toEqual(expect.arrayContaining(['/wps', '/admin', '/lgw', '/ws', '/console']));
  });

  it('never handles a request that carries a token, an amount or a signature in its query', () => {
    expect(get('/?token=abc', 'navigate')).toBe('bypass');
    expect(get('/member/depositv2?amount=100', 'navigate')).toBe('bypass');
    expect(get('/assets/x-1.js?sign=1')).toBe('bypass');
    expect(get('/?inviteCode=A1', 'navigate')).toBe('bypass');
  });

  it('never handles other methods or other sites', () => {
    expect(strategyFor({ url: `${origin}/assets/a-1.js`, method: 'POST', mode: 'cors' }, origin)).toBe('bypass');
    expect(strategyFor({ url: 'https://cdn.example.net/assets/a-1.js', method: 'GET', mode: 'cors' }, origin)).toBe(
      'bypass',
    );
    expect(strategyFor({ url: 'not a url', method: 'GET', mode: 'cors' }, origin)).toBe('bypass');
  });

  it('serves hashed files cache-first, pages from the network (offline page fallback), the manifest network-first', () => {
    expect(get('/assets/index-Ca6D9oxx.js')).toBe('cache-first');
    expect(get('/assets/index-DzN3.css')).toBe('cache-first');
    expect(get('/offline.html')).toBe('cache-first');
    expect(get('/offline.js')).toBe('cache-first');
    expect(get('/', 'navigate')).toBe('page');
    expect(get('/down', 'navigate')).toBe('page');
    expect(get('/member/transferFund', 'navigate')).toBe('page');
    expect(get('/manifest.webmanifest')).toBe('network-first');
    expect(get('/pwa/icon-192.png?v=abc')).toBe('network-first');
    // Anything else the page fetches from this site (sw.js itself, unknown files) is left alone.
    expect(get('/sw.js')).toBe('bypass');
    expect(get('/favicon.ico')).toBe('bypass');
  });

  it('stores only complete, same-origin, public answers', () => {
    const res = (status: number, type: string, control?: string) => ({
      ok: status >= 200 && status < 300,
      status,
      type,
      headers: new Headers(control ? { 'cache-control': control } : {}),
    });
    expect(storable(res(200, 'basic', 'public, max-age=31536000, immutable'))).toBe(true);
    expect(storable(res(200, 'basic', 'no-cache'))).toBe(true);
    expect(storable(res(200, 'basic', 'no-store'))).toBe(false);
    expect(storable(res(200, 'basic', 'private, max-age=60'))).toBe(false);
    expect(storable(res(206, 'basic'))).toBe(false);
    expect(storable(res(404, 'basic'))).toBe(false);
    expect(storable(res(200, 'opaque'))).toBe(false);
  });

  it('keeps the new cache and the one before it when a version activates', () => {
    const names = ['gamehall-v1', 'other-app', 'gamehall-v2', 'gamehall-v3', 'gamehall-v4'];
    expect(cachesToDelete(names, 'gamehall-v4', 'gamehall-')).toEqual(['gamehall-v1', 'gamehall-v2']);
    expect(cachesToDelete(['gamehall-v1', 'gamehall-v2'], 'gamehall-v2', 'gamehall-')).toEqual([]);
    expect(cachesToDelete(['gamehall-v2'], 'gamehall-v2', 'gamehall-')).toEqual([]);
  });
});

describe('precache list from the build output', () => {
  it('takes hashed scripts and styles, and of the languages only English', () => {
    const list = precacheList([
      { fileName: 'index.html' },
      { fileName: 'sw.js', facadeModuleId: '/r/apps/web/src/pwa/sw.ts' },
      { fileName: 'assets/index-A1.js', facadeModuleId: '/r/apps/web/index.html' },
      { fileName: 'assets/index-B2.css' },
      { fileName: 'assets/en-C3.js', facadeModuleId: '/r/apps/web/src/locales/en.json' },
      { fileName: 'assets/zh-D4.js', facadeModuleId: '/r/apps/web/src/locales/zh.json' },
      { fileName: 'assets/logo-E5.webp' },
      { fileName: 'assets/pages-F6.js', facadeModuleId: null },
    ]);
    expect(list).toEqual(['/assets/en-C3.js', '/assets/index-A1.js', '/assets/index-B2.css', '/assets/pages-F6.js']);
  });
});
