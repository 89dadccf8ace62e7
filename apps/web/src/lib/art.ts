// Mirrors of packages/shared/src/api/catalogue.ts constants: that module builds zod schemas at
// load time, and importing it at run time would put zod in the home page's first chunk
// (ui-guide budget: 150 KiB gzip). lib/art.test.ts keeps the two in step.
export const GAME_MENU_CATEGORY_ORDER = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'JL',
  'MINI',
] as const;

export function vendorIconUrl(code: string): string {
  return `/art/vendors/${encodeURIComponent(code)}.svg`;
}

/**
 * spec §4 "Image ... hosts are chosen at random from configured lists": one host of the brand's
 * imageCDNs (permission info), '' (an empty list or an empty entry) meaning this origin.
 */
export function pickImageHost(hosts: readonly string[] | undefined, random: () => number = Math.random): string {
  if (!hosts || hosts.length === 0) return '';
  return (hosts[Math.floor(random() * hosts.length)] ?? '').trim().replace(/\/+$/, '');
}

/** A site-relative image path on `host`; absolute URLs (another host, data:) stay as they are. */
export function onImageHost(host: string, url: string): string {
  if (!host || !url.startsWith('/') || url.startsWith('//')) return url;
  return `${host}${url}`;
}

// The host of this page load: picked once, from the first list the site learns (the header passes
// it on every render; later lists of the same load change nothing, so images never move host).
let pageImageHost: string | undefined;

export function rememberImageHosts(hosts: readonly string[] | undefined): void {
  if (pageImageHost === undefined && hosts) pageImageHost = pickImageHost(hosts);
}

/** Every game and vendor image goes through this: the page load's image host, or this origin. */
export function imageUrl(url: string): string {
  return onImageHost(pageImageHost ?? '', url);
}
