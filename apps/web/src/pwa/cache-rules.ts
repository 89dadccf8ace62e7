// What the service worker does with each request (docs/pwa.md). One pure function so
// the rules are tested without a browser (cache-rules.test.ts) and the worker (sw.ts) only applies
// them. The rule that matters most: nothing that can carry money, a token or a session is ever
// stored; such requests are not even handled, the browser fetches them as if there were no worker.

export type Strategy =
  /** Not handled by the worker: straight to the network, never stored. */
  | 'bypass'
  /** Vite's content-hashed files (/assets/...): never change under one address, so cache first. */
  | 'cache-first'
  /** A page: always from the network (its CSP and brand come with it); offline, the offline page. */
  | 'page'
  /** The manifest and its icons: from the network, the stored copy when offline. */
  | 'network-first';

/**
 * The server's own paths (shared constants SERVER_PATH_PREFIXES, which cache-rules.test checks this
 * list against), plus the console and downloads. Written out here rather than imported: the worker
 * is a classic script, and an import the site also makes would become a shared chunk it cannot load.
 */
export const NEVER_CACHED_PREFIXES = [
  '/wps',
  '/lgw',
  '/lotto',
  '/admin',
  '/vendor',
  '/dev',
  '/docs',
  '/art',
  '/ws',
  '/healthz',
  '/sandbox-gateway',
  '/console',
  '/download',
] as const;

/** Query parameters that mark a request as private whatever its path (a token in a link, an amount). */
const PRIVATE_PARAMS = /token|auth|session|sign|amount|balance|money|password|otp|code/i;

export const OFFLINE_PAGE = '/offline.html';
/** The offline page's script: its strings in the member's language (offline-texts.ts). */
export const OFFLINE_SCRIPT = '/offline.js';

export type RequestFacts = { url: string; method: string; mode: string };

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== 'GET') return 'bypass';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'bypass';
  }
  // Other sites (game launch hosts, image CDNs, vendors) keep their own caching.
  if (url.origin !== origin) return 'bypass';
  if (NEVER_CACHED_PREFIXES.some((p) => underPrefix(url.pathname, p))) return 'bypass';
  if ([...url.searchParams.keys()].some((k) => PRIVATE_PARAMS.test(k))) return 'bypass';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/assets/')) return 'cache-first';
  if (url.pathname === OFFLINE_PAGE || url.pathname === OFFLINE_SCRIPT) return 'cache-first';
  if (url.pathname === '/manifest.webmanifest' || url.pathname.startsWith('/pwa/')) return 'network-first';
  return 'bypass';
}

/** Whether a response may be stored: a complete same-origin answer, not an error and not marked private. */
export function storable(response: { ok: boolean; status: number; type: string; headers: Headers }): boolean {
  if (!response.ok || response.status !== 200 || response.type !== 'basic') return false;
  const control = response.headers.get('cache-control') ?? '';
  return !/no-store|private/i.test(control);
}

/**
 * The caches to delete when a new version activates: all but the new one and the one before it.
 * The previous version's files stay one more deploy, so a tab still running the old version can
 * load its lazy chunks after the server has moved on (docs/pwa.md "Updates").
 */
export function cachesToDelete(names: readonly string[], current: string, prefix: string): string[] {
  const ours = names.filter((n) => n.startsWith(prefix) && n !== current);
  return ours.slice(0, Math.max(0, ours.length - 1));
}
