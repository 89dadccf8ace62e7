/**
 * The English strings the first chunk carries: the site shell and the home page. An entry is a
 * namespace (`home`) or one key path inside one (`member.menu`, `errors.CHUNK_LOAD`). Everything
 * else (game tiles and pages, member-centre pages, the account modals, the error catalogue) comes
 * with the full English file, which the router loads before any route other than home renders,
 * the game overlays and the lazy modals load with their code, and a failed game action waits for
 * (ui-guide budget: the home page's initial JavaScript stays under 150 KiB gzipped as the site
 * grows; the full file is 17 KiB of brotli the home's first visit does not load). Top-level message keys (`in_need_true_account`, ...) are always in the first chunk.
 */
export const CORE_ENTRIES = [
  'common',
  'nav',
  // The phone's tab bar and the tiles' sheet button are on the home's first screen (the game sheet
  // and the game's bar come with the full English file).
  'shell.tabs',
  'shell.games',
  'shell.account',
  'shell.waiting',
  'shell.aboutGame',
  'header',
  'languages',
  'categories',
  // The header's and the tab bar's sign-in controls (the login and register modals load the full
  // English file with their code: lib/lazy-modal.tsx).
  'auth.login',
  'auth.register',
  'auth.username',
  'auth.password',
  // The header login's empty-field warning (the forms' own checks come with their modals).
  'validation.usernamePassword',
  'site',
  'side',
  'footer',
  // The footer's legal links (the cookie banner's words load with its code: legal-hosts.tsx).
  'legal.links',
  'home',
  'member.menu',
  'games.vendor',
  'games.vendorLabel',
  // The home's game sections and their tiles (features/home/home-games.tsx, components/game-tile.tsx):
  // with these the home needs no full English file until a page, a modal or an overlay asks for it.
  'games.vendors',
  'games.playNow',
  'games.freeTrial',
  'games.hot',
  'games.maintenance',
  'games.maintenanceUntil',
  'games.underMaintenance',
  'games.addFavourite',
  'games.removeFavourite',
  'games.in_popup_prompt',
  // What the shell can report before the full file has arrived (a failed chunk, image or link).
  'errors.INTERNAL_ERROR',
  'errors.CHUNK_LOAD',
  'errors.IMAGE_LOAD',
  'errors.INVALID_URL',
];

type Tree = Record<string, unknown>;

/** The part of a locale tree the first chunk ships (used by the build). */
export function coreStrings(tree: Tree): Tree {
  const core: Tree = Object.fromEntries(Object.entries(tree).filter(([, value]) => typeof value === 'string'));
  for (const entry of CORE_ENTRIES) {
    const [namespace, ...rest] = entry.split('.') as [string, ...string[]];
    if (!(namespace in tree)) continue;
    if (rest.length === 0) {
      core[namespace] = tree[namespace];
      continue;
    }
    // Copies the one path, creating its parents in the output.
    let from = tree[namespace] as Tree;
    core[namespace] ??= {};
    let to = core[namespace] as Tree;
    for (const [i, key] of rest.entries()) {
      if (from === undefined || !(key in from)) break;
      if (i === rest.length - 1) to[key] = from[key];
      else {
        from = from[key] as Tree;
        to[key] ??= {};
        to = to[key] as Tree;
      }
    }
  }
  return core;
}
