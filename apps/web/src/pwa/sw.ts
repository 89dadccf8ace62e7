// The site's service worker (docs/pwa.md), bundled by build-plugin.ts into /sw.js with
// the build's file list in place of BUILD below. It precaches the app shell and the hashed
// scripts and styles, answers pages from the network with the offline page as the fallback, and
// never stores an API answer (cache-rules.ts decides).
import { cachesToDelete, OFFLINE_PAGE, OFFLINE_SCRIPT, type Strategy, storable, strategyFor } from './cache-rules';

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
};

/** Replaced at build time by the version and the files to precache (build-plugin.ts). */
const BUILD = '__PWA_BUILD__';
const build = JSON.parse(BUILD) as { version: string; precache: string[] };

const worker = self as unknown as WorkerScope;
const PREFIX = 'gamehall-';
const CACHE = `${PREFIX}${build.version}`;

worker.addEventListener('install', (event) => {
  // A new version takes over at once (skipWaiting) instead of waiting for every tab to close: the
  // next page load runs it. Tabs of the old version keep working: see `activate`.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE_PAGE, OFFLINE_SCRIPT, ...build.precache]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(cachesToDelete(names, CACHE, PREFIX).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy: Strategy = strategyFor(
    { url: request.url, method: request.method, mode: request.mode },
    worker.location.origin,
  );
  if (strategy === 'bypass') return;
  event.respondWith(handle(request, strategy));
});

async function handle(request: Request, strategy: Exclude<Strategy, 'bypass'>): Promise<Response> {
  if (strategy === 'page') {
    try {
      return await fetch(request);
    } catch {
      return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
    }
  }
  if (strategy === 'cache-first') {
    // Any version's cache: a tab of the previous version finds its own chunks there.
    const hit = await caches.match(request);
    if (hit) return hit;
    const response = await fetch(request);
    if (storable(response)) {
      const copy = response.clone();
      await caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  }
  try {
    const response = await fetch(request);
    if (storable(response)) {
      const copy = response.clone();
      await caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const hit = await caches.match(request);
    if (hit) return hit;
    throw error;
  }
}
